// Games played by the search bot in some seats, for the tests of a game's bot policy.
#pragma once

#include <cstdint>
#include <vector>

#include "rules/core/game.h"

namespace nyan::test {

// Plays game `seed` to its end, the seats in `bots` by the search bot (each from its own view
// and legal list, as a client, with `playouts` per decision and no time cap, so that every
// choice is repeatable), the others at random. Returns the outcome.
Outcome play_with_bots(const Game& g, const Json& opts, std::uint64_t seed, const std::vector<Seat>& bots,
                       int playouts);

// Whether `seat` is among the winners.
bool won(const Outcome& o, Seat seat);

}  // namespace nyan::test
