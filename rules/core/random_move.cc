#include "rules/core/random_move.h"

#include <algorithm>

namespace nyan {

std::optional<Move> random_move(const State& state, Rng& rng) {
  const std::vector<Seat> seats = state.to_act();
  if (seats.empty()) return std::nullopt;
  return random_move_of(state, seats[rng.uniform(seats.size())], rng);
}

std::optional<Move> random_move_of(const State& state, Seat seat, Rng& rng) {
  std::vector<Json> legal = state.legal_actions(seat);
  if (legal.empty()) return std::nullopt;
  const auto is_main = [&](const Json& a) { return !state.side_action(a); };
  // A game without side actions draws exactly as before, and pays no more than this scan.
  if (std::all_of(legal.begin(), legal.end(), is_main)) return Move{seat, std::move(legal[rng.uniform(legal.size())])};
  // Side actions go to the back.
  const auto side = std::stable_partition(legal.begin(), legal.end(), is_main);
  const auto main = static_cast<std::size_t>(side - legal.begin());
  if (main > 0 && rng.uniform(kSideActionOdds) != 0) legal.resize(main);
  return Move{seat, std::move(legal[rng.uniform(legal.size())])};
}

}  // namespace nyan
