// The search bot's strength at Double Hunt, where random play burns its hand, over a few fixed
// games with small playout budgets: a regression of the game's policy (doublehunt_policy.h)
// to random play fails here long before a figure in bench/README.md would show it.
#include <catch2/catch.hpp>

#include "tests/support/bot_game.h"
#include "tests/support/playout.h"

using namespace nyan;

TEST_CASE("bot: a Double Hunt bot team beats a random team", "[bot][strength]") {
  const Game& g = nyan::test::game("doublehunt");
  const Json opts = nyan::test::options(g, Json::object());
  constexpr int kGames = 8;
  int wins = 0;
  for (std::uint64_t seed = 1; seed <= kGames; ++seed) {
    const std::vector<Seat> team = seed % 2 ? std::vector<Seat>{0, 2} : std::vector<Seat>{1, 3};
    if (nyan::test::won(nyan::test::play_with_bots(g, opts, seed, team, 8), team.front())) ++wins;  // R11, R12: the team's score
  }
  INFO(wins << " of " << kGames << " won");
  // Random teams win about 40 % against each other; the bots' team wins nearly every game.
  CHECK(wins >= 6);
}
