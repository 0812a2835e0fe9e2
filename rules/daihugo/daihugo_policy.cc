#include "rules/daihugo/daihugo_policy.h"

#include <algorithm>

namespace nyan::bot::daihugo {

double DaihugoPolicy::finished(const State& state, Seat seat) const {
  return win_and_place(state.outcome(), seat, /*higher_better=*/false);
}

double DaihugoPolicy::standing(const State& state, Seat seat) const {
  const Json v = state.view(seat);
  const Json& me = v.at("seats").at(static_cast<std::size_t>(seat));
  const double tails = std::min(5, me.at("tails").get<int>());
  const double cards = me.at("hand_count").get<int>();
  return 0.85 * (1.0 - tails / 5.0) + 0.15 * (1.0 - std::min(cards, 10.0) / 10.0);
}

}  // namespace nyan::bot::daihugo
