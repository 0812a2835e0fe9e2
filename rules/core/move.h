// A move of a game's record, and how a record's move is applied.
//
// A record lists every move of a game in order: each action the engine accepted from a seat,
// and, in a room whose turn clocks end a game, a forfeit the server made for a seat whose
// clock ran out. A forfeit is recorded as the action {"type": "forfeit"}; it is no action a
// client may send (it is in no legal list, and State::apply refuses it), so a record is
// replayed move by move with apply_move, never with State::apply alone.
#pragma once

#include "rules/core/result.h"
#include "rules/core/state.h"
#include "rules/core/types.h"

namespace nyan {

struct Move {
  Seat seat = 0;
  Json action;
  bool bot = false;  // made by the seat's bot (a room's record says so; the rules do not care)
};

// The recorded action of a forfeit: {"type": "forfeit"}.
Json forfeit_action();
// Whether a recorded action is a forfeit: exactly {"type": "forfeit"}, nothing more.
bool is_forfeit(const Json& action);

// Applies one move of a record: a forfeit with State::forfeit, any other action with
// State::apply. On error nothing changes.
Result apply_move(State& state, const Move& move);

}  // namespace nyan
