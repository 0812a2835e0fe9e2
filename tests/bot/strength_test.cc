// The bots' strength where random play fails, over a few fixed games with small playout
// budgets and no time cap (so every choice is repeatable): a regression of a game's playout
// policy to random play fails here long before a figure in bench/README.md would show it.
#include <catch2/catch.hpp>

#include "rules/bot/bot.h"
#include "rules/core/registry.h"
#include "tests/support/playout.h"

using namespace nyan;

namespace {

// Plays game `seed` to its end, the seats in `bots` by the search bot (each from its own view
// and legal list, as a client), the others at random. Returns the outcome.
Outcome play(const Game& g, const Json& opts, std::uint64_t seed, const std::vector<Seat>& bots, int playouts) {
  auto s = test::start(g, opts, seed);
  SplitMix rng(seed * 977 + 1);
  const bot::Budget budget{playouts, /*time_ms=*/0};
  while (!s->over()) {
    const std::vector<Seat> acting = s->to_act();
    const Seat seat = acting[rng.uniform(acting.size())];
    if (std::find(bots.begin(), bots.end(), seat) == bots.end()) {
      auto move = random_move_of(*s, seat, rng);
      REQUIRE(move.has_value());
      test::must_apply(*s, move->seat, move->action);
      continue;
    }
    const bot::Choice c = bot::choose(g, opts, seat, s->view(seat), s->legal_actions(seat), rng.next_u64(), budget);
    test::must_apply(*s, seat, c.action);
  }
  return s->outcome();
}

bool won(const Outcome& o, Seat seat) { return std::find(o.winners.begin(), o.winners.end(), seat) != o.winners.end(); }

}  // namespace

TEST_CASE("bot: three bots board all four types in Kushine, which random crews never do", "[bot][strength]") {
  const Game& g = test::game("kushine");
  const Json opts = test::options(g, {{"players", 3}});
  constexpr int kGames = 12;
  int wins = 0, random_wins = 0;
  long boarded = 0;
  for (std::uint64_t seed = 1; seed <= kGames; ++seed) {
    const Outcome o = play(g, opts, seed, {0, 1, 2}, 12);
    if (won(o, 0)) ++wins;  // R20: the team wins together
    boarded += o.details.at("stats").at("boarded_types").get<int>();
    if (won(play(g, opts, seed, {}, 0), 0)) ++random_wins;
  }
  INFO(wins << " of " << kGames << " won, " << boarded << " types boarded in all");
  // The policy alone wins about 70 % of games: a crew that wins 4 of 12 is far from random
  // (which wins none of these, and practically never), and a working one fails this rarely.
  CHECK(wins >= 4);
  CHECK(random_wins == 0);
}

TEST_CASE("bot: a Double Hunt bot team beats a random team", "[bot][strength]") {
  const Game& g = test::game("doublehunt");
  const Json opts = test::options(g, Json::object());
  constexpr int kGames = 8;
  int wins = 0;
  for (std::uint64_t seed = 1; seed <= kGames; ++seed) {
    const std::vector<Seat> team = seed % 2 ? std::vector<Seat>{0, 2} : std::vector<Seat>{1, 3};
    if (won(play(g, opts, seed, team, 8), team.front())) ++wins;  // R11, R12: the team's score
  }
  INFO(wins << " of " << kGames << " won");
  // Random teams win about 40 % against each other; the bots' team wins nearly every game.
  CHECK(wins >= 6);
}
