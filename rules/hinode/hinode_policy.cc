#include "rules/hinode/hinode_policy.h"

#include <vector>

namespace nyan::bot::hinode {

double HinodePolicy::finished(const State& state, Seat seat) const {
  return win_and_place(state.outcome(), seat, /*higher_better=*/true);
}

double HinodePolicy::standing(const State& state, Seat seat) const {
  const Json v = state.view(seat);
  std::vector<std::int64_t> vp;
  for (const Json& p : v.at("players")) vp.push_back(4 * p.at("vp").get<int>() + p.at("on_map").get<int>());
  for (const Json& area : v.at("map").at("areas")) {
    std::vector<int> count(vp.size(), 0);
    Seat holder = -1;
    for (const Json& o : area.at("occupants")) {
      const auto who = static_cast<std::size_t>(o.get<int>());
      if (who >= count.size()) continue;
      ++count[who];
      if (holder < 0 || count[who] >= count[static_cast<std::size_t>(holder)]) holder = static_cast<Seat>(who);
    }
    if (holder >= 0) vp[static_cast<std::size_t>(holder)] += 4 * 3;
  }
  return place(vp, seat, /*higher_better=*/true);
}

}  // namespace nyan::bot::hinode
