// Kushine-go Departs: the deal re-derived from the seed, options, views per the
// hidden-information table (§6), sealed values, typed errors, and the say and turn limits.
#include "protocol/drbg.h"
#include "rules/kushine/kushine_game.h"
#include "rules/kushine/tests/kushine_fixture.h"

using namespace nyan;
using namespace nyan::kushine;
using namespace nyan::kushine::test;
using nyan::test::contains;
using nyan::test::must_apply;

namespace {

// Cards of the given kinds in table order, copies together, built by counting.
std::vector<Kind> table_order(const std::vector<Kind>& cards) {
  std::vector<Kind> out;
  for (int k = 0; k < kKinds; ++k)
    for (Kind c : cards)
      if (static_cast<int>(c) == k) out.push_back(c);
  return out;
}

std::string option_error(const Json& given) {
  const Game& g = nyan::test::game("kushine");
  Json out;
  Result r = g.normalize_options(given, out);
  REQUIRE_FALSE(r.is_ok());
  CHECK(r.error().code == RuleError::bad_option);
  return r.error().message;
}

}  // namespace

TEST_CASE("deal: re-derivable from the seed", "[kushine][setup]") {  // §3 RNG order, G3, G22
  const Game& g = nyan::test::game("kushine");
  for (int players : {2, 3, 4}) {
    for (bool fixed : {false, true}) {
      for (std::uint64_t seed = 1; seed <= 10; ++seed) {
        Json given = {{"players", players}};
        std::vector<Officer> chosen = {Officer::captain, Officer::mate, Officer::boatswain, Officer::doctor};
        if (players == 3) chosen = {Officer::captain, Officer::mate, Officer::doctor};
        if (players == 2) chosen = {Officer::captain, Officer::mate};
        std::vector<Officer> seats = chosen;
        std::reverse(seats.begin(), seats.end());
        if (fixed) {
          Json a = Json::array();
          for (Officer o : seats) a.push_back(std::string(officer_name(o)));
          given["assignment"] = a;
        }
        auto st = nyan::test::start(g, nyan::test::options(g, given), seed);
        const Board& b = as_kushine(*st).board();

        Drbg rng(seed_from_number(seed));
        if (!fixed) {
          seats = chosen;  // table order
          rng.shuffle(seats);
        }
        for (int s = 0; s < players; ++s) CHECK(b.seats[s].officer == seats[s]);
        std::vector<Kind> cards;
        for (Kind k : {Kind::passenger, Kind::guard, Kind::sailor, Kind::cook, Kind::mouse})
          for (int c = 0; c < copies(k); ++c) cards.push_back(k);
        rng.shuffle(cards);
        std::vector<Kind> nuisance = {Kind::tanuki, Kind::tanuki, Kind::tanuki, Kind::tanuki,
                                      Kind::matatabi, Kind::matatabi, Kind::matatabi, Kind::matatabi};
        rng.shuffle(nuisance);
        const int from[4] = {0, 2, 5, 8};
        for (int p = 0; p < 3; ++p) {
          std::vector<Kind> pile = table_order(std::vector<Kind>(cards.begin() + 8 * p, cards.begin() + 8 * p + 8));
          const std::vector<Kind> under = table_order(std::vector<Kind>(nuisance.begin() + from[p], nuisance.begin() + from[p + 1]));
          pile.insert(pile.end(), under.begin(), under.end());
          rng.shuffle(pile);
          std::vector<Kind> got;
          for (const Card& c : b.piles[p].cards) got.push_back(c.kind);
          CHECK(got == pile);
        }
        CHECK(b.active == b.seat_of(Officer::captain));
      }
    }
  }
}

TEST_CASE("options: defaults and errors that name the option", "[kushine][options]") {  // §2.4, G1-G3, G20, G24
  const Game& g = nyan::test::game("kushine");
  CHECK(nyan::test::own_options(g, nullptr) == Json{{"players", 4}, {"difficulty", "easy"}, {"characters", "default"},
                                                {"assignment", "random"}, {"max_turns", 200}});
  CHECK(option_error({{"difficulty", "extreme"}}).find("'difficulty'") != std::string::npos);
  CHECK(option_error({{"players", 5}}).find("'players'") != std::string::npos);
  CHECK(option_error({{"max_turns", -1}}).find("'max_turns'") != std::string::npos);
  CHECK(option_error({{"players", 3}, {"characters", L({"mate", "doctor", "boatswain"})}}) ==
        "option 'characters': must include the captain");
  CHECK(option_error({{"players", 3}, {"characters", L({"captain", "mate"})}}) ==
        "option 'characters': must list exactly 3 officers, one per player");
  CHECK(option_error({{"players", 2}, {"characters", L({"captain", "captain"})}}) ==
        "option 'characters': officers must be distinct");
  CHECK(option_error({{"players", 2}, {"characters", L({"captain", "cook"})}}).find("'characters'") != std::string::npos);
  CHECK(option_error({{"characters", "all"}}).find("'characters'") != std::string::npos);
  CHECK(option_error({{"players", 2}, {"assignment", L({"captain", "doctor"})}}) ==
        "option 'assignment': \"doctor\" is not one of the playing officers");
  CHECK(option_error({{"players", 2}, {"assignment", L({"mate", "mate"})}}) ==
        "option 'assignment': each officer plays exactly one seat");
  CHECK(option_error({{"players", 2}, {"assignment", {{"0", "mate"}, {"2", "captain"}}}}) ==
        "option 'assignment': has no officer for seat 1");
  CHECK(option_error({{"assignment", "fixed"}}).find("'assignment'") != std::string::npos);

  // A fixed assignment as an object; a custom 3-player crew with the Boatswain.
  const Json opts = nyan::test::options(g, {{"players", 3},
                                            {"characters", L({"captain", "boatswain", "doctor"})},
                                            {"assignment", {{"0", "doctor"}, {"1", "captain"}, {"2", "boatswain"}}},
                                            {"difficulty", "hard"}});
  auto st = nyan::test::start(g, opts, 9);
  const Board& b = as_kushine(*st).board();
  CHECK(b.seats[0].officer == Officer::doctor);
  CHECK(b.seats[1].officer == Officer::captain);
  CHECK(b.seats[2].officer == Officer::boatswain);
  CHECK(b.difficulty == Level::hard);
  CHECK(st->to_act() == std::vector<Seat>{1});  // the Captain starts
  CHECK(g.max_actions(opts) == std::numeric_limits<int>::max());  // `say` has no count
  // §2.4: any integer from 0 up, with no maximum of the engine's own.
  Json big;
  CHECK(g.normalize_options({{"players", 3}, {"max_turns", 2000000000}}, big));
  CHECK(big["max_turns"] == 2000000000);
  CHECK_FALSE(g.normalize_options({{"players", 3}, {"max_turns", -1}}, big));
}

TEST_CASE("views follow the hidden-information table", "[kushine][views]") {  // §6, G18
  KushineState s = fixture({{"hands", {{"0", L({"cook", "guard"})}, {"2", L({"mouse"})}}},
                            {"piles", {{"p1", L({"sailor", "guard", "cook"})}, {"p2", L({"passenger", "mouse"})}}}});
  must_apply(s, 0, ret("cook", 2));
  const Json spectator = s.view(kSpectator);
  CHECK(spectator["you"].is_null());
  CHECK(spectator["piles"] == Json{{{"id", 1}, {"size", 3}}, {{"id", 2}, {"size", 3}}});
  for (const Json& seat : spectator["seats"]) CHECK_FALSE(seat.contains("hand"));
  CHECK(spectator["log"].back() == Json{{"type", "return"}, {"seat", 0}, {"pile", 2}, {"n", spectator["log"].back()["n"]}});
  CHECK(s.view(0)["log"].back()["card"] == "cook");  // the returner only
  CHECK_FALSE(s.view(1)["log"].back().contains("card"));
  CHECK(s.view(0)["seats"][0]["hand"] == Json{{"guard", 1}});
  CHECK_FALSE(s.view(0)["seats"][2].contains("hand"));
  CHECK(s.view(2)["seats"][2]["hand"] == Json{{"mouse", 1}});
  CHECK(s.view(1)["seats"][2]["hand_count"] == 1);
  CHECK(s.view(1)["actor"] == 0);
  CHECK(s.view(1)["actions_left"] == 1);
  CHECK(s.view(1)["pier"] == Json{{"passenger", 0}, {"guard", 0}, {"sailor", 0}, {"cook", 0}});

  // At game over every view shows everything.
  must_apply(s, 0, draw(2));
  must_apply(s, 1, draw(1));
  must_apply(s, 1, draw(1));
  must_apply(s, 2, draw(1));  // p1 empties: pile_empty
  REQUIRE(s.over());
  const Json end = s.view(kSpectator);
  CHECK(end["piles"][1]["cards"] == L({"mouse", "cook"}));
  CHECK(end["seats"][0]["hand"] == Json{{"guard", 1}, {"passenger", 1}});
  CHECK(end["seats"][2]["hand"] == Json{{"cook", 1}, {"mouse", 1}});
  bool saw_card = false;
  for (const Json& e : end["log"])
    if (e["type"] == "return") saw_card = e["card"] == "cook";
  CHECK(saw_card);
  CHECK(end["outcome"]["reason"] == "pile_empty");
  CHECK(end["actor"].is_null());
}

TEST_CASE("sealed: private card facts until the game ends", "[kushine][sealed]") {  // §6
  KushineState s = fixture({{"active", 1},
                            {"hands", {{"0", L({"guard"})}}},
                            {"piles", {{"p1", L({"cook", "tanuki", "sailor", "guard"})}, {"p2", L({"matatabi", "mouse", "cook"})}}}});
  CHECK(s.sealed().empty());
  must_apply(s, 1, draw(1));
  must_apply(s, 1, receive());
  must_apply(s, 0, give("guard"));
  must_apply(s, 2, draw(2));  // a matatabi: public at once, no sealed slot
  must_apply(s, 2, doctor_decide(true));
  must_apply(s, 2, draw(2));
  must_apply(s, 0, draw(1));  // a tanuki
  must_apply(s, 0, captain_decide(true));
  must_apply(s, 0, draw(1));
  must_apply(s, 1, ret("cook", 2));
  must_apply(s, 1, mate_peek(1));
  const std::vector<Sealed> x = s.sealed();
  REQUIRE(x.size() == 6);
  CHECK(x[0] == Sealed{"s1.draw", "cook", {1}, false});
  CHECK(x[1] == Sealed{"s2.give", "guard", {0, 1}, false});
  CHECK(x[2] == Sealed{"s3.draw", "mouse", {2}, false});
  CHECK(x[3] == Sealed{"s4.draw", "sailor", {0}, false});
  CHECK(x[4] == Sealed{"s5.return", "cook", {1}, false});
  CHECK(x[5] == Sealed{"s6.peek", "guard", {1}, false});
  must_apply(s, 1, mate_decide("hand"));  // p1 empties
  REQUIRE(s.over());
  for (const Sealed& v : s.sealed()) CHECK(v.revealed);
  CHECK(s.sealed().size() == 6);

  KushineState t = fixture({{"active", 1}, {"piles", {{"p1", L({"matatabi", "cook"})}, {"p2", L({"mouse", "cook"})}}}});
  must_apply(t, 1, mate_peek(1));
  must_apply(t, 1, mate_decide("hand"));  // a taken matatabi is shown to all (§6)
  REQUIRE(t.sealed().size() == 1);
  CHECK(t.sealed()[0] == Sealed{"s1.peek", "matatabi", {1}, true});
  CHECK(t.to_act() == std::vector<Seat>{2});
}

TEST_CASE("bad input: typed errors, precise messages, state unchanged", "[kushine][errors]") {
  KushineState s = fixture({{"hands", {{"0", L({"cook", "mouse"})}, {"2", L({"guard"})}}},
                            {"piles", {{"p1", L({"cook", "guard"})}, {"p2", L({"sailor", "mouse"})}}}});
  CHECK(rejected(s, 0, Json("draw")) == RuleError::malformed_action);
  CHECK(rejected(s, 0, {{"type", "draw"}}) == RuleError::malformed_action);
  CHECK(rejected(s, 0, {{"type", "draw"}, {"pile", "p1"}}) == RuleError::malformed_action);
  CHECK(rejected(s, 0, {{"type", "draw"}, {"pile", 1}, {"x", 1}}) == RuleError::malformed_action);
  CHECK(rejected(s, 0, {{"type", "return"}, {"card", "kitten"}, {"pile", 1}}) == RuleError::malformed_action);
  CHECK(rejected(s, 0, {{"type", "exterminate"}, {"top", 1}}) == RuleError::malformed_action);
  CHECK(rejected(s, 0, {{"type", "boatswain_place"}, {"cards", L({"cook"})}}) == RuleError::malformed_action);
  CHECK(rejected(s, 0, {{"type", "captain_decide"}, {"cancel", 1}}) == RuleError::malformed_action);
  CHECK(rejected(s, 0, {{"type", "fly"}}) == RuleError::malformed_action);
  CHECK(rejected(s, 0, draw(7)) == RuleError::illegal_action);
  CHECK(message(s, 0, draw(7)) == "there is no pile p7");
  CHECK(message(s, 0, ret("guard", 1)) == "you hold no guard");
  CHECK(message(s, 0, place("tanuki")) == "only nyanko can be placed on the pier");
  CHECK(message(s, 1, draw(1)) == "it is seat 0's turn");
  CHECK(message(s, 2, receive()) == "it is seat 0's turn");
  CHECK(message(s, 0, give("cook")) == "there is no await_give decision now");
  CHECK(message(s, 0, mate_peek(1)) == "only the mate has this ability");
  CHECK(message(s, 0, merge(1, 2)) == "there is no await_merge decision now");
  CHECK(message(s, 0, captain_decide(true)) == "there is no await_captain decision now");
  CHECK(rejected(s, 3, draw(1)) == RuleError::invalid_seat);
  must_apply(s, 0, receive());
  CHECK(message(s, 0, draw(1)) == "a decision is pending: seat 2 must act first");
  CHECK(message(s, 1, give("guard")) == "seat 2 decides now");
  CHECK(message(s, 2, give("cook")) == "you hold no cook");  // the giver's own hand only
}

TEST_CASE("G17 hard: a second ability is not offered", "[kushine][G17]") {  // R15, G17
  KushineState s = fixture({{"players", 4},
                            {"difficulty", "hard"},
                            {"active", 2},
                            {"used", L({"doctor"})},
                            {"hands", {{"2", L({"cook", "cook"})}}},
                            {"piles", {{"p1", L({"cook", "guard"})}, {"p2", L({"sailor", "mouse"})}}}});
  for (const Json& a : s.legal_actions(2)) CHECK(a["type"] != "boatswain_place");
  CHECK(message(s, 2, boatswain_place("cook", "cook")) == "with difficulty hard, a second ability is not allowed");
  CHECK(s.view(0)["seats"][2]["ability_available"] == false);
}

TEST_CASE("G19 say is open to every seat in every live phase, without a count", "[kushine][G19]") {  // R21, G12, G19, §5
  KushineState s = fixture({{"pier", {{"cook", 4}}},
                            {"hands", {{"0", L({"cook"})}}},
                            {"piles", {{"p1", L({"cook", "guard", "mouse"})}, {"p2", L({"sailor", "mouse"})}}}});
  auto says = [&](Seat seat) {
    std::vector<Json> out;
    for (const Json& a : s.legal_actions(seat))
      if (a["type"] == "say") out.push_back(a);
    return out;
  };
  // The vocabulary: hand, want x2, merge suggestions (2 ordered pairs), pile hints (2 piles
  // x 2), in every live phase (§5).
  CHECK(says(2).size() == 1 + 2 + 2 + 4);
  CHECK(contains(says(2), {{"type", "say"}, {"topic", "pile"}, {"pile", 1}, {"hint", "avoid"}}));
  const Json suggest = {{"type", "say"}, {"topic", "merge"}, {"top", 2}, {"bottom", 1}};
  CHECK(contains(says(2), suggest));
  must_apply(s, 0, place("cook"));
  REQUIRE(s.board().phase == Phase::await_merge);
  CHECK(says(2).size() == 1 + 2 + 2 + 4);
  must_apply(s, 2, suggest);
  CHECK(s.view(0)["seats"][2]["said"] == Json{{"seat", 2}, {"topic", "merge"}, {"top", 2}, {"bottom", 1}});
  must_apply(s, 0, merge(2, 1));
  // §5: a side action that costs nothing, with no count in the rules (the server's message
  // rate limit is what bounds it): a seat outside the turn may keep talking.
  for (int i = 0; i < 20; ++i) must_apply(s, 2, say_want("mouse"));
  CHECK(says(2).size() == 1 + 2 + 0 + 2);  // one pile is left after the merge
  CHECK(contains(s.legal_actions(0), say_hand()));
  must_apply(s, 0, say_hand());
  CHECK(s.board().active == 0);  // talk never moves the turn on
  must_apply(s, 0, draw(1));
  CHECK(s.board().active == 1);
  CHECK(contains(s.legal_actions(2), say_hand()));
  CHECK(rejected(s, 2, draw(1)) == RuleError::illegal_action);  // only talk outside the turn

  // Random playouts still end: they take a `say` only now and then (random_move.h).
  SplitMix rng(3);
  int said = 0;
  for (int i = 0; i < 800; ++i) said += random_move(s, rng)->action["type"] == "say" ? 1 : 0;
  CHECK(said > 0);
  CHECK(said < 800 / static_cast<int>(kSideActionOdds));
}

TEST_CASE("R22 the turn cap", "[kushine][R22]") {  // R22, G20
  KushineState s = fixture({{"max_turns", 2}, {"hands", {{"0", L({"cook"})}, {"1", L({"cook"})}}},
                            {"piles", {{"p1", L({"cook", "guard", "mouse"})}, {"p2", L({"sailor", "mouse"})}}}});
  must_apply(s, 0, ret("cook", 1));
  must_apply(s, 0, draw(1));
  REQUIRE_FALSE(s.over());
  must_apply(s, 1, ret("cook", 1));
  must_apply(s, 1, draw(1));
  REQUIRE(s.over());
  CHECK(s.outcome().reason == "turn_limit");
  CHECK(s.outcome().turns == 2);
  CHECK(s.outcome().winners.empty());
}

TEST_CASE("R21: a merge suggestion may be said in any live phase", "[kushine][R21]") {  // R21, G12, G19, §5
  // §5: `say` is legal in every phase but game_over, whatever its topic; the seed lets players
  // discuss anything but their hands, so piles to merge can be talked over before a placement
  // or an extermination too.
  KushineState s = fixture({{"hands", {{"0", L({"cook"})}, {"2", L({"mouse"})}}},
                            {"piles", {{"p1", L({"cook", "guard", "mouse"})}, {"p2", L({"sailor", "mouse"})}}}});
  const Json suggest = {{"type", "say"}, {"topic", "merge"}, {"top", 2}, {"bottom", 1}};
  REQUIRE(s.board().phase == Phase::act);
  CHECK(contains(s.legal_actions(2), suggest));
  CHECK(contains(s.legal_actions(0), suggest));
  must_apply(s, 2, suggest);
  CHECK(s.view(0)["seats"][2]["said"] == Json{{"seat", 2}, {"topic", "merge"}, {"top", 2}, {"bottom", 1}});
  CHECK(s.board().phase == Phase::act);
  CHECK(s.board().actions_left == 2);
  must_apply(s, 0, receive());  // another phase: the giver is to act
  REQUIRE(s.board().phase == Phase::await_give);
  must_apply(s, 1, suggest);
  CHECK(message(s, 1, {{"type", "say"}, {"topic", "merge"}, {"top", 1}, {"bottom", 1}}) ==
        "top and bottom must be different piles");
  CHECK(message(s, 1, {{"type", "say"}, {"topic", "merge"}, {"top", 3}, {"bottom", 1}}) == "there is no pile p3");
}
