// Nyanya Dai Hugo beyond the doc's scenarios: the deal from the seed, options, the play
// enumeration against a brute force, views and sealed picks, resampling, typed errors.
#include <set>

#include "protocol/drbg.h"
#include "rules/daihugo/daihugo_game.h"
#include "rules/daihugo/tests/daihugo_fixture.h"

using namespace nyan;
using namespace nyan::daihugo;
using namespace nyan::daihugo::test;
using nyan::test::must_apply;

namespace {

// Re-derives one round's deal from a shuffle of the 32 cards in table order (§3).
void check_deal(const Board& b, Rng& rng) {
  std::vector<Card> cards;
  for (Card c = 0; c < kCards; ++c) cards.push_back(c);
  rng.shuffle(cards);
  const int n = b.n(), h = n == 4 ? 7 : 8;
  std::vector<Hand> hands(static_cast<std::size_t>(n), 0);
  for (int i = 0; i < n * h; ++i) hands[static_cast<std::size_t>(i % n)] |= bit(cards[static_cast<std::size_t>(i)]);
  Hand field = 0;
  for (int i = n * h; i < n * h + 3; ++i) field |= bit(cards[static_cast<std::size_t>(i)]);
  std::vector<Card> pile(cards.begin() + n * h + 3, cards.end());
  // A wild swap may already have moved one card; compare before it.
  std::vector<Hand> dealt = b.hands;
  std::vector<Card> dealt_pile = b.pile;
  if (b.swap) {
    dealt[b.swap->seat] = (dealt[b.swap->seat] & ~bit(b.swap->drawn)) | bit(b.swap->wild);
    dealt_pile.pop_back();
    dealt_pile.insert(dealt_pile.begin(), b.swap->drawn);
  }
  CHECK(dealt == hands);
  CHECK(b.field == field);
  CHECK(dealt_pile == pile);
}

// Every play of `hand` meeting `r`, by brute force over subsets and declarations.
std::set<std::string> brute_force(Hand hand, const Requirement& r) {
  std::set<std::string> out;
  const std::vector<Card> cards = cards_of(hand);
  const std::size_t n = cards.size();
  for (std::uint32_t mask = 1; mask < (1u << n); ++mask) {
    Play base;
    for (std::size_t i = 0; i < n; ++i)
      if (mask & (1u << i)) base.push_back(Elem{cards[i], number_of(cards[i]), false});
    // Every declaration: wilds 1..8, doppels single or double.
    auto rec = [&](auto& self, std::size_t i, Play& p) -> void {
      if (i == p.size()) {
        if (auto c = classify(p); c && meets(p, *c, r)) out.insert(play_json(p).dump());
        return;
      }
      if (is_wild(p[i].card)) {
        for (int k = 1; k <= kMaxNumber; ++k) {
          p[i].number = k;
          self(self, i + 1, p);
        }
      } else if (is_doppel(p[i].card)) {
        p[i].twice = false;
        self(self, i + 1, p);
        p[i].twice = true;
        self(self, i + 1, p);
        p[i].twice = false;
      } else {
        self(self, i + 1, p);
      }
    };
    rec(rec, 0, base);
  }
  return out;
}

}  // namespace

TEST_CASE("deal: re-derivable from the seed, every round", "[daihugo][setup]") {  // §3, G10
  const Game& g = nyan::test::game("daihugo");
  for (int n = 1; n <= 4; ++n) {
    for (std::uint64_t seed = 1; seed <= 15; ++seed) {
      auto s = nyan::test::start(g, nyan::test::options(g, {{"players", n}}), seed);
      Drbg rng(seed_from_number(seed));
      check_deal(dynamic_cast<const DaihugoState&>(*s).board(), rng);
      if (n == 1) continue;
      // Play on at random: each new round is the next shuffle of the same stream.
      SplitMix moves(seed);
      int round = 1;
      while (!s->over()) {
        auto m = random_move(*s, moves);
        REQUIRE(m);
        must_apply(*s, m->seat, m->action);
        const Board& b = dynamic_cast<const DaihugoState&>(*s).board();
        if (!s->over() && b.round != round) {
          round = b.round;
          INFO("players " << n << " seed " << seed << " round " << round);
          check_deal(b, rng);
        }
      }
    }
  }
}

TEST_CASE("options: schema, defaults and errors naming the option", "[daihugo][options]") {  // §2.4
  const Game& g = nyan::test::game("daihugo");
  CHECK(nyan::test::own_options(g, nullptr) == Json{{"players", 2},
                                                {"match", "tails"},
                                                {"opening_lead", "exact"},
                                                {"next_round_start", "reveal"},
                                                {"solo_target_turns", 6}});
  Json out;
  for (const Json& bad : {Json{{"players", 5}}, Json{{"players", 0}}, Json{{"match", "best_of_3"}},
                          Json{{"opening_lead", "any"}}, Json{{"next_round_start", "loser"}},
                          Json{{"solo_target_turns", 0}}}) {
    Result r = g.normalize_options(bad, out);
    REQUIRE_FALSE(r.is_ok());
    CHECK(r.error().message.find(bad.begin().key()) != std::string::npos);
  }
  // §2.4: solo_target_turns is any integer >= 1, with no upper bound.
  for (const int target : {33, 100}) {
    const Json given = {{"players", 1}, {"solo_target_turns", target}};
    REQUIRE(g.normalize_options(given, out).is_ok());
    CHECK(out["solo_target_turns"] == target);
  }
  CHECK(g.type().min_seats == 1);
  CHECK(g.type().max_seats == 4);
  CHECK(g.type().seat_count(nyan::test::options(g, {{"players", 3}})) == 3);
  // The sample options cover every player count and the rule-changing options.
  std::set<int> players;
  std::set<std::string> seen;
  for (const Json& o : g.type().sample_options) {
    const Json n = nyan::test::options(g, o);
    players.insert(n["players"].get<int>());
    for (const char* k : {"match", "opening_lead", "next_round_start"}) seen.insert(n[k].get<std::string>());
  }
  CHECK(players == std::set<int>{1, 2, 3, 4});
  CHECK(seen.count("single_round") == 1);
  CHECK(seen.count("containing") == 1);
  CHECK(seen.count("round_winner") == 1);
}

TEST_CASE("enumeration: every distinct legal play, nothing else", "[daihugo][R4]") {  // R2-R4, R7, R9, G1-G3
  SplitMix rng(99);
  std::vector<Card> deck;
  for (Card c = 0; c < kCards; ++c) deck.push_back(c);
  for (int trial = 0; trial < 150; ++trial) {
    rng.shuffle(deck);
    const int size = 3 + rng.below(7);
    Hand hand = 0;
    for (int i = 0; i < size; ++i) hand |= bit(deck[static_cast<std::size_t>(i)]);
    if (trial % 3 == 0) hand |= kBothWilds;  // wilds make the most declarations
    std::vector<Requirement> reqs = {Requirement{}};
    for (Type t : {Type::single, Type::set, Type::sequence}) {
      Requirement r;
      r.kind = Requirement::follow;
      r.last = Combo{t, t == Type::single ? 1 : 2 + rng.below(3), 1 + rng.below(6)};
      if (t == Type::sequence) r.last.size = 3 + rng.below(2);
      reqs.push_back(r);
    }
    const Card open = cards_of(hand)[rng.uniform(static_cast<std::uint64_t>(count(hand)))];
    for (auto kind : {Requirement::opening_exact, Requirement::opening_containing}) {
      Requirement r;
      r.kind = kind;
      r.opening = Elem{open, is_wild(open) ? 1 + rng.below(8) : number_of(open), false};
      reqs.push_back(r);
    }
    for (const Requirement& r : reqs) {
      std::set<std::string> got;
      std::size_t listed = 0;
      for (const Play& p : legal_plays(hand, r)) {
        got.insert(play_json(p).dump());
        ++listed;
      }
      INFO("hand " << hand_json(hand).dump() << " requirement " << r.kind);
      CHECK(listed == got.size());  // distinct
      CHECK(got == brute_force(hand, r));
    }
  }
}

TEST_CASE("opening_lead containing: any play with the revealed card, the wild keeping its number", "[daihugo][R7]") {  // R7, G5
  DaihugoState s = fixture({{"players", 2},
                            {"options", {{"opening_lead", "containing"}}},
                            {"hands", Json::array({L({"W?", "W2", "W3", "B1a", "D1"}), nullptr})},
                            {"opening", "W?=1"}});
  const std::vector<Json> plays = actions_of(s, 0, "play");
  CHECK(sorted(plays) == sorted({play_action({"W?=1"}), play_action({"W?=1", "B1a"}), play_action({"W?=1", "D1"}),
                                 play_action({"W?=1", "D1x2"}), play_action({"W?=1", "B1a", "D1"}),
                                 play_action({"W?=1", "B1a", "D1x2"}), play_action({"W?=1", "W2", "W3"})}));
  const Error e = rejection(s, 0, play_action({"W?=4", "W2", "W3"}));
  CHECK(e.message == "open the round with a play containing your revealed card W? as 1 (R7)");
  must_apply(s, 0, play_action({"W?=1", "W2", "W3"}));
  CHECK_FALSE(s.board().opening);
}

TEST_CASE("single_round: the round winner wins, standings by penalty", "[daihugo][G12]") {  // R16, G12
  DaihugoState t = fixture({{"players", 3},
                            {"options", {{"match", "single_round"}}},
                            {"hands", Json::array({L({"W3"}), L({"B1a", "B2a"}), L({"D1"})})}});
  must_apply(t, 0, play_action({"W3"}));
  REQUIRE(t.over());
  const Outcome o = t.outcome();
  CHECK(o.reason == "single_round");
  CHECK(o.winners == std::vector<Seat>{0});
  CHECK(o.details["standings"][0]["seat"] == 0);
  CHECK(o.details["standings"][1]["seat"] == 1);  // penalty 2
  CHECK(o.details["standings"][2]["seat"] == 2);  // penalty 4
  CHECK(o.details["standings"][1]["penalty"] == 2);
  CHECK(t.board().tails == std::vector<int>{0, 1, 1});
}

TEST_CASE("solo draws with an empty pile or field", "[daihugo][G14]") {  // R22, G14
  SECTION("pile empty: size >= t offers only the field") {
    DaihugoState s = fixture({{"players", 1},
                              {"hands", Json::array({L({"W1", "W2", "B6a"})})},
                              {"field", L({"W8", "B8a"})},
                              {"pile", Json::array()}});
    must_apply(s, 0, play_action({"W1"}));
    CHECK(sorted(s.legal_actions(0)) == sorted({{{"type", "solo_take"}, {"from", "W8"}},
                                                {{"type", "solo_take"}, {"from", "B8a"}}}));
    CHECK(rejection(s, 0, {{"type", "solo_take"}, {"from", "pile"}}).message == "the pile is empty (G14)");
    must_apply(s, 0, {{"type", "solo_take"}, {"from", "W8"}});
    CHECK(s.board().field == H({"B8a"}));  // no refill
    // t = 2, size 1 < 2 with an empty pile: nothing is drawn.
    must_apply(s, 0, play_action({"W2"}));
    CHECK(s.board().phase == Phase::play);
    CHECK(s.board().solo_turn == 3);
    CHECK(s.board().hands[0] == H({"B6a", "W8"}));
  }
  SECTION("pile and field empty: nothing is drawn") {
    DaihugoState s = fixture({{"players", 1},
                              {"hands", Json::array({L({"W1", "W3"})})},
                              {"field", Json::array()},
                              {"pile", Json::array()}});
    must_apply(s, 0, play_action({"W1"}));
    CHECK(s.board().phase == Phase::play);
    CHECK(s.board().solo_turn == 2);
    must_apply(s, 0, play_action({"W3"}));
    CHECK(s.outcome().details["cleared_turns"] == 2);
  }
  SECTION("a doubled doppel counts 2 toward t (R23)") {
    DaihugoState s = fixture({{"players", 1},
                              {"turn", 2},
                              {"hands", Json::array({L({"D3", "W1"})})},
                              {"field", L({"W8"})},
                              {"pile", L({"B2a", "rest"})}});
    must_apply(s, 0, play_action({"D3x2"}));
    CHECK(s.board().phase == Phase::solo_take);
  }
  SECTION("T = 7 misses the default target") {
    DaihugoState s = fixture({{"players", 1}, {"turn", 7}, {"hands", Json::array({L({"W1"})})}});
    must_apply(s, 0, play_action({"W1"}));
    CHECK(s.outcome().details["success"] == false);
    CHECK(s.outcome().winners.empty());
  }
}

TEST_CASE("views: hands hidden, counts and the field public, picks sealed", "[daihugo][views]") {  // §6
  DaihugoState s = fixture({{"players", 3},
                            {"hands", Json::array({L({"W1", "B2a"}), L({"D5", "W6"}), L({"B?", "B8b"})})},
                            {"field", L({"W7", "B2b", "D6"})},
                            {"phase", "reveal"}});
  must_apply(s, 1, reveal_action("D5"));
  const Json spec = s.view(kSpectator);
  for (const Json& p : spec["seats"]) {
    CHECK_FALSE(p.contains("hand"));
    CHECK(p["hand_count"] == 2);
    CHECK(p["pick"].is_null());
  }
  CHECK(spec["seats"][1]["picked"] == true);
  CHECK(spec["field"] == L({"W7", "B2b", "D6"}));
  CHECK(spec["you"].is_null());
  CHECK(spec["current"].is_null());
  CHECK(spec["to_act"] == Json{0, 2});
  CHECK(spec.dump().find("D5") == std::string::npos);
  const Json v1 = s.view(1);
  CHECK(v1["seats"][1]["hand"] == L({"W6", "D5"}));
  CHECK(v1["seats"][1]["pick"] == Json{{"card", "D5"}});
  CHECK(v1["log"].back()["card"] == "D5");
  CHECK_FALSE(s.view(0)["log"].back().contains("card"));
  // Sealed: committed when submitted, known to its seat only, opened when all are in.
  REQUIRE(s.sealed().size() == 1);
  CHECK(s.sealed()[0].slot == "r1.pick.1");
  CHECK(s.sealed()[0].value == Json{{"card", "D5"}});
  CHECK(s.sealed()[0].known_to == std::vector<Seat>{1});
  CHECK_FALSE(s.sealed()[0].revealed);
  must_apply(s, 2, reveal_action("B?", 2));
  must_apply(s, 0, reveal_action("W1"));
  const std::vector<Sealed> sealed = s.sealed();
  REQUIRE(sealed.size() == 3);
  CHECK(sealed[0].slot == "r1.pick.1");  // creation order
  CHECK(sealed[1].slot == "r1.pick.2");
  CHECK(sealed[1].value == Json{{"card", "B?"}, {"as", 2}});
  CHECK(sealed[2].slot == "r1.pick.0");
  for (const Sealed& x : sealed) CHECK(x.revealed);
  CHECK(s.board().start_seat == 0);  // W1
  const Json after = s.view(kSpectator);
  CHECK(after["seats"][2]["pick"] == Json{{"card", "B?"}, {"as", 2}});
  CHECK(after["seats"][2]["shown"] == L({"B?"}));  // revealed cards stay in hand, known
  CHECK(after["opening"] == Json{{"seat", 0}, {"card", "W1"}, {"rule", "exact"}});
}

TEST_CASE("resample: keeps known cards in place and re-deals the rest", "[daihugo][resample]") {  // §6, R19
  // Seat 1 took W7 from the field; B? is the known pile bottom after seat 0's swap.
  DaihugoState s = fixture({{"players", 2},
                            {"hands", Json::array({L({"W?", "B?", "W1", "B2a", "B3b", "D4", "W5", "B6a"}), nullptr})},
                            {"field", L({"W7", "B2b", "D6"})},
                            {"pile", L({"B7a", "W8", "rest"})},
                            {"phase", "deal"}});
  must_apply(s, 0, {{"type", "swap_wild"}, {"card", "B?"}});
  must_apply(s, 1, reveal_action(card_name(cards_of(s.board().hands[1])[0]).c_str()));
  must_apply(s, 0, reveal_action("W?", 8));  // seat 1 starts with its smaller card
  const Seat first = s.board().current;
  REQUIRE(first == 1);
  must_apply(s, 1, s.legal_actions(1)[0]);
  must_apply(s, 0, pass_action("W7"));
  SplitMix rng(5);
  bool differed = false;
  for (int k = 0; k < 40; ++k) {
    auto r = s.resample(1, rng);
    const Board& b = dynamic_cast<const DaihugoState&>(*r).board();
    CHECK(b.hands[1] == s.board().hands[1]);
    CHECK(holds(b.hands[0], C("W7")));   // taken publicly
    CHECK(holds(b.hands[0], C("W?")));   // kept by the swapper, revealed as a pick
    CHECK(b.pile.back() == C("B?"));     // the known bottom
    CHECK(b.pile.size() == s.board().pile.size());
    CHECK(count(b.hands[0]) == count(s.board().hands[0]));
    CHECK(b.field == s.board().field);
    CHECK(b.swap->drawn != C("B?"));
    CHECK(nyan::test::bytes(r->view(1)) == nyan::test::bytes(s.view(1)));
    differed = differed || b.hands[0] != s.board().hands[0];
  }
  CHECK(differed);
}

TEST_CASE("resample: no other seat ends up dealt both wilds", "[daihugo][resample]") {  // R19
  // Nobody swapped, so no seat was dealt both wilds: a spectator's re-deal keeps it so.
  DaihugoState s = fixture({{"players", 2},
                            {"hands", Json::array({L({"W?", "W1", "W2"}), L({"B?", "B1a", "B2a"})})},
                            {"field", Json::array()},
                            {"pile", Json::array()}});
  SplitMix rng(3);
  for (int k = 0; k < 200; ++k) {
    auto r = s.resample(kSpectator, rng);
    const Board& b = dynamic_cast<const DaihugoState&>(*r).board();
    for (Seat p = 0; p < 2; ++p) CHECK((b.hands[p] & kBothWilds) != kBothWilds);
  }
}

TEST_CASE("bad input: typed errors, state unchanged", "[daihugo][errors]") {
  DaihugoState s = fixture({{"players", 2},
                            {"trick", {{{"seat", 1}, {"cards", L({"W4"})}}}},
                            {"hands", Json::array({L({"W5", "W?", "D5", "B5a"}), nullptr})},
                            {"field", L({"W7", "B2b", "D6"})}});
  const std::string before = nyan::test::bytes(s.debug_state());
  auto code = [&](Seat seat, const Json& a) { return s.apply(seat, a).error().code; };
  CHECK(code(1, play_action({"W5"})) == RuleError::not_your_turn);
  CHECK(code(2, play_action({"W5"})) == RuleError::invalid_seat);
  CHECK(code(0, Json("play")) == RuleError::malformed_action);
  CHECK(code(0, {{"type", "play"}}) == RuleError::malformed_action);
  CHECK(code(0, {{"type", "play"}, {"cards", Json::array()}}) == RuleError::malformed_action);
  CHECK(code(0, {{"type", "play"}, {"cards", {"W5"}}}) == RuleError::malformed_action);
  CHECK(code(0, {{"type", "play"}, {"cards", {{{"id", "X9"}}}}}) == RuleError::malformed_action);
  CHECK(code(0, {{"type", "play"}, {"cards", {{{"id", "W?"}, {"as", "5"}}}}}) == RuleError::malformed_action);
  CHECK(code(0, {{"type", "play"}, {"cards", {{{"id", "D5"}, {"double", 1}}}}}) == RuleError::malformed_action);
  CHECK(code(0, {{"type", "play"}, {"cards", {{{"id", "W5"}}}}, {"x", 1}}) == RuleError::malformed_action);
  CHECK(code(0, {{"type", "pass"}, {"take", 7}}) == RuleError::malformed_action);
  CHECK(code(0, {{"type", "dance"}}) == RuleError::malformed_action);
  CHECK(code(0, play_action({"W8"})) == RuleError::illegal_action);
  CHECK(s.apply(0, play_action({"W8"})).error().message == "you do not hold W8");
  CHECK(code(0, play_action({"W?=3"})) == RuleError::illegal_action);  // rank 3 < 4
  CHECK(code(0, reveal_action("W5")) == RuleError::illegal_action);
  CHECK(code(0, {{"type", "swap_wild"}, {"card", "W?"}}) == RuleError::illegal_action);
  CHECK(code(0, {{"type", "solo_take"}, {"from", "pile"}}) == RuleError::illegal_action);
  CHECK(nyan::test::bytes(s.debug_state()) == before);
}

TEST_CASE("a play spelled in another order, or with double: false, is the same action", "[daihugo][actions]") {  // §5
  // "The engine canonicalizes order, so the same cards with the same declarations are one
  // action"; "double" defaults to false.
  const Json hands = Json::array({L({"W5", "W?", "D5", "B5a"}), nullptr});
  const Json canonical = play_action({"W5", "W?=5"});
  const Json reordered = {{"type", "play"}, {"cards", {{{"id", "W?"}, {"as", 5}}, {{"id", "W5"}}}}};
  const Json single_false = {{"type", "play"}, {"cards", {{{"id", "D5"}, {"double", false}}}}};
  DaihugoState a = fixture({{"players", 2}, {"hands", hands}});
  DaihugoState b = fixture({{"players", 2}, {"hands", hands}});
  REQUIRE(a.apply(0, canonical).is_ok());
  REQUIRE(b.apply(0, reordered).is_ok());
  CHECK(nyan::test::bytes(a.debug_state()) == nyan::test::bytes(b.debug_state()));
  DaihugoState c = fixture({{"players", 2}, {"hands", hands}});
  DaihugoState d = fixture({{"players", 2}, {"hands", hands}});
  REQUIRE(c.apply(0, play_action({"D5"})).is_ok());
  REQUIRE(d.apply(0, single_false).is_ok());
  CHECK(nyan::test::bytes(c.debug_state()) == nyan::test::bytes(d.debug_state()));
  // Still one action: the listed spelling is the canonical one.
  CHECK(a.canonical_action(0, reordered) == canonical);
  // Another spelling of cards the player does not hold stays illegal.
  DaihugoState e = fixture({{"players", 2}, {"hands", hands}});
  const Json not_held = {{"type", "play"}, {"cards", {{{"id", "W8"}}, {{"id", "W5"}}}}};
  CHECK(e.apply(0, not_held).error().code == RuleError::illegal_action);
}

TEST_CASE("max_actions is an upper bound with room to spare", "[daihugo][bound]") {
  const Game& g = nyan::test::game("daihugo");
  CHECK(g.max_actions(nyan::test::options(g, {{"players", 1}})) == 65);
  CHECK(g.max_actions(nyan::test::options(g, {{"players", 2}})) == 9 * (1 + 2 + 32 + 32));
  CHECK(g.max_actions(nyan::test::options(g, {{"players", 4}})) == 6 * (1 + 4 + 32 + 3 * 32));
  CHECK(g.max_actions(nyan::test::options(g, {{"players", 3}, {"match", "single_round"}})) == 1 + 3 + 32 + 2 * 32);
}
