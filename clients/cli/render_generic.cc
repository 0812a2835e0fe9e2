// The board of a game this client has no renderer for: its view's members one to a line, so
// that a new game can be played from the terminal before it has a renderer of its own. The
// title comes from the game's type when this client knows the game.
#include <sstream>

#include "clients/cli/render.h"
#include "rules/core/registry.h"

namespace nyan::cli {

namespace {

// A value as a player reads it: strings without their quotes, the rest as compact JSON.
std::string plain(const Json& j) { return j.is_string() ? j.get<std::string>() : j.dump(); }

bool all_scalars(const Json& list) {
  for (const Json& x : list)
    if (x.is_structured()) return false;
  return true;
}

}  // namespace

std::string render_generic(const std::string& game, const Json& view) {
  std::ostringstream o;
  const Game* known = registry().find(game);
  o << (known ? known->type().title + " (" + game + ")" : game) << "\n";
  if (!view.is_object()) return o.str() + "  " + view.dump() + "\n";
  for (const auto& [key, value] : view.items()) {
    if (key == "outcome") continue;  // render_view ends the board with the end line
    o << "  " << key << ":";
    if (value.is_array() && !all_scalars(value)) {
      o << "\n";
      for (std::size_t i = 0; i < value.size(); ++i) o << "    [" << i << "] " << value[i].dump() << "\n";
      continue;
    }
    if (value.is_array()) {
      std::string items;
      for (const Json& x : value) items += (items.empty() ? "" : ", ") + plain(x);
      o << " " << (items.empty() ? "-" : items) << "\n";
      continue;
    }
    o << " " << plain(value) << "\n";
  }
  return o.str();
}

std::string describe_generic(const Json& action) {
  if (!action.is_object()) return action.dump();
  std::string out = plain(action.value("type", Json("?"))), members;
  for (const auto& [key, value] : action.items())
    if (key != "type") members += (members.empty() ? "" : ", ") + key + ": " + plain(value);
  return members.empty() ? out : out + " (" + members + ")";
}

}  // namespace nyan::cli
