// Kushine-go Departs: resampling from late-game positions. Random play from the start almost
// never boards a type, so the generic leak suite rarely sees boarding merges, merge
// suggestions or the end by victory; these playouts start near the end to cover them.
#include "rules/kushine/tests/kushine_fixture.h"

using namespace nyan;
using namespace nyan::kushine;
using namespace nyan::kushine::test;
using nyan::test::received;

namespace {

// Every card of the game is somewhere: 12 on the pier, 7 in hands, 9 in piles, 4 removed.
const Json kLateGame = {{"players", 4},
                        {"pier", {{"passenger", 3}, {"guard", 3}, {"sailor", 3}, {"cook", 3}}},
                        {"hands",
                         {{"0", L({"passenger", "sailor"})},
                          {"1", L({"guard", "cook"})},
                          {"2", L({"sailor", "mouse"})},
                          {"3", L({"cook"})}}},
                        {"removed", {{"tanuki", 2}, {"matatabi", 2}}},
                        {"piles",  // two tanuki made p4 and p5; p2 and p4 were merged away
                         {{"p1", L({"mouse", "tanuki", "matatabi", "mouse"})},
                          {"p3", L({"tanuki", "matatabi", "mouse"})},
                          {"p5", L({"passenger", "guard"})}}}};

// A playout that boards often: place and merge whenever possible, else a random action.
Json pick(const std::vector<Json>& legal, Rng& rng) {
  for (const char* eager : {"boatswain_place", "place", "merge"})
    for (const Json& a : legal)
      if (a.value("type", std::string()) == eager) return a;
  return legal[rng.uniform(legal.size())];
}

}  // namespace

TEST_CASE("resample: late-game positions keep every view", "[kushine][leak]") {  // §6
  int merges_seen = 0, wins = 0, states = 0, differed = 0;
  for (std::uint64_t seed = 1; seed <= 60; ++seed) {
    KushineState s = fixture(kLateGame);
    SplitMix rng(seed);
    while (true) {
      ++states;
      merges_seen += s.board().phase == Phase::await_merge ? 1 : 0;
      const std::string state = nyan::test::bytes(s.debug_state());
      for (Seat viewer = kSpectator; viewer < s.seat_count(); ++viewer) {
        const std::string before = received(s, viewer);
        for (int k = 0; k < 2; ++k) {
          auto other = s.resample(viewer, rng);
          if (received(*other, viewer) != before) {
            // The state is written out only for a failure: Catch's INFO builds its message
            // at once, and writing it at every resample was most of this test's time.
            INFO("seed " << seed << " viewer " << viewer << "\n" << state);
            REQUIRE(received(*other, viewer) == before);
          }
          if (nyan::test::bytes(other->debug_state()) != state) ++differed;
        }
      }
      if (s.over()) break;
      const Seat seat = s.to_act().front();
      nyan::test::must_apply(s, seat, pick(s.legal_actions(seat), rng));
    }
    wins += s.outcome().winners.empty() ? 0 : 1;
  }
  CHECK(merges_seen > 10);
  CHECK(wins > 0);
  CHECK(differed > states);  // resampling does re-deal hidden cards
}
