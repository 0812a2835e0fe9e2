// Text rendering of views and actions for the terminal client (`play`, `bot --verbose`).
// Renderers work from the view JSON only, exactly what the server sent to this seat; they
// never need the rules engine.
#pragma once

#include <string>

#include "rules/core/types.h"

namespace nyan::cli {

// A readable board for `view` of game `game` (pretty JSON for a game without a renderer).
std::string render_view(const std::string& game, const Json& view);

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
