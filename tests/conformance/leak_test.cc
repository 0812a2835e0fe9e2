// Resampling leak test over every registered game. For random reachable states and every
// seat (and the spectator), re-deal everything hidden from that seat consistently with what
// it knows (State::resample) and require that nothing the seat receives changes: its view
// (byte-identical), its legal actions, who is to act, the public face of every sealed value
// and the values it may open, and the errors its own bad actions get. In a game with
// forfeits, the state after a random seat's forfeit at a random step is checked too.
#include <catch2/catch.hpp>

#include "protocol/canonical.h"
#include "rules/core/registry.h"
#include "tests/support/game_cases.h"
#include "tests/support/playout.h"

using namespace nyan;
using nyan::test::bytes;
using nyan::test::received;

namespace {

constexpr int kGames = 120;
constexpr int kResamples = 3;
constexpr std::uint64_t kForfeitOdds = 16;  // a forfeit is tried at one step in this many

// The errors `viewer` gets for actions it might send: other seats' legal actions (which
// may name cards it cannot see) and mutations of its own.
std::string rejections(const State& s, Seat viewer, const std::vector<Json>& tries) {
  Json out = Json::array();
  for (const Json& a : tries) {
    auto probe = s.clone();
    Result r = probe->apply(viewer, a);
    out.push_back(r.is_ok() ? Json("ok") : Json(std::string(to_string(r.error().code)) + ": " + r.error().message));
  }
  return bytes(out);
}

std::vector<Json> tries_for(const State& s, Seat viewer) {
  std::vector<Json> tries;
  for (Seat seat = 0; seat < s.seat_count(); ++seat)
    for (const Json& a : s.legal_actions(seat)) {
      tries.push_back(a);
      if (tries.size() > 40) return tries;
    }
  if (viewer != kSpectator)
    for (Json a : s.legal_actions(viewer))
      for (auto& [k, v] : a.items())
        if (k != "type" && v.is_string()) {
          v = "zzz";
          tries.push_back(a);
          break;
        }
  return tries;
}

// Every option set of game `id`: kGames random games, every state of each, every seat and
// the spectator, kResamples re-deals each.
void check_leaks(const std::string& id) {
  const Game& g = test::game(id);
  for (const Json& given : g.type().sample_options) {
    const Json opts = test::options(g, given);
    INFO("options " << opts.dump());
    long checked = 0, differed = 0;
    for (std::uint64_t seed = 1; seed <= kGames; ++seed) {
      auto s = test::start(g, opts, seed);
      SplitMix rng(seed * 104729 + 7);
      // Every seat and the spectator, kResamples re-deals of `st` each.
      auto check_state = [&](const State& st) {
        const std::string state = bytes(st.debug_state());
        for (Seat viewer = kSpectator; viewer < st.seat_count(); ++viewer) {
          const std::string before = received(st, viewer);
          const std::vector<Json> tries = tries_for(st, viewer);
          const std::string errors = viewer == kSpectator ? "" : rejections(st, viewer, tries);
          for (int k = 0; k < kResamples; ++k) {
            auto other = st.resample(viewer, rng);
            const std::string other_received = received(*other, viewer);
            const std::string other_errors = viewer == kSpectator ? "" : rejections(*other, viewer, tries);
            if (other_received != before || other_errors != errors) {
              // The states, written out only for a failure: dumping them at every step was
              // most of this test's time.
              INFO("game " << id << " seed " << seed << " viewer " << viewer);
              INFO("original: " << st.debug_state().dump());
              INFO("resampled: " << other->debug_state().dump());
              REQUIRE(other_received == before);
              REQUIRE(other_errors == errors);
            }
            ++checked;
            if (bytes(other->debug_state()) != state) ++differed;
          }
        }
      };
      while (true) {
        check_state(*s);
        if (s->over()) break;
        if (g.type().forfeits && rng.uniform(kForfeitOdds) == 0) {  // a game ended here instead
          auto forfeited = s->clone();
          REQUIRE(forfeited->forfeit(static_cast<Seat>(rng.uniform(static_cast<std::uint64_t>(s->seat_count())))));
          check_state(*forfeited);
        }
        auto move = random_move(*s, rng);
        REQUIRE(move);
        test::must_apply(*s, move->seat, move->action);
      }
    }
    // The test is only meaningful if resampling actually changed hidden information.
    INFO(checked << " resamples, " << differed << " differed from the original");
    REQUIRE(differed > checked / 4);
  }
}

}  // namespace

// One test case per registered game (made when the program starts, from the registry:
// tests/support/game_cases.h), so that ctest runs them side by side.
NYAN_GAME_CASES("leak: ", "[leak]", check_leaks);

TEST_CASE("leak: every registered game has its test case", "[leak]") {
  register_all_games();
  for (const Game* g : registry().games()) CHECK(test::has_test_case("leak: " + g->type().id));
}
