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

}  // namespace nyan::test
