#include "rules/core/random_move.h"

#include <algorithm>

namespace nyan {

std::optional<Move> random_move(const State& state, Rng& rng) {
  const std::vector<Seat> seats = state.to_act();
  if (seats.empty()) return std::nullopt;
  const Seat seat = seats[rng.uniform(seats.size())];
  std::vector<Json> legal = state.legal_actions(seat);
  if (legal.empty()) return std::nullopt;
  // Side actions go to the back; a game without any draws exactly as before.
  const auto side = std::stable_partition(legal.begin(), legal.end(),
                                          [&](const Json& a) { return !state.side_action(a); });
  const auto main = static_cast<std::size_t>(side - legal.begin());
  if (main > 0 && main < legal.size() && rng.uniform(kSideActionOdds) != 0) legal.resize(main);
  return Move{seat, std::move(legal[rng.uniform(legal.size())])};
}

}  // namespace nyan
