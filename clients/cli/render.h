// Text rendering of views and actions for the terminal client (`play`, `bot --verbose`).
// Renderers work from the view JSON only, exactly what the server sent to this seat; they
// never need the rules engine.
//
// A game's own renderer is clients/cli/render_<game>.cc, defining render_<game> and
// describe_<game> in this namespace; the build finds it by the game's id (for each game of
// NYAN_GAMES that has one: clients/cli/CMakeLists.txt) and lists it in renderers(). A game
// without one is shown by the generic renderer (render_generic.cc).
#pragma once

#include <string>
#include <vector>

#include "rules/core/types.h"

namespace nyan::cli {

// A readable board for `view` of game `game` (the generic one for a game without a renderer).
// Once the game is over it ends with end_line; `names` are the seats' names (room message).
std::string render_view(const std::string& game, const Json& view, const std::vector<std::string>& names = {});

// "game over: Aki wins: three Find cards" (render_outcome.cc): the reason in the words the
// game's type gives it (OutcomeReason::words), or its code in words for a reason the client
// does not know.
std::string end_line(const std::string& game, const Json& outcome, const std::vector<std::string>& names);
// A seat's name, or "seat N" when it has none.
std::string seat_name(const std::vector<std::string>& names, Seat seat);

// A short human description of a legal action, e.g. "present walk face up, lazy face down".
std::string describe_action(const std::string& game, const Json& action);

// A game's own renderer.
struct Renderer {
  const char* game;
  std::string (*view)(const Json& view);
  std::string (*action)(const Json& action);
};

// Every game's own renderer (renderers.cc, made by the build); nullptr for a game without one.
const std::vector<Renderer>& renderers();
const Renderer* find_renderer(const std::string& game);

// The generic renderer (render_generic.cc): the view's members one to a line, under the
// game's title when this client knows the game; an action as its type and members.
std::string render_generic(const std::string& game, const Json& view);
std::string describe_generic(const Json& action);

}  // namespace nyan::cli
