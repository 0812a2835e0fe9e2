// Hinode Yokocho: the test scenarios H1-H15 of the rules doc (§9). Baseline unless stated:
// 4 players, hinode6, empty map, VP 0, leader seat 0, offsuit_area "lead", no markers.
// Positions are built from compact fixtures; every check cites its rule.
#include "rules/hinode/tests/hinode_fixture.h"

using namespace hinode_test;
using nyan::test::must_apply;

namespace {

using V = std::vector<int>;
using S = std::vector<Seat>;
using A = std::vector<Json>;

}  // namespace

TEST_CASE("H1 battle with a supporter who outscores the winner", "[hinode][H1]") {  // R9-R12, G10
  HinodeState s = fixture({{"hands", hands4(L({"R5", "G1", "B1"}), L({"R9", "G2", "B2"}), L({"R6", "G3", "B3"}),
                                            L({"G7", "G8", "B4"}))}});
  plays(s, {{0, play("R5")}, {1, play("R9")}, {2, play("R6")}, {3, play("G7")}});
  const Trick& t = s.board().trick;
  CHECK(s.board().phase == Phase::judgment);
  CHECK(t.b1 == 1);  // R9: 9
  CHECK(t.b2 == 2);  // 6
  CHECK(t.order == S{0, 3});  // R10: 5, then 7
  CHECK(s.legal_actions(0) == A{support(1), support(2), occupy("A1"), occupy("A5")});
  must_apply(s, 0, support(2));
  CHECK(s.legal_actions(3) == A{occupy("A1"), occupy("A5")});  // G1: off-suit may only occupy
  must_apply(s, 3, occupy("A1"));
  CHECK(sites(s, "A1") == S{3});  // A1.1
  CHECK(vps(s) == V{5, 0, 2, 0});  // R12.2: 11 vs 9: s2 +2, supporter s0 +5
  CHECK(s.board().last->strength1 == 9);
  CHECK(s.board().last->strength2 == 11);
  CHECK(s.board().trick.leader == 1);  // G10: B1 leads even though it lost
  CHECK(s.to_act() == S{1});
}

TEST_CASE("H2 lone lead and off-suit occupations", "[hinode][H2]") {  // R9, R10, R11, R12.1
  HinodeState s = fixture({{"hands", hands4(L({"G8", "R1"}), L({"R3", "B1"}), L({"B5", "R2"}), L({"B3", "R4"}))}});
  plays(s, {{0, play("G8")}, {1, play("R3")}, {2, play("B5")}, {3, play("B3")}});
  CHECK(s.board().trick.b1 == 0);
  CHECK(s.board().trick.b2 == -1);  // R9: only the lead is in battle
  CHECK(s.board().trick.order == S{1, 3, 2});  // R10: 3 (dist 1), 3 (dist 3), 5
  must_apply(s, 1, occupy("A2"));
  must_apply(s, 3, occupy("A2"));
  must_apply(s, 2, occupy("A6"));
  CHECK(sites(s, "A2") == S{1, 3});  // A2.1 = s1, A2.2 = s3
  CHECK(sites(s, "A6") == S{2});
  CHECK(vps(s) == V{8, 0, 0, 0});  // R12.1
  CHECK(s.board().trick.leader == 0);
}

TEST_CASE("H3 the hero is B1 and a battle with two supporters", "[hinode][H3]") {  // R5, R9, R12, G8
  const Json f = {{"hands", hands4(L({"B4", "R1"}), L({"B10", "R2"}), L({"R3", "G1"}), L({"B7", "G2"}))}};
  HinodeState s = fixture(f);
  plays(s, {{0, play("B4")}, {1, play("B10")}, {2, play("hero_inugami")}, {3, play("B7")}});
  CHECK(s.board().trick.b1 == 2);  // G8: the hero is always B1
  CHECK(s.board().trick.b2 == 1);
  CHECK(s.board().trick.order == S{0, 3});
  CHECK(s.legal_actions(0) == A{support(2), support(1), occupy("A3"), occupy("A4")});
  must_apply(s, 0, support(1));
  must_apply(s, 3, support(1));
  CHECK(vps(s) == V{4, 9, 0, 7});  // 21 vs 12
  CHECK(s.board().trick.leader == 2);
  CHECK(s.board().p[2].hero_used);  // spent
  CHECK(s.board().p[2].hand == cards(L({"G1", "R3"})));

  HinodeState v = fixture(f);
  plays(v, {{0, play("B4")}, {1, play("B10")}, {2, play("hero_inugami")}, {3, play("B7")}});
  must_apply(v, 0, support(1));
  must_apply(v, 3, support(2));
  CHECK(vps(v) == V{0, 0, 5, 7});  // 19 vs 14: s2 +5, s3 +7, s0 on the losing side 0
}

TEST_CASE("H4 equal strength: nobody scores", "[hinode][H4]") {  // R12.2, G9
  HinodeState s = fixture({{"hands", hands4(L({"R3", "G1"}), L({"R8", "G2"}), L({"R5", "G3"}), L({"B2", "G4"}))}});
  plays(s, {{0, play("R3")}, {1, play("R8")}, {2, play("R5")}, {3, play("B2")}});
  CHECK(s.board().trick.b1 == 1);
  CHECK(s.board().trick.b2 == 2);
  CHECK(s.board().trick.order == S{3, 0});  // 2, then 3
  must_apply(s, 3, occupy("A5"));
  must_apply(s, 0, support(2));
  CHECK(s.board().last->strength1 == 8);
  CHECK(s.board().last->strength2 == 8);
  CHECK(vps(s) == V{0, 0, 0, 0});  // the supporter s0 gets nothing either
  CHECK(s.board().trick.leader == 1);
}

TEST_CASE("H5 must follow and the hero card", "[hinode][H5]") {  // R4, R5, G8
  auto second = [](const Json& s1_hand) {
    HinodeState s = fixture({{"hands", hands4(L({"R7", "G1"}), s1_hand, L({"R1"}), L({"R2"}))}});
    must_apply(s, 0, play("R7"));
    return s;
  };
  CHECK(second(L({"R2", "G5", "B9"})).legal_actions(1) == A{play("R2")});
  CHECK(second(L({"G5", "B9"})).legal_actions(1) == A{play("G5"), play("B9"), play("hero_kappa")});
  {
    HinodeState s = second(L({"R2", "G5", "B9"}));
    Result r = s.apply(1, play("G5"));
    REQUIRE_FALSE(r.is_ok());
    CHECK(r.error().code == RuleError::illegal_action);
    CHECK(r.error().message == "you must follow suit red (R): you hold a card of it");
    CHECK(s.apply(1, play("hero_kappa")).error().message == "you must follow suit red (R)");
  }
  {  // an earlier player already played a hero in this trick
    HinodeState s = fixture({{"leader", 3}, {"hands", hands4(L({"G1", "B1"}), L({"G5", "B9"}), L({"R1"}), L({"R7"}))}});
    plays(s, {{3, play("R7")}, {0, play("hero_karasu_tengu")}});
    CHECK(s.legal_actions(1) == A{play("G5"), play("B9")});
    CHECK(s.apply(1, play("hero_kappa")).error().message == "a hero card was already played in this trick");
  }
  {  // the leader may never play a hero
    HinodeState s = fixture({{"hands", hands4(L({"G5", "B9"}), L({"R1"}), L({"R2"}), L({"R3"}))}});
    CHECK(s.legal_actions(0) == A{play("G5"), play("B9")});
    CHECK(s.apply(0, play("hero_karasu_tengu")).error().message == "the leader may not play a hero card");
  }
}

TEST_CASE("H6 forced judgment steps are automatic", "[hinode][H6]") {  // R10, R11, G16
  const Json f = {{"sites", {{"A1", {2, 3}}, {"A5", {0, 1, 2}}}},
                  {"hands", hands4(L({"R4", "G1"}), L({"R6", "G3"}), L({"G2", "B1"}), L({"R2", "B2"}))}};
  HinodeState s = fixture(f);
  plays(s, {{0, play("R4")}, {1, play("R6")}, {2, play("G2")}, {3, play("R2")}});
  const Trick& t = s.board().trick;
  CHECK(t.b1 == 1);
  CHECK(t.b2 == 0);
  CHECK(t.order == S{2, 3});  // both 2: distance 2 before distance 3
  REQUIRE(t.judgments.size() == 1);  // s2's only option, applied by the engine
  CHECK(t.judgments[0].choice == Choice::occupy);
  CHECK(t.judgments[0].automatic);
  CHECK(sites(s, "A1") == S{2, 3, 2});  // A1.3
  CHECK(s.to_act() == S{3});
  CHECK(s.legal_actions(3) == A{support(1), support(0)});  // no free red site left
  must_apply(s, 3, support(0));
  CHECK(s.board().last->strength1 == 6);
  CHECK(s.board().last->strength2 == 6);  // 4 + 2: a tie, no battle VP
  CHECK(vps(s) == V{1, 1, 1, 1});  // income: everyone had k >= 1 in red at the start

  // The same with A1 already full: the off-suit player has nowhere to go and passes.
  Json g = f;
  g["sites"]["A1"] = {2, 3, 0};
  HinodeState p = fixture(g);
  plays(p, {{0, play("R4")}, {1, play("R6")}, {2, play("G2")}, {3, play("R2")}});
  REQUIRE(p.board().trick.judgments.size() == 1);
  CHECK(p.board().trick.judgments[0].choice == Choice::pass);
  CHECK(p.board().trick.judgments[0].automatic);
  CHECK(p.to_act() == S{3});
  const Json last_log = p.view(kSpectator)["log"].back();
  CHECK(last_log["choice"] == "pass");
  CHECK(last_log["auto"] == true);
}

TEST_CASE("H7 retention at the end of rounds 1 and 2", "[hinode][H7]") {  // R13.2
  auto last_trick = [](int round, const Json& a1, const Json& a5) {
    HinodeState s = fixture({{"round", round},
                             {"trick", 6},
                             {"sites", {{"A1", a1}, {"A5", a5}}},
                             {"hands", hands4(L({"G1", "R1", "B1"}), L({"G2", "R2", "B2"}), L({"G3", "R3", "B3"}),
                                              L({"G4", "R4", "B4"}))}});
    plays(s, {{0, play("G1")}, {1, play("G2")}, {2, play("G3")}, {3, play("G4")}});
    plays(s, {{0, support(3)}, {1, support(3)}});
    REQUIRE(s.board().phase == Phase::round_end_keep);
    return s;
  };
  HinodeState s = last_trick(1, {0, 1, 2}, {3});
  CHECK(s.board().supply(1) == 7);
  CHECK(s.board().supply(2) == 7);
  plays(s, {{0, keep(nullptr)}, {1, keep(nullptr)}, {2, keep(nullptr)}, {3, keep(nullptr)}});
  CHECK(s.board().round == 2);
  CHECK(sites(s, "A1") == S{0});
  CHECK(sites(s, "A5") == S{3});
  CHECK(s.board().supply(1) == 8);
  CHECK(s.board().supply(2) == 8);

  HinodeState r2 = last_trick(2, {0, 3, 1}, Json::array());
  plays(r2, {{3, keep(nullptr)}, {2, keep(nullptr)}, {1, keep(nullptr)}, {0, keep(nullptr)}});
  CHECK(r2.board().round == 3);
  CHECK(sites(r2, "A1") == S{0, 3});  // only s1's marker on site 3 returns
  CHECK(r2.board().supply(1) == 8);
}

namespace {

// H8's final map; the last trick (s3 wins 7 vs 3 with both supporters, income for s0 and s1
// in red) adds 2, 3, 0, 4 VP, so the fixture starts that much below the pre-bonus VP.
HinodeState h8_final(const V& pre_bonus) {
  const V gains = {2, 3, 0, 4};
  Json vp = Json::array();
  for (int s = 0; s < 4; ++s) vp.push_back(pre_bonus[s] - gains[s]);
  HinodeState s = fixture({{"round", 3},
                           {"trick", 6},
                           {"vp", vp},
                           {"sites",
                            {{"A1", {0, 1, 0}},
                             {"A2", {1, 2, 3}},
                             {"A3", {2, 2}},
                             {"A4", {0, 1}},
                             {"A5", Json::array()},
                             {"A6", {3}}}},
                           {"hands", hands4(L({"R1"}), L({"R2"}), L({"R3"}), L({"R4"}))}});
  plays(s, {{0, play("R1")}, {1, play("R2")}, {2, play("R3")}, {3, play("R4")}});
  plays(s, {{0, support(3)}, {1, support(3)}});
  REQUIRE(s.over());
  return s;
}

}  // namespace

TEST_CASE("H8 end bonuses and tie-breaks", "[hinode][H8]") {  // R14, R15, G11, G19
  HinodeState s = h8_final({40, 38, 41, 35});
  const FinalScore& f = *s.board().final_score;
  CHECK(f.majority == S{0, 3, 2, 1, -1, 3});  // A2: 1-1-1, site 3; A4: tie, site 2
  CHECK(f.majority_vp == V{3, 3, 3, 6});
  CHECK(f.group == V{2, 3, 2, 1});  // s3: A2 and A6 are not adjacent
  CHECK(f.dominance_vp == V{4, 6, 4, 0});
  CHECK(vps(s) == V{47, 47, 48, 41});
  CHECK(s.outcome().winners == S{2});
  CHECK(s.outcome().reason == "vp");
  CHECK(s.outcome().scores == std::vector<std::int64_t>{47, 47, 48, 41});

  HinodeState m = h8_final({40, 30, 30, 41});
  CHECK(vps(m) == V{47, 39, 37, 47});
  CHECK(m.board().final_score->markers == V{3, 3, 3, 2});
  CHECK(m.outcome().winners == S{0});  // more markers on the map
  CHECK(m.outcome().reason == "markers");
  CHECK(m.board().final_score->rank == V{1, 3, 4, 2});

  HinodeState d = h8_final({40, 38, 40, 20});
  CHECK(vps(d) == V{47, 47, 47, 26});
  CHECK(d.outcome().winners == S{0, 1, 2});  // a shared draw
  CHECK(d.outcome().reason == "draw");
}

TEST_CASE("H9 value_plus changes battle selection and the next leader", "[hinode][H9]") {  // R6, R7, R9, R12, G6, G7
  const Json f = {{"sites", {{"A1", {0, 1}}, {"A5", {0}}}},
                  {"hands", hands4(L({"R7", "G1"}), L({"R8", "G2"}), L({"R2", "G3"}), L({"G4", "B1"}))}};
  HinodeState s = fixture(f);
  CHECK(s.legal_actions(0) == A{play("R7"), play("R7", true), play("G1")});  // k = 2 for red, 0 for green
  plays(s, {{0, play("R7", true)}, {1, play("R8")}, {2, play("R2")}, {3, play("G4")}});
  CHECK(s.board().trick.plays[0].ev == 8);
  CHECK(s.board().trick.b1 == 0);  // 8 = 8: the leader is nearer
  CHECK(s.board().trick.b2 == 1);
  CHECK(s.board().trick.order == S{2, 3});
  must_apply(s, 2, support(1));
  CHECK(s.legal_actions(3) == A{occupy("A1"), occupy("A5")});
  must_apply(s, 3, occupy("A5"));
  CHECK(sites(s, "A5") == S{0, 3});
  CHECK(vps(s) == V{1, 3, 2, 0});  // s1 +2, s2 +2; income s0, s1 (not s3's new marker)
  CHECK(s.board().trick.leader == 0);

  HinodeState n = fixture(f);
  plays(n, {{0, play("R7")}, {1, play("R8")}, {2, play("R2")}, {3, play("G4")}});
  CHECK(n.board().trick.b1 == 1);
  must_apply(n, 2, support(1));
  must_apply(n, 3, occupy("A5"));
  CHECK(vps(n) == V{1, 4, 2, 0});  // s1 +3 +1, s2 +2, s0 income
  CHECK(n.board().trick.leader == 1);
}

TEST_CASE("H10 recall returns the card once per round", "[hinode][H10]") {  // §2.3, R6, R12.4
  const Json f = {{"sites", {{"A2", {0, 0}}, {"A6", {0}}}},
                  {"hands", hands4(L({"G11", "G1", "R2", "R3", "R4", "B2", "B3", "B4"}), L({"G3", "R5"}),
                                   L({"G5", "R6"}), L({"R1", "B5"}))}};
  HinodeState s = fixture(f);
  CHECK(test::contains(s.legal_actions(0), play("G11", false, true)));
  CHECK(test::contains(s.legal_actions(0), play("G11", true, true)));
  CHECK_FALSE(test::contains(s.legal_actions(0), play("R2", false, true)));  // k = 0 for red
  must_apply(s, 0, play("G11", false, true));
  CHECK(s.board().p[0].hand.size() == 7);
  plays(s, {{1, play("G3")}, {2, play("G5")}, {3, play("R1")}});
  CHECK(s.board().trick.order == S{3, 1});
  must_apply(s, 3, occupy("A2"));
  must_apply(s, 1, support(2));
  CHECK(sites(s, "A2") == S{0, 0, 3});  // A2.3
  CHECK(vps(s) == V{4, 0, 0, 0});  // 11 vs 8: +3, income +1
  CHECK(s.board().p[0].hand.size() == 8);
  CHECK(s.board().p[0].known == cards(L({"G11"})));  // back in hand, and everyone knows it
  CHECK(s.view(1)["players"][0]["known_in_hand"] == L({"G11"}));
  for (const Json& a : s.legal_actions(0)) CHECK_FALSE(a.contains("recall"));  // once per round
  CHECK(s.apply(0, play("G11", false, true)).error().message == "you have used recall 1 time(s) this round (limit 1)");
}

TEST_CASE("H10 recall is available again in the next round", "[hinode][H10]") {  // §2.3 per_round
  HinodeState s = fixture({{"trick", 6},
                           {"recalls_used", {1, 0, 0, 0}},
                           {"hands", hands4(L({"G1", "R1", "B1"}), L({"G2", "R2", "B2"}), L({"G3", "R3", "B3"}),
                                            L({"G4", "R4", "B4"}))}});
  plays(s, {{0, play("G1")}, {1, play("G2")}, {2, play("G3")}, {3, play("G4")}});
  plays(s, {{0, support(3)}, {1, support(3)}});
  plays(s, {{0, keep(nullptr)}, {1, keep(nullptr)}, {2, keep(nullptr)}, {3, keep(nullptr)}});
  REQUIRE(s.board().round == 2);
  CHECK(s.board().p[0].recalls_used == 0);
  Board b = s.board();  // give the round-2 leader k = 3 in every suit of its hand
  for (std::size_t a = 0; a < b.map->areas.size(); ++a) b.occupants[a] = {b.trick.leader};
  b.occupants[0] = {b.trick.leader, b.trick.leader};
  b.occupants[1] = {b.trick.leader, b.trick.leader};
  b.occupants[2] = {b.trick.leader, b.trick.leader};
  HinodeState t(b, std::make_unique<SplitMix>(1));
  const Seat leader = b.trick.leader;
  CHECK(test::contains(t.legal_actions(leader), play(std::string(card_id(b.p[leader].hand[0])), false, true)));
}

TEST_CASE("H11 three players: 27 cards and the round-2 deal", "[hinode][H11]") {  // R2, G12, G13
  const Game& g = test::game("hinode");
  auto s = test::start(g, test::options(g, {{"players", 3}}), 7);
  const Board& b = dynamic_cast<const HinodeState&>(*s).board();
  std::vector<Card> all = b.undealt;
  for (const Player& p : b.p) {
    CHECK(p.hand.size() == 8);
    all.insert(all.end(), p.hand.begin(), p.hand.end());
  }
  CHECK(b.undealt.size() == 3);
  std::sort(all.begin(), all.end());
  CHECK(all == game_cards(3));
  CHECK(all.size() == 27);
  for (Card c : all) CHECK(value_of(c) <= 9);

  HinodeState k = fixture({{"players", 3},
                           {"phase", "keep"},
                           {"trick", 7},
                           {"seed", 11},
                           {"hands", Json::array({L({"R9", "G1"}), L({"R2", "B1"}), L({"G3", "B2"})})}});
  plays(k, {{0, keep("R9")}, {1, keep(nullptr)}, {2, keep("G3")}});
  const Board& r2 = k.board();
  CHECK(r2.round == 2);
  // Independent derivation: 25 cards in table order, one shuffle, one card at a time from
  // the leader (seat 0), skipping full hands.
  std::vector<Card> deck;
  for (Card c : game_cards(3))
    if (c != C("R9") && c != C("G3")) deck.push_back(c);
  REQUIRE(deck.size() == 25);
  SplitMix rng(11);
  rng.shuffle(deck);
  std::vector<std::vector<Card>> hands = {{C("R9")}, {}, {C("G3")}};
  std::size_t next = 0;
  for (Seat seat = 0; hands[0].size() < 8 || hands[1].size() < 8 || hands[2].size() < 8; seat = (seat + 1) % 3)
    if (hands[seat].size() < 8) hands[seat].push_back(deck[next++]);
  CHECK(next == 22);  // dealt 7, 8, 7
  for (Seat seat = 0; seat < 3; ++seat) {
    std::sort(hands[seat].begin(), hands[seat].end());
    CHECK(r2.p[seat].hand == hands[seat]);
  }
  CHECK(r2.undealt == std::vector<Card>(deck.begin() + 22, deck.end()));
}

TEST_CASE("H12 keeping after a hero round, and the hero stays spent", "[hinode][H12]") {  // R5, R13.1, G13
  HinodeState s = fixture({{"phase", "keep"},
                           {"trick", 7},
                           {"hero_used", {false, false, true, false}},
                           {"hands", hands4(L({"R1", "R2"}), L({"G1", "G2"}), L({"B1", "B2", "B3"}), L({"R3", "G3"}))}});
  CHECK(s.legal_actions(2).size() == 4);  // none, or one of 3 cards
  CHECK(s.to_act() == S{0, 1, 2, 3});
  plays(s, {{0, keep("R1")}, {2, keep("B3")}});
  CHECK(s.to_act() == S{1, 3});  // simultaneous: the seats that have not chosen
  plays(s, {{1, keep("G2")}, {3, keep(nullptr)}});
  const Board& b = s.board();
  CHECK(b.round == 2);
  CHECK(b.undealt.size() == 1);  // 30 shuffled, 7 + 7 + 7 + 8 dealt
  for (const Player& p : b.p) CHECK(p.hand.size() == 8);
  CHECK(std::count(b.p[0].hand.begin(), b.p[0].hand.end(), C("R1")) == 1);
  CHECK(b.p[2].hero_used);
  // In round 2, seat 2 void in the lead suit still has no hero to play.
  Board t = b;
  t.trick.leader = 1;
  t.p[1].hand = {C("R5")};
  t.p[2].hand = {C("G5"), C("B5")};
  HinodeState r2(t, std::make_unique<SplitMix>(1));
  must_apply(r2, 1, play("R5"));
  CHECK(r2.legal_actions(2) == A{play("G5"), play("B5")});
  CHECK(r2.apply(2, play("hero_inugami")).error().message == "your hero card is already used");
}

TEST_CASE("H13 the last B1 leads the next round and is dealt to first", "[hinode][H13]") {  // R2, R12.5, R13.3, G15
  HinodeState s = fixture({{"trick", 6},
                           {"seed", 5},
                           {"hands", hands4(L({"R1", "G1"}), L({"R2", "G2"}), L({"R3", "G3"}), L({"R9", "G4"}))}});
  plays(s, {{0, play("R1")}, {1, play("R2")}, {2, play("R3")}, {3, play("R9")}});
  plays(s, {{0, support(3)}, {1, support(3)}});
  plays(s, {{0, keep(nullptr)}, {1, keep(nullptr)}, {2, keep(nullptr)}, {3, keep(nullptr)}});
  const Board& b = s.board();
  CHECK(b.trick.leader == 3);
  CHECK(b.trick.number == 1);
  CHECK(s.to_act() == S{3});
  std::vector<Card> deck = game_cards(4);
  SplitMix rng(5);
  rng.shuffle(deck);
  for (Seat seat = 0; seat < 4; ++seat) {
    std::vector<Card> h;
    for (std::size_t i = 0; i < 32; ++i)
      if (static_cast<Seat>((3 + i) % 4) == seat) h.push_back(deck[i]);  // s3 gets the first card
    std::sort(h.begin(), h.end());
    CHECK(b.p[seat].hand == h);
  }
  CHECK(b.undealt == std::vector<Card>{deck[32]});
}

TEST_CASE("H14 offsuit_area played: off-suit players occupy their own suit", "[hinode][H14]") {  // R11, G4
  HinodeState s = fixture({{"offsuit_area", "played"},
                           {"hands", hands4(L({"R5", "G1", "B1"}), L({"R9", "G2", "B2"}), L({"R6", "G3", "B3"}),
                                            L({"G7", "G8", "B4"}))}});
  plays(s, {{0, play("R5")}, {1, play("R9")}, {2, play("R6")}, {3, play("G7")}});
  CHECK(s.legal_actions(0) == A{support(1), support(2), occupy("A1"), occupy("A5")});  // followers: lead suit
  must_apply(s, 0, support(2));
  CHECK(s.legal_actions(3) == A{occupy("A2"), occupy("A6")});
  CHECK(s.apply(3, occupy("A1")).error().message == "you may only occupy areas of suit green (G)");
  must_apply(s, 3, occupy("A2"));
  CHECK(sites(s, "A2") == S{3});
}

TEST_CASE("H15 no supply: a follower may only support, an off-suit player passes", "[hinode][H15]") {  // R11, G16
  const Json on_map = {{"A1", {1, 1}}, {"A2", {1, 1}}, {"A3", {1}}, {"A4", {1}}, {"A5", {1}}, {"A6", {1}}};
  HinodeState s = fixture(
      {{"sites", on_map}, {"hands", hands4(L({"R3", "G2"}), L({"R1", "G1"}), L({"R9", "G3"}), L({"R6", "G4"}))}});
  CHECK(s.board().supply(1) == 0);
  plays(s, {{0, play("R3")}, {1, play("R1")}, {2, play("R9")}, {3, play("R6")}});
  CHECK(s.board().trick.b1 == 2);
  CHECK(s.board().trick.b2 == 3);
  CHECK(s.board().trick.order == S{1, 0});
  CHECK(s.legal_actions(1) == A{support(2), support(3)});
  CHECK(s.apply(1, occupy("A5")).error().message == "you have no markers left in your supply");
  must_apply(s, 1, support(3));
  must_apply(s, 0, support(2));
  CHECK(s.board().last->income == V{0, 1, 0, 0});  // s1: k = 3 in red

  HinodeState o = fixture(
      {{"sites", on_map}, {"hands", hands4(L({"R3", "G2"}), L({"G1", "B1"}), L({"R9", "G3"}), L({"R6", "G4"}))}});
  plays(o, {{0, play("R3")}, {1, play("G1")}, {2, play("R9")}, {3, play("R6")}});
  REQUIRE(o.board().trick.judgments.size() == 1);
  CHECK(o.board().trick.judgments[0].seat == 1);
  CHECK(o.board().trick.judgments[0].choice == Choice::pass);
  CHECK(o.board().trick.judgments[0].automatic);
  CHECK(o.to_act() == S{0});
}
