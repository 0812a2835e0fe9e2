// A uniformly random legal move for one of the seats the game waits for: what random
// playouts, simulations and the simplest bots do. While the seat has other actions, side
// actions (ActionList::side) are in the draw only one time in kSideActionOdds.
#pragma once

#include <cstdint>
#include <optional>

#include "rules/core/move.h"
#include "rules/core/rng.h"
#include "rules/core/state.h"

namespace nyan {

inline constexpr std::uint64_t kSideActionOdds = 8;

// nullopt when the game is over or (an engine bug) the chosen seat has no legal action.
std::optional<Move> random_move(const State& state, Rng& rng);
// The same draw for a given seat (random_move draws the seat, then calls this).
std::optional<Move> random_move_of(const State& state, Seat seat, Rng& rng);

}  // namespace nyan
