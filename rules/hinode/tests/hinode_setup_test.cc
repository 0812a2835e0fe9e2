// Hinode Yokocho: the deal re-derived from the seed, room options (map and skill tables as
// data), views per the hidden-information table, sealed keeps, typed errors, resampling.
#include "protocol/drbg.h"
#include "rules/core/random_move.h"
#include "rules/hinode/tests/hinode_fixture.h"

using namespace hinode_test;
using nyan::test::must_apply;

namespace {

using S = std::vector<Seat>;
using A = std::vector<Json>;

const Board& board_of(const State& s) { return dynamic_cast<const HinodeState&>(s).board(); }

// R2, G13: the round's cards in table order minus the carried ones, one shuffle, dealt one at
// a time clockwise from the leader, skipping full hands.
void check_deal(const Board& b, Rng& rng) {
  std::vector<std::vector<Card>> hands(static_cast<std::size_t>(b.players));
  std::vector<Card> deck;
  for (Card c : game_cards(b.players)) {
    bool carried = false;
    for (Seat s = 0; s < b.players; ++s)
      if (const KeepRecord* k = b.keep_of(b.round - 1, s); k && k->card == c) {
        hands[s].push_back(c);
        carried = true;
      }
    if (!carried) deck.push_back(c);
  }
  rng.shuffle(deck);
  std::size_t next = 0;
  auto full = [&] { return std::all_of(hands.begin(), hands.end(), [](const auto& h) { return h.size() >= 8; }); };
  for (Seat s = b.trick.leader; !full(); s = (s + 1) % b.players)
    if (hands[s].size() < 8) hands[s].push_back(deck[next++]);
  for (Seat s = 0; s < b.players; ++s) {
    std::sort(hands[s].begin(), hands[s].end());
    CHECK(b.p[s].hand == hands[s]);
  }
  CHECK(b.undealt == std::vector<Card>(deck.begin() + static_cast<std::ptrdiff_t>(next), deck.end()));
}

Result normalize(const Json& given) {
  Json out;
  return test::game("hinode").normalize_options(given, out);
}

void require_bad_option(const Json& given, const std::string& option, const std::string& fragment) {
  Result r = normalize(given);
  INFO(given.dump());
  REQUIRE_FALSE(r.is_ok());
  CHECK(r.error().code == RuleError::bad_option);
  CHECK(r.error().message.find("option '" + option + "'") != std::string::npos);
  INFO(r.error().message);
  CHECK(r.error().message.find(fragment) != std::string::npos);
}

}  // namespace

TEST_CASE("deal: re-derivable from the seed, every round", "[hinode][setup]") {  // R2, G13, G15, §3 RNG order
  const Game& g = test::game("hinode");
  for (int players : {3, 4}) {
    for (std::uint64_t seed = 1; seed <= 12; ++seed) {
      auto s = test::start(g, test::options(g, {{"players", players}}), seed);
      Drbg rng(seed_from_number(seed));
      CHECK(board_of(*s).first_leader == static_cast<Seat>(rng.uniform(static_cast<std::uint64_t>(players))));
      CHECK(board_of(*s).trick.leader == board_of(*s).first_leader);
      check_deal(board_of(*s), rng);
      // Rounds 2 and 3 continue the same stream, after the keeps (random legal moves).
      SplitMix moves(seed);
      for (int round = 2; round <= 3; ++round) {
        while (board_of(*s).round < round) {
          auto m = random_move(*s, moves);
          REQUIRE(m);
          must_apply(*s, m->seat, m->action);
        }
        check_deal(board_of(*s), rng);
      }
    }
  }
  // A fixed first player draws nothing before the shuffle.
  auto s = test::start(g, test::options(g, {{"players", 3}, {"first_player", 2}}), 4);
  Drbg rng(seed_from_number(4));
  CHECK(board_of(*s).trick.leader == 2);
  check_deal(board_of(*s), rng);
}

TEST_CASE("options: defaults and errors that name the option", "[hinode][options]") {  // §2.4
  const Game& g = test::game("hinode");
  CHECK(test::own_options(g, nullptr) == Json{{"players", 4}, {"tribes", "default"}, {"first_player", "random"},
                                          {"map", "hinode6"}, {"skills", "default"}, {"offsuit_area", "lead"}});
  require_bad_option({{"players", 5}}, "players", "between 3 and 4");
  require_bad_option({{"players", 3}, {"tribes", L({"kappa", "oni"})}}, "tribes", "exactly 3");
  require_bad_option({{"players", 3}, {"tribes", L({"kappa", "oni", "tanuki"})}}, "tribes", "unknown tribe \"tanuki\"");
  require_bad_option({{"players", 3}, {"tribes", L({"kappa", "oni", "kappa"})}}, "tribes", "chosen twice");
  require_bad_option({{"tribes", "random"}}, "tribes", "must be \"default\"");
  require_bad_option({{"players", 3}, {"first_player", 3}}, "first_player", "seat 3 does not exist");
  require_bad_option({{"offsuit_area", "any"}}, "offsuit_area", "must be one of");
  CHECK(normalize({{"players", 3}, {"tribes", L({"oni", "kappa", "inugami"})}, {"first_player", 2}}).is_ok());
  auto s = test::start(g, test::options(g, {{"players", 3}, {"tribes", L({"oni", "kappa", "inugami"})}}), 1);
  CHECK(board_of(*s).p[0].tribe == 3);
  CHECK(s->view(0)["players"][0]["hero"] == "hero_oni");
}

TEST_CASE("options: the map is data, validated with clear errors", "[hinode][options][map]") {  // §2.2
  const Json area = {{"id", "X"}, {"suit", "R"}, {"sites", 2}};
  auto map_with = [](const Json& areas, const Json& edges) { return Json{{"areas", areas}, {"edges", edges}}; };
  const Json three = Json::array({{{"id", "X"}, {"suit", "R"}, {"sites", 2}}, {{"id", "Y"}, {"suit", "G"}, {"sites", 2}},
                                  {{"id", "Z"}, {"suit", "B"}, {"sites", {{"3", 1}, {"4", 2}}}}});
  CHECK(normalize({{"map", map_with(three, Json::array({L({"X", "Y"})}))}}).is_ok());
  CHECK(normalize({{"map", "triad"}, {"players", 3}}).is_ok());
  require_bad_option({{"map", "hinode9"}}, "map", "unknown map \"hinode9\"");
  require_bad_option({{"map", Json::array()}}, "map", "preset name");
  require_bad_option({{"map", {{"areas", three}}}}, "map", "missing 'edges'");
  require_bad_option({{"map", map_with(Json::array({area}), Json::array())}}, "map", "no area has suit \"G\"");
  Json dup = three;
  dup[1]["id"] = "X";
  require_bad_option({{"map", map_with(dup, Json::array())}}, "map", "areas[1]: area id 'X' is used twice");
  Json zero = three;
  zero[0]["sites"] = 0;
  require_bad_option({{"map", map_with(zero, Json::array())}}, "map", "areas[0]: sites must be an integer from 1");
  Json only4 = three;
  only4[0]["sites"] = {{"4", 3}};
  require_bad_option({{"players", 3}, {"map", map_with(only4, Json::array())}}, "map", "no entry \"3\" for 3 players");
  Json suit = three;
  suit[2]["suit"] = "Y";
  require_bad_option({{"map", map_with(suit, Json::array())}}, "map", "areas[2]: suit must be");
  Json extra = three;
  extra[0]["bonus"] = 1;
  require_bad_option({{"map", map_with(extra, Json::array())}}, "map", "areas[0]: unknown field 'bonus'");
  require_bad_option({{"map", map_with(three, Json::array({L({"X", "W"})}))}}, "map", "edges[0]: unknown area 'W'");
  require_bad_option({{"map", map_with(three, Json::array({L({"X", "X"})}))}}, "map", "adjacent to itself");
  // §2.2: edges are undirected, so [Y, X] after [X, Y] names the same edge again: the same
  // graph, accepted, with one adjacency.
  const Json both_ways = map_with(three, Json::array({L({"X", "Y"}), L({"Y", "X"})}));
  CHECK(normalize({{"map", both_ways}}).is_ok());
  MapDef m;
  REQUIRE(map_from_option(both_ways, 4, m).is_ok());
  CHECK(m.areas[0].adjacent == std::vector<int>{1});
  CHECK(m.areas[1].adjacent == std::vector<int>{0});
  CHECK(m.to_json()["edges"] == Json::array({L({"X", "Y"})}));
  // §2.2 asks only that area ids are unique: a designer's own names are fine.
  Json named = three;
  named[0]["id"] = "北の森";
  named[1]["id"] = "Old Well";
  CHECK(normalize({{"map", map_with(named, Json::array({L({"北の森", "Old Well"})}))}}).is_ok());
  named[2]["id"] = "";
  require_bad_option({{"map", map_with(named, Json::array())}}, "map", "areas[2]: id must be a string of 1-32 bytes");
  named[2]["id"] = "tab\there";
  require_bad_option({{"map", map_with(named, Json::array())}}, "map", "without control characters");
  // §2.2 asks only for sites >= 1; the bound is the 32 markers of the whole game.
  Json many = three;
  many[0]["sites"] = 32;
  CHECK(normalize({{"map", map_with(many, Json::array())}}).is_ok());
  many[0]["sites"] = 33;
  require_bad_option({{"map", map_with(many, Json::array())}}, "map", "areas[0]: sites must be an integer from 1 to 32");
  require_bad_option({{"map", map_with(three, Json::array({L({"X"})}))}}, "map", "edges[0]: must be a pair");
  Json layout = map_with(three, Json::array());
  layout["layout"] = Json::array({L({"X", "Q"})});
  require_bad_option({{"map", layout}}, "map", "layout names an unknown area");
}

TEST_CASE("options: the skill table is data, validated with clear errors", "[hinode][options][skills]") {  // §2.3, G5
  auto list = [](const Json& skills) { return Json{{"default", skills}}; };
  CHECK(normalize({{"skills", list(Json::array({{{"threshold", 0}, {"skill", "income"}, {"vp", 2}}}))}}).is_ok());
  CHECK(normalize({{"skills", {{"overrides", {{"oni", Json::array()}}}}}}).is_ok());
  require_bad_option({{"skills", "fast"}}, "skills", "unknown skill table");
  require_bad_option({{"skills", list(Json::array({{{"threshold", 1}, {"skill", "barrier"}}}))}}, "skills",
                     "default[0]: skill must be");
  require_bad_option({{"skills", list(Json::array({{{"threshold", 9}, {"skill", "income"}}}))}}, "skills",
                     "default[0]: threshold must be an integer from 0 to 8");
  require_bad_option({{"skills", list(Json::array({{{"skill", "income"}}}))}}, "skills", "missing 'threshold'");
  require_bad_option({{"skills", list(Json::array({{{"threshold", 1}, {"skill", "recall"}, {"per_round", 0}}}))}},
                     "skills", "per_round must be an integer from 1 to 6");
  require_bad_option({{"skills", list(Json::array({{{"threshold", 1}, {"skill", "income"}, {"amount", 1}}}))}},
                     "skills", "unknown field 'amount' (income takes threshold and vp)");
  require_bad_option({{"skills", list(Json::array({{{"threshold", 1}, {"skill", "income"}},
                                                   {{"threshold", 2}, {"skill", "income"}}}))}},
                     "skills", "default[1]: skill \"income\" is listed twice");
  require_bad_option({{"skills", {{"overrides", {{"tanuki", Json::array()}}}}}}, "skills", "unknown tribe 'tanuki'");
  require_bad_option({{"skills", {{"extra", 1}}}}, "skills", "unknown field 'extra'");
  require_bad_option({{"skills", {{"default", Json::object()}}}}, "skills", "option 'skills': default: must be a list");
  require_bad_option({{"skills", {{"overrides", {{"oni", 1}}}}}}, "skills", "overrides.oni: must be a list");
}

TEST_CASE("a room's own map and skill table change the game without code", "[hinode][options]") {  // §2.2, §2.3
  const Json map = {{"id", "tiny"},
                    {"areas", Json::array({{{"id", "Hill"}, {"suit", "R"}, {"sites", 1}},
                                           {{"id", "Pond"}, {"suit", "G"}, {"sites", 1}},
                                           {{"id", "Wood"}, {"suit", "B"}, {"sites", 1}}})},
                    {"edges", Json::array({L({"Hill", "Pond"})})}};
  const Json skills = {{"default", Json::array({{{"threshold", 0}, {"skill", "income"}, {"vp", 2}}})},
                       {"overrides", {{"oni", Json::array({{{"threshold", 0}, {"skill", "recall"}, {"per_round", 2}}})}}}};
  HinodeState s = fixture({{"map", map},
                           {"skills", skills},
                           {"hands", hands4(L({"R5", "G1"}), L({"R9", "G2"}), L({"G6", "G3"}), L({"R2", "G8"}))}});
  CHECK(s.legal_actions(0) == A{play("R5"), play("G1")});  // no recall, no boost for karasu_tengu
  plays(s, {{0, play("R5")}, {1, play("R9")}, {2, play("G6")}});
  CHECK(s.legal_actions(3) == A{play("R2"), play("R2", false, true)});  // oni: recall at k >= 0
  must_apply(s, 3, play("R2", false, true));
  CHECK(s.board().trick.order == S{3, 2});
  CHECK(s.legal_actions(3) == A{support(1), support(0), occupy("Hill")});
  must_apply(s, 3, occupy("Hill"));
  // s2 (off-suit) has no free red site left and passes; 9 vs 5, and income 2 for everyone
  // but the oni, whose override list replaces the default list.
  CHECK(s.board().last->trick.judgments[1].choice == Choice::pass);
  CHECK(vps(s) == std::vector<int>{2, 6, 2, 0});
  CHECK(s.board().p[3].hand == cards(L({"G8", "R2"})));
  CHECK(s.view(0)["map"]["id"] == "tiny");
  CHECK(s.view(0)["skills"] == skills);
}

namespace {

// Plays random legal moves until `done` holds.
template <class Pred>
void play_until(State& s, SplitMix& rng, Pred done) {
  while (!done()) {
    REQUIRE_FALSE(s.over());
    auto m = random_move(s, rng);
    REQUIRE(m);
    must_apply(s, m->seat, m->action);
  }
}

bool mentions(const Json& view, Card c) { return view.dump().find("\"" + std::string(card_id(c)) + "\"") != std::string::npos; }

}  // namespace

TEST_CASE("views: hands private, undealt hidden, counts public", "[hinode][views]") {  // §6, G21
  const Game& g = test::game("hinode");
  auto s = test::start(g, test::options(g, {{"players", 4}}), 3);
  const Board& b = board_of(*s);
  const Json spectator = s->view(kSpectator);
  CHECK(spectator["you"].is_null());
  CHECK(spectator["undealt_count"] == 1);
  CHECK_FALSE(spectator.contains("undealt"));
  for (Seat seat = 0; seat < 4; ++seat) {
    const Json v = s->view(seat);
    CHECK(v["you"] == seat);
    for (Seat other = 0; other < 4; ++other) {
      CHECK(v["players"][other]["hand_count"] == 8);
      CHECK(v["players"][other].contains("hand") == (other == seat));
      if (other != seat)
        for (Card c : b.p[other].hand) CHECK_FALSE(mentions(v, c));
    }
    CHECK(v["players"][seat]["hand"] == ids(b.p[seat].hand));
    CHECK_FALSE(mentions(v, b.undealt[0]));
  }
  for (const Player& p : b.p)
    for (Card c : p.hand) CHECK_FALSE(mentions(spectator, c));
}

TEST_CASE("sealed keeps: simultaneous, private, opened when played", "[hinode][sealed]") {  // R13.1, G13, §6
  HinodeState s = fixture({{"phase", "keep"},
                           {"trick", 7},
                           {"hands", hands4(L({"R9", "G1"}), L({"R2", "B1"}), L({"G3", "B2"}), L({"B5", "B6"}))}});
  CHECK(s.sealed().empty());
  must_apply(s, 0, keep("R9"));
  REQUIRE(s.sealed().size() == 1);
  const Sealed k0 = s.sealed()[0];
  CHECK(k0.slot == "r1.keep.s0");
  CHECK(k0.value == "R9");
  CHECK(k0.known_to == S{0});
  CHECK_FALSE(k0.revealed);
  CHECK(s.view(1)["players"][0]["keep"] == "chosen");
  CHECK(s.view(0)["players"][0]["keep"] == "R9");
  CHECK(s.view(1)["players"][1]["keep"] == "waiting");
  CHECK_FALSE(s.view(1)["log"].back().contains("card"));
  CHECK(s.view(0)["log"].back()["card"] == "R9");
  CHECK(s.to_act() == S{1, 2, 3});
  CHECK(s.legal_actions(0).empty());  // chosen already
  must_apply(s, 1, keep(nullptr));
  CHECK(s.sealed()[1].value == "none");
  CHECK_FALSE(s.sealed()[1].revealed);  // not even "none" is public before everyone chose
  plays(s, {{2, keep("G3")}, {3, keep(nullptr)}});
  const std::vector<Sealed> after = s.sealed();
  REQUIRE(after.size() == 4);
  CHECK_FALSE(after[0].revealed);
  CHECK(after[1].revealed);  // whether a card was kept is public
  CHECK_FALSE(after[2].revealed);
  CHECK(after[3].revealed);
  CHECK(s.view(1)["players"][0]["carried"] == "hidden");
  CHECK(s.view(0)["players"][0]["carried"] == "R9");
  CHECK(s.view(1)["players"][1]["carried"] == "none");
  CHECK(s.view(0)["players"][0]["discarded"] == Json::array({L({"G1"})}));  // own discards only
  CHECK_FALSE(s.view(1)["players"][0].contains("discarded"));
  REQUIRE(s.board().round == 2);
  REQUIRE(s.to_act() == S{0});
  must_apply(s, 0, play("R9"));
  CHECK(s.sealed()[0].revealed);  // played face up: the carried card is public
  CHECK(s.view(1)["players"][0]["carried"] == "R9");
  CHECK(s.view(1)["trick"]["plays"][0]["carried"] == true);
  CHECK_FALSE(s.sealed()[2].revealed);
}

TEST_CASE("game over reveals everything", "[hinode][views]") {  // §6, §7
  const Game& g = test::game("hinode");
  auto s = test::start(g, test::options(g, {{"players", 3}}), 9);
  SplitMix rng(9);
  play_until(*s, rng, [&] { return s->over(); });
  const Json v = s->view(1);
  for (const Json& p : v["players"]) {
    CHECK(p.contains("hand"));
    CHECK(p["discarded"].size() == 2);
  }
  CHECK(v["undealt"].size() == 3);
  for (const Json& u : v["undealt"]) CHECK(u.size() == 3);
  for (const Sealed& k : s->sealed()) CHECK(k.revealed);
  const Outcome o = s->outcome();
  CHECK(v["outcome"] == o.to_json());
  CHECK(o.turns == 18);
  for (const char* key : {"fires_income", "fires_value_plus", "fires_recall", "fires_hero", "vp_seat0", "vp_seat2",
                          "vp_spread_first_last", "vp_margin_first_second", "map_fill_pct_round3"})
    CHECK(o.details["stats"][key].is_number_integer());
  for (Seat seat = 0; seat < 3; ++seat) CHECK(o.scores[seat] == board_of(*s).p[seat].vp);
  CHECK(s->apply(0, play("R1")).error().code == RuleError::game_over);
}

TEST_CASE("bad input: typed errors, state unchanged", "[hinode][errors]") {
  HinodeState s = fixture({{"hands", hands4(L({"R5", "G1"}), L({"R9", "G2"}), L({"R6", "G3"}), L({"G7", "B4"}))}});
  const std::string before = test::bytes(s.debug_state());
  auto err = [&](Seat seat, const Json& a) { return s.apply(seat, a).error(); };
  CHECK(err(1, play("R9")).code == RuleError::not_your_turn);
  CHECK(err(0, {{"type", "play"}}).code == RuleError::malformed_action);
  CHECK(err(0, {{"type", "play"}, {"card", 5}}).code == RuleError::malformed_action);
  CHECK(err(0, play("Z9")).code == RuleError::malformed_action);
  CHECK(err(0, play("R05")).code == RuleError::malformed_action);
  CHECK(err(0, {{"type", "play"}, {"card", "R5"}, {"boost", 1}}).message == "'boost' must be true or false");
  CHECK(err(0, {{"type", "play"}, {"card", "R5"}, {"boost", false}, {"recall", true}}).message ==
        "recall needs k >= 3 markers in red areas (you have 0)");
  CHECK(err(0, {{"type", "play"}, {"card", "R5"}, {"x", 1}}).code == RuleError::malformed_action);
  CHECK(err(0, play("B11")).message == "you do not hold B11");
  CHECK(err(0, play("B11")).code == RuleError::illegal_action);
  CHECK(err(0, play("R5", true)).message == "value_plus needs k >= 2 markers in red areas (you have 0)");
  CHECK(err(0, play("R5", false, true)).message == "recall needs k >= 3 markers in red areas (you have 0)");
  CHECK(err(0, play("hero_kappa")).message == "that is not your hero card");
  CHECK(err(0, support(1)).message == "there is no battle to support before every card is played");
  CHECK(err(0, occupy("A1")).code == RuleError::illegal_action);
  CHECK(err(0, keep("R5")).message == "cards are kept only at the end of rounds 1 and 2");
  CHECK(err(0, {{"type", "keep"}, {"card", 3}}).code == RuleError::malformed_action);
  CHECK(err(0, {{"type", "dance"}}).code == RuleError::malformed_action);
  CHECK(err(4, play("R5")).code == RuleError::invalid_seat);
  CHECK(test::bytes(s.debug_state()) == before);

  // §5: boost and recall default to false; spelled out as false it is the same play.
  const Json spelled = {{"type", "play"}, {"card", "R5"}, {"boost", false}, {"recall", false}};
  CHECK(s.canonical_action(0, spelled) == play("R5"));
  HinodeState t = s;
  must_apply(t, 0, spelled);
  CHECK(t.board().trick.plays.at(0).card == C("R5"));
  CHECK_FALSE(t.board().trick.plays.at(0).boost);

  plays(s, {{0, play("R5")}, {1, play("R9")}, {2, play("R6")}, {3, play("G7")}});
  CHECK(err(0, occupy("Z1")).message == "there is no area 'Z1' on this map");
  CHECK(err(0, occupy("A2")).message == "you may only occupy areas of suit red (R)");
  CHECK(err(0, support(3)).message == "side must be B1 (seat 1) or B2 (seat 2)");
  CHECK(err(0, {{"type", "support"}, {"side", "1"}}).code == RuleError::malformed_action);
  CHECK(err(0, play("G1")).message == "every card of this trick is played; it is the judgment step");
  must_apply(s, 0, support(2));
  CHECK(err(3, support(1)).message == "players who did not follow suit may only occupy");

  HinodeState three = fixture({{"players", 3}, {"hands", Json::array({L({"R5"}), L({"R6"}), L({"R7"})})}});
  CHECK(three.apply(0, play("R10")).error().message == "R10 is not in the game with 3 players");
  HinodeState k = fixture({{"phase", "keep"}, {"trick", 7}, {"hands", hands4(L({"R5"}), L({"R6"}), L({"R7"}), L({"R8"}))}});
  CHECK(k.apply(0, keep("G5")).error().message == "you do not hold G5");
  CHECK(k.apply(0, play("R5")).error().message == "the round is over: choose a card to keep (or none)");
}

TEST_CASE("resample: re-deals hidden cards within what the viewer knows", "[hinode][resample]") {  // §6
  const Game& g = test::game("hinode");
  long differed = 0, checked = 0;
  for (int players : {3, 4}) {
    for (std::uint64_t seed = 1; seed <= 6; ++seed) {
      auto s = test::start(g, test::options(g, {{"players", players}}), seed);
      SplitMix rng(seed + 100);
      while (!s->over()) {
        const Board& b = board_of(*s);
        for (Seat viewer = kSpectator; viewer < players; ++viewer) {
          auto r = s->resample(viewer, rng);
          const Board& o = board_of(*r);
          REQUIRE(test::bytes(r->view(viewer)) == test::bytes(s->view(viewer)));
          ++checked;
          if (test::bytes(r->debug_state()) != test::bytes(s->debug_state())) ++differed;
          for (Seat p = 0; p < players; ++p) {
            INFO("seed " << seed << " viewer " << viewer << " seat " << p);
            if (p == viewer) REQUIRE(o.p[p].hand == b.p[p].hand);
            REQUIRE(o.p[p].hand.size() == b.p[p].hand.size());
            for (Card c : o.p[p].known) REQUIRE(std::count(o.p[p].hand.begin(), o.p[p].hand.end(), c) == 1);
            for (Card c : o.p[p].hand) REQUIRE_FALSE(o.p[p].voids & suit_bit(suit_of(c)));  // a void lasts the round
            if (Card c = o.carried(p); c != kNoCard) REQUIRE(std::count(o.p[p].hand.begin(), o.p[p].hand.end(), c) == 1);
            for (std::size_t r = 0; r < o.past.size(); ++r) {
              const KeepRecord* k = o.keep_of(static_cast<int>(r) + 1, p);
              REQUIRE(k);
              if (k->card != kNoCard) REQUIRE(std::count(o.past[r].end_hand[p].begin(), o.past[r].end_hand[p].end(), k->card) == 1);
              for (Card c : o.past[r].end_hand[p]) REQUIRE_FALSE(o.past[r].voids[p] & suit_bit(suit_of(c)));
            }
          }
          // The cards of the round are still exactly the game's cards.
          std::vector<Card> all = o.undealt;
          all.insert(all.end(), o.round_played.begin(), o.round_played.end());
          for (const Player& pl : o.p) all.insert(all.end(), pl.hand.begin(), pl.hand.end());
          for (const Play& pl : o.trick.plays)
            if (!pl.hero) all.push_back(pl.card);
          std::sort(all.begin(), all.end());
          REQUIRE(all == game_cards(players));
        }
        auto m = random_move(*s, rng);
        REQUIRE(m);
        must_apply(*s, m->seat, m->action);
      }
    }
  }
  CHECK(differed > checked / 2);
}
