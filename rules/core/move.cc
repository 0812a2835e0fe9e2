#include "rules/core/move.h"

namespace nyan {

Json forfeit_action() { return Json{{"type", "forfeit"}}; }

bool is_forfeit(const Json& action) {
  // Anything else that says "forfeit" goes to apply(), which refuses it like any action
  // that is not listed.
  return action.is_object() && action.size() == 1 && action.value("type", Json()) == "forfeit";
}

Result apply_move(State& state, const Move& move) {
  return is_forfeit(move.action) ? state.forfeit(move.seat) : state.apply(move.seat, move.action);
}

}  // namespace nyan
