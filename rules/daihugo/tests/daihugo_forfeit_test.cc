// Nyanya Dai Hugo: a seat's forfeit. The rules doc has none; the decision is in the engine
// header (daihugo.h): the match ends at once, the round in play unscored; the seat that
// forfeited is the only loser, last in the standings; solo, the challenge is lost.
#include <catch2/catch.hpp>

#include "rules/daihugo/tests/daihugo_fixture.h"
#include "tests/support/game_end.h"

using namespace nyan;
using namespace nyan::daihugo;
using namespace nyan::daihugo::test;
using nyan::test::must_apply;
using nyan::test::require_ended;
using nyan::test::require_forfeit_guarded;
using nyan::test::require_no_forfeit_after_end;
using nyan::test::require_views_public;
using nyan::test::view_shape;

namespace {

// T9's match end: what a normal end shows.
Json normal_end_view() {
  DaihugoState s = t9_last_round();
  must_apply(s, 0, play_action({"B8a"}));
  REQUIRE(s.over());
  return s.view(kSpectator);
}

Json standing(Seat seat, int rank, int tails, int penalty) {
  return {{"seat", seat}, {"rank", rank}, {"tails", tails}, {"penalty", penalty}};
}

}  // namespace

// Forfeit: decision in the engine header (daihugo.h).
TEST_CASE("forfeit mid-trick: the seat alone loses and is last, the others keep their order by tails", "[daihugo][forfeit]") {
  // 4 players in a tails match; seat 3 led W4; seat 0 passes, then seat 1, the fewest tails,
  // forfeits on its turn.
  DaihugoState s = fixture({{"players", 4},
                            {"tails", {3, 0, 1, 3}},
                            {"trick", {{{"seat", 3}, {"cards", L({"W4"})}}}},
                            {"hands", Json::array({L({"B1a", "B2a"}), L({"W1", "W2", "D1"}), L({"B1b"}), L({"W?"})})},
                            {"field", L({"W7", "B2b", "D6"})},
                            {"pile", L({"B8b", "W8"})}});
  must_apply(s, 0, pass_action("W7"));
  REQUIRE(s.to_act() == std::vector<Seat>{1});
  REQUIRE(s.forfeit(1).is_ok());
  require_ended(s);

  const Outcome o = s.outcome();
  CHECK(o.reason == "forfeit");
  CHECK(o.winners == std::vector<Seat>{0, 2, 3});
  CHECK(o.scores == std::vector<std::int64_t>{3, 0, 1, 3});  // the tails; the round in play raised none
  CHECK(o.turns == 1);
  const Json& d = o.details;
  CHECK(d["forfeit"] == 1);
  CHECK(d["tails"] == Json{3, 0, 1, 3});
  CHECK(d["rounds_played"] == 0);
  CHECK(d["rounds"] == Json::array());
  // The hands at the end, and the circles left in them (R14's count, §2.1).
  CHECK(d["hands"] == Json::array({L({"W7", "B1a", "B2a"}), L({"W1", "W2", "D1"}), L({"B1b"}), L({"W?"})}));
  CHECK(d["standings"] == Json::array({standing(2, 1, 1, 2), standing(0, 2, 3, 5), standing(3, 2, 3, 6),
                                       standing(1, 4, 0, 10)}));
  CHECK(d["stats"]["losers"] == 1);

  // §6: what a normal end shows, and no more: every hand, the pile, the trick as it lay.
  require_views_public(s);
  const Json v = s.view(kSpectator);
  CHECK(view_shape(v, "seats") == view_shape(normal_end_view(), "seats"));
  CHECK(v["phase"] == "game_over");
  CHECK(v["current"].is_null());
  CHECK(v["to_act"] == Json::array());
  CHECK(v["seats"][1]["hand"] == L({"W1", "W2", "D1"}));
  CHECK(v["seats"][3]["hand"] == L({"W?"}));
  CHECK(v["pile"] == L({"W8"}));
  CHECK(v["field"] == L({"B2b", "B8b", "D6"}));
  CHECK(v["trick"]["plays"] == Json::array({{{"cards", Json::array({{{"id", "W4"}}})}, {"seat", 3}}}));
  CHECK(v["last_round"].is_null());
  CHECK(v["outcome"] == o.to_json());
  const Json& log = v["log"];
  REQUIRE(log.size() >= 2);
  CHECK(log[log.size() - 2]["type"] == "forfeit");
  CHECK(log[log.size() - 2]["seat"] == 1);
  CHECK(log.back()["type"] == "game_over");
  CHECK(log.back()["reason"] == "forfeit");
}

// Forfeit: decision in the engine header (daihugo.h).
TEST_CASE("forfeit during the start-card pick of a single round: picks opened, standings by circles in hand", "[daihugo][forfeit]") {
  DaihugoState s = fixture({{"players", 3},
                            {"options", {{"match", "single_round"}}},
                            {"hands", Json::array({L({"W5", "B1b"}), L({"W1", "W2"}), L({"B3a", "D2"})})},
                            {"field", L({"W7", "B2b", "D6"})},
                            {"pile", L({"B8b"})},
                            {"phase", "reveal"}});
  must_apply(s, 0, reveal_action("B1b"));
  REQUIRE(s.sealed().size() == 1);
  CHECK_FALSE(s.sealed()[0].revealed);
  REQUIRE(s.forfeit(2).is_ok());
  require_ended(s);

  const Outcome o = s.outcome();
  CHECK(o.reason == "forfeit");
  CHECK(o.winners == std::vector<Seat>{0, 1});  // the round has no winner yet: all but the forfeit win
  CHECK(o.scores == std::vector<std::int64_t>{0, 0, 0});
  CHECK(o.details["forfeit"] == 2);
  // single_round standings go by the circles in hand (§7); seat 2's 5 would tie first, but it forfeited.
  CHECK(o.details["standings"] == Json::array({standing(0, 1, 0, 5), standing(1, 2, 0, 6), standing(2, 3, 0, 5)}));

  // The pick made is opened, as every pick is by a normal end; the others made none.
  REQUIRE(s.sealed().size() == 1);
  CHECK(s.sealed()[0].slot == "r1.pick.0");
  CHECK(s.sealed()[0].revealed);
  require_views_public(s);
  const Json v = s.view(kSpectator);
  CHECK(view_shape(v, "seats") == view_shape(normal_end_view(), "seats"));
  CHECK(v["seats"][0]["pick"] == Json{{"card", "B1b"}});
  CHECK(v["seats"][1]["pick"].is_null());
  CHECK(v["seats"][2]["hand"] == L({"B3a", "D2"}));
  CHECK_FALSE(v["seats"][0].contains("picked"));  // who has picked is news only while picking
  CHECK(v["opening"].is_null());
  CHECK(v["pile"] == L({"B8b"}));
}

// Forfeit: decision in the engine header (daihugo.h).
TEST_CASE("forfeit of the solo challenge: lost in the turn it was given up", "[daihugo][forfeit]") {
  DaihugoState s = fixture({{"players", 1},
                            {"hands", Json::array({L({"B5a", "B7a", "W8"})})},
                            {"field", L({"W1", "B8a", "B8b"})},
                            {"pile", L({"B6a", "B2a"})},
                            {"turn", 3}});
  REQUIRE(s.forfeit(0).is_ok());
  require_ended(s);
  const Outcome o = s.outcome();
  CHECK(o.reason == "forfeit");
  CHECK(o.winners.empty());
  CHECK(o.scores == std::vector<std::int64_t>{3});
  CHECK(o.turns == 3);
  CHECK(o.details["forfeit"] == 0);
  CHECK(o.details["success"] == false);
  CHECK(o.details["target"] == 6);
  CHECK_FALSE(o.details.contains("cleared_turns"));
  const Json v = s.view(kSpectator);
  CHECK(v["seats"][0]["hand"] == L({"W8", "B5a", "B7a"}));
  CHECK(v["pile"] == L({"B6a", "B2a"}));
  require_views_public(s);
}

TEST_CASE("forfeit refused: a seat out of range, a game over, a client cannot send one", "[daihugo][forfeit]") {
  CHECK(nyan::test::game("daihugo").type().forfeits);  // daihugo.h: a turn clock that runs out may end the game so
  DaihugoState s = fixture({{"players", 3},
                            {"hands", Json::array({L({"W5", "B1b"}), L({"W1", "W2"}), L({"B3a", "D2"})})},
                            {"phase", "reveal"}});
  require_forfeit_guarded(s);
  REQUIRE(apply_move(s, Move{1, forfeit_action()}).is_ok());  // how a record replays it
  require_no_forfeit_after_end(s);
  CHECK(s.outcome().winners == std::vector<Seat>{0, 2});
}
