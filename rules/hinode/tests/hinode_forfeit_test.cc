// Hinode Yokocho: a seat's forfeit. The rules doc has none; the decision is in the engine
// header (hinode.h): the game ends at once, the seat that forfeited places last, the others
// are ranked by VP so far and markers on the map, and the end bonuses are not scored.
#include "rules/hinode/tests/hinode_fixture.h"
#include "tests/support/game_end.h"

using namespace hinode_test;
using nyan::test::must_apply;
using nyan::test::require_ended;
using nyan::test::require_forfeit_guarded;
using nyan::test::require_no_forfeit_after_end;
using nyan::test::require_views_public;
using nyan::test::view_shape;

namespace {

using V = std::vector<int>;
using S = std::vector<Seat>;

// What a normal end shows: a whole game of random moves.
Json normal_end_view() {
  const Game& g = nyan::test::game("hinode");
  auto s = nyan::test::start(g, nyan::test::options(g, {{"players", 4}}), 5);
  SplitMix rng(5);
  while (!s->over()) {
    const auto move = random_move(*s, rng);
    REQUIRE(move);
    must_apply(*s, move->seat, move->action);
  }
  return s->view(kSpectator);
}

Json player(Seat seat, int vp, int markers, int rank) {
  return {{"seat", seat}, {"vp", vp},     {"majority_vp", 0}, {"group", 0},
          {"dominance_vp", 0}, {"markers", markers}, {"rank", rank}};
}

}  // namespace

// Forfeit: decision in the engine header (hinode.h).
TEST_CASE("forfeit mid-trick: last place for the seat, the others by VP then markers, no end bonuses", "[hinode][forfeit]") {
  // Round 2, trick 3. Seat 1 leads on VP; seats 2 and 3 are equal on VP, seat 3 has more
  // markers. Seat 0 leads R5, and seat 1 forfeits on its turn.
  HinodeState s = fixture({{"round", 2},
                           {"trick", 3},
                           {"vp", {10, 14, 12, 12}},
                           {"sites", {{"A1", {3, 2}}, {"A2", {3}}}},
                           {"hands", hands4(L({"R5", "G1"}), L({"R9", "B2"}), L({"R6", "G3"}), L({"G7", "B4"}))}});
  must_apply(s, 0, play("R5"));
  REQUIRE(s.to_act() == S{1});
  REQUIRE(s.forfeit(1).is_ok());
  require_ended(s);

  const Outcome o = s.outcome();
  CHECK(o.reason == "forfeit");
  CHECK(o.winners == S{3});  // R15 among the others: 12 VP and 2 markers before 12 VP and 1
  // No end bonus (R14 not scored): seat 3 would hold A1 and A2's majorities and a group of 2.
  CHECK(o.scores == std::vector<std::int64_t>{10, 14, 12, 12});
  CHECK(o.turns == 8);  // the tricks resolved: round 1's six and two of round 2
  const Json& d = o.details;
  CHECK(d["forfeit"] == 1);
  CHECK(d["vp"] == Json{10, 14, 12, 12});
  CHECK(d["players"] == Json::array({player(0, 10, 0, 3), player(1, 14, 0, 4), player(2, 12, 1, 2),
                                     player(3, 12, 2, 1)}));
  REQUIRE(d["areas"].size() == 6);
  for (const Json& a : d["areas"]) CHECK(a["majority"].is_null());

  // §6: what a normal end shows, and no more: every hand, the undealt cards; the trick in
  // play stays on the table.
  require_views_public(s);
  const Json v = s.view(kSpectator);
  CHECK(view_shape(v, "players") == view_shape(normal_end_view(), "players"));
  CHECK(v["phase"] == "game_over");
  CHECK(v["to_act"] == Json::array());
  CHECK(v["players"][1]["hand"] == L({"R9", "B2"}));
  CHECK(v["players"][3]["hand"] == L({"G7", "B4"}));
  CHECK(v["players"][0]["hand"] == L({"G1"}));
  CHECK(v["undealt"] == Json::array({ids(s.board().undealt)}));
  CHECK(v["trick"]["number"] == 3);
  CHECK(v["trick"]["plays"] == Json::array({{{"card", "R5"}, {"ev", 5}, {"seat", 0}}}));
  CHECK(v["outcome"] == o.to_json());
  const Json& log = v["log"];
  REQUIRE(log.size() >= 2);
  CHECK(log[log.size() - 2]["type"] == "forfeit");
  CHECK(log[log.size() - 2]["seat"] == 1);
  CHECK(log.back()["type"] == "game_over");
  CHECK(log.back()["winners"] == Json{3});
  CHECK(log.back()["reason"] == "forfeit");
}

// Forfeit: decision in the engine header (hinode.h).
TEST_CASE("forfeit during the keep: the keeps made are opened, equal players share first place", "[hinode][forfeit]") {
  HinodeState s = fixture({{"phase", "keep"},
                           {"trick", 7},
                           {"vp", {5, 5, 5, 9}},
                           {"hands", hands4(L({"R9", "G1"}), L({"R2", "B1"}), L({"G3", "B2"}), L({"B5", "B6"}))}});
  must_apply(s, 0, keep("R9"));
  REQUIRE_FALSE(s.sealed()[0].revealed);
  REQUIRE(s.forfeit(3).is_ok());
  require_ended(s);
  const Outcome o = s.outcome();
  CHECK(o.reason == "forfeit");
  CHECK(o.winners == S{0, 1, 2});  // equal on VP and markers: a shared first place
  CHECK(o.turns == 6);
  CHECK(s.board().final_score->rank == V{1, 1, 1, 4});
  // The keep made is opened, as every keep is by a normal end; the hands are whole.
  REQUIRE(s.sealed().size() == 1);
  CHECK(s.sealed()[0].slot == "r1.keep.s0");
  CHECK(s.sealed()[0].revealed);
  require_views_public(s);
  const Json v = s.view(kSpectator);
  CHECK(view_shape(v, "players") == view_shape(normal_end_view(), "players"));
  CHECK(v["players"][0]["hand"] == L({"R9", "G1"}));
  CHECK(v["trick"].is_null());
  CHECK_FALSE(v["players"][0].contains("keep"));  // who has chosen is news only while choosing
}

TEST_CASE("forfeit refused: a seat out of range, a game over, a client cannot send one", "[hinode][forfeit]") {
  CHECK(nyan::test::game("hinode").type().forfeits);  // hinode.h: a turn clock that runs out may end the game so
  HinodeState s = fixture({{"players", 3}, {"hands", Json::array({L({"R5"}), L({"R9"}), L({"R6"})})}});
  require_forfeit_guarded(s);
  REQUIRE(apply_move(s, Move{0, forfeit_action()}).is_ok());  // how a record replays it
  require_no_forfeit_after_end(s);
  CHECK(s.outcome().winners == S{1, 2});
}
