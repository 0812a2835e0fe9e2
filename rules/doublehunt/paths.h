// The exact-cost, no-revisit destination search of R7 (rules doc §5, "Listing and computing
// `move`"). A valid path leaves the start square, never enters a square twice (the start
// counts as visited) and pays 1 to enter a square holding a card and 2 to enter an empty
// one; a destination at budget B is a square where a path of cost exactly B ends.
//
// The search is a depth-first walk over self-avoiding paths with cuts that keep it fast at
// every budget the options allow (B <= 6 + max_boost <= 18; the boost test of R8 asks
// B + 1 and B + 2 only while two more boosts are allowed, so never more than 18 either):
//  - the squares still reachable within the remaining budget (a cost-layered flood fill
//    through unvisited squares) are the only possible ends; if all of them are already
//    known destinations the branch is cut;
//  - the unvisited component must be able to pay the remaining budget at all;
//  - parity: every step changes the square colour, and cost = steps + empty squares
//    entered, so an end of one colour needs an odd number of empty squares on the way;
//  - a branch with the same square, remaining budget and set of squares it could still
//    enter has the same ends as one searched before, and is skipped.
#pragma once

#include <cstdint>

#include "rules/doublehunt/cards.h"

namespace nyan::doublehunt {

// Squares as bits of a 49-bit mask (bit s = square s).
using SquareMask = std::uint64_t;
inline constexpr SquareMask kAllSquares = (SquareMask{1} << kSquares) - 1;
inline SquareMask bit(Square s) { return SquareMask{1} << s; }

// The destinations at `budget` of a piece on `start`, given the squares without a card.
// `nodes`, when given, receives the number of search nodes (for the benchmark).
SquareMask destinations(SquareMask empty, Square start, int budget, long* nodes = nullptr);

// True when destinations(empty, start, budget) is not empty (stops at the first one).
bool has_destination(SquareMask empty, Square start, int budget, long* nodes = nullptr);

}  // namespace nyan::doublehunt
