#include "rules/core/random_move.h"

namespace nyan {

std::optional<Move> random_move(const State& state, Rng& rng) {
  const std::vector<Seat> seats = state.to_act();
  if (seats.empty()) return std::nullopt;
  const Seat seat = seats[rng.uniform(seats.size())];
  std::vector<Json> legal = state.legal_actions(seat);
  if (legal.empty()) return std::nullopt;
  return Move{seat, std::move(legal[rng.uniform(legal.size())])};
}

}  // namespace nyan
