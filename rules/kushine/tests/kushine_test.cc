// Kushine-go Departs: the test scenarios K1-K15 of the rules doc (§9). Positions are built
// from compact fixtures; every check cites its rule.
#include "rules/kushine/tests/kushine_fixture.h"
#include "tests/support/game_end.h"
#include "tests/support/json_schema.h"

using namespace nyan;
using namespace nyan::kushine;
using namespace nyan::kushine::test;
using nyan::test::contains;
using nyan::test::must_apply;

namespace {

std::vector<Officer> officers(const KushineState& s) {
  std::vector<Officer> out;
  for (const Player& p : s.board().seats) out.push_back(p.officer);
  std::sort(out.begin(), out.end());
  return out;
}

void require_loss(const KushineState& s, const std::string& reason) {
  REQUIRE(s.over());
  const Outcome o = s.outcome();
  CHECK(o.winners.empty());
  CHECK(o.reason == reason);
  CHECK(o.details["result"] == "loss");
}

// The cards of a multiset as sorted names, for piles whose order is random.
Json sorted(Json cards) {
  std::sort(cards.begin(), cards.end());
  return cards;
}

}  // namespace

TEST_CASE("K1 setup", "[kushine][K1]") {  // §3, G2, G22
  const Game& g = nyan::test::game("kushine");
  for (int players : {3, 4}) {
    for (std::uint64_t seed = 1; seed <= 5; ++seed) {
      auto st = nyan::test::start(g, nyan::test::options(g, {{"players", players}}), seed);
      const KushineState& s = as_kushine(*st);
      const Board& b = s.board();
      if (players == 3)
        CHECK(officers(s) == std::vector<Officer>{Officer::captain, Officer::mate, Officer::doctor});  // G2
      else
        CHECK(officers(s) == std::vector<Officer>{Officer::captain, Officer::mate, Officer::boatswain, Officer::doctor});
      REQUIRE(pile_ids(s) == std::vector<int>{1, 2, 3});
      std::array<int, kKinds> all{};
      const std::array<int, 3> nuisance_per_pile = {2, 3, 3};  // G22
      for (int p = 0; p < 3; ++p) {
        int nuisance = 0, other = 0;
        for (const Card& c : b.piles[p].cards) {
          all[static_cast<int>(c.kind)]++;
          (is_nuisance(c.kind) ? nuisance : other)++;
        }
        CHECK(nuisance == nuisance_per_pile[p]);
        CHECK(other == 8);
      }
      CHECK(b.piles[0].cards.size() == 10);
      CHECK(b.piles[1].cards.size() == 11);
      CHECK(b.piles[2].cards.size() == 11);
      CHECK(all == std::array<int, kKinds>{5, 5, 5, 5, 4, 4, 4});
      for (const Player& p : b.seats) {
        CHECK(total(p.hand) == 0);
        CHECK_FALSE(p.used);
      }
      CHECK(b.pier == std::array<int, kTypes>{});
      CHECK(b.active == b.seat_of(Officer::captain));  // §3.4
      CHECK(s.to_act() == std::vector<Seat>{b.seat_of(Officer::captain)});
      CHECK(b.actions_left == 2);
      CHECK(b.next_pile_id == 4);
    }
  }
}

TEST_CASE("K2 drawing, action count, hand limit", "[kushine][K2]") {  // R2, R3, R4, G5
  KushineState s = fixture({{"piles",
                             {{"p1", L({"cook", "mouse", "sailor", "guard"})},
                              {"p2", L({"passenger", "passenger", "guard"})},
                              {"p3", L({"sailor", "cook", "mouse"})}}}});
  must_apply(s, 0, draw(1));
  CHECK(s.board().seats[0].hand == hand_of(L({"cook"})));
  CHECK(s.board().actions_left == 1);
  must_apply(s, 0, draw(1));
  CHECK(s.board().seats[0].hand == hand_of(L({"cook", "mouse"})));
  CHECK(pile(s, 1) == L({"sailor", "guard"}));
  CHECK(s.to_act() == std::vector<Seat>{1});  // R3: the turn passes by itself
  CHECK(s.board().active == 1);
  CHECK(s.board().actions_left == 2);
  for (Seat other : {1, 2}) {  // R4: only the drawer learns the card
    const Json v = s.view(other);
    CHECK(v["seats"][0]["hand_count"] == 2);
    CHECK_FALSE(v["seats"][0].contains("hand"));
    int draws = 0;
    for (const Json& e : v["log"])
      if (e["type"] == "draw") {
        ++draws;
        CHECK(e["seat"] == 0);
        CHECK(e["pile"] == 1);
        CHECK_FALSE(e.contains("card"));
      }
    CHECK(draws == 2);
  }
  CHECK(s.view(0)["seats"][0]["hand"] == Json{{"cook", 1}, {"mouse", 1}});

  // The Mate at 3 cards: exactly 10 game actions (G5: no draw at 3 cards).
  KushineState m = fixture({{"active", 1},
                            {"hands", {{"1", L({"cook", "cook", "mouse"})}, {"0", L({"guard"})}}},
                            {"piles", {{"p1", L({"cook", "guard"})}, {"p2", L({"sailor", "mouse"})}, {"p3", L({"cook", "cook"})}}}});
  std::vector<Json> expected;
  for (const char* card : {"cook", "mouse"})
    for (int p = 1; p <= 3; ++p) expected.push_back(ret(card, p));
  expected.push_back(place("cook"));
  for (int p = 1; p <= 3; ++p) expected.push_back(mate_peek(p));
  std::vector<Json> legal = game_actions(m, 1);
  CHECK(legal.size() == 10);
  for (const Json& a : expected) CHECK(contains(legal, a));
  CHECK(rejected(m, 1, draw(1)) == RuleError::illegal_action);
  CHECK(message(m, 1, draw(1)) == "your hand is full (3 cards)");
  CHECK(rejected(m, 1, receive()) == RuleError::illegal_action);
  CHECK(rejected(m, 1, exterminate(1, 2)) == RuleError::illegal_action);
  CHECK(rejected(m, 1, boatswain_place("cook", "cook")) == RuleError::illegal_action);
}

TEST_CASE("K3 tanuki resolves", "[kushine][K3]") {  // R11, R13, R14, G7, G21
  const Json f = {{"piles",
                   {{"p1", L({"tanuki", "guard", "mouse"})},
                    {"p2", L({"cook", "sailor"})},
                    {"p3", L({"matatabi", "passenger", "passenger"})}}}};
  KushineState s = fixture(f);
  must_apply(s, 0, draw(1));
  CHECK(s.board().phase == Phase::await_captain);
  CHECK(s.to_act() == std::vector<Seat>{0});
  for (Seat v : {kSpectator, 1, 2}) {  // R11 step 1: shown to all
    const Json last = s.view(v)["log"].back();
    CHECK(last["type"] == "draw");
    CHECK(last["card"] == "tanuki");
  }
  must_apply(s, 0, captain_decide(false));
  CHECK(pile_ids(s) == std::vector<int>{1, 2, 3, 4});
  CHECK(pile(s, 4) == shuffled(L({"guard", "cook", "matatabi"})));  // collected in pile id order
  CHECK(sorted(pile(s, 4)) == sorted(L({"guard", "cook", "matatabi"})));
  CHECK(pile(s, 1) == L({"mouse"}));
  CHECK(pile(s, 2) == L({"sailor"}));
  CHECK(pile(s, 3) == L({"passenger", "passenger"}));
  CHECK(s.board().removed[static_cast<int>(Kind::tanuki)] == 1);
  CHECK(s.board().removed[static_cast<int>(Kind::matatabi)] == 0);  // G21: moved, not drawn
  REQUIRE_FALSE(s.over());
  CHECK(s.board().phase == Phase::act);
  CHECK(s.board().actions_left == 1);
  CHECK(total(s.board().seats[0].hand) == 0);
  CHECK_FALSE(s.board().seats[0].used);

  SECTION("variant: a one-card pile empties") {  // R14
    Json g = f;
    g["piles"]["p2"] = L({"cook"});
    KushineState v = fixture(g);
    must_apply(v, 0, draw(1));
    must_apply(v, 0, captain_decide(false));
    CHECK(v.board().pile(2)->cards.empty());
    require_loss(v, "pile_empty");
  }
}

TEST_CASE("K4 the captain cancels", "[kushine][K4]") {  // R11, R15, R16, G13, G17
  KushineState s = fixture({{"piles",
                             {{"p1", L({"tanuki", "guard", "mouse"})},
                              {"p2", L({"cook", "sailor"})},
                              {"p3", L({"matatabi", "passenger", "passenger"})}}},
                            {"hands", {{"1", L({"mouse"})}, {"2", L({"mouse"})}}}});
  must_apply(s, 0, draw(1));
  must_apply(s, 0, captain_decide(true));
  CHECK(pile(s, 1) == L({"guard", "mouse"}));
  CHECK(pile(s, 2) == L({"cook", "sailor"}));
  CHECK(pile(s, 3) == L({"matatabi", "passenger", "passenger"}));
  CHECK(pile_ids(s) == std::vector<int>{1, 2, 3});
  CHECK(s.board().removed[static_cast<int>(Kind::tanuki)] == 1);
  CHECK(s.board().seats[0].used);                    // face down
  CHECK(s.view(2)["seats"][0]["face_up"] == false);
  CHECK(s.board().actions_left == 1);                // R16: not an action; G13: this turn keeps 2
  must_apply(s, 0, draw(2));
  must_apply(s, 1, ret("mouse", 1));
  must_apply(s, 1, draw(1));
  must_apply(s, 2, ret("mouse", 1));
  must_apply(s, 2, draw(1));
  CHECK(s.board().active == 0);
  CHECK(s.board().actions_left == 1);  // G13: from the next turn

  SECTION("variant: hard, the Mate already used its ability") {  // G17
    KushineState h = fixture({{"difficulty", "hard"},
                              {"used", L({"mate"})},
                              {"piles",
                               {{"p1", L({"tanuki", "guard", "mouse"})},
                                {"p2", L({"cook", "sailor"})},
                                {"p3", L({"matatabi", "passenger", "passenger"})}}}});
    must_apply(h, 0, draw(1));
    CHECK(h.board().phase == Phase::act);  // no await_captain
    CHECK(pile(h, 4) == shuffled(L({"guard", "cook", "matatabi"})));
    CHECK(pile(h, 1) == L({"mouse"}));
    CHECK_FALSE(h.board().seats[0].used);
  }
}

TEST_CASE("K5 matatabi and the doctor", "[kushine][K5]") {  // R12, R19, G14
  const Json f = {{"active", 1},
                  {"piles",
                   {{"p1", L({"guard", "mouse", "cook"})},
                    {"p2", L({"sailor", "cook"})},
                    {"p3", L({"matatabi", "passenger", "sailor", "cook"})}}}};
  for (bool cancel : {false, true}) {
    KushineState s = fixture(f);
    must_apply(s, 1, draw(3));
    CHECK(s.board().phase == Phase::await_doctor);
    CHECK(s.to_act() == std::vector<Seat>{2});  // the Doctor, not the active seat
    CHECK(game_actions(s, 1).empty());
    CHECK(game_actions(s, 2) == std::vector<Json>{doctor_decide(false), doctor_decide(true)});
    must_apply(s, 2, doctor_decide(cancel));
    if (cancel) {
      CHECK(pile(s, 3) == L({"passenger", "sailor", "cook"}));
      CHECK(s.board().seats[2].used);
    } else {
      CHECK(pile(s, 3) == shuffled(L({"passenger", "sailor", "cook"})));  // top first, RNG order
      CHECK_FALSE(s.board().seats[2].used);
    }
    CHECK(s.board().removed[static_cast<int>(Kind::matatabi)] == 1);
    CHECK(total(s.board().seats[1].hand) == 0);
    CHECK(s.board().actions_left == 1);
    CHECK(s.to_act() == std::vector<Seat>{1});
    must_apply(s, 1, draw(1));
    CHECK(s.board().active == 2);
    CHECK(s.board().actions_left == (cancel ? 1 : 2));  // G13
  }
}

TEST_CASE("K6 boarding and the optional merge", "[kushine][K6]") {  // R6, R9, R10, G11, G12
  const Json f = {{"pier", {{"passenger", 4}}},
                  {"hands", {{"0", L({"passenger"})}}},
                  {"piles",
                   {{"p1", L({"cook", "mouse"})}, {"p2", L({"guard", "sailor", "tanuki"})}, {"p3", L({"mouse", "cook"})}}}};
  KushineState s = fixture(f);
  must_apply(s, 0, place("passenger"));
  CHECK(s.board().boarded[static_cast<int>(Kind::passenger)]);
  CHECK(s.board().pier[static_cast<int>(Kind::passenger)] == 0);  // the 5 leave the game
  CHECK(s.view(1)["boarded"] == L({"passenger"}));
  CHECK(s.board().phase == Phase::await_merge);
  CHECK(s.to_act() == std::vector<Seat>{0});
  must_apply(s, 0, merge(2, 1));
  CHECK(pile(s, 1) == L({"guard", "sailor", "tanuki", "cook", "mouse"}));
  CHECK(pile_ids(s) == std::vector<int>{1, 3});
  CHECK(s.board().removed[static_cast<int>(Kind::tanuki)] == 0);  // G11: not drawn
  CHECK(s.board().phase == Phase::act);
  CHECK(s.board().actions_left == 1);

  KushineState k = fixture(f);
  must_apply(k, 0, place("passenger"));
  must_apply(k, 0, skip_merge());
  CHECK(pile_ids(k) == std::vector<int>{1, 2, 3});
  CHECK(pile(k, 2) == L({"guard", "sailor", "tanuki"}));

  KushineState m = fixture({{"hands", {{"0", L({"mouse", "cook"})}}}, {"piles", {{"p1", L({"cook", "mouse"})}}}});
  CHECK(rejected(m, 0, place("mouse")) == RuleError::illegal_action);  // R6
  CHECK(message(m, 0, place("mouse")) == "a mouse can never be placed on the pier");
}

TEST_CASE("K7 mouse extermination", "[kushine][K7]") {  // R8, R9, G12
  const Json f = {{"active", 1},
                  {"hands", {{"1", L({"mouse", "mouse", "mouse"})}}},
                  {"piles", {{"p1", L({"cook"})}, {"p2", L({"guard", "sailor"})}, {"p3", L({"passenger"})}}}};
  KushineState s = fixture(f);
  CHECK(rejected(s, 1, exterminate()) == RuleError::illegal_action);  // G12: mandatory merge
  must_apply(s, 1, exterminate(3, 1));
  CHECK(pile(s, 1) == L({"passenger", "cook"}));
  CHECK(pile_ids(s) == std::vector<int>{1, 2});
  CHECK(total(s.board().seats[1].hand) == 0);
  CHECK(s.view(kSpectator)["removed"]["mouse"] == 3);  // public
  CHECK(s.view(0)["seats"][1]["hand_count"] == 0);

  KushineState one = fixture({{"active", 1},
                              {"hands", {{"1", L({"mouse", "mouse", "mouse"})}}},
                              {"piles", {{"p1", L({"cook", "guard"})}}}});
  CHECK(contains(one.legal_actions(1), exterminate()));
  // The form random games do not reach (tests/conformance/action_forms_test.cc): every action
  // offered here has the shape the catalog publishes.
  const Json schema = catalog_entry(nyan::test::game("kushine").type())["actions"];
  for (const Json& a : one.legal_actions(1)) CHECK_FALSE(nyan::test::schema_problem(schema, a));
  must_apply(one, 1, exterminate());
  CHECK(pile(one, 1) == L({"cook", "guard"}));

  KushineState two = fixture({{"active", 1},
                              {"hands", {{"1", L({"mouse", "mouse", "cook"})}}},
                              {"piles", {{"p1", L({"cook"})}, {"p2", L({"guard"})}}}});
  CHECK(rejected(two, 1, exterminate(2, 1)) == RuleError::illegal_action);
  CHECK(message(two, 1, exterminate(2, 1)) == "exterminating needs 3 mice in hand");
}

TEST_CASE("K8 receive", "[kushine][K8]") {  // R7, G4, G10
  const Json f = {{"active", 1},
                  {"hands", {{"1", L({"cook"})}, {"0", L({"guard", "mouse"})}}},
                  {"piles", {{"p1", L({"cook", "guard"})}, {"p2", L({"sailor", "mouse"})}, {"p3", L({"cook", "cook"})}}}};
  KushineState s = fixture(f);
  CHECK(s.board().giver() == 0);  // G4: the previous seat
  must_apply(s, 1, receive());
  CHECK(s.board().phase == Phase::await_give);
  CHECK(s.to_act() == std::vector<Seat>{0});
  const std::vector<Json> gives = game_actions(s, 0);
  CHECK(gives == std::vector<Json>{give("guard"), give("mouse")});
  CHECK(rejected(s, 2, give("guard")) == RuleError::illegal_action);  // never S2
  CHECK(rejected(s, 1, give("cook")) == RuleError::illegal_action);   // the receiver does not choose
  must_apply(s, 0, give("mouse"));
  CHECK(s.board().seats[1].hand == hand_of(L({"cook", "mouse"})));
  CHECK(s.board().seats[0].hand == hand_of(L({"guard"})));
  CHECK(s.board().actions_left == 1);
  const Json v2 = s.view(2);
  CHECK(v2["seats"][0]["hand_count"] == 1);
  CHECK(v2["seats"][1]["hand_count"] == 2);
  CHECK(v2["log"].back()["type"] == "give");
  CHECK_FALSE(v2["log"].back().contains("card"));
  CHECK(s.view(0)["log"].back()["card"] == "mouse");
  CHECK(s.view(1)["log"].back()["card"] == "mouse");

  Json empty = f;
  empty["hands"]["0"] = Json::array();
  KushineState e = fixture(empty);
  CHECK(rejected(e, 1, receive()) == RuleError::illegal_action);
  CHECK(message(e, 1, receive()) == "seat 0 (your right-hand neighbour) holds no card");
  Json full = f;
  full["hands"]["1"] = L({"cook", "cook", "sailor"});
  KushineState u = fixture(full);
  CHECK(rejected(u, 1, receive()) == RuleError::illegal_action);

  // R3: a receive as the last action keeps the turn until the card is given.
  KushineState last = fixture(f);
  must_apply(last, 1, ret("cook", 3));
  must_apply(last, 1, receive());
  CHECK(last.board().active == 1);
  must_apply(last, 0, give("guard"));
  CHECK(last.board().active == 2);
}

TEST_CASE("K9 six piles", "[kushine][K9]") {  // R11, R14
  const Json f = {{"used", L({"captain"})},
                  {"piles",
                   {{"p1", L({"tanuki", "cook", "guard"})},
                    {"p2", L({"sailor", "mouse"})},
                    {"p3", L({"passenger", "cook"})},
                    {"p4", L({"guard", "sailor"})},
                    {"p5", L({"mouse", "passenger"})}}}};
  KushineState s = fixture(f);
  must_apply(s, 0, draw(1));
  CHECK(pile_ids(s) == std::vector<int>{1, 2, 3, 4, 5, 6});
  CHECK(sorted(pile(s, 6)) == sorted(L({"cook", "sailor", "passenger", "guard", "mouse"})));
  for (int p = 1; p <= 5; ++p) CHECK(pile(s, p).size() == 1);
  require_loss(s, "six_piles");
  CHECK(s.outcome().details["reasons"] == Json{"six_piles"});

  Json both = f;  // §7: a sixth pile and an empty one at once
  both["piles"]["p2"] = L({"sailor"});
  KushineState e = fixture(both);
  must_apply(e, 0, draw(1));
  require_loss(e, "six_piles");
  CHECK(e.outcome().details["reasons"] == Json{"six_piles", "pile_empty"});

  Json g = f;
  g.erase("used");
  KushineState c = fixture(g);
  must_apply(c, 0, draw(1));
  must_apply(c, 0, captain_decide(true));
  CHECK(pile_ids(c) == std::vector<int>{1, 2, 3, 4, 5});
  CHECK(pile(c, 1) == L({"cook", "guard"}));
  CHECK_FALSE(c.over());
}

TEST_CASE("K10 drawing a pile's last card", "[kushine][K10]") {  // R4, R14, G8
  KushineState s = fixture({{"hands", {{"0", L({"guard", "guard"})}}},
                            {"piles", {{"p1", L({"sailor", "mouse"})}, {"p2", L({"cook"})}}}});
  must_apply(s, 0, draw(2));
  CHECK(s.board().seats[0].hand == hand_of(L({"guard", "guard", "cook"})));
  require_loss(s, "pile_empty");
  CHECK(s.outcome().details["level_achieved"] == "none");
}

TEST_CASE("K11 the first mate peeks", "[kushine][K11]") {  // R17, G15
  const Json f = {{"active", 1},
                  {"piles", {{"p1", L({"cook", "guard"})}, {"p2", L({"tanuki", "cook", "sailor"})}, {"p3", L({"mouse", "cook"})}}}};
  KushineState s = fixture(f);
  must_apply(s, 1, mate_peek(2));
  CHECK(s.board().phase == Phase::await_peek);
  CHECK(s.to_act() == std::vector<Seat>{1});
  CHECK(s.view(1)["peek"]["card"] == "tanuki");
  for (Seat v : {kSpectator, 0, 2}) {
    CHECK(s.view(v)["peek"] == Json{{"seat", 1}, {"pile", 2}, {"to", nullptr}});
    CHECK(s.view(v)["log"].back() == Json{{"type", "mate_peek"}, {"seat", 1}, {"pile", 2}, {"n", s.view(v)["log"].back()["n"]}});
  }
  must_apply(s, 1, mate_decide("bottom"));
  CHECK(pile(s, 2) == L({"cook", "sailor", "tanuki"}));
  CHECK(s.board().removed[static_cast<int>(Kind::tanuki)] == 0);
  CHECK(s.board().seats[1].used);
  CHECK(s.board().actions_left == 1);
  CHECK(s.view(0)["peek"]["to"] == "bottom");
  CHECK_FALSE(s.view(0)["peek"].contains("card"));

  SECTION("variant: take the tanuki") {
    KushineState t = fixture(f);
    must_apply(t, 1, mate_peek(2));
    must_apply(t, 1, mate_decide("hand"));
    CHECK(t.view(0)["peek"]["card"] == "tanuki");  // revealed at once
    CHECK(t.board().phase == Phase::await_captain);
    CHECK(t.to_act() == std::vector<Seat>{0});
    must_apply(t, 0, captain_decide(false));
    CHECK(pile(t, 4) == shuffled(L({"cook", "cook", "mouse"})));
    CHECK(total(t.board().seats[1].hand) == 0);
    CHECK(t.board().actions_left == 1);
  }
  SECTION("variant: a full hand cannot take") {  // G5
    Json g = f;
    g["hands"] = {{"1", L({"cook", "cook", "guard"})}};
    KushineState t = fixture(g);
    must_apply(t, 1, mate_peek(2));
    CHECK(game_actions(t, 1) == std::vector<Json>{mate_decide("bottom")});
    CHECK(rejected(t, 1, mate_decide("hand")) == RuleError::illegal_action);
  }
}

TEST_CASE("K12 boatswain double placement", "[kushine][K12]") {  // R10, R18, G16, G23
  const Json f = {{"players", 4},
                  {"active", 2},
                  {"pier", {{"passenger", 4}, {"guard", 4}}},
                  {"hands", {{"2", L({"passenger", "guard"})}, {"3", L({"cook"})}, {"0", L({"cook"})}, {"1", L({"cook"})}}},
                  {"piles", {{"p1", L({"cook", "mouse"})}, {"p2", L({"sailor"})}, {"p3", L({"mouse", "cook"})}}}};
  KushineState s = fixture(f);
  must_apply(s, 2, boatswain_place("passenger", "guard"));
  CHECK(s.board().boarded[static_cast<int>(Kind::passenger)]);
  CHECK(s.board().boarded[static_cast<int>(Kind::guard)]);
  CHECK(s.board().phase == Phase::await_merge);
  CHECK(s.board().merges_pending == 2);
  must_apply(s, 2, merge(3, 2));
  CHECK(pile(s, 2) == L({"mouse", "cook", "sailor"}));
  CHECK(s.board().phase == Phase::await_merge);
  must_apply(s, 2, merge(2, 1));
  CHECK(pile(s, 1) == L({"mouse", "cook", "sailor", "cook", "mouse"}));
  CHECK(pile_ids(s) == std::vector<int>{1});
  CHECK(s.board().seats[2].used);
  CHECK(s.board().actions_left == 1);
  must_apply(s, 2, draw(1));
  for (Seat p : {3, 0, 1}) {
    must_apply(s, p, ret("cook", 1));
    must_apply(s, p, draw(1));
  }
  CHECK(s.board().active == 2);
  CHECK(s.board().actions_left == 1);  // G13

  // G16: any two nyanko, named in either order; the boardings still follow pier order (G23).
  KushineState r = fixture(f);
  CHECK(r.canonical_action(2, boatswain_place("guard", "passenger")) == boatswain_place("passenger", "guard"));
  must_apply(r, 2, boatswain_place("guard", "passenger"));
  CHECK(r.board().boarded[static_cast<int>(Kind::passenger)]);
  CHECK(r.board().boarded[static_cast<int>(Kind::guard)]);
  CHECK(r.board().merges_pending == 2);
  CHECK(r.board().seats[2].hand == Hand{});
}

TEST_CASE("K13 final boarding and difficulty", "[kushine][K13]") {  // R20, G17, G24
  const Json f = {{"players", 4},
                  {"difficulty", "normal"},
                  {"active", 2},
                  {"used", L({"captain"})},
                  {"boarded", L({"passenger", "guard", "sailor"})},
                  {"pier", {{"cook", 4}}},
                  {"hands", {{"2", L({"cook"})}}},
                  {"removed", {{"tanuki", 3}, {"matatabi", 3}}},
                  {"piles", {{"p1", L({"mouse", "tanuki", "mouse"})}, {"p2", L({"matatabi", "mouse", "mouse"})}}}};
  SECTION("(a) merge to one pile: win at level hard") {
    KushineState s = fixture(f);
    must_apply(s, 2, place("cook"));
    CHECK(s.board().phase == Phase::await_merge);
    must_apply(s, 2, merge(2, 1));
    REQUIRE(s.over());
    const Outcome o = s.outcome();
    CHECK(o.winners == std::vector<Seat>{0, 1, 2, 3});
    CHECK(o.reason == "all_boarded");
    CHECK(o.details["level_achieved"] == "hard");
    CHECK(o.details["stats"]["team_won"] == 1);
    CHECK(o.details["stats"]["level_hard"] == 1);
  }
  SECTION("(b) skip: two piles, level easy, a loss at normal") {
    KushineState s = fixture(f);
    must_apply(s, 2, place("cook"));
    must_apply(s, 2, skip_merge());
    require_loss(s, "difficulty_not_met");
    CHECK(s.outcome().details["level_achieved"] == "easy");
    CHECK(s.outcome().details["stats"]["team_won"] == 0);
    CHECK(s.outcome().details["stats"]["level_easy"] == 1);  // a win at easy, not at normal
    CHECK(s.outcome().details["stats"]["level_normal"] == 0);
  }
  SECTION("(b) with difficulty easy is a win") {
    Json g = f;
    g["difficulty"] = "easy";
    KushineState s = fixture(g);
    must_apply(s, 2, place("cook"));
    must_apply(s, 2, skip_merge());
    REQUIRE(s.over());
    CHECK(s.outcome().reason == "all_boarded");
    CHECK(s.outcome().winners.size() == 4);
  }
}

TEST_CASE("K14 communication", "[kushine][K14]") {  // R21, G19
  KushineState s = fixture({{"hands", {{"1", L({"cook", "passenger", "mouse"})}}},
                            {"piles", {{"p1", L({"cook", "guard"})}, {"p2", L({"sailor", "mouse"})}}}});
  must_apply(s, 1, say_hand());
  const Json said = s.view(2)["log"].back();
  CHECK(said["type"] == "say");
  CHECK(said["seat"] == 1);
  CHECK(said["nyanko"] == 2);  // computed from the real hand
  CHECK(said["mice"] == 1);
  CHECK(s.view(kSpectator)["seats"][1]["said"]["nyanko"] == 2);
  must_apply(s, 1, say_want("nyanko"));
  CHECK(rejected(s, 1, say_want("cook")) == RuleError::malformed_action);
  CHECK(rejected(s, 1, {{"type", "say"}, {"topic", "text"}, {"text", "I have 2 passengers"}}) ==
        RuleError::malformed_action);
  CHECK(s.board().phase == Phase::act);
  CHECK(s.board().active == 0);
  CHECK(s.board().actions_left == 2);
  CHECK(s.to_act() == std::vector<Seat>{0});
}

TEST_CASE("K15 the two-player variant", "[kushine][K15]") {  // G1, R1, R7
  const Game& g = nyan::test::game("kushine");
  auto st = nyan::test::start(g, nyan::test::options(g, {{"players", 2}}), 5);
  const KushineState& s = as_kushine(*st);
  CHECK(officers(s) == std::vector<Officer>{Officer::captain, Officer::mate});
  CHECK(s.board().piles[0].cards.size() == 10);
  CHECK(s.board().piles[1].cards.size() == 11);
  CHECK(s.board().piles[2].cards.size() == 11);
  const Seat captain = s.board().seat_of(Officer::captain), other = 1 - captain;
  CHECK(s.to_act() == std::vector<Seat>{captain});
  CHECK(s.board().giver() == other);
  Board b = s.board();
  b.seats[other].hand = hand_of(L({"mouse"}));
  KushineState r(b, std::make_unique<SplitMix>(1));
  must_apply(r, captain, receive());
  CHECK(r.to_act() == std::vector<Seat>{other});
  CHECK(game_actions(r, other) == std::vector<Json>{give("mouse")});  // must give
  must_apply(r, other, give("mouse"));
  CHECK(r.board().seats[captain].hand == hand_of(L({"mouse"})));
  b.active = other;
  CHECK(b.giver() == captain);
}

// Forfeit: Kushine has none (a co-operative game: the server has a bot move for a seat whose
// clock ran out instead), so the engine keeps the default and refuses one.
TEST_CASE("forfeit: refused, the game goes on", "[kushine][forfeit]") {
  const Game& g = nyan::test::game("kushine");
  CHECK_FALSE(g.type().forfeits);
  auto s = nyan::test::start(g, nyan::test::options(g, {{"players", 3}}), 3);
  nyan::test::require_no_forfeits(*s);
}

// §5, R21: say is a side action, open to every seat whoever is to act, and the only one; the
// catalog tells clients so.
TEST_CASE("R21: say is the one side action, and the catalog names it", "[kushine][R21]") {
  CHECK(catalog_entry(nyan::test::game("kushine").type())["side_actions"] == Json::array({"say"}));
}
