// Double Hunt: the deal re-derived from the seed, the options, the views of §6, the sealed
// grid cards, typed errors, and the destination search checked against brute force.
#include "protocol/drbg.h"
#include "rules/doublehunt/tests/doublehunt_fixture.h"
#include "tests/support/game_end.h"

using namespace nyan;
using namespace nyan::doublehunt;
using namespace nyan::doublehunt::test;

namespace {

// Every end of a self-avoiding path of cost exactly `left` (R7), by plain enumeration.
void brute(SquareMask empty, Square cur, int left, SquareMask visited, SquareMask& ends) {
  if (left == 0) {
    ends |= bit(cur);
    return;
  }
  for (Square next : neighbours(cur)) {
    const int cost = (empty & bit(next)) ? 2 : 1;
    if (!(visited & bit(next)) && cost <= left) brute(empty, next, left - cost, visited | bit(next), ends);
  }
}

SquareMask brute_destinations(SquareMask empty, Square start, int budget) {
  SquareMask ends = 0;
  brute(empty, start, budget, bit(start), ends);
  return ends;
}

SquareMask random_empty(SplitMix& rng, int percent) {
  SquareMask m = 0;
  for (Square s = 0; s < kSquares; ++s)
    if (static_cast<int>(rng.uniform(100)) < percent) m |= bit(s);
  return m;
}

// Plays random legal moves until `stop` holds or the game ends.
template <class Stop>
void play_until(State& s, Rng& rng, Stop stop) {
  while (!s.over() && !stop(s)) {
    auto m = random_move(s, rng);
    REQUIRE(m);
    nyan::test::must_apply(s, m->seat, m->action);
  }
}

}  // namespace

TEST_CASE("deal: re-derivable from the seed", "[doublehunt][setup]") {  // §3, RNG order, G6, G27
  const Game& g = nyan::test::game("doublehunt");
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    auto s = nyan::test::start(g, nyan::test::options(g, nullptr), seed);
    const Board& b = dh(*s).board();
    Drbg rng(seed_from_number(seed));
    std::vector<Card> cards(kCards);
    for (Card c = 0; c < kCards; ++c) cards[c] = c;
    rng.shuffle(cards);
    for (Square q = 0; q < kSquares; ++q) CHECK(b.card_at(q) == cards[q]);  // row-major
    CHECK(b.leftover == CardSet((std::uint64_t{1} << cards[49]) | (std::uint64_t{1} << cards[50]) |
                                (std::uint64_t{1} << cards[51])));
    const Seat first = static_cast<Seat>(rng.uniform(4));
    CHECK(b.first_seat == first);
    CHECK(s->to_act() == std::vector<Seat>{first});
    CHECK(b.phase == Phase::draft);
    CHECK(b.piece == std::array<Square, 4>{Q("r0c0"), Q("r0c6"), Q("r6c6"), Q("r6c0")});  // R1, G7
    for (Seat p = 0; p < kSeats; ++p) CHECK(b.hand[p].empty());
  }
  // A fixed first seat draws nothing after the shuffle: the first die is the next draw.
  auto s = nyan::test::start(g, nyan::test::options(g, {{"first_seat", 2}}), 5);
  for (const char* role : {"pilot", "observer", "bandit", "scientist"})
    nyan::test::must_apply(*s, s->to_act().front(), A(std::string("pick_role ") + role));
  Drbg rng(seed_from_number(5));
  std::vector<Card> cards(kCards);
  rng.shuffle(cards);
  const int die = static_cast<int>(rng.uniform(6)) + 1;
  nyan::test::must_apply(*s, 2, A("roll"));
  CHECK(dh(*s).board().die == die);
}

TEST_CASE("options: schema, defaults and errors naming the option", "[doublehunt][options]") {  // §2.4, G33
  const Game& g = nyan::test::game("doublehunt");
  CHECK(nyan::test::own_options(g, nullptr) ==
        Json{{"first_seat", "random"}, {"target_score", 70}, {"max_turns", 200}, {"max_boost", 6}});
  Json out;
  for (const auto& [name, bad] : std::vector<std::pair<std::string, Json>>{
           {"first_seat", 4}, {"first_seat", "north"}, {"max_boost", 13}, {"max_boost", -1},
           {"target_score", 0}, {"max_turns", 0}, {"max_turns", "many"}}) {
    Result r = g.normalize_options({{name, bad}}, out);
    REQUIRE_FALSE(r.is_ok());
    CHECK(r.error().code == RuleError::bad_option);
    CHECK(r.error().message.find(name) != std::string::npos);
  }
  CHECK(g.type().min_seats == 4);
  CHECK(g.type().max_seats == 4);
  auto s = nyan::test::start(g, nyan::test::options(g, {{"target_score", 30}, {"max_turns", 9}, {"max_boost", 0}}), 1);
  CHECK(dh(*s).board().target_score == 30);
  CHECK(dh(*s).board().max_turns == 9);
  CHECK(dh(*s).board().max_boost == 0);
}

TEST_CASE("max_boost caps the boosts of one move phase", "[doublehunt][G33]") {  // R8, G33
  auto at = [](int cap, int die) {
    return fixture({{"hands", {L({"S5", "S6", "S7"}), L({}), L({}), L({})}},
                    {"empty", L({"r0c1", "r1c0"})},
                    {"phase", "move"},
                    {"die", die},
                    {"options", {{"max_boost", cap}}}});
  };
  DoubleHuntState none = at(0, 1);
  CHECK(legal(none, 0) == Names{"stay"});  // no boost at all, so the stay is forced...
  DoubleHuntState one = at(1, 1);
  CHECK(legal(one, 0) == Names{"stay", "boost S5", "boost S6", "boost S7"});
  play(one, 0, "boost S6");
  CHECK(legal(one, 0) == Names{"move r0c1", "move r1c0"});  // k = max_boost
  CHECK(one.apply(0, A("boost S5")).error().message.find("max_boost") != std::string::npos);
  // With the cap at 12 the budget reaches 18 and the search stays exact.
  DoubleHuntState deep = fixture({{"hands", {L({"S1", "S2", "S3", "S4", "S5", "S6", "S7", "S8", "S9", "S10", "H1", "H2"}), L({}), L({}), L({})}},
                                  {"phase", "move"},
                                  {"die", 6},
                                  {"options", {{"max_boost", 12}}}});
  for (int k = 0; k < 12; ++k) play(deep, 0, "boost " + card_name(deep.board().hand[0].nth(0)));
  CHECK(deep.board().boosts == 12);
  CHECK(deep.board().targets == brute_destinations(deep.board().empty_squares(), Q("r0c0"), 18));
}

TEST_CASE("views follow the hidden-information table", "[doublehunt][views]") {  // §6, R13, R14, G11, G12, G25, G26
  DoubleHuntState s = fixture({{"roles", {"pilot", "observer", "bandit", "scientist"}},
                               {"hands", {L({"S10", "H2"}), L({"D4"}), L({"C7"}), L({"H13", "S1"})}},
                               {"pile", L({"D1", "D2"})},
                               {"pieces", L({"r3c3", "r0c6", "r6c6", "r6c0"})},
                               {"phase", "move"},
                               {"die", 1}});
  const Card taken = s.board().card_at(Q("r2c3"));
  play(s, 0, "move r2c3");
  const std::string name = card_name(taken);
  for (Seat team : {0, 2}) {
    const Json v = s.view(team);
    CHECK(v["players"][0]["hand"].size() == 3);  // own or partner hand, with the take
    CHECK(v["players"][2]["hand"] == L({"C7"}));
    CHECK_FALSE(v["players"][1].contains("hand"));
    CHECK_FALSE(v["players"][3].contains("hand"));
    CHECK(v["players"][3]["hand_count"] == 2);
    CHECK(v["scores"] == Json{{"A", team_score(cards(L({"S10", "H2", "C7"})) | CardSet(std::uint64_t{1} << taken))}});
    CHECK(v.dump().find("\"" + name + "\"") != std::string::npos);
  }
  for (Seat viewer : {1, 3, kSpectator}) {
    const Json v = s.view(viewer);
    CHECK(v["grid"][2][3].is_null());  // the square is empty for everyone
    CHECK(v["players"][0]["hand_count"] == 3);
    CHECK_FALSE(v["players"][0].contains("hand"));
    CHECK(v.dump().find("\"" + name + "\"") == std::string::npos);
    CHECK(v.dump().find("\"S10\"") == std::string::npos);
    CHECK_FALSE(v["scores"].contains("A"));
    CHECK(v["pile_count"] == 2);
    CHECK_FALSE(v.contains("pile"));
  }
  CHECK(s.view(kSpectator)["you"].is_null());
  CHECK(s.view(kSpectator)["scores"].empty());
  CHECK(s.view(3)["scores"].contains("B"));
  CHECK(s.view(1)["players"][3]["hand"] == L({"S1", "H13"}));
  CHECK(s.view(0)["grid"][3][3] == "?");
  CHECK(s.view(1)["players"][0]["role"] == "pilot");
}

TEST_CASE("game over reveals everything", "[doublehunt][views]") {  // §6, §7
  DoubleHuntState s = fixture({{"hands", {L({"S10", "S9", "S8", "S7"}), L({"C1"}), L({"H10", "H9", "H6", "D3"}), L({})}},
                               {"grid", {{"r2c3", "D8"}}},
                               {"pile", L({"C2"})},
                               {"pieces", L({"r3c3", "r0c6", "r6c6", "r6c0"})},
                               {"phase", "move"},
                               {"die", 1}});
  play(s, 0, "move r2c3");
  REQUIRE(s.over());
  const Json v = s.view(kSpectator);
  CHECK(v["phase"] == "game_over");
  CHECK(v["players"][1]["hand"] == L({"C1"}));
  CHECK(v["pile"] == L({"C2"}));
  CHECK(v["scores"] == Json{{"A", 70}, {"B", 1}});
  CHECK(v["grid"][0][0].is_string());
  CHECK(v["grid"][0][0] != "?");
  CHECK(v["outcome"]["reason"] == "target");
  CHECK(v["outcome"]["winners"] == Json{0, 2});
  CHECK(v["outcome"]["details"]["stats"]["first_team_won"] == 1);
  CHECK(v["to_act"].empty());
  for (const Sealed& x : s.sealed()) CHECK(x.revealed);
  CHECK(s.apply(1, A("roll")).error().code == RuleError::game_over);
  CHECK(s.legal_actions(1).empty());
}

TEST_CASE("sealed: 52 slots from the deal, opened as cards become known", "[doublehunt][sealed]") {  // §6
  const Game& g = nyan::test::game("doublehunt");
  auto s = nyan::test::start(g, nyan::test::options(g, {{"first_seat", 0}}), 11);
  std::vector<Sealed> sealed = s->sealed();
  REQUIRE(sealed.size() == 52);
  for (Square q = 0; q < kSquares; ++q) {
    CHECK(sealed[q].slot == "grid." + square_name(q));
    CHECK(sealed[q].value == card_name(dh(*s).board().card_at(q)));
    CHECK(sealed[q].known_to.empty());
    CHECK_FALSE(sealed[q].revealed);
  }
  CHECK(sealed[49].slot == "leftover.0");
  CHECK(sealed[51].slot == "leftover.2");
  for (const char* pick : {"pick_role observer", "pick_role richman", "pick_role necromancer", "pick_role advisor"})
    nyan::test::must_apply(*s, s->to_act().front(), A(pick));
  sealed = s->sealed();
  for (int i = 49; i < 52; ++i) CHECK(sealed[i].known_to == std::vector<Seat>{1, 3});  // R4: Richman = seat 1

  // An Observer peek opens the picked squares to the Observer's team after the last pick.
  DoubleHuntState t = fixture({{"roles", {"observer", nullptr, nullptr, nullptr}}, {"hands", {L({"S1"}), L({}), L({}), L({})}}});
  play(t, 0, "observer_peek S1");
  play(t, 0, "observer_pick r3c3");
  play(t, 0, "observer_pick r3c4");
  CHECK(t.sealed()[square_at(3, 3)].known_to.empty());  // G30
  play(t, 0, "observer_pick r3c5");
  CHECK(t.sealed()[square_at(3, 3)].slot == "grid.r3c3");
  CHECK(t.sealed()[square_at(3, 3)].known_to == std::vector<Seat>{0, 2});
  CHECK(t.sealed()[square_at(3, 5)].known_to == std::vector<Seat>{0, 2});
  CHECK(t.sealed()[square_at(3, 6)].known_to.empty());

  // A take opens the square's slot to the taker's team; a raise adds a slot for its card.
  DoubleHuntState u = fixture({{"roles", {nullptr, "necromancer", nullptr, nullptr}},
                               {"pile", L({"C4"})},
                               {"empty", L({"r1c6"})},
                               {"active", 1}},
                              {0, 0});
  play(u, 1, "necromancer_raise r1c6");
  const std::vector<Sealed> raised = u.sealed();
  REQUIRE(raised.size() == 49);  // 48 dealt cards in this fixture, then the raise
  CHECK(raised.back().slot == "raise.1");
  CHECK(raised.back().value == "C4");
  CHECK(raised.back().known_to == std::vector<Seat>{1});  // G23: not even the partner
  play(u, 1, "roll");  // d = 1
  play(u, 1, "move r1c6");
  CHECK(u.sealed().back().known_to == std::vector<Seat>{1, 3});
  CHECK(u.board().hand[1].has(C("C4")));
}

TEST_CASE("bad input: typed errors that change nothing", "[doublehunt][errors]") {
  DoubleHuntState s = fixture({{"roles", {"pilot", nullptr, nullptr, nullptr}},
                               {"hands", {L({"S5"}), L({}), L({}), L({})}}});
  const std::string before = nyan::test::bytes(s.debug_state());
  auto error = [&](Seat seat, const Json& a) { return s.apply(seat, a).error(); };
  CHECK(error(1, A("roll")).code == RuleError::not_your_turn);
  CHECK(error(4, A("roll")).code == RuleError::invalid_seat);
  CHECK(error(0, Json("roll")).code == RuleError::malformed_action);
  CHECK(error(0, {{"type", "dance"}}).code == RuleError::malformed_action);
  CHECK(error(0, {{"type", "roll"}, {"x", 1}}).code == RuleError::malformed_action);
  CHECK(error(0, {{"type", "pilot_fly"}}).code == RuleError::malformed_action);
  CHECK(error(0, {{"type", "pilot_fly"}, {"discard", 5}}).code == RuleError::malformed_action);
  CHECK(error(0, {{"type", "pilot_fly"}, {"discard", "S14"}}).code == RuleError::malformed_action);
  CHECK(error(0, {{"type", "move"}, {"to", "r7c0"}}).code == RuleError::malformed_action);
  CHECK(error(0, {{"type", "bandit_raid"}, {"target", 9}, {"discard", "S5"}}).code == RuleError::malformed_action);
  const Error not_held = error(0, A("pilot_fly H5"));
  CHECK(not_held.code == RuleError::illegal_action);
  CHECK(not_held.message == "you do not hold H5");
  CHECK(error(0, A("move r0c1")).message == "move is not possible in phase pre_roll");
  CHECK(error(0, A("observer_peek S5")).message == "observer_peek: you are not the Observer");
  CHECK(error(0, A("end_turn")).code == RuleError::illegal_action);
  CHECK(nyan::test::bytes(s.debug_state()) == before);
}

TEST_CASE("paths: the search finds exactly the brute-force destinations", "[doublehunt][R7]") {  // R7, G1, G3, G4, G5
  SplitMix rng(99);
  for (int board = 0; board < 40; ++board) {
    const SquareMask empty = random_empty(rng, static_cast<int>(rng.uniform(90)));
    for (int k = 0; k < 6; ++k) {
      const Square start = static_cast<Square>(rng.uniform(kSquares));
      const int max_budget = std::popcount(empty) > 20 ? 14 : 10;
      for (int budget = 1; budget <= max_budget; ++budget) {
        INFO("board " << board << " start " << square_name(start) << " budget " << budget);
        const SquareMask expected = brute_destinations(empty, start, budget);
        CHECK(destinations(empty, start, budget) == expected);
        CHECK(has_destination(empty, start, budget) == (expected != 0));
      }
    }
  }
}

TEST_CASE("paths: with two boosts left a boost can always be completed", "[doublehunt][R8]") {  // R8, R8a
  // The engine relies on this (doublehunt.cc, refresh_move): B + 1 or B + 2 has a destination
  // for every start and every board while B + 2 <= 18.
  SplitMix rng(7);
  for (int board = 0; board < 60; ++board) {
    const SquareMask empty = random_empty(rng, static_cast<int>(rng.uniform(101)));
    for (Square start = 0; start < kSquares; ++start)
      for (int budget = 1; budget <= 16; budget += 3)
        CHECK((has_destination(empty, start, budget + 1) || has_destination(empty, start, budget + 2)));
  }
}

TEST_CASE("no dead end: every seat to act has a legal action, forced steps never wait", "[doublehunt][R8a]") {  // R8a, §5
  const Game& g = nyan::test::game("doublehunt");
  SplitMix rng(3);
  for (std::uint64_t seed = 1; seed <= 30; ++seed) {
    auto s = nyan::test::start(g, nyan::test::options(g, {{"max_boost", static_cast<int>(seed % 13)}}), seed);
    play_until(*s, rng, [&](const State& st) {
      const std::vector<Json> legal = st.legal_actions(st.to_act().front());
      REQUIRE_FALSE(legal.empty());
      if (legal.size() == 1) {
        const Json& t = legal[0]["type"];
        CHECK(t != "stay");
        CHECK(t != "end_turn");
        CHECK(t != "richman_give_end");
        CHECK(t != "advisor_exchange_end");
      }
      return false;
    });
    CHECK(s->over());
  }
}

TEST_CASE("resample keeps what the viewer knows", "[doublehunt][leak]") {  // §6
  const Game& g = nyan::test::game("doublehunt");
  auto s = nyan::test::start(g, nyan::test::options(g, nullptr), 4);
  SplitMix rng(5);
  play_until(*s, rng, [](const State& st) { return dh(st).board().turn >= 30; });
  REQUIRE_FALSE(s->over());
  int changed = 0;
  for (int k = 0; k < 10; ++k) {
    auto other = s->resample(1, rng);
    CHECK(nyan::test::bytes(other->view(1)) == nyan::test::bytes(s->view(1)));
    const Board& a = dh(*s).board();
    const Board& b = dh(*other).board();
    CHECK(b.hand[1] == a.hand[1]);
    CHECK(b.hand[3] == a.hand[3]);
    CHECK(b.hand[0].size() == a.hand[0].size());
    CHECK(b.pile.size() == a.pile.size());
    CHECK(b.empty_squares() == a.empty_squares());
    changed += b.hand[0] != a.hand[0] || b.pile != a.pile;
  }
  CHECK(changed > 5);
}

// Forfeit: Double Hunt has none (a team game: the server has a bot move for a seat whose
// clock ran out instead), so the engine keeps the default and refuses one.
TEST_CASE("forfeit: refused, the game goes on", "[doublehunt][forfeit]") {
  const Game& g = nyan::test::game("doublehunt");
  CHECK_FALSE(g.type().forfeits);
  auto s = nyan::test::start(g, nyan::test::options(g, nullptr), 3);
  nyan::test::require_no_forfeits(*s);
}
