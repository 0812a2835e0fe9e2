// Oikake Nyanzu: the test scenarios T1-T12 of the rules doc, plus the deal and the views.
// Positions are built from compact fixtures; every check cites its rule.
#include <catch2/catch.hpp>

#include "protocol/drbg.h"
#include "rules/oikake/oikake.h"
#include "tests/support/playout.h"
#include "tests/support/game_end.h"

using namespace nyan;
using namespace nyan::oikake;
using nyan::test::must_apply;
using nyan::test::require_ended;
using nyan::test::require_views_public;
using nyan::test::view_shape;

namespace {

Kind K(const std::string& name) {
  auto k = kind_from_name(name);
  REQUIRE(k);
  return *k;
}

Counts counts(const Json& j) {
  Counts c{};
  if (j.is_array())
    for (const Json& x : j) c[static_cast<int>(K(x.get<std::string>()))]++;
  else if (j.is_object())
    for (const auto& [k, v] : j.items()) c[static_cast<int>(K(k))] += v.get<int>();
  return c;
}

// A position from a compact fixture, as the rules doc's §9 describes them: cards not listed
// anywhere fill an unlisted chooser hand (first), then the deck (unless the deck is given
// without "rest"). Fields: mode, pos, presenter, hands, areas, deck, exchanges_used, turn.
OikakeState fixture(const Json& f) {
  Board b;
  b.mode = f.value("mode", "normal") == "short" ? Mode::short_ : Mode::normal;
  b.pos = {f.at("pos")[0].get<int>(), f.at("pos")[1].get<int>()};
  b.presenter = f.value("presenter", 0);
  b.first_seat = b.presenter;
  b.turn = f.value("turn", 1);
  Counts pool{};
  for (int i = 0; i < kKinds; ++i) pool[i] = copies(b.mode, static_cast<Kind>(i));
  auto take = [&](const Counts& c) {
    for (int i = 0; i < kKinds; ++i) {
      pool[i] -= c[i];
      REQUIRE(pool[i] >= 0);
    }
  };
  std::array<bool, 2> listed{};
  for (Seat s = 0; s < 2; ++s) {
    if (f.contains("areas")) b.area[s] = counts(f["areas"][s]);
    take(b.area[s]);
    if (f.contains("hands") && !f["hands"][s].is_null()) {
      b.hand[s] = counts(f["hands"][s]);
      listed[s] = true;
      take(b.hand[s]);
    }
  }
  if (f.contains("exchanges_used"))
    b.exchanges_used = {f["exchanges_used"][0].get<int>(), f["exchanges_used"][1].get<int>()};
  bool rest = true;
  std::vector<Kind> top;
  if (f.contains("deck")) {
    rest = false;
    for (const Json& x : f["deck"]) {
      if (x == "rest") rest = true;
      else top.push_back(K(x.get<std::string>()));
    }
    Counts t{};
    for (Kind k : top) t[static_cast<int>(k)]++;
    take(t);
  }
  std::vector<Kind> unlisted;
  for (int i = 0; i < kKinds; ++i)
    for (int n = 0; n < pool[i]; ++n) unlisted.push_back(static_cast<Kind>(i));
  std::size_t next = 0;
  for (Seat s = 0; s < 2; ++s)
    if (!listed[s])
      for (int n = 0; n < b.hand_size() && next < unlisted.size(); ++n)
        b.hand[s][static_cast<int>(unlisted[next++])]++;
  b.deck = top;
  if (rest) b.deck.insert(b.deck.end(), unlisted.begin() + static_cast<std::ptrdiff_t>(next), unlisted.end());
  return OikakeState(b);
}

using nyan::test::L;

// The pair of per-seat values (seat 0, seat 1).
Json P(const Json& seat0, const Json& seat1) { return Json::array({seat0, seat1}); }

Json present(const char* up, const char* down) { return {{"type", "present"}, {"up", up}, {"down", down}}; }
Json choose(const char* pick) { return {{"type", "choose"}, {"pick", pick}}; }
Json exchange(const char* card) { return {{"type", "exchange"}, {"card", card}}; }

void require_continues(const OikakeState& s, Seat next_presenter) {
  REQUIRE_FALSE(s.over());
  CHECK(s.board().phase == Phase::present);
  CHECK(s.board().presenter == next_presenter);  // R14
}

void require_win(const OikakeState& s, Seat winner, const std::string& reason) {
  REQUIRE(s.over());
  const Outcome o = s.outcome();
  CHECK(o.winners == std::vector<Seat>{winner});
  CHECK(o.reason == reason);
}

}  // namespace

TEST_CASE("T1 value table", "[oikake][T1]") {  // R6, seed §6
  auto mv = [](int m) { return Value{m, false, false}; };
  const Value WIN{0, true, false}, LOSE{0, false, true};
  CHECK(value(Kind::find, 1) == mv(0));
  CHECK(value(Kind::find, 2) == mv(0));
  CHECK(value(Kind::find, 3) == WIN);
  CHECK(value(Kind::find, 5) == WIN);
  CHECK(value(Kind::danger, 1) == mv(2));
  CHECK(value(Kind::danger, 2) == mv(3));
  CHECK(value(Kind::danger, 3) == LOSE);
  CHECK(value(Kind::lazy, 1) == mv(-1));
  CHECK(value(Kind::lazy, 2) == mv(-1));
  CHECK(value(Kind::lazy, 3) == mv(-2));
  CHECK(value(Kind::lazy, 6) == mv(-2));
  CHECK(value(Kind::walk, 1) == mv(1));
  CHECK(value(Kind::walk, 2) == mv(2));
  CHECK(value(Kind::walk, 4) == mv(3));
  CHECK(value(Kind::twist, 1) == mv(-1));
  CHECK(value(Kind::twist, 2) == mv(6));
  CHECK(value(Kind::twist, 3) == mv(-1));
  CHECK(value(Kind::twist, 6) == mv(-1));
  CHECK(value(Kind::watch, 1) == mv(0));
  CHECK(value(Kind::watch, 2) == mv(2));
  CHECK(value(Kind::watch, 3) == mv(6));
  CHECK(value(Kind::watch, 6) == mv(6));
  CHECK(value(Kind::bigcat, 1) == mv(4));
  CHECK(value(Kind::spy, 1) == mv(-3));
}

TEST_CASE("T2 basic turn with refill", "[oikake][T2]") {  // R3, R4, R5, R6, R7, R14
  OikakeState s = fixture({{"pos", {0, 7}},
                           {"hands", P(L({"walk", "walk", "lazy", "find"}), L({"twist", "watch", "danger", "spy"}))},
                           {"deck", {"twist", "watch", "rest"}}});
  const std::size_t deck_before = s.board().deck.size();
  CHECK(s.legal_actions(0).size() == 3 + 6);  // 3 exchanges + 3*2 ordered presents
  must_apply(s, 0, present("walk", "lazy"));
  CHECK(s.board().hand[0] == counts(L({"walk", "find", "twist", "watch"})));  // R4
  CHECK(s.board().deck.size() == deck_before - 2);
  const Json v1 = s.view(1);
  CHECK(v1["table"]["up"] == "walk");
  CHECK(v1["table"]["down"].is_null());  // §6: hidden from the chooser
  CHECK(s.view(0)["table"]["down"] == "lazy");
  CHECK(s.view(kSpectator)["table"]["down"].is_null());
  must_apply(s, 1, choose("up"));
  CHECK(s.board().area[1] == counts(L({"walk"})));
  CHECK(s.board().area[0] == counts(L({"lazy"})));
  CHECK(s.board().pos == std::array<int, 2>{13, 8});  // m0 = -1, m1 = +1
  require_continues(s, 1);
  CHECK(s.board().dist(0) == 9);
  CHECK(s.board().dist(1) == 5);
}

TEST_CASE("T3 catch because the opponent retreats", "[oikake][T3]") {  // R9(b), R12
  const Json f = {{"pos", {0, 2}}, {"hands", P(L({"spy", "walk", "find", "lazy"}), nullptr)}};
  OikakeState s = fixture(f);
  must_apply(s, 0, present("spy", "walk"));
  must_apply(s, 1, choose("up"));
  CHECK(s.board().pos == std::array<int, 2>{1, 13});
  require_win(s, 0, "catch");  // m0 - m1 = 4 >= dist(0) = 2

  OikakeState v = fixture(f);
  must_apply(v, 0, present("spy", "walk"));
  must_apply(v, 1, choose("down"));
  CHECK(v.board().pos == std::array<int, 2>{11, 3});
  require_continues(v, 1);
  CHECK(v.board().dist(0) == 6);
  CHECK(v.board().dist(1) == 8);
}

TEST_CASE("T4 passing mid-move, but the opponent escapes", "[oikake][T4]") {  // R7, R9
  OikakeState s = fixture({{"pos", {0, 3}},
                           {"areas", P(L({"twist"}), L({"watch", "watch"}))},
                           {"hands", P(L({"twist", "watch", "walk", "find"}), nullptr)}});
  must_apply(s, 0, present("twist", "watch"));
  must_apply(s, 1, choose("down"));
  CHECK(s.board().pos == std::array<int, 2>{6, 9});  // both +6
  require_continues(s, 1);
}

TEST_CASE("T5 same space reached by the non-presenter: presenter wins", "[oikake][T5]") {  // R9(a), R12, G2
  const Json f = {{"pos", {0, 10}}, {"hands", P(L({"bigcat", "find", "walk", "lazy"}), nullptr)}};
  OikakeState s = fixture(f);
  must_apply(s, 0, present("bigcat", "find"));
  must_apply(s, 1, choose("up"));
  CHECK(s.board().pos == std::array<int, 2>{0, 0});
  require_win(s, 0, "conflict");
  CHECK(s.outcome().details["conditions"][0]["catch"] == true);
  CHECK(s.outcome().details["conditions"][1]["catch"] == true);

  OikakeState v = fixture(f);
  must_apply(v, 0, present("bigcat", "find"));
  must_apply(v, 1, choose("down"));
  CHECK(v.board().pos == std::array<int, 2>{4, 10});
  require_continues(v, 1);
  CHECK(v.board().dist(0) == 6);
  CHECK(v.board().dist(1) == 8);
}

TEST_CASE("T6 both players meet a win condition", "[oikake][T6]") {  // R10, R9(b), R12
  const Json f = {{"pos", {0, 12}},
                  {"areas", P(L({"find", "find"}), L({"walk", "walk"}))},
                  {"hands", P(L({"find", "walk", "lazy", "twist"}), nullptr)}};
  OikakeState s = fixture(f);
  must_apply(s, 0, present("find", "walk"));
  must_apply(s, 1, choose("down"));
  CHECK(s.board().pos == std::array<int, 2>{0, 1});
  require_win(s, 0, "conflict");
  CHECK(s.outcome().details["conditions"][0]["find3"] == true);
  CHECK(s.outcome().details["conditions"][1]["catch"] == true);

  OikakeState v = fixture(f);
  must_apply(v, 0, present("find", "walk"));
  must_apply(v, 1, choose("up"));
  CHECK(v.board().pos == std::array<int, 2>{1, 12});
  require_continues(v, 1);
}

TEST_CASE("T7 the chooser meets both a win and a lose condition", "[oikake][T7]") {  // R9(b), R11, R12, G3
  OikakeState s = fixture({{"pos", {0, 2}},
                           {"presenter", 1},
                           {"areas", P(L({"danger", "danger"}), Json::array())},
                           {"hands", P(nullptr, L({"danger", "spy", "walk", "find"}))}});
  must_apply(s, 1, present("danger", "spy"));
  must_apply(s, 0, choose("up"));
  CHECK(s.board().pos == std::array<int, 2>{0, 13});
  require_win(s, 1, "conflict");
  CHECK(s.outcome().details["conditions"][0]["catch"] == true);
  CHECK(s.outcome().details["conditions"][0]["danger3"] == true);
}

TEST_CASE("T8 same-kind exception and both players lose", "[oikake][T8]") {  // R3, R11, R12
  const Json f = {{"pos", {0, 7}},
                  {"deck", Json::array()},
                  {"hands", P(L({"danger", "danger"}), L({"walk", "walk"}))},
                  {"areas", P(L({"danger", "danger"}), L({"danger", "danger"}))}};
  for (const char* pick : {"up", "down"}) {
    OikakeState s = fixture(f);
    CHECK(s.legal_actions(0) == std::vector<Json>{present("danger", "danger")});
    must_apply(s, 0, present("danger", "danger"));
    must_apply(s, 1, choose(pick));
    CHECK(s.board().pos == std::array<int, 2>{0, 7});
    require_win(s, 0, "conflict");  // R12 before R13
  }
}

TEST_CASE("T9 presentation legality", "[oikake][T9]") {  // R3, §5
  auto presents = [](const Json& hand) {
    OikakeState s = fixture({{"pos", {0, 7}}, {"hands", P(hand, nullptr)}});
    std::vector<Json> out;
    for (const Json& a : s.legal_actions(0))
      if (a["type"] == "present") out.push_back(a);
    return std::make_pair(out, s);
  };
  {
    auto [p, s] = presents(L({"find", "find", "find", "walk"}));
    CHECK(p == std::vector<Json>{present("find", "walk"), present("walk", "find")});
    Result r = s.apply(0, present("find", "find"));
    REQUIRE_FALSE(r.is_ok());
    CHECK(r.error().code == RuleError::illegal_action);
  }
  {
    auto [p, s] = presents(L({"find", "find", "find", "find"}));
    CHECK(p == std::vector<Json>{present("find", "find")});
  }
  {
    auto [p, s] = presents(L({"bigcat", "spy", "walk", "walk"}));
    CHECK(p.size() == 6);
    CHECK(test::contains(p, present("bigcat", "spy")));
    CHECK(test::contains(p, present("spy", "walk")));
    CHECK_FALSE(test::contains(p, present("walk", "walk")));
    CHECK_FALSE(s.apply(0, present("walk", "walk")).is_ok());
  }
}

TEST_CASE("T10 exchange limits", "[oikake][T10]") {  // R2, G6, G7
  SECTION("(a) the fourth exchange, then no more") {
    OikakeState s = fixture({{"pos", {0, 7}},
                             {"exchanges_used", {3, 0}},
                             {"hands", P(L({"walk", "walk", "lazy", "find"}), nullptr)},
                             {"deck", {"bigcat", "spy", "rest"}}});
    const std::size_t deck_before = s.board().deck.size();
    must_apply(s, 0, exchange("lazy"));
    CHECK(s.board().hand[0] == counts(L({"walk", "walk", "find", "bigcat"})));
    CHECK(s.board().exchanged[0] == counts(L({"lazy"})));
    CHECK(s.board().exchanges_used[0] == 4);
    CHECK(s.board().deck.front() == Kind::spy);
    CHECK(s.board().deck.size() == deck_before - 1);
    for (const Json& a : s.legal_actions(0)) CHECK(a["type"] == "present");
    Result r = s.apply(0, exchange("walk"));
    REQUIRE_FALSE(r.is_ok());
    CHECK(r.error().message == "you have used all 4 exchanges");
    const Json v1 = s.view(1);  // G7: the opponent sees counts, not cards
    CHECK(v1["players"][0]["exchanged_count"] == 1);
    CHECK(v1["players"][0]["exchanges_used"] == 4);
    CHECK(v1["players"][0]["hand_count"] == 4);
    CHECK_FALSE(v1["players"][0].contains("hand"));
    CHECK_FALSE(v1["players"][0].contains("exchanged"));
    CHECK(v1.dump().find("bigcat") == std::string::npos);
    CHECK_FALSE(v1["log"].back().contains("card"));
    CHECK(s.view(0)["log"].back()["card"] == "lazy");
    CHECK(s.view(0)["players"][0]["exchanged"] == Json{{"lazy", 1}});
  }
  SECTION("(b) the deck is empty") {
    OikakeState s = fixture({{"pos", {0, 7}},
                             {"hands", P(L({"walk", "walk", "lazy", "find"}), L({"find", "lazy"}))},
                             {"deck", Json::array()}});
    for (const Json& a : s.legal_actions(0)) CHECK(a["type"] == "present");
    CHECK(s.apply(0, exchange("lazy")).error().message == "the deck is empty");
  }
  SECTION("(c) short mode has no exchange") {
    OikakeState s = fixture({{"mode", "short"}, {"pos", {0, 5}}, {"hands", P(L({"walk", "lazy", "find"}), nullptr)}});
    for (const Json& a : s.legal_actions(0)) CHECK(a["type"] == "present");
    CHECK(s.apply(0, exchange("lazy")).error().message == "there is no exchange in short mode");
  }
}

TEST_CASE("T11 partial refill, and an empty deck that does not end the game", "[oikake][T11]") {  // R4, R13
  OikakeState s = fixture({{"pos", {0, 7}},
                           {"hands", P(L({"walk", "lazy", "find", "twist"}), L({"find", "find", "danger", "danger"}))},
                           {"deck", L({"watch"})}});
  must_apply(s, 0, present("walk", "lazy"));
  CHECK(s.board().hand[0] == counts(L({"find", "twist", "watch"})));
  CHECK(s.board().deck.empty());
  must_apply(s, 1, choose("up"));
  CHECK(s.board().pos == std::array<int, 2>{13, 8});
  require_continues(s, 1);  // seat 1 holds 4 >= 2
  for (const Json& a : s.legal_actions(1)) CHECK(a["type"] == "present");
}

TEST_CASE("T12 deck-out endings in short mode", "[oikake][T12]") {  // R9, R12, R13, G10, G11
  const Json f = {{"mode", "short"},
                  {"pos", {0, 5}},
                  {"turn", 7},
                  {"deck", Json::array()},
                  {"hands", P(L({"walk", "lazy", "danger"}), L({"find"}))},
                  {"areas", P(L({"find", "danger", "danger", "lazy", "walk", "walk"}),
                             L({"find", "find", "danger", "lazy", "lazy", "walk"}))}};
  SECTION("(A) smaller distance wins") {
    OikakeState s = fixture(f);
    must_apply(s, 0, present("walk", "lazy"));
    must_apply(s, 1, choose("up"));
    CHECK(s.board().pos == std::array<int, 2>{9, 7});
    require_win(s, 1, "deck_out_distance");
    CHECK(s.outcome().details["distances"] == Json{8, 2});
  }
  SECTION("(B) equal distances: the next presenter wins") {
    OikakeState s = fixture(f);
    must_apply(s, 0, present("walk", "danger"));
    must_apply(s, 1, choose("down"));
    CHECK(s.board().pos == std::array<int, 2>{3, 8});
    require_win(s, 1, "deck_out_tie");
  }
  SECTION("(C) a shared space beats the deck-out") {
    OikakeState s = fixture(f);
    must_apply(s, 0, present("walk", "lazy"));
    must_apply(s, 1, choose("down"));
    CHECK(s.board().pos == std::array<int, 2>{3, 3});
    require_win(s, 0, "conflict");
  }
}

TEST_CASE("deal: re-derivable from the seed", "[oikake][setup]") {  // §3 determinism, G8
  const Game& g = test::game("oikake");
  for (const char* mode : {"normal", "short"}) {
    for (std::uint64_t seed = 1; seed <= 20; ++seed) {
      auto s = test::start(g, test::options(g, {{"mode", mode}}), seed);
      const Board& b = dynamic_cast<const OikakeState&>(*s).board();
      // Independent derivation: the table-order list, one shuffle, then the coin.
      Drbg rng(seed_from_number(seed));
      std::vector<Kind> cards;
      for (int i = 0; i < kKinds; ++i)
        for (int c = 0; c < copies(b.mode, static_cast<Kind>(i)); ++c) cards.push_back(static_cast<Kind>(i));
      rng.shuffle(cards);
      const int h = b.hand_size();
      std::array<Counts, 2> hands{};
      for (int i = 0; i < 2 * h; ++i) hands[i % 2][static_cast<int>(cards[i])]++;
      CHECK(b.hand == hands);
      CHECK(b.deck == std::vector<Kind>(cards.begin() + 2 * h, cards.end()));
      CHECK(b.first_seat == static_cast<Seat>(rng.uniform(2)));
      CHECK(b.presenter == b.first_seat);
      CHECK(b.pos == std::array<int, 2>{0, b.track() / 2});  // G1
      CHECK(b.deck.size() == (std::string(mode) == "normal" ? 30u : 10u));
    }
  }
}

TEST_CASE("options: mode and first_seat", "[oikake][options]") {  // §2.3
  const Game& g = test::game("oikake");
  Json out;
  Result bad = g.normalize_options({{"mode", "long"}}, out);
  REQUIRE_FALSE(bad.is_ok());
  CHECK(bad.error().message.find("mode") != std::string::npos);
  CHECK_FALSE(g.normalize_options({{"first_seat", 2}}, out).is_ok());
  CHECK_FALSE(g.normalize_options({{"first_seat", "0"}}, out).is_ok());
  auto s = test::start(g, test::options(g, {{"first_seat", 1}}), 3);
  CHECK(s->to_act() == std::vector<Seat>{1});
  CHECK(test::own_options(g, nullptr) == Json{{"mode", "normal"}, {"first_seat", "random"}});
}

TEST_CASE("sealed: the face-down card is committed on present and opened on choose", "[oikake][sealed]") {  // G12
  OikakeState s = fixture({{"pos", {0, 7}}, {"hands", P(L({"walk", "walk", "lazy", "find"}), nullptr)}});
  CHECK(s.sealed().empty());
  must_apply(s, 0, present("walk", "lazy"));
  REQUIRE(s.sealed().size() == 1);
  CHECK(s.sealed()[0].slot == "t1.down");
  CHECK(s.sealed()[0].value == "lazy");
  CHECK(s.sealed()[0].known_by(0));
  CHECK_FALSE(s.sealed()[0].known_by(1));
  CHECK_FALSE(s.sealed()[0].known_by(kSpectator));
  must_apply(s, 1, choose("down"));
  CHECK(s.sealed()[0].revealed);
}

TEST_CASE("game over reveals everything", "[oikake][views]") {  // §6
  OikakeState s = fixture({{"pos", {0, 2}}, {"hands", P(L({"spy", "walk", "find", "lazy"}), nullptr)}});
  must_apply(s, 0, present("spy", "walk"));
  must_apply(s, 1, choose("up"));
  REQUIRE(s.over());
  const Json v = s.view(kSpectator);
  CHECK(v["players"][0].contains("hand"));
  CHECK(v["players"][1].contains("hand"));
  CHECK(v["deck"].size() == s.board().deck.size());
  CHECK(v["outcome"]["reason"] == "catch");
  CHECK(s.view(0) != s.view(1));  // "you" differs, everything else is public
  Result r = s.apply(0, present("find", "lazy"));
  REQUIRE_FALSE(r.is_ok());
  CHECK(r.error().code == RuleError::game_over);
}

TEST_CASE("bad input: typed errors, state unchanged", "[oikake][errors]") {
  OikakeState s = fixture({{"pos", {0, 7}}, {"hands", P(L({"walk", "walk", "lazy", "find"}), nullptr)}});
  const std::string before = test::bytes(s.debug_state());
  auto code = [&](Seat seat, const Json& a) { return s.apply(seat, a).error().code; };
  CHECK(code(1, present("walk", "lazy")) == RuleError::not_your_turn);
  CHECK(code(0, Json("present")) == RuleError::malformed_action);
  CHECK(code(0, {{"type", "present"}, {"up", "walk"}}) == RuleError::malformed_action);
  CHECK(code(0, {{"type", "present"}, {"up", 3}, {"down", "lazy"}}) == RuleError::malformed_action);
  CHECK(code(0, {{"type", "present"}, {"up", "walk"}, {"down", "lazy"}, {"x", 1}}) == RuleError::malformed_action);
  CHECK(code(0, present("spy", "walk")) == RuleError::illegal_action);
  CHECK(code(0, choose("up")) == RuleError::illegal_action);
  CHECK(code(0, {{"type", "dance"}}) == RuleError::malformed_action);
  CHECK(code(2, present("walk", "lazy")) == RuleError::invalid_seat);
  CHECK(test::bytes(s.debug_state()) == before);
}

TEST_CASE("§7: the outcome holds the winner and the full revealed state", "[oikake][outcome]") {
  // T5's position: seat 0 presents bigcat and find, seat 1 takes bigcat and lands on 0.
  OikakeState s = fixture({{"pos", {0, 10}}, {"hands", P(L({"bigcat", "find", "walk", "lazy"}), nullptr)}});
  must_apply(s, 0, present("bigcat", "find"));
  must_apply(s, 1, choose("up"));
  require_win(s, 0, "conflict");
  const Json d = s.outcome().details;
  CHECK(d["winner"] == 0);
  CHECK(d["positions"] == Json{0, 0});
  const Json& r = d["revealed"];
  CHECK(r["areas"][0] == Json{{"find", 1}});
  CHECK(r["areas"][1] == Json{{"bigcat", 1}});
  for (Seat seat = 0; seat < 2; ++seat) {
    CHECK(r["hands"][seat] == counts_json(s.board().hand[seat]));
    CHECK(r["exchanged"][seat] == counts_json(s.board().exchanged[seat]));
  }
  REQUIRE(r["deck"].size() == s.board().deck.size());
  for (std::size_t i = 0; i < s.board().deck.size(); ++i) CHECK(r["deck"][i] == std::string(kind_name(s.board().deck[i])));
}

TEST_CASE("R3: a pair of a kind not held is rejected as not held", "[oikake][errors]") {  // R3, §5
  // Every card in hand is one kind, so the pair exception applies: the only fault in
  // present(walk, walk) is that the hand holds no walk, and the error must say so.
  OikakeState s = fixture({{"pos", {0, 7}}, {"hands", P(L({"find", "find", "find", "find"}), nullptr)}});
  Result r = s.apply(0, present("walk", "walk"));
  REQUIRE_FALSE(r.is_ok());
  CHECK(r.error().code == RuleError::illegal_action);
  CHECK(r.error().message == "you do not hold both cards");
  // With kinds to spare, a held pair still gets the different-kinds message.
  OikakeState t = fixture({{"pos", {0, 7}}, {"hands", P(L({"walk", "walk", "lazy", "find"}), nullptr)}});
  CHECK(t.apply(0, present("walk", "walk")).error().message ==
        "up and down must be different kinds unless every card in hand is of one kind");
}

namespace {

// The view of a game that ended normally (T5's catch, as in "game over reveals everything").
Json normal_end_view() {
  OikakeState s = fixture({{"pos", {0, 2}}, {"hands", P(L({"spy", "walk", "find", "lazy"}), nullptr)}});
  must_apply(s, 0, present("spy", "walk"));
  must_apply(s, 1, choose("up"));
  REQUIRE(s.over());
  return s.view(kSpectator);
}

const Json kNoCondition = {{"catch", false}, {"find3", false}, {"danger3", false}};

}  // namespace

// Forfeit: decision in the engine header (oikake.h): the other seat wins at once.
TEST_CASE("forfeit while the chooser chooses: the presenter wins, the pair stays on the table face up", "[oikake][forfeit]") {
  OikakeState s = fixture({{"pos", {0, 7}}, {"hands", P(L({"walk", "walk", "lazy", "find"}), nullptr)}});
  must_apply(s, 0, present("walk", "lazy"));
  const Json hands_before = P(counts_json(s.board().hand[0]), counts_json(s.board().hand[1]));
  REQUIRE(s.forfeit(1).is_ok());
  require_ended(s);

  const Outcome o = s.outcome();
  CHECK(o.winners == std::vector<Seat>{0});
  CHECK(o.reason == "forfeit");
  CHECK(o.turns == 1);
  CHECK(o.scores.empty());
  CHECK(o.details["forfeit"] == 1);
  CHECK(o.details["winner"] == 0);
  CHECK(o.details["presenter"] == 0);
  CHECK(o.details["conditions"] == P(kNoCondition, kNoCondition));  // every condition ends a game at once
  CHECK(o.details["positions"] == Json{0, 7});  // nobody moved
  CHECK(o.details["distances"] == Json{7, 7});
  const Json& revealed = o.details["revealed"];
  CHECK(revealed["hands"] == hands_before);  // nothing moved out of a hand
  CHECK(revealed["areas"] == P(Json::object(), Json::object()));
  CHECK(revealed["table"] == Json{{"up", "walk"}, {"down", "lazy"}});
  CHECK(revealed["deck"].size() == s.board().deck.size());

  // §6: what every end reveals, a forfeit reveals: hands, exchange piles, the deck, and the
  // face-down card (its slot opened to everyone, as a normal end opens every one).
  REQUIRE(s.sealed().size() == 1);
  CHECK(s.sealed()[0].slot == "t1.down");
  CHECK(s.sealed()[0].value == "lazy");
  CHECK(s.sealed()[0].revealed);
  require_views_public(s);
  const Json v = s.view(kSpectator);
  CHECK(view_shape(v, "players") == view_shape(normal_end_view(), "players"));
  CHECK(v["phase"] == "game_over");
  CHECK(v["table"] == Json{{"down", "lazy"}, {"up", "walk"}});
  for (Seat seat = 0; seat < 2; ++seat) {
    CHECK(v["players"][seat]["hand"] == hands_before[seat]);
    CHECK(v["players"][seat]["exchanged"] == Json::object());
  }
  CHECK(v["outcome"] == o.to_json());
  // The log: the present (its face-down card now told to all), the forfeit, the end.
  const Json& log = v["log"];
  REQUIRE(log.size() >= 3);
  CHECK(log[log.size() - 3]["type"] == "present");
  CHECK(log[log.size() - 3]["down"] == "lazy");
  CHECK(log[log.size() - 2] == Json{{"n", log[log.size() - 2]["n"]}, {"type", "forfeit"}, {"seat", 1}});
  CHECK(log.back()["type"] == "game_over");
  CHECK(log.back()["winner"] == 0);
  CHECK(log.back()["reason"] == "forfeit");
}

// Forfeit: decision in the engine header (oikake.h).
TEST_CASE("forfeit by the presenter between turns: the chooser wins, earlier cards as they were", "[oikake][forfeit]") {
  // T2's turn: seat 0 presents walk and lazy, seat 1 takes walk. Then seat 1 presents and forfeits.
  OikakeState s = fixture({{"pos", {0, 7}}, {"hands", P(L({"walk", "walk", "lazy", "find"}), nullptr)}});
  must_apply(s, 0, present("walk", "lazy"));
  must_apply(s, 1, choose("up"));
  require_continues(s, 1);
  const Json areas = P(counts_json(s.board().area[0]), counts_json(s.board().area[1]));
  REQUIRE(s.forfeit(1).is_ok());
  require_ended(s);
  const Outcome o = s.outcome();
  CHECK(o.winners == std::vector<Seat>{0});
  CHECK(o.reason == "forfeit");
  CHECK(o.turns == 2);
  CHECK(o.details["forfeit"] == 1);
  CHECK(o.details["presenter"] == 1);
  CHECK(o.details["revealed"]["areas"] == areas);
  CHECK_FALSE(o.details["revealed"].contains("table"));  // nothing was on the table
  const Json v = s.view(kSpectator);
  CHECK(v["table"].is_null());
  CHECK(v["last"]["turn"] == 1);
  CHECK(view_shape(v, "players") == view_shape(normal_end_view(), "players"));
  require_views_public(s);
  REQUIRE(s.sealed().size() == 1);
  CHECK(s.sealed()[0].revealed);

  // The presenter may forfeit too, before presenting: the chooser wins.
  OikakeState t = fixture({{"pos", {0, 7}}, {"hands", P(L({"walk", "walk", "lazy", "find"}), nullptr)}});
  REQUIRE(t.forfeit(0).is_ok());
  CHECK(t.outcome().winners == std::vector<Seat>{1});
  CHECK(t.outcome().details["forfeit"] == 0);
  CHECK(t.sealed().empty());
}

TEST_CASE("forfeit refused: a seat out of range, a game over, a client cannot send one", "[oikake][forfeit]") {
  CHECK(test::game("oikake").type().forfeits);  // oikake.h: a turn clock that runs out may end the game so
  OikakeState s = fixture({{"pos", {0, 7}}, {"hands", P(L({"walk", "walk", "lazy", "find"}), nullptr)}});
  const std::string before = test::bytes(s.debug_state());
  CHECK(s.forfeit(2).error().code == RuleError::invalid_seat);
  CHECK(s.forfeit(kSpectator).error().code == RuleError::invalid_seat);
  // It is no action: in no legal list, refused by apply() like any unknown type.
  CHECK(s.apply(0, forfeit_action()).error().code == RuleError::malformed_action);
  CHECK(test::bytes(s.debug_state()) == before);
  REQUIRE(apply_move(s, Move{0, forfeit_action()}).is_ok());  // how a record replays it
  const std::string after = test::bytes(s.debug_state());
  CHECK(s.forfeit(1).error().code == RuleError::game_over);
  CHECK(s.forfeit(0).error().code == RuleError::game_over);
  CHECK(test::bytes(s.debug_state()) == after);
  CHECK(s.outcome().winners == std::vector<Seat>{1});
}
