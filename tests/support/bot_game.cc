#include "tests/support/bot_game.h"

#include <catch2/catch.hpp>

#include <algorithm>

#include "rules/bot/bot.h"
#include "tests/support/playout.h"

namespace nyan::test {

Outcome play_with_bots(const Game& g, const Json& opts, std::uint64_t seed, const std::vector<Seat>& bots,
                       int playouts) {
  auto s = start(g, opts, seed);
  SplitMix rng(seed * 977 + 1);
  const bot::Budget budget{playouts, /*time_ms=*/0};
  while (!s->over()) {
    const std::vector<Seat> acting = s->to_act();
    const Seat seat = acting[rng.uniform(acting.size())];
    if (std::find(bots.begin(), bots.end(), seat) == bots.end()) {
      auto move = random_move_of(*s, seat, rng);
      REQUIRE(move.has_value());
      must_apply(*s, move->seat, move->action);
      continue;
    }
    const bot::Choice c = bot::choose(g, opts, seat, s->view(seat), s->legal_actions(seat), rng.next_u64(), budget);
    must_apply(*s, seat, c.action);
  }
  return s->outcome();
}

bool won(const Outcome& o, Seat seat) { return std::find(o.winners.begin(), o.winners.end(), seat) != o.winners.end(); }

}  // namespace nyan::test
