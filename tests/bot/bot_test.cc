// The bots (rules/bot): fair by construction, deterministic, and always legal.
//
// Fairness: put the bot in front of states re-dealt with the engine's resample (which keeps
// the seat's view) and require the same choice, whatever the hidden truth is.
// Determinism: the same input, seed and playout budget give the same choice.
#include <catch2/catch.hpp>

#include "rules/bot/bot.h"
#include "rules/core/registry.h"
#include "tests/support/playout.h"

using namespace nyan;

namespace {

constexpr int kFairGames = 4;
constexpr int kResamples = 3;

// A budget that the time cap never cuts (determinism holds only then).
const bot::Budget kPlayouts{/*playouts=*/24, /*time_ms=*/0};

bot::Choice ask(const Game& g, const Json& opts, const State& s, Seat seat, std::uint64_t seed) {
  return bot::choose(g, opts, seat, s.view(seat), s.legal_actions(seat), seed, kPlayouts);
}

}  // namespace

TEST_CASE("bot: the same view gives the same choice whatever the hidden truth", "[bot][fair]") {
  register_all_games();
  for (const Game* g : registry().games()) {
    for (const Json& given : g->type().sample_options) {
      const Json opts = test::options(*g, given);
      DYNAMIC_SECTION(g->type().id << " " << opts.dump()) {
        long decisions = 0, searched = 0;
        for (std::uint64_t seed = 1; seed <= kFairGames; ++seed) {
          auto s = test::start(*g, opts, seed);
          SplitMix rng(seed * 31 + 1);
          for (int step = 0; !s->over(); ++step) {
            const std::vector<Seat> acting = s->to_act();
            if (step % 4 == 0) {
              for (Seat seat : acting) {
                const bot::Choice first = ask(*g, opts, *s, seat, seed + 100);
                INFO("game " << g->type().id << " seed " << seed << " step " << step << " seat " << seat);
                REQUIRE(test::contains(s->legal_actions(seat), first.action));
                for (int k = 0; k < kResamples; ++k) {
                  auto other = s->resample(seat, rng);
                  REQUIRE(ask(*g, opts, *other, seat, seed + 100).action == first.action);
                }
                ++decisions;
                if (first.searched) ++searched;
              }
            }
            auto move = random_move(*s, rng);
            REQUIRE(move.has_value());
            test::must_apply(*s, move->seat, move->action);
          }
        }
        INFO(decisions << " decisions, " << searched << " searched");
        CHECK(decisions > 0);
        CHECK(searched > 0);
      }
    }
  }
}

TEST_CASE("bot: the same input, seed and playout budget give the same legal choice", "[bot][determinism]") {
  register_all_games();
  for (const Game* g : registry().games()) {
    const Json opts = test::options(*g, g->type().sample_options.front());
    DYNAMIC_SECTION(g->type().id) {
      auto s = test::start(*g, opts, 11);
      SplitMix rng(5);
      int changed_with_seed = 0, compared = 0;
      while (!s->over()) {
        const Seat seat = s->to_act().front();
        const bot::Choice a = ask(*g, opts, *s, seat, 7);
        const bot::Choice b = ask(*g, opts, *s, seat, 7);
        REQUIRE(a.action == b.action);
        REQUIRE(a.playouts == b.playouts);
        REQUIRE(test::contains(s->legal_actions(seat), a.action));
        if (a.searched) {
          REQUIRE(a.playouts <= kPlayouts.playouts);
          REQUIRE(a.samples >= 1);
          ++compared;
          if (ask(*g, opts, *s, seat, 8).action != a.action) ++changed_with_seed;
        }
        // The game moves on by the bot's own choice for the acting seat.
        test::must_apply(*s, seat, a.action);
        (void)rng;
      }
      INFO(compared << " searched decisions, " << changed_with_seed << " changed with another seed");
      CHECK(compared > 0);
    }
  }
}

TEST_CASE("bot: the time cap ends a search early", "[bot][budget]") {
  register_all_games();
  const Game& g = test::game("hinode");
  const Json opts = test::options(g, Json::object());
  auto s = test::start(g, opts, 3);
  while (s->legal_actions(s->to_act().front()).size() < 2) {
    SplitMix rng(2);
    auto move = random_move(*s, rng);
    test::must_apply(*s, move->seat, move->action);
  }
  const Seat seat = s->to_act().front();
  const bot::Choice c = bot::choose(g, opts, seat, s->view(seat), s->legal_actions(seat), 1, {1000000, 5});
  CHECK(c.timed_out);
  CHECK(c.playouts < 1000000);
  CHECK(test::contains(s->legal_actions(seat), c.action));
}

TEST_CASE("bot: a view it cannot read gets a legal action, not a crash", "[bot]") {
  register_all_games();
  for (const Game* g : registry().games()) {
    const Json opts = test::options(*g, g->type().sample_options.front());
    const std::vector<Json> legal = {{{"type", "a"}}, {{"type", "b"}}};
    DYNAMIC_SECTION(g->type().id) {
      for (const Json& bad : {Json::object(), Json(nullptr), Json::array(), Json{{"game", g->type().id}}}) {
        const bot::Choice c = bot::choose(*g, opts, 0, bad, legal, 1, kPlayouts);
        CHECK(test::contains(legal, c.action));
        CHECK_FALSE(c.searched);
      }
    }
  }
}
