// The search bot's strength at Kushine, where random play fails, over a few fixed games with
// small playout budgets: a regression of the game's policy (kushine_policy.h) to random play
// fails here long before a figure in bench/README.md would show it.
#include <catch2/catch.hpp>

#include "tests/support/bot_game.h"
#include "tests/support/playout.h"

using namespace nyan;

TEST_CASE("bot: three bots board all four types in Kushine, which random crews never do", "[bot][strength]") {
  const Game& g = nyan::test::game("kushine");
  const Json opts = nyan::test::options(g, {{"players", 3}});
  constexpr int kGames = 12;
  int wins = 0, random_wins = 0;
  long boarded = 0;
  for (std::uint64_t seed = 1; seed <= kGames; ++seed) {
    const Outcome o = nyan::test::play_with_bots(g, opts, seed, {0, 1, 2}, 12);
    if (nyan::test::won(o, 0)) ++wins;  // R20: the team wins together
    boarded += o.details.at("stats").at("boarded_types").get<int>();
    if (nyan::test::won(nyan::test::play_with_bots(g, opts, seed, {}, 0), 0)) ++random_wins;
  }
  INFO(wins << " of " << kGames << " won, " << boarded << " types boarded in all");
  // The policy alone wins about 70 % of games: a crew that wins 4 of 12 is far from random
  // (which wins none of these, and practically never), and a working one fails this rarely.
  CHECK(wins >= 4);
  CHECK(random_wins == 0);
}
