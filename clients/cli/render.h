// Text rendering of views and actions for the terminal client (`play`, `bot --verbose`).
// Renderers work from the view JSON only, exactly what the server sent to this seat; they
// never need the rules engine.
#pragma once

#include <string>
#include <vector>

#include "rules/core/types.h"

namespace nyan::cli {

// A readable board for `view` of game `game` (pretty JSON for a game without a renderer).
// Once the game is over it ends with end_line; `names` are the seats' names (room message).
std::string render_view(const std::string& game, const Json& view, const std::vector<std::string>& names = {});

// "game over: Aki wins: three Find cards" (render_outcome.cc).
std::string end_line(const std::string& game, const Json& outcome, const std::vector<std::string>& names);
// A seat's name, or "seat N" when it has none.
std::string seat_name(const std::vector<std::string>& names, Seat seat);

// A short human description of a legal action, e.g. "present walk face up, lazy face down".
std::string describe_action(const std::string& game, const Json& action);

// One renderer per game (render_<game>.cc).
struct Renderer {
  const char* game;
  std::string (*view)(const Json& view);
  std::string (*action)(const Json& action);
};

std::string render_oikake(const Json& view);
std::string describe_oikake(const Json& action);
std::string render_daihugo(const Json& view);
std::string describe_daihugo(const Json& action);
std::string render_kushine(const Json& view);
std::string describe_kushine(const Json& action);
std::string render_doublehunt(const Json& view);
std::string describe_doublehunt(const Json& action);
std::string render_hinode(const Json& view);
std::string describe_hinode(const Json& action);

}  // namespace nyan::cli
