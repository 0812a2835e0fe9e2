// Game::sample_from_view for every registered game: a state rebuilt from a seat's view
// gives that seat the same bytes (its view and its legal list, who acts) as the true state,
// over random positions of many games, every seat, every live phase; it deals the hidden
// cards anew each time (it is a sample, not a copy); and it plays on to an end
// like a real game, since the bots' playouts run in it.
#include <catch2/catch.hpp>

#include "rules/core/registry.h"
#include "tests/support/playout.h"

using namespace nyan;

namespace {

constexpr int kSampleGames = 40;

Json seats_json(const std::vector<Seat>& seats) { return Json(seats); }

}  // namespace

TEST_CASE("sample_from_view: the seat cannot tell the sample from the truth", "[bot][sample]") {
  register_all_games();
  for (const Game* g : registry().games()) {
    for (const Json& given : g->type().sample_options) {
      const Json opts = test::options(*g, given);
      DYNAMIC_SECTION(g->type().id << " " << opts.dump()) {
        long checked = 0, differed = 0, played_on = 0;
        for (std::uint64_t seed = 1; seed <= kSampleGames; ++seed) {
          auto s = test::start(*g, opts, seed);
          SplitMix rng(seed * 7919 + 3);
          for (int step = 0; !s->over(); ++step) {
            for (Seat seat = 0; seat < s->seat_count(); ++seat) {
              const Json view = s->view(seat);
              auto sample = g->sample_from_view(opts, seat, view, rng);
              INFO("game " << g->type().id << " seed " << seed << " step " << step << " seat " << seat);
              INFO("view: " << view.dump());
              REQUIRE(sample != nullptr);
              INFO("sample: " << sample->debug_state().dump());
              REQUIRE(sample->view_text(seat) == s->view_text(seat));
              REQUIRE(sample->legal_text(seat) == s->legal_text(seat));
              REQUIRE(seats_json(sample->to_act()) == seats_json(s->to_act()));
              ++checked;
              // A second sample of the same view: the hidden cards are dealt anew each time.
              auto again = g->sample_from_view(opts, seat, view, rng);
              REQUIRE(again != nullptr);
              if (test::bytes(again->debug_state()) != test::bytes(sample->debug_state())) ++differed;
              if ((step + seat) % 16 == 0) {
                // The bots play on in samples: every sample must reach an end without an error.
                int moves = 0;
                while (!sample->over()) {
                  auto move = random_move(*sample, rng);
                  REQUIRE(move.has_value());
                  REQUIRE(sample->apply(move->seat, move->action));
                  REQUIRE(++moves <= g->max_actions(opts));
                }
                ++played_on;
              }
            }
            auto move = random_move(*s, rng);
            REQUIRE(move.has_value());
            test::must_apply(*s, move->seat, move->action);
          }
          // A finished game has nothing left to decide: no sample is made of it.
          REQUIRE(g->sample_from_view(opts, 0, s->view(0), rng) == nullptr);
        }
        INFO(checked << " views checked, " << differed << " samples differed, " << played_on << " played on");
        CHECK(checked > 0);
        CHECK(differed > checked / 4);
        CHECK(played_on > 0);
      }
    }
  }
}

TEST_CASE("sample_from_view: a view that is not the game's is refused, not a crash", "[bot][sample]") {
  register_all_games();
  for (const Game* g : registry().games()) {
    const Json opts = test::options(*g, g->type().sample_options.front());
    auto s = test::start(*g, opts, 5);
    const Json view = s->view(0);
    SplitMix rng(1);
    DYNAMIC_SECTION(g->type().id) {
      for (const Json& bad : {Json::object(), Json(nullptr), Json("view"), Json{{"game", g->type().id}}}) {
        std::unique_ptr<State> out;
        try {
          out = g->sample_from_view(opts, 0, bad, rng);
        } catch (const std::exception&) {
          out = nullptr;
        }
        CHECK(out == nullptr);
      }
      // Every member of a real view removed in turn: refused or thrown, never a crash.
      for (const auto& [key, value] : view.items()) {
        Json cut = view;
        cut.erase(key);
        try {
          (void)g->sample_from_view(opts, 0, cut, rng);
        } catch (const std::exception&) {
        }
      }
    }
  }
}
