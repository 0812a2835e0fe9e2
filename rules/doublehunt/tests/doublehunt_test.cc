// Double Hunt: the test scenarios T1-T17 of the rules doc (§9). Positions come from compact
// fixtures (doublehunt_fixture.h); each check cites the rule it tests.
#include "rules/doublehunt/tests/doublehunt_fixture.h"

using namespace nyan;
using namespace nyan::doublehunt;
using namespace nyan::doublehunt::test;

namespace {

Names moves_to(std::initializer_list<const char*> squares) {
  Names out;
  for (const char* s : squares) out.insert(std::string("move ") + s);
  return out;
}

Names with(Names a, std::initializer_list<const char*> more) {
  for (const char* m : more) a.insert(m);
  return a;
}

// The events of `types` in the log of `viewer`'s view.
std::vector<Json> events(const State& s, Seat viewer, std::set<std::string> types) {
  std::vector<Json> out;
  const Json log = s.view(viewer)["log"];
  for (const Json& e : log)
    if (types.count(e["type"].get<std::string>())) out.push_back(e);
  return out;
}

// True when none of `list` names a card.
bool no_card_named(const std::vector<Json>& list) {
  return std::none_of(list.begin(), list.end(), [](const Json& e) { return e.contains("card"); });
}

}  // namespace

TEST_CASE("T1 draft order, unique roles, turn order", "[doublehunt][T1]") {  // R2, R3, R5, G13
  const Game& g = nyan::test::game("doublehunt");
  auto s = nyan::test::start(g, nyan::test::options(g, {{"first_seat", 1}}), 7);
  CHECK(s->view(kSpectator)["draft_order"] == Json{1, 2, 0, 3});
  CHECK(s->to_act() == std::vector<Seat>{1});
  play(*s, 1, "pick_role pilot");
  CHECK(s->to_act() == std::vector<Seat>{2});
  const Result r = s->apply(2, A("pick_role pilot"));
  REQUIRE_FALSE(r.is_ok());
  CHECK(r.error().code == RuleError::illegal_action);
  CHECK(legal(*s, 2).count("pick_role pilot") == 0);
  CHECK(legal(*s, 2).size() == 6);
  play(*s, 2, "pick_role observer");
  CHECK(s->to_act() == std::vector<Seat>{0});
  play(*s, 0, "pick_role bandit");
  CHECK(s->to_act() == std::vector<Seat>{3});
  play(*s, 3, "pick_role scientist");
  CHECK(s->view(kSpectator)["first_team"] == "B");  // seats {1, 3}
  // Turn order 1, 2, 3, 0, 1: play each turn with its plainest actions.
  std::vector<Seat> order;
  while (order.size() < 5 && !s->over()) {
    const Seat a = dh(*s).board().active;
    order.push_back(a);
    REQUIRE(dh(*s).board().phase == Phase::pre_roll);
    play(*s, a, "roll");
    while (!s->over() && dh(*s).board().active == a) {
      const std::vector<Json> acts = s->legal_actions(a);
      auto pick = std::find_if(acts.begin(), acts.end(), [](const Json& x) {
        return x["type"] == "move" || x["type"] == "end_turn" || x["type"] == "stay";
      });
      REQUIRE(pick != acts.end());
      nyan::test::must_apply(*s, a, *pick);
    }
  }
  CHECK(order == std::vector<Seat>{1, 2, 3, 0, 1});
}

TEST_CASE("T2 the leftover cards go to the Richman, else to the pile", "[doublehunt][T2]") {  // R4, §6
  const Json f = {{"phase", "draft"}, {"leftover", L({"S2", "H9", "C13"})}};
  DoubleHuntState s = fixture(f);
  play(s, 0, "pick_role pilot");
  play(s, 1, "pick_role observer");
  play(s, 3, "pick_role richman");
  play(s, 2, "pick_role bandit");
  CHECK(s.board().hand[3] == cards(L({"S2", "H9", "C13"})));
  CHECK(s.board().pile.size() == 0);
  CHECK(s.view(1)["players"][3]["hand"] == L({"S2", "H9", "C13"}));
  CHECK(s.view(3)["players"][3]["hand"] == L({"S2", "H9", "C13"}));
  for (Seat other : {0, 2}) {
    const Json v = s.view(other);
    CHECK(v["players"][3]["hand_count"] == 3);
    CHECK_FALSE(v["players"][3].contains("hand"));
    CHECK(v.dump().find("H9") == std::string::npos);
  }
  CHECK(s.board().phase == Phase::pre_roll);
  CHECK(s.board().active == 0);

  DoubleHuntState none = fixture(f);
  for (const char* pick : {"pick_role pilot", "pick_role observer", "pick_role bandit", "pick_role scientist"})
    play(none, none.board().drafter(), pick);
  for (Seat p = 0; p < kSeats; ++p) CHECK(none.board().hand[p].empty());
  CHECK(none.board().pile == cards(L({"S2", "H9", "C13"})));
  CHECK(none.view(0)["pile_count"] == 3);
}

TEST_CASE("T3 team score with a face set across both hands", "[doublehunt][T3]") {  // R11, G8, G9
  DoubleHuntState s = fixture({{"hands", {L({"S10", "H11", "H12", "C1"}), L({}), L({"H13", "D7", "S11"}), L({})}}});
  CHECK(s.board().score(0) == 10 + 1 + 7 + 30);
  CHECK(s.view(0)["scores"]["A"] == 48);
  CHECK(s.view(2)["scores"]["A"] == 48);
  CHECK(team_score(cards(L({"S11"}))) == 0);
  CHECK(team_score(cards(L({"S11", "S12", "S13", "H13"}))) == 30);
}

TEST_CASE("T4 the Bandit's raid takes the card at the drawn index", "[doublehunt][T4]") {  // R18, R11, G31
  DoubleHuntState s = fixture({{"roles", {nullptr, "bandit", nullptr, nullptr}},
                               {"hands", {L({"S10", "H11", "H12", "C1"}), L({"C2"}), L({"H13", "D7", "S11"}), L({})}},
                               {"pieces", L({"r2c3", "r2c2", "r6c6", "r6c0"})},
                               {"phase", "post_take"},
                               {"active", 1}},
                              {2});
  CHECK(legal(s, 1) == Names{"end_turn", "bandit_raid 0 C2"});
  play(s, 1, "bandit_raid 0 C2");
  CHECK(s.board().hand[0] == cards(L({"S10", "H11", "C1"})));  // index 2 of S10, H11, H12, C1
  CHECK(s.board().pile == cards(L({"C2", "H12"})));
  CHECK(s.board().score(0) == 18);
  CHECK(s.view(1).dump().find("H12") == std::string::npos);  // not even the Bandit
  CHECK(s.view(3).dump().find("H12") == std::string::npos);
  auto loss = [&](Seat viewer) {
    const std::vector<Json> found = events(s, viewer, {"bandit_loss"});
    REQUIRE(found.size() == 1);
    return found.front();
  };
  CHECK(loss(0)["card"] == "H12");  // the victim and the partner see the lost card
  CHECK(loss(2)["card"] == "H12");
  CHECK(loss(1)["seat"] == 0);
  CHECK_FALSE(loss(1).contains("card"));
}

TEST_CASE("T5 reaching the target wins at once", "[doublehunt][T5]") {  // R10, R12, G10
  auto position = [](const char* card) {
    return fixture({{"roles", {"pilot", nullptr, nullptr, nullptr}},
                    {"hands", {L({"S10", "S9", "S8", "S7"}), L({}), L({"H10", "H9", "H6", "D3"}), L({})}},
                    {"grid", {{"r2c3", card}}},
                    {"pieces", L({"r3c3", "r0c6", "r6c6", "r6c0"})},
                    {"phase", "move"},
                    {"die", 1}});
  };
  DoubleHuntState s = position("D8");
  CHECK(s.board().score(0) == 62);
  play(s, 0, "move r2c3");
  REQUIRE(s.over());
  CHECK(s.board().phase == Phase::game_over);
  CHECK(s.outcome().winners == std::vector<Seat>{0, 2});
  CHECK(s.outcome().reason == "target");
  CHECK(s.outcome().details["team_scores"]["A"] == 70);

  DoubleHuntState v = position("D7");
  play(v, 0, "move r2c3");
  CHECK_FALSE(v.over());
  CHECK(v.board().score(0) == 69);
  CHECK(v.board().phase == Phase::post_take);  // the Pilot may still fly
}

TEST_CASE("T6 exact cost and no revisit on a full grid", "[doublehunt][T6]") {  // R7, R8, R9, G1, G3
  auto at = [](int die) {
    return fixture({{"pieces", L({"r3c3", "r0c6", "r6c6", "r6c0"})}, {"phase", "move"}, {"die", die}});
  };
  CHECK(legal(at(2), 0) == moves_to({"r1c3", "r5c3", "r3c1", "r3c5", "r2c2", "r2c4", "r4c2", "r4c4"}));
  const Names three = legal(at(3), 0);
  CHECK(three.size() == 16);
  CHECK(three == moves_to({"r0c3", "r6c3", "r3c0", "r3c6", "r1c2", "r1c4", "r5c2", "r5c4", "r2c1", "r2c5",
                           "r4c1", "r4c5", "r2c3", "r4c3", "r3c2", "r3c4"}));
}

TEST_CASE("T7 empty squares cost 2, boosting out of a stay", "[doublehunt][T7]") {  // R7, R8, R8a, R9, G2, G4, G28
  auto at = [](int die) {
    return fixture({{"hands", {L({"S5"}), L({}), L({}), L({})}},
                    {"empty", L({"r0c1", "r1c0"})},
                    {"phase", "move"},
                    {"die", die}});
  };
  DoubleHuntState one = at(1);
  CHECK(legal(one, 0) == Names{"stay", "boost S5"});
  CHECK(rejects(one, 0, "move r0c1"));
  play(one, 0, "boost S5");
  CHECK(one.board().pile == cards(L({"S5"})));
  CHECK(legal(one, 0) == moves_to({"r0c1", "r1c0"}));
  CHECK(legal(at(2), 0) == with(moves_to({"r0c1", "r1c0"}), {"boost S5"}));
  CHECK(legal(at(3), 0) == with(moves_to({"r0c2", "r1c1", "r2c0"}), {"boost S5"}));
  CHECK(legal(at(4), 0) == with(moves_to({"r0c3", "r1c2", "r2c1", "r3c0"}), {"boost S5"}));
  DoubleHuntState two = at(2);
  play(two, 0, "move r0c1");
  CHECK(two.board().hand[0] == cards(L({"S5"})));  // nothing taken from an empty square
}

TEST_CASE("T8 the Advisor's extra move after stopping on an empty square", "[doublehunt][T8]") {  // R8, R21, G3, G6, G21
  DoubleHuntState s = fixture({{"roles", {nullptr, nullptr, "advisor", nullptr}},
                               {"hands", {L({"S5"}), L({}), L({}), L({})}},
                               {"empty", L({"r0c1", "r1c0"})}},
                              {1, 0});  // d = 2, then d' = 1
  const Card corner = s.board().card_at(Q("r0c0"));
  play(s, 0, "roll");
  play(s, 0, "move r0c1");
  CHECK(s.board().phase == Phase::advisor_prompt);
  CHECK(s.to_act() == std::vector<Seat>{2});
  CHECK(legal(s, 2) == Names{"advisor_extra_move", "advisor_decline"});
  CHECK(s.legal_actions(0).empty());
  play(s, 2, "advisor_extra_move");
  CHECK(s.board().phase == Phase::move);
  CHECK(s.to_act() == std::vector<Seat>{0});
  CHECK(s.board().die == 1);
  CHECK(s.board().boosts == 0);
  CHECK(legal(s, 0) == with(moves_to({"r0c0", "r0c2", "r1c1"}), {"boost S5"}));
  play(s, 0, "move r0c0");
  CHECK(s.board().hand[0].has(corner));  // G6: the start corner's card
  CHECK(s.board().active == 1);          // post_take offered only end_turn

  // An extra move that ends on an empty square gets no second prompt.
  DoubleHuntState t = fixture({{"roles", {nullptr, nullptr, "advisor", nullptr}},
                               {"empty", L({"r0c1", "r1c0", "r0c2"})},
                               {"pieces", L({"r0c3", "r0c6", "r6c6", "r6c0"})}},
                              {1, 1});  // d = 2, d' = 2
  play(t, 0, "roll");
  play(t, 0, "move r0c2");
  play(t, 2, "advisor_extra_move");
  play(t, 0, "move r0c1");  // from r0c2, r0c1 is empty: cost 2
  CHECK(t.board().active == 1);  // post_take had only end_turn: the turn ended by itself
  CHECK(t.board().phase == Phase::pre_roll);
}

TEST_CASE("T9 the Pilot flies in both windows, once each", "[doublehunt][T9]") {  // R15a, R16, G14, G16, G29
  DoubleHuntState s = fixture({{"roles", {"pilot", nullptr, nullptr, nullptr}},
                               {"hands", {L({"C4", "D2"}), L({}), L({}), L({})}}},
                              {0});  // d = 1
  const Card r2c3 = s.board().card_at(Q("r2c3"));
  play(s, 0, "pilot_fly C4");
  CHECK(s.board().pile == cards(L({"C4"})));
  CHECK(s.board().phase == Phase::pilot_choose);
  const Names lands = legal(s, 0);
  CHECK(lands.size() == 48);
  CHECK(lands.count("pilot_land r0c0") == 0);
  CHECK(lands.count("roll") == 0);
  play(s, 0, "pilot_land r3c3");
  CHECK(s.board().phase == Phase::pre_roll);
  CHECK(s.board().grid[Q("r3c3")] >= 0);  // no card taken
  CHECK(legal(s, 0) == Names{"roll"});    // the pre-roll window is used
  play(s, 0, "roll");
  CHECK(legal(s, 0) == with(moves_to({"r2c3", "r3c2", "r3c4", "r4c3"}), {"boost D2"}));
  play(s, 0, "move r2c3");
  CHECK(s.board().hand[0].has(r2c3));
  CHECK(legal(s, 0).count("pilot_fly D2") == 1);
  play(s, 0, "pilot_fly D2");
  play(s, 0, "pilot_land r6c6");
  // A third flight is illegal although the hand holds the r2c3 card: the turn ended itself.
  CHECK(s.board().piece[0] == Q("r6c6"));
  CHECK(s.board().active == 1);
  CHECK(s.board().phase == Phase::pre_roll);
}

TEST_CASE("T10 the Bandit's targets", "[doublehunt][T10]") {  // R18, G18
  const Json f = {{"roles", {nullptr, "bandit", nullptr, nullptr}},
                  {"hands", {L({"S1", "S2"}), L({"H1", "H2"}), L({"D1", "D2"}), L({})}},
                  {"pieces", L({"r2c3", "r2c2", "r3c3", "r6c0"})},
                  {"phase", "post_take"},
                  {"active", 1}};
  DoubleHuntState s = fixture(f, {0});
  CHECK(legal(s, 1) == Names{"end_turn", "bandit_raid 0 H1", "bandit_raid 0 H2"});  // seat 2 is 2 away
  play(s, 1, "bandit_raid 0 H1");
  CHECK(s.board().last_bandit_target == 0);

  Board later = s.board();  // a later turn of seat 1: both opponents adjacent
  later.phase = Phase::post_take;
  later.active = 1;
  later.piece[2] = Q("r1c2");
  CHECK(legal(DoubleHuntState(later), 1) == Names{"end_turn", "bandit_raid 2 H2"});
  later.piece[2] = Q("r5c5");  // only seat 0 adjacent: it was the previous target
  CHECK(legal(DoubleHuntState(later), 1) == Names{"end_turn"});
}

TEST_CASE("T11 the Scientist searches the pile once per game", "[doublehunt][T11]") {  // R12, R15a, R20, G20, G29
  const Json f = {{"roles", {nullptr, nullptr, "scientist", nullptr}},
                  {"pile", L({"S3", "D10", "H1", "C12", "S9"})},
                  {"active", 2}};
  DoubleHuntState s = fixture(f, {0});
  play(s, 2, "scientist_open");
  CHECK(s.board().phase == Phase::scientist_choose);
  CHECK(s.to_act() == std::vector<Seat>{2});
  CHECK(s.view(2)["sequence"]["pile"] == L({"S3", "S9", "H1", "D10", "C12"}));
  CHECK_FALSE(s.view(0)["sequence"].contains("pile"));
  CHECK(legal(s, 2) == Names{"scientist_take S3", "scientist_take D10", "scientist_take H1", "scientist_take C12",
                             "scientist_take S9"});
  play(s, 2, "scientist_take D10");
  CHECK(legal(s, 2) == Names{"scientist_take S3", "scientist_take H1", "scientist_take C12", "scientist_take S9"});
  play(s, 2, "scientist_take S9");
  CHECK(legal(s, 2).size() == 3);
  play(s, 2, "scientist_take H1");
  CHECK(s.board().phase == Phase::pre_roll);
  CHECK(s.board().hand[2] == cards(L({"D10", "S9", "H1"})));
  CHECK(s.view(1)["pile_count"] == 2);
  CHECK(s.view(0)["players"][2]["hand"] == L({"S9", "H1", "D10"}));
  for (Seat opp : {1, 3}) {
    CHECK(s.view(opp)["players"][2]["hand_count"] == 3);
    const std::vector<Json> takes = events(s, opp, {"scientist_take"});
    CHECK(takes.size() == 3);
    CHECK(no_card_named(takes));
  }
  CHECK(rejects(s, 2, "scientist_open"));
  play(s, 2, "roll");  // and never again: not in post_take, nor next turn
  CHECK(s.legal_actions(2).size() >= 1);
  for (const Json& a : s.legal_actions(2)) CHECK(a["type"] != "scientist_open");

  DoubleHuntState two = fixture({{"roles", {nullptr, nullptr, "scientist", nullptr}}, {"pile", L({"S3", "D10"})}, {"active", 2}});
  play(two, 2, "scientist_open");
  play(two, 2, "scientist_take S3");
  CHECK(two.board().phase == Phase::scientist_choose);
  play(two, 2, "scientist_take D10");
  CHECK(two.board().phase == Phase::pre_roll);

  // At 62, the target is checked only after the last take.
  DoubleHuntState win = fixture({{"roles", {nullptr, nullptr, "scientist", nullptr}},
                                 {"hands", {L({"S10", "H10", "C10", "D9", "C9"}), L({}), L({"H8", "C6"}), L({})}},
                                 {"pile", L({"S3", "D10", "H1", "C12", "S9"})},
                                 {"active", 2}});
  CHECK(win.board().score(0) == 62);
  play(win, 2, "scientist_open");
  play(win, 2, "scientist_take D10");
  CHECK_FALSE(win.over());
  CHECK(win.board().score(0) == 72);
  play(win, 2, "scientist_take S9");
  CHECK_FALSE(win.over());
  play(win, 2, "scientist_take H1");
  REQUIRE(win.over());
  CHECK(win.outcome().winners == std::vector<Seat>{0, 2});
  CHECK(win.outcome().details["team_scores"]["A"] == 82);
}

TEST_CASE("T12 the Necromancer raises a random discard", "[doublehunt][T12]") {  // R23, G23, G31
  const Json f = {{"roles", {nullptr, nullptr, nullptr, "necromancer"}},
                  {"pile", L({"C4", "D9"})},
                  {"empty", L({"r2c3"})},
                  {"pieces", L({"r0c0", "r0c6", "r6c6", "r3c3"})},
                  {"active", 3}};
  DoubleHuntState s = fixture(f, {1});
  CHECK(legal(s, 3) == Names{"roll", "necromancer_raise r2c3"});
  play(s, 3, "necromancer_raise r2c3");
  CHECK(s.board().card_at(Q("r2c3")) == C("C4"));  // D9, C4 in card-id order; index 1
  CHECK(s.view(3)["grid"][2][3] == "C4");
  for (Seat other : {0, 1, 2}) CHECK(s.view(other)["grid"][2][3] == "?");
  CHECK(s.view(kSpectator)["grid"][2][3] == "?");
  CHECK(s.view(1)["pile_count"] == 1);
  CHECK(rejects(s, 3, "necromancer_raise r2c3"));  // once per turn, and r2c3 holds a card now

  Json no_pile = f;
  no_pile["pile"] = Json::array();
  DoubleHuntState empty_pile = fixture(no_pile);
  CHECK(rejects(empty_pile, 3, "necromancer_raise r2c3"));
  Json no_empty = f;
  no_empty.erase("empty");
  DoubleHuntState full = fixture(no_empty);
  CHECK(legal(full, 3) == Names{"roll"});
}

TEST_CASE("T13 the Observer picks squares, then sees them together", "[doublehunt][T13]") {  // R15a, R17, G17, G30
  DoubleHuntState s = fixture({{"roles", {"observer", nullptr, nullptr, nullptr}},
                               {"hands", {L({"S4"}), L({}), L({}), L({})}},
                               {"only", L({"r1c1", "r5c5"})},
                               {"grid", {{"r1c1", "H7"}, {"r5c5", "C11"}}}});
  play(s, 0, "observer_peek S4");
  CHECK(s.board().pile == cards(L({"S4"})));
  CHECK(s.board().phase == Phase::observer_choose);
  CHECK(legal(s, 0) == Names{"observer_pick r1c1", "observer_pick r5c5"});
  play(s, 0, "observer_pick r5c5");
  CHECK(legal(s, 0) == Names{"observer_pick r1c1"});
  for (Seat v = kSpectator; v < kSeats; ++v) {
    const Json view = s.view(v);
    CHECK(view["sequence"]["picked"] == L({"r5c5"}));
    CHECK(view["grid"][5][5] == "?");  // G30: nothing shown before the last pick
  }
  play(s, 0, "observer_pick r1c1");
  CHECK(s.board().phase == Phase::pre_roll);
  for (Seat team : {0, 2}) {
    CHECK(s.view(team)["grid"][1][1] == "H7");
    CHECK(s.view(team)["grid"][5][5] == "C11");
  }
  for (Seat other : {1, 3, kSpectator}) {
    const Json v = s.view(other);
    CHECK(v["grid"][1][1] == "?");
    CHECK(v["grid"][5][5] == "?");
    CHECK(v["log"].back()["squares"] == L({"r5c5", "r1c1"}));
    CHECK(v.dump().find("H7") == std::string::npos);
  }

  DoubleHuntState full = fixture({{"roles", {"observer", nullptr, nullptr, nullptr}}, {"hands", {L({"S4"}), L({}), L({}), L({})}}});
  play(full, 0, "observer_peek S4");
  play(full, 0, "observer_pick r3c3");
  play(full, 0, "observer_pick r3c4");
  CHECK(full.board().phase == Phase::observer_choose);
  play(full, 0, "observer_pick r3c5");
  CHECK(full.board().phase == Phase::pre_roll);
}

TEST_CASE("T14 the Richman gives cards one at a time, once per turn", "[doublehunt][T14]") {  // R15a, R19, G19, G29
  const Json f = {{"roles", {nullptr, "richman", nullptr, nullptr}},
                  {"hands", {L({}), L({"H2", "H3", "S13"}), L({}), L({})}},
                  {"active", 1}};
  DoubleHuntState s = fixture(f, {3});  // d = 4
  const int team_b = s.board().score(1);
  play(s, 1, "richman_give H2");
  CHECK(s.board().phase == Phase::richman_giving);
  CHECK(legal(s, 1) == Names{"richman_give H3", "richman_give S13", "richman_give_end"});
  play(s, 1, "richman_give S13");
  play(s, 1, "richman_give_end");
  CHECK(s.board().phase == Phase::pre_roll);
  CHECK(s.board().hand[3] == cards(L({"H2", "S13"})));
  CHECK(s.board().score(1) == team_b);
  for (Seat opp : {0, 2}) {
    const std::vector<Json> gives = events(s, opp, {"richman_give"});
    CHECK(gives.size() == 2);
    CHECK(no_card_named(gives));
  }
  play(s, 1, "roll");
  CHECK(s.board().phase == Phase::move);
  CHECK(rejects(s, 1, "richman_give H3"));  // once per turn

  Json after = f;  // a give after the take is never legal
  after["phase"] = "post_take";
  DoubleHuntState post = fixture(after);
  CHECK(legal(post, 1) == Names{"end_turn"});
  CHECK(rejects(post, 1, "richman_give H3"));

  DoubleHuntState all = fixture(f);
  play(all, 1, "richman_give H2");
  play(all, 1, "richman_give H3");
  play(all, 1, "richman_give S13");
  CHECK(all.board().phase == Phase::pre_roll);  // the end applied itself
  CHECK(all.board().hand[1].empty());

  DoubleHuntState in_move = fixture(f, {3});
  play(in_move, 1, "roll");
  CHECK(legal(in_move, 1).count("richman_give H3") == 1);
  play(in_move, 1, "boost H2");
  CHECK(legal(in_move, 1).count("richman_give H3") == 0);
  CHECK(rejects(in_move, 1, "richman_give H3"));
  DoubleHuntState give_in_move = fixture(f, {3});
  play(give_in_move, 1, "roll");
  play(give_in_move, 1, "richman_give H3");
  play(give_in_move, 1, "richman_give_end");
  CHECK(give_in_move.board().phase == Phase::move);  // back where the give started
}

TEST_CASE("T15 the grid runs out", "[doublehunt][T15]") {  // R25, §7, G24
  auto position = [](const Json& team_a) {
    return fixture({{"roles", {nullptr, nullptr, nullptr, "observer"}},
                    {"hands", {team_a, L({"S8", "H8", "D8", "C8", "S7", "H7", "D7", "C5"}), L({}), L({})}},
                    {"only", L({"r2c0"})},
                    {"grid", {{"r2c0", "S2"}}},
                    {"pieces", L({"r0c0", "r0c6", "r6c6", "r3c0"})},
                    {"phase", "move"},
                    {"die", 1},
                    {"active", 3}});
  };
  DoubleHuntState s = position(L({"S10", "H10", "D10", "C10", "S9", "H6"}));
  CHECK(s.board().score(0) == 55);
  play(s, 3, "move r2c0");  // takes the last card; end_turn is the only action left
  REQUIRE(s.over());
  CHECK(s.outcome().reason == "grid_empty");
  CHECK(s.outcome().winners == std::vector<Seat>{1, 3});
  CHECK(s.outcome().details["team_scores"] == Json{{"A", 55}, {"B", 60}});

  DoubleHuntState draw = position(L({"S10", "H10", "D10", "C10", "S9", "H6", "D5"}));
  play(draw, 3, "move r2c0");
  REQUIRE(draw.over());
  CHECK(draw.outcome().winners.empty());
  CHECK(draw.outcome().details["winner_team"].is_null());
}

TEST_CASE("T16 boosting to a budget that has a destination", "[doublehunt][T16]") {  // R8, R8a, R9, G2, G28
  auto at = [](int die, const Json& hand) {
    return fixture({{"roles", {"pilot", nullptr, nullptr, nullptr}},
                    {"hands", {hand, L({}), L({}), L({})}},
                    {"empty", L({"r0c1", "r1c0", "r0c2", "r1c1", "r2c0"})},
                    {"phase", "move"},
                    {"die", die}});
  };
  SECTION("(a) no path costs 3, so no boost") {
    DoubleHuntState s = at(2, L({"S5"}));
    CHECK(legal(s, 0) == moves_to({"r0c1", "r1c0"}));
    CHECK(rejects(s, 0, "boost S5"));
  }
  SECTION("(b) two cards reach budget 4") {
    DoubleHuntState s = at(2, L({"S5", "S6"}));
    CHECK(legal(s, 0) == with(moves_to({"r0c1", "r1c0"}), {"boost S5", "boost S6"}));
    play(s, 0, "boost S5");
    CHECK(legal(s, 0) == Names{"boost S6"});
    play(s, 0, "boost S6");
    CHECK(legal(s, 0) == moves_to({"r0c2", "r1c1", "r2c0"}));
  }
  SECTION("(c) stay or boost") {
    DoubleHuntState s = at(3, L({"S5"}));
    CHECK(legal(s, 0) == Names{"stay", "boost S5"});
    play(s, 0, "boost S5");
    CHECK(legal(s, 0) == moves_to({"r0c2", "r1c1", "r2c0"}));
  }
  SECTION("(d) a forced stay and a forced end of turn") {
    Board b = at(3, L({})).board();
    b.phase = Phase::pre_roll;
    DoubleHuntState s(b, std::make_unique<Script>(std::vector<std::uint64_t>{2}));  // d = 3
    play(s, 0, "roll");
    CHECK(s.board().piece[0] == Q("r0c0"));
    CHECK(s.board().hand[0].empty());
    CHECK(s.board().active == 1);
    CHECK(s.board().phase == Phase::pre_roll);
    CHECK(events(s, 1, {"stay"}).size() == 1);
  }
}

TEST_CASE("T17 the Advisor's exchange, one swap at a time", "[doublehunt][T17]") {  // R15a, R22, G22, G29, G32, §6
  const Json f = {{"roles", {nullptr, nullptr, "advisor", nullptr}},
                  {"hands", {L({"H4", "H5"}), L({}), L({"S1", "S2", "S3"}), L({})}},
                  {"phase", "post_take"},
                  {"active", 2}};
  DoubleHuntState s = fixture(f);
  const int team_a = s.board().score(0);
  play(s, 2, "advisor_give S1");
  CHECK(s.board().phase == Phase::advisor_exchange);
  CHECK(legal(s, 2) == Names{"advisor_take H4", "advisor_take H5"});
  play(s, 2, "advisor_take H4");
  CHECK(legal(s, 2) == Names{"advisor_give S2", "advisor_give S3", "advisor_exchange_end"});
  CHECK(rejects(s, 2, "advisor_give H4"));  // G32: no giving back
  play(s, 2, "advisor_give S2");
  CHECK(legal(s, 2) == Names{"advisor_take H5"});
  CHECK(rejects(s, 2, "advisor_take S1"));
  play(s, 2, "advisor_take H5");
  CHECK(s.board().active == 3);  // the exchange and then the turn ended by themselves
  CHECK(s.board().phase == Phase::pre_roll);
  CHECK(s.board().hand[2] == cards(L({"S3", "H4", "H5"})));
  CHECK(s.board().hand[0] == cards(L({"S1", "S2"})));
  CHECK(s.board().score(0) == team_a);
  for (Seat opp : {1, 3}) {
    const std::vector<Json> moves = events(s, opp, {"advisor_give", "advisor_take"});
    CHECK(moves.size() == 4);
    CHECK(no_card_named(moves));
  }

  DoubleHuntState early = fixture(f);
  play(early, 2, "advisor_give S1");
  play(early, 2, "advisor_take H4");
  play(early, 2, "advisor_exchange_end");
  CHECK(early.board().hand[2] == cards(L({"S2", "S3", "H4"})));
  CHECK(early.board().hand[0] == cards(L({"S1", "H5"})));

  Json lonely = f;
  lonely["hands"][0] = Json::array();
  DoubleHuntState none = fixture(lonely);
  CHECK(legal(none, 2) == Names{"end_turn"});
}
