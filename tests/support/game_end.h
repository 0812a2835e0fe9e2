// Checks of a finished game that every engine's tests share (normal ends and forfeits alike).
#pragma once

#include "rules/core/state.h"

namespace nyan::test {

// The game is over: nobody is waited for and no seat may act.
void require_ended(const State& s);
// After the end every seat sees what the spectators see: the views differ only in "you".
void require_views_public(const State& s);
// The keys of a view and of the entries of its per-seat list `seats_key` ("players",
// "seats"): what kinds of things it shows, to compare two ends without their values.
Json view_shape(const Json& view, const char* seats_key);

// A game without forfeits (a team or co-op game, where a seat out of time gets a bot move
// instead): every seat's forfeit is refused as illegal, by State::forfeit and as a record's
// move, and the game goes on unchanged.
void require_no_forfeits(State& s);
// What guards a game's forfeits: a seat out of range and the spectator are refused, and a
// client cannot send one (it is in no legal list, and apply() refuses it as it does any unknown
// type), all without a change to the state.
void require_forfeit_guarded(State& s);
// After the end no seat can forfeit, and trying changes nothing.
void require_no_forfeit_after_end(State& s);

}  // namespace nyan::test
