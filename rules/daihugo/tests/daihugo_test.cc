// Nyanya Dai Hugo: the test scenarios T1-T12 of the rules doc. Positions come from compact
// fixtures (daihugo_fixture.h); every check cites its rule.
#include "rules/daihugo/tests/daihugo_fixture.h"

using namespace nyan;
using namespace nyan::daihugo;
using namespace nyan::daihugo::test;
using nyan::test::must_apply;

TEST_CASE("T1 deal sizes", "[daihugo][T1]") {  // §3, R19, R20
  const Game& g = nyan::test::game("daihugo");
  const int hand_size[] = {0, 8, 8, 8, 7};
  const std::size_t pile_size[] = {0, 21, 13, 5, 1};
  for (int n = 1; n <= 4; ++n) {
    int swaps_seen = 0;
    for (std::uint64_t seed = 1; seed <= 60; ++seed) {
      auto s = nyan::test::start(g, nyan::test::options(g, {{"players", n}}), seed);
      const Board& b = dynamic_cast<const DaihugoState&>(*s).board();
      INFO("players " << n << " seed " << seed);
      Hand all = b.field;
      int total = count(b.field) + static_cast<int>(b.pile.size());
      for (Seat p = 0; p < n; ++p) {
        CHECK(count(b.hands[p]) == hand_size[n]);
        all |= b.hands[p];
        total += count(b.hands[p]);
        CHECK(b.tails[p] == 0);
      }
      CHECK(count(b.field) == 3);
      CHECK(b.pile.size() == pile_size[n]);
      all |= hand_of(b.pile);
      CHECK(all == kAllCards);  // all 32 ids exactly once
      CHECK(total == kCards);
      bool both = false;
      for (Seat p = 0; p < n; ++p) both = both || (b.hands[p] & kBothWilds) == kBothWilds;
      if (both) {
        ++swaps_seen;
        CHECK(b.phase == Phase::wild_swap);
      } else if (n == 1) {
        CHECK(b.phase == Phase::play);
        CHECK(b.solo_turn == 1);
      } else {
        CHECK(b.phase == Phase::reveal);
      }
    }
    CHECK(swaps_seen > 0);
  }
}

TEST_CASE("T2 wild swap", "[daihugo][T2]") {  // R19, G13
  DaihugoState s = fixture({{"players", 2},
                            {"hands", Json::array({L({"W?", "B?", "W1", "B2a", "B3b", "D4", "W5", "B6a"}), nullptr})},
                            {"pile", L({"B7a", "W8", "rest"})},
                            {"phase", "deal"}});
  REQUIRE(s.board().pile.size() == 13);
  CHECK(s.board().phase == Phase::wild_swap);
  CHECK(s.to_act() == std::vector<Seat>{0});
  CHECK(sorted(s.legal_actions(0)) == sorted({{{"type", "swap_wild"}, {"card", "W?"}},
                                              {{"type", "swap_wild"}, {"card", "B?"}}}));
  CHECK(s.legal_actions(1).empty());
  must_apply(s, 0, {{"type", "swap_wild"}, {"card", "B?"}});
  const Board& b = s.board();
  CHECK(b.hands[0] == H({"W?", "W1", "B2a", "B3b", "D4", "W5", "B6a", "B7a"}));
  CHECK(b.pile.size() == 13);
  CHECK(b.pile.front() == C("W8"));
  CHECK(b.pile.back() == C("B?"));
  const Json v1 = s.view(1);
  CHECK(v1["swap"] == Json{{"seat", 0}, {"wild", "B?"}});
  CHECK(v1["pile_bottom"] == "B?");
  CHECK(v1.dump().find("B7a") == std::string::npos);  // the drawn card stays private
  CHECK(s.view(0)["swap"]["drawn"] == "B7a");
  CHECK(s.view(0)["log"].back()["drawn"] == "B7a");
  CHECK(b.phase == Phase::reveal);
}

TEST_CASE("T3 start reveal and opening", "[daihugo][T3]") {  // R6, R7, G4, G5, G6
  SECTION("a tie at 1 goes to the fewest circles: B1b (2) beats W1 (3) and W?=1 (6)") {
    DaihugoState s = fixture({{"players", 3},
                              {"hands", Json::array({L({"B1a", "B1b", "W6", "D3"}), L({"W1", "B5a", "D2"}), L({"W?", "B8b"})})},
                              {"phase", "reveal"}});
    CHECK(s.to_act() == std::vector<Seat>{0, 1, 2});
    must_apply(s, 0, reveal_action("B1b"));
    CHECK(s.legal_actions(0).empty());  // G6: final once submitted
    must_apply(s, 1, reveal_action("W1"));
    CHECK(s.to_act() == std::vector<Seat>{2});
    const Json v2 = s.view(2);
    CHECK(v2["seats"][0]["picked"] == true);
    CHECK(v2["seats"][1]["picked"] == true);
    CHECK(v2["seats"][2]["picked"] == false);
    CHECK(v2["seats"][0]["pick"].is_null());
    CHECK(v2["seats"][1]["pick"].is_null());
    CHECK(v2.dump().find("B1b") == std::string::npos);
    CHECK(v2.dump().find("\"W1\"") == std::string::npos);
    CHECK(s.view(0)["seats"][0]["pick"] == Json{{"card", "B1b"}});
    must_apply(s, 2, reveal_action("W?", 1));
    CHECK(s.board().phase == Phase::play);
    CHECK(s.board().start_seat == 0);
    CHECK(s.to_act() == std::vector<Seat>{0});
    CHECK(s.legal_actions(0) == std::vector<Json>{play_action({"B1b"})});  // no pass, exactly B1b
    CHECK(rejection(s, 0, play_action({"B1a"})).code == RuleError::illegal_action);
    CHECK(rejection(s, 0, play_action({"B1a", "B1b"})).code == RuleError::illegal_action);
    CHECK(rejection(s, 0, pass_action("W7")).code == RuleError::illegal_action);
    CHECK(s.view(1)["seats"][2]["pick"] == Json{{"card", "W?"}, {"as", 1}});
    must_apply(s, 0, play_action({"B1b"}));
    CHECK(s.to_act() == std::vector<Seat>{1});
  }
  SECTION("variant: D1 (4 circles) beats B?=1 (5)") {
    DaihugoState s = fixture({{"players", 3},
                              {"hands", Json::array({L({"W4", "B6a"}), L({"B?", "W2"}), L({"D1", "B7b"})})},
                              {"phase", "reveal"}});
    must_apply(s, 1, reveal_action("B?", 1));
    must_apply(s, 0, reveal_action("W4"));
    must_apply(s, 2, reveal_action("D1"));
    CHECK(s.board().start_seat == 2);
    CHECK(sorted(s.legal_actions(2)) == sorted({play_action({"D1"}), play_action({"D1x2"})}));
  }
}

TEST_CASE("T4 following a set", "[daihugo][T4]") {  // R3, R4, R9, R10, G1
  DaihugoState s = fixture({{"players", 2},
                            {"trick", {{{"seat", 0}, {"cards", L({"W4", "B4a"})}}}},
                            {"hands", Json::array({nullptr, L({"D4", "B4b", "W5", "B6a", "B6b", "B7a", "W2"})})},
                            {"field", L({"W7", "B2a", "D6"})},
                            {"current", 1}});
  const std::vector<Json> expected = {play_action({"D4x2"}), play_action({"D4", "B4b"}), play_action({"B6a", "B6b"}),
                                      pass_action("W7"),      pass_action("B2a"),         pass_action("D6")};
  CHECK(sorted(s.legal_actions(1)) == sorted(expected));
  for (const Json& bad : {play_action({"D4x2", "B4b"}), play_action({"B4b"}), play_action({"W5"}),
                          play_action({"B6a", "B7a"}), pass_action()})
    CHECK(rejection(s, 1, bad).code == RuleError::illegal_action);
  CHECK(rejection(s, 1, play_action({"D4x2", "B4b"})).message.find("size 3") != std::string::npos);
}

TEST_CASE("T5 sequences", "[daihugo][T5]") {  // R2, R3, R4, R9, G2, G3
  DaihugoState s = fixture({{"players", 2},
                            {"trick", {{{"seat", 0}, {"cards", L({"W3", "W?=4", "W5"})}}}},
                            {"hands", Json::array({nullptr, L({"B3a", "B4b", "B5a", "D4", "D5", "D6", "B?", "B7b", "B8b", "B2a",
                                                   "B3b", "B4a", "B6a", "B7a", "W8", "B8a"})})},
                            {"current", 1}});
  const Combo& last = s.board().trick.plays.back().combo;
  CHECK(last == Combo{Type::sequence, 3, 3});
  const std::vector<Json> legal = s.legal_actions(1);
  for (const Json& ok : {play_action({"B3a", "B4b", "B5a"}), play_action({"D4", "D5", "D6"}),
                         play_action({"B?=6", "B7b", "B8b"})})
    CHECK(nyan::test::contains(legal, ok));
  for (const Json& bad : {play_action({"B2a", "B3b", "B4a"}), play_action({"B6a", "B7a", "W8"}),
                          play_action({"D4x2", "D5", "D6"}), play_action({"B5a", "B6a", "B7a", "B8a"}),
                          play_action({"B3a", "B4a", "B6a"})}) {
    CHECK_FALSE(nyan::test::contains(legal, bad));
    CHECK(rejection(s, 1, bad).code == RuleError::illegal_action);
  }
  // The message names the broken rule.
  CHECK(rejection(s, 1, play_action({"B2a", "B3b", "B4a"})).message.find("rank at least 3") != std::string::npos);
  CHECK(rejection(s, 1, play_action({"B6a", "B7a", "W8"})).message.find("one mark") != std::string::npos);
}

TEST_CASE("T6 pass, take, refill, 2-player trick clearing", "[daihugo][T6]") {  // R8, R10, R11, R12
  DaihugoState s = fixture({{"players", 2},
                            {"hands", Json::array({L({"W4", "B5a", "W6", "B6a", "B7a", "W8", "D1"}), L({"B1a"})})},
                            {"field", L({"W7", "B2a", "D6"})},
                            {"pile", L({"B8b", "W1"})}});
  const Board& b = s.board();
  CHECK(actions_of(s, 0, "pass").empty());
  must_apply(s, 0, play_action({"W4"}));
  CHECK(rejection(s, 1, pass_action()).code == RuleError::illegal_action);
  CHECK(rejection(s, 1, pass_action("W1")).code == RuleError::illegal_action);  // W1 is in the pile
  must_apply(s, 1, pass_action("D6"));
  CHECK(b.hands[1] == H({"B1a", "D6"}));
  CHECK(b.field == H({"W7", "B2a", "B8b"}));
  CHECK(b.pile == std::vector<Card>{C("W1")});
  // One pass (N - 1) clears the trick; seat 0 leads and may not pass.
  CHECK_FALSE(b.trick.open());
  CHECK(b.cleared & bit(C("W4")));
  CHECK(s.to_act() == std::vector<Seat>{0});
  CHECK(actions_of(s, 0, "pass").empty());
  must_apply(s, 0, play_action({"B5a"}));
  must_apply(s, 1, pass_action("W7"));
  CHECK(b.field == H({"W1", "B2a", "B8b"}));
  CHECK(b.pile.empty());
  must_apply(s, 0, play_action({"W6"}));
  must_apply(s, 1, pass_action("B2a"));
  CHECK(b.field == H({"W1", "B8b"}));  // no refill: the field shrinks
  must_apply(s, 0, play_action({"B6a"}));
  must_apply(s, 1, pass_action("W1"));
  CHECK(b.field == H({"B8b"}));
  must_apply(s, 0, play_action({"B7a"}));
  must_apply(s, 1, pass_action("B8b"));
  CHECK(b.field == 0);
  must_apply(s, 0, play_action({"W8"}));
  CHECK(actions_of(s, 1, "pass") == std::vector<Json>{pass_action()});
  CHECK(rejection(s, 1, pass_action("B8b")).code == RuleError::illegal_action);
  const Hand before = b.hands[1];
  must_apply(s, 1, pass_action());
  CHECK(b.hands[1] == before);  // it takes nothing
  CHECK(b.hands[0] == H({"D1"}));
  CHECK(s.to_act() == std::vector<Seat>{0});
  CHECK_FALSE(b.trick.open());
  CHECK(actions_of(s, 0, "pass").empty());
}

TEST_CASE("T7 3-player trick: a passer plays again later, then the trick clears", "[daihugo][T7]") {  // R8, R9, R10, R12
  DaihugoState s = fixture({{"players", 3},
                            {"hands", Json::array({L({"B5a", "W3"}), L({"B6b", "D2"}), L({"W5", "B4a"})})},
                            {"field", L({"W7", "B2a", "D6"})},
                            {"pile", L({"B8b", "W1", "D1", "W2", "B3a"})}});
  const Board& b = s.board();
  const Hand cleared_before = b.cleared;  // the fixture's unlisted cards
  must_apply(s, 0, play_action({"B5a"}));
  must_apply(s, 1, pass_action("W7"));
  CHECK(b.field == H({"B2a", "B8b", "D6"}));
  must_apply(s, 2, play_action({"W5"}));  // equal rank is legal
  must_apply(s, 0, pass_action("D6"));
  CHECK(b.field == H({"W1", "B2a", "B8b"}));
  const std::vector<Json> plays = actions_of(s, 1, "play");
  CHECK(sorted(plays) == sorted({play_action({"B6b"}), play_action({"W7"})}));  // a passer may play again
  must_apply(s, 1, pass_action("B2a"));
  CHECK(b.field == H({"W1", "B8b", "D1"}));
  CHECK(b.pile == std::vector<Card>{C("W2"), C("B3a")});
  // Two consecutive passes after seat 2's play: cleared, seat 2 leads.
  CHECK_FALSE(b.trick.open());
  CHECK(b.cleared == (cleared_before | H({"B5a", "W5"})));
  CHECK(s.to_act() == std::vector<Seat>{2});
  CHECK(b.hands[2] == H({"B4a"}));
  CHECK(actions_of(s, 2, "pass").empty());
  CHECK(rejection(s, 2, pass_action("W1")).message.find("R8") != std::string::npos);
}

TEST_CASE("T8 combination validator", "[daihugo][T8]") {  // R2, R3, R4, G1, G2, G3
  CHECK(classify(P({"B1a", "B2b", "B3a"})) == Combo{Type::sequence, 3, 1});
  CHECK(classify(P({"W?=8"})) == Combo{Type::single, 1, 8});
  CHECK(classify(P({"B?=3", "W3"})) == Combo{Type::set, 2, 3});
  CHECK(classify(P({"D2x2"})) == Combo{Type::set, 2, 2});
  CHECK(classify(P({"D2x2", "B2a", "W2"})) == Combo{Type::set, 4, 2});
  CHECK(classify(P({"W?=5", "W5"})) == Combo{Type::set, 2, 5});
  CHECK_FALSE(classify(P({"W3", "W4"})));
  CHECK_FALSE(classify(P({"D1", "D2"})));
  CHECK_FALSE(classify(P({"B7a", "B8a", "B1b"})));
  CHECK_FALSE(classify(P({"W5x2"})));
  CHECK_FALSE(classify(P({"D5", "D6", "W?=7"})));
  // Through the engine: a leader holding every card.
  DaihugoState s = fixture({{"players", 2},
                            {"hands", Json::array({L({"B1a", "B2b", "B3a", "W?", "B?", "W3", "D2", "B2a", "W2", "W5", "W4", "D1",
                                          "W7", "W8", "B7a", "B8a", "B1b", "D5", "D6"}),
                                       nullptr})}});
  for (const Json& ok : {play_action({"B1a", "B2b", "B3a"}), play_action({"W?=8"}), play_action({"B?=3", "W3"}),
                         play_action({"D2x2"}), play_action({"D2x2", "B2a", "W2"}), play_action({"W?=5", "W5"})})
    CHECK(nyan::test::contains(s.legal_actions(0), ok));
  for (const Json& bad : {play_action({"W3", "W4"}), play_action({"D1", "D2"}), play_action({"B7a", "B8a", "B1b"}),
                          play_action({"D5", "D6", "W?=7"})})
    CHECK(rejection(s, 0, bad).code == RuleError::illegal_action);
  const Json nine = {{"type", "play"}, {"cards", {{{"id", "W7"}}, {{"id", "W8"}}, {{"id", "W?"}, {"as", 9}}}}};
  CHECK(rejection(s, 0, nine).code == RuleError::illegal_action);
  CHECK(rejection(s, 0, nine).message.find("9 is not a number") != std::string::npos);
  const Json w5_double = {{"type", "play"}, {"cards", {{{"id", "W5"}, {"double", true}}}}};
  CHECK(rejection(s, 0, w5_double).code == RuleError::illegal_action);
  const Json no_as = {{"type", "play"}, {"cards", {{{"id", "W?"}}}}};
  CHECK(rejection(s, 0, no_as).code == RuleError::malformed_action);
}

TEST_CASE("T9 round end, penalties, several losers", "[daihugo][T9]") {  // R13-R16, G11, G15
  DaihugoState s = t9_last_round();
  must_apply(s, 0, play_action({"B8a"}));
  REQUIRE(s.over());
  const Board& b = s.board();
  CHECK(b.results.back().winner == 0);
  CHECK(b.results.back().penalties == std::vector<int>{0, 12, 1});
  CHECK(b.tails == std::vector<int>{0, 6, 5});
  const Outcome o = s.outcome();
  CHECK(o.reason == "tails_limit");
  CHECK(o.winners == std::vector<Seat>{0});
  const Json& st = o.details["standings"];
  CHECK(st[0]["seat"] == 0);
  CHECK(st[0]["tails"] == 0);
  CHECK(st[1]["seat"] == 2);
  CHECK(st[1]["tails"] == 5);
  CHECK(st[2]["seat"] == 1);
  CHECK(st[2]["tails"] == 6);
  CHECK(st[2]["rank"] == 3);
  const Json v = s.view(kSpectator);  // all hands revealed
  CHECK(v["seats"][1]["hand"] == L({"B2b", "D3", "W?"}));
  CHECK(v["seats"][2]["hand"] == L({"B1a"}));
  CHECK(v["last_round"]["hands"][1] == L({"B2b", "D3", "W?"}));
  CHECK(v["rounds"][0]["penalties"] == Json{0, 12, 1});
  CHECK(v["outcome"]["reason"] == "tails_limit");
}

TEST_CASE("T10 penalty to tails", "[daihugo][T10]") {  // R14, R15, §2.3
  auto tails = [](Hand h) { return tails_for(penalty(h)); };
  CHECK(penalty(H({"B1a", "B2a", "B3a", "B4a", "B5a"})) == 5);
  CHECK(tails(H({"B1a", "B2a", "B3a", "B4a", "B5a"})) == 1);
  CHECK(penalty(H({"W1", "W2"})) == 6);
  CHECK(tails(H({"W1", "W2"})) == 2);
  CHECK(penalty(H({"D1", "D2", "B1b"})) == 10);
  CHECK(tails(H({"D1", "D2", "B1b"})) == 2);
  CHECK(penalty(H({"W?", "B?"})) == 11);
  CHECK(tails(H({"W?", "B?"})) == 3);
  CHECK(penalty(H({"B1a"})) == 1);
  CHECK(tails(H({"B1a"})) == 1);
  CHECK(penalty(0) == 0);
  CHECK(tails(0) == 0);
  CHECK(penalty(kAllCards) == 83);  // §2.1 total
}

TEST_CASE("T11 the match continues into a new round", "[daihugo][T11]") {  // R16, §3, G10
  for (const char* start : {"reveal", "round_winner"}) {
    DYNAMIC_SECTION("next_round_start " << start) {
      DaihugoState s = fixture({{"players", 2},
                                {"options", {{"next_round_start", start}}},
                                {"tails", {2, 0}},
                                {"hands", Json::array({L({"W3", "B4a"}), L({"W8"})})},
                                {"current", 1}});
      must_apply(s, 1, play_action({"W8"}));
      const Board& b = s.board();
      REQUIRE_FALSE(s.over());
      CHECK(b.results.back().penalties == std::vector<int>{4, 0});
      CHECK(b.tails == std::vector<int>{3, 0});
      CHECK(b.round == 2);
      CHECK(count(b.hands[0]) == 8);
      CHECK(count(b.hands[1]) == 8);
      CHECK(count(b.field) == 3);
      CHECK(b.pile.size() == 13);
      CHECK((b.hands[0] | b.hands[1] | b.field | hand_of(b.pile)) == kAllCards);
      CHECK(b.cleared == 0);
      DaihugoState t = s;
      if (b.phase == Phase::wild_swap) must_apply(t, b.current, t.legal_actions(b.current)[0]);
      if (std::string(start) == "reveal") {
        CHECK(t.board().phase == Phase::reveal);
        CHECK(t.to_act() == std::vector<Seat>{0, 1});
      } else {
        CHECK(t.board().phase == Phase::play);
        CHECK(t.to_act() == std::vector<Seat>{1});
        CHECK(actions_of(t, 1, "pass").empty());
        CHECK_FALSE(t.board().opening);  // any combination
        CHECK(actions_of(t, 1, "play").size() >= 8);
      }
    }
  }
}

TEST_CASE("T12 solo run", "[daihugo][T12]") {  // R20-R24, G9, G14
  const Json f = {{"players", 1},
                  {"hands", Json::array({L({"W1", "W2", "W3", "B5a", "B5b", "D5", "W5", "B7a"})})},
                  {"field", L({"W8", "B8a", "B8b"})},
                  {"pile", L({"B6a", "B2a", "rest"})}};
  auto no_pass = [](const State& s) { CHECK(actions_of(s, 0, "pass").empty()); };
  DaihugoState s = fixture(f);
  const Board& b = s.board();
  no_pass(s);
  must_apply(s, 0, play_action({"W1", "W2", "W3"}));
  CHECK(b.phase == Phase::solo_take);
  auto take = [](const char* from) { return Json{{"type", "solo_take"}, {"from", from}}; };
  CHECK(sorted(s.legal_actions(0)) == sorted({take("B8a"), take("B8b"), take("W8"), take("pile")}));
  must_apply(s, 0, take("B8a"));
  CHECK(b.hands[0] == H({"B5a", "B5b", "D5", "W5", "B7a", "B8a"}));
  CHECK(b.field == H({"W8", "B6a", "B8b"}));
  CHECK(b.pile.front() == C("B2a"));
  CHECK(b.solo_turn == 2);
  no_pass(s);
  DaihugoState variant = s;
  must_apply(s, 0, play_action({"B5a", "B5b", "W5", "D5"}));
  must_apply(s, 0, take("B6a"));
  CHECK(b.hands[0] == H({"B6a", "B7a", "B8a"}));
  CHECK(b.field == H({"W8", "B2a", "B8b"}));
  const std::size_t pile_before = b.pile.size();
  must_apply(s, 0, play_action({"B6a", "B7a", "B8a"}));
  REQUIRE(s.over());
  CHECK(b.pile.size() == pile_before);  // nothing drawn
  CHECK(s.outcome().reason == "solo_cleared");
  CHECK(s.outcome().details["cleared_turns"] == 3);
  CHECK(s.outcome().details["success"] == true);
  CHECK(s.outcome().winners == std::vector<Seat>{0});

  // Variant at t = 2: a single (1 < 2) draws the pile top, no choice.
  must_apply(variant, 0, play_action({"B7a"}));
  CHECK(variant.board().phase == Phase::play);
  CHECK(variant.board().solo_turn == 3);
  CHECK(holds(variant.board().hands[0], C("B2a")));
  CHECK(variant.board().pile.front() != C("B2a"));
  no_pass(variant);
}
