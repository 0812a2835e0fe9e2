// Compact fixtures for the Nyanya Dai Hugo tests: exact positions written the way the rules
// doc's §9 writes them ("W?=4" a wild declared 4, "D4x2" a doubled doppel, piles top first).
#pragma once

#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "rules/daihugo/daihugo.h"
#include "tests/support/playout.h"

namespace nyan::daihugo::test {

inline Card C(const std::string& name) {
  auto c = card_from_name(name);
  INFO("card " << name);
  REQUIRE(c);
  return *c;
}

// "W3", "W?=4", "D4x2".
inline Elem E(const std::string& token) {
  std::string id = token;
  int as = 0;
  bool twice = false;
  if (auto eq = token.find('='); eq != std::string::npos) {
    id = token.substr(0, eq);
    as = std::stoi(token.substr(eq + 1));
  } else if (token.size() > 2 && token.substr(token.size() - 2) == "x2") {
    id = token.substr(0, token.size() - 2);
    twice = true;
  }
  const Card c = C(id);
  return Elem{c, is_wild(c) ? as : number_of(c), twice};
}

// A play in canonical order.
inline Play P(std::initializer_list<const char*> tokens) {
  Play p;
  for (const char* t : tokens) p.push_back(E(t));
  canonicalize(p);
  return p;
}

inline Json play_action(std::initializer_list<const char*> tokens) {
  return {{"type", "play"}, {"cards", play_json(P(tokens))}};
}
inline Json pass_action(const char* take = nullptr) {
  Json a = {{"type", "pass"}};
  if (take) a["take"] = take;
  return a;
}
inline Json reveal_action(const char* card, int as = 0) {
  Json a = {{"type", "reveal"}, {"card", card}};
  if (as) a["as"] = as;
  return a;
}

using nyan::test::L;

inline Hand H(std::initializer_list<const char*> names) {
  Hand h = 0;
  for (const char* n : names) h |= bit(C(n));
  return h;
}

inline std::vector<Card> cards_list(const Json& names) {
  std::vector<Card> out;
  for (const Json& n : names) out.push_back(C(n.get<std::string>()));
  return out;
}

// A position. Fields: players, options {match, opening_lead, next_round_start,
// solo_target_turns}, hands (null: filled with a deal-size hand of unlisted cards), field
// (missing: 3 unlisted cards), pile (top first; "rest" appends the unlisted cards), trick
// [{seat, cards}], passes, tails, phase ("play", "reveal", "solo_take", or "deal" to run
// the round's wild check), current, opening, turn (solo t), round, results_winner.
// Cards listed nowhere go to the cleared zone.
inline DaihugoState fixture(const Json& f) {
  Board b;
  const Json o = f.value("options", Json::object());
  b.settings.players = f.value("players", 2);
  b.settings.single_round = o.value("match", "tails") == "single_round";
  b.settings.opening_containing = o.value("opening_lead", "exact") == "containing";
  b.settings.winner_leads = o.value("next_round_start", "reveal") == "round_winner";
  b.settings.solo_target = o.value("solo_target_turns", 6);
  const int n = b.n();
  const auto un = static_cast<std::size_t>(n);
  b.hands.assign(un, 0);
  b.shown.assign(un, 0);
  b.played_unshown.assign(un, 0);
  b.tails = f.contains("tails") ? f["tails"].get<std::vector<int>>() : std::vector<int>(un, 0);
  b.round = f.value("round", 1);
  Hand used = 0;
  auto take = [&](Card c) {
    INFO("card listed twice: " << card_name(c));
    REQUIRE_FALSE(holds(used, c));
    used |= bit(c);
  };
  std::vector<bool> listed(un, false);
  if (f.contains("hands"))
    for (Seat s = 0; s < n; ++s)
      if (f["hands"][s].is_array()) {
        for (Card c : cards_list(f["hands"][s])) take(c), b.hands[s] |= bit(c);
        listed[s] = true;
      }
  if (f.contains("field"))
    for (Card c : cards_list(f["field"])) take(c), b.field |= bit(c);
  bool rest = !f.contains("pile");
  if (f.contains("pile"))
    for (const Json& x : f["pile"]) {
      if (x == "rest") rest = true;
      else take(C(x.get<std::string>())), b.pile.push_back(C(x.get<std::string>()));
    }
  if (f.contains("trick"))
    for (const Json& r : f["trick"]) {
      Play p;
      for (const Json& t : r["cards"]) p.push_back(E(t.get<std::string>()));
      canonicalize(p);
      for (const Elem& e : p) take(e.card);
      const auto combo = classify(p);
      REQUIRE(combo);
      b.trick.plays.push_back(PlayRecord{r["seat"].get<int>(), p, *combo});
    }
  b.trick.passes = f.value("passes", 0);
  std::vector<Card> unlisted = cards_of(~used);
  std::size_t next = 0;
  const int deal = n == 4 ? 7 : 8;
  for (Seat s = 0; s < n; ++s)
    if (!listed[s])
      for (int i = 0; i < deal && next < unlisted.size(); ++i) b.hands[s] |= bit(unlisted[next++]);
  if (!f.contains("field"))
    for (int i = 0; i < 3 && next < unlisted.size(); ++i) b.field |= bit(unlisted[next++]);
  if (rest) b.pile.insert(b.pile.end(), unlisted.begin() + static_cast<std::ptrdiff_t>(next), unlisted.end());
  else
    for (; next < unlisted.size(); ++next) b.cleared |= bit(unlisted[next]);
  b.current = f.value("current", 0);
  b.solo_turn = f.value("turn", 1);
  if (f.contains("opening")) {
    b.opening = E(f["opening"].get<std::string>());
    b.start_seat = b.current;
  }
  if (f.contains("results_winner")) {
    RoundResult r;
    r.winner = f["results_winner"].get<int>();
    b.results.push_back(r);
  }
  const std::string phase = f.value("phase", "play");
  if (phase == "deal") begin_round(b);
  else if (phase == "reveal") b.phase = Phase::reveal;
  else if (phase == "solo_take") b.phase = Phase::solo_take;
  else b.phase = Phase::play;
  return DaihugoState(b, std::make_unique<SplitMix>(f.value("seed", 7)));
}

// T9's position: seat 0 ends the round and the match with its last card (play B8a), leaving
// seats 1 and 2 with penalties.
inline DaihugoState t9_last_round() {
  return fixture({{"players", 3},
                  {"tails", {0, 3, 4}},
                  {"trick", {{{"seat", 2}, {"cards", nyan::test::L({"W7"})}}}},
                  {"hands", Json::array({nyan::test::L({"B8a"}), nyan::test::L({"W?", "D3", "B2b"}), nyan::test::L({"B1a"})})}});
}

// The set of legal actions of `seat` of one type.
inline std::vector<Json> actions_of(const State& s, Seat seat, const std::string& type) {
  std::vector<Json> out;
  for (const Json& a : s.legal_actions(seat))
    if (a["type"] == type) out.push_back(a);
  return out;
}

inline std::vector<Json> sorted(std::vector<Json> v) {
  std::sort(v.begin(), v.end(), [](const Json& a, const Json& b) { return a.dump() < b.dump(); });
  return v;
}

inline Error rejection(State& s, Seat seat, const Json& a) {
  Result r = s.apply(seat, a);
  INFO("action " << a.dump());
  REQUIRE_FALSE(r.is_ok());
  return r.error();
}

}  // namespace nyan::daihugo::test
