#include "rules/core/random_move.h"

#include "rules/core/action_list.h"

namespace nyan {

std::optional<Move> random_move(const State& state, Rng& rng) {
  const std::vector<Seat> seats = state.to_act();
  if (seats.empty()) return std::nullopt;
  return random_move_of(state, seats[rng.uniform(seats.size())], rng);
}

std::optional<Move> random_move_of(const State& state, Seat seat, Rng& rng) {
  const ActionList legal(state, seat);
  if (legal.empty()) return std::nullopt;
  // Main actions first and side actions after them, each in list order; only the one drawn
  // is parsed.
  std::vector<std::size_t> order;
  order.reserve(legal.size());
  for (std::size_t i = 0; i < legal.size(); ++i)
    if (!legal.side(i)) order.push_back(i);
  const std::size_t main = order.size();
  // A game without side actions makes exactly one draw.
  if (main == legal.size()) return Move{seat, legal.parse(rng.uniform(main))};
  for (std::size_t i = 0; i < legal.size(); ++i)
    if (legal.side(i)) order.push_back(i);
  const std::size_t from = main > 0 && rng.uniform(kSideActionOdds) != 0 ? main : order.size();
  return Move{seat, legal.parse(order[rng.uniform(from)])};
}

}  // namespace nyan
