// Seat rotation helpers. Seats are in clockwise table order.
#pragma once

#include "rules/core/types.h"

namespace nyan {

// The seat to the left (next clockwise) of `s` in an n-seat game.
inline Seat next_seat(Seat s, int n) { return (s + 1) % n; }
// The seat to the right (previous clockwise).
inline Seat prev_seat(Seat s, int n) { return (s + n - 1) % n; }

}  // namespace nyan
