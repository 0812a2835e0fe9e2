// Kushine-go Departs test helpers: positions from compact fixtures as the rules doc's §9
// writes them (piles top first; unlisted cards are out of play), and action builders.
#pragma once

#include <catch2/catch.hpp>

#include <algorithm>
#include <string>
#include <vector>

#include "rules/kushine/kushine.h"
#include "tests/support/playout.h"

namespace nyan::kushine::test {

inline constexpr std::uint64_t kFixtureSeed = 77;

inline Kind K(const std::string& name) {
  auto k = kind_from_name(name);
  REQUIRE(k);
  return *k;
}

using nyan::test::L;

inline Hand hand_of(const Json& cards) {
  Hand h{};
  for (const Json& c : cards) h[static_cast<int>(K(c.get<std::string>()))]++;
  return h;
}

// §9: 2p S0 captain, S1 mate; 3p S0 captain, S1 mate, S2 doctor; 4p S0 captain, S1 mate,
// S2 boatswain, S3 doctor. Fields: players, difficulty, max_turns, active, actions, used
// (officers face down), piles {"p1": [...]}, hands {"1": [...]}, pier {type: n}, boarded,
// removed {kind: n}.
inline KushineState fixture(const Json& f) {
  Board b;
  const int n = f.value("players", 3);
  const std::vector<Officer> officers =
      n == 2   ? std::vector<Officer>{Officer::captain, Officer::mate}
      : n == 3 ? std::vector<Officer>{Officer::captain, Officer::mate, Officer::doctor}
               : std::vector<Officer>{Officer::captain, Officer::mate, Officer::boatswain, Officer::doctor};
  b.seats.resize(officers.size());
  for (int s = 0; s < n; ++s) b.seats[s].officer = officers[s];
  const Json none = Json::array(), empty = Json::object();
  auto field = [&](const char* name, const Json& fallback) -> const Json& {
    auto it = f.find(name);
    return it == f.end() ? fallback : *it;
  };
  for (const Json& o : field("used", none)) b.seats[b.seat_of(*officer_from_name(o.get<std::string>()))].used = true;
  const std::string d = f.value("difficulty", "easy");
  b.difficulty = d == "hard" ? Level::hard : d == "normal" ? Level::normal : Level::easy;
  b.max_turns = f.value("max_turns", 200);
  b.active = f.value("active", 0);
  b.actions_left = f.value("actions", b.seats[b.active].used ? 1 : 2);
  int highest = 0;
  for (const auto& [key, cards] : f.at("piles").items()) {
    Pile p{std::stoi(key.substr(1)), {}};
    for (const Json& c : cards) p.cards.push_back(Card{K(c.get<std::string>()), 0});
    highest = std::max(highest, p.id);
    b.piles.push_back(p);
  }
  std::sort(b.piles.begin(), b.piles.end(), [](const Pile& x, const Pile& y) { return x.id < y.id; });
  b.next_pile_id = highest + 1;
  for (const auto& [seat, cards] : field("hands", empty).items()) b.seats[std::stoi(seat)].hand = hand_of(cards);
  for (const auto& [kind, count] : field("pier", empty).items()) b.pier[static_cast<int>(K(kind))] = count;
  for (const Json& t : field("boarded", none)) b.boarded[static_cast<int>(K(t.get<std::string>()))] = true;
  for (const auto& [kind, count] : field("removed", empty).items()) b.removed[static_cast<int>(K(kind))] = count;
  return KushineState(std::move(b), std::make_unique<SplitMix>(kFixtureSeed));
}

inline const KushineState& as_kushine(const State& s) { return dynamic_cast<const KushineState&>(s); }

// The cards of pile `id`, top first, as names ([] when the pile does not exist).
inline Json pile(const KushineState& s, int id) {
  Json out = Json::array();
  if (const Pile* p = s.board().pile(id))
    for (const Card& c : p->cards) out.push_back(std::string(kind_name(c.kind)));
  return out;
}

inline std::vector<int> pile_ids(const KushineState& s) {
  std::vector<int> ids;
  for (const Pile& p : s.board().piles) ids.push_back(p.id);
  return ids;
}

// `cards` shuffled as the engine's own stream would do first after a fixture (RNG order).
inline Json shuffled(Json cards) {
  SplitMix rng(kFixtureSeed);
  std::vector<Json> v(cards.begin(), cards.end());
  rng.shuffle(v);
  return Json(v);
}

// Legal actions without the `say` side actions.
inline std::vector<Json> game_actions(const State& s, Seat seat) {
  std::vector<Json> out;
  for (const Json& a : s.legal_actions(seat))
    if (a["type"] != "say") out.push_back(a);
  return out;
}

inline Json draw(int pile) { return {{"type", "draw"}, {"pile", pile}}; }
inline Json ret(const char* card, int pile) { return {{"type", "return"}, {"card", card}, {"pile", pile}}; }
inline Json place(const char* card) { return {{"type", "place"}, {"card", card}}; }
inline Json receive() { return {{"type", "receive"}}; }
inline Json give(const char* card) { return {{"type", "give"}, {"card", card}}; }
inline Json exterminate() { return {{"type", "exterminate"}}; }
inline Json exterminate(int top, int bottom) { return {{"type", "exterminate"}, {"top", top}, {"bottom", bottom}}; }
inline Json mate_peek(int pile) { return {{"type", "mate_peek"}, {"pile", pile}}; }
inline Json mate_decide(const char* to) { return {{"type", "mate_decide"}, {"to", to}}; }
inline Json boatswain_place(const char* a, const char* b) { return {{"type", "boatswain_place"}, {"cards", L({a, b})}}; }
inline Json captain_decide(bool cancel) { return {{"type", "captain_decide"}, {"cancel", cancel}}; }
inline Json doctor_decide(bool cancel) { return {{"type", "doctor_decide"}, {"cancel", cancel}}; }
inline Json merge(int top, int bottom) { return {{"type", "merge"}, {"top", top}, {"bottom", bottom}}; }
inline Json skip_merge() { return {{"type", "skip_merge"}}; }
inline Json say_hand() { return {{"type", "say"}, {"topic", "hand"}}; }
inline Json say_want(const char* category) { return {{"type", "say"}, {"topic", "want"}, {"category", category}}; }

inline RuleError rejected(KushineState& s, Seat seat, const Json& action) {
  const std::string before = nyan::test::bytes(s.debug_state());
  Result r = s.apply(seat, action);
  REQUIRE_FALSE(r.is_ok());
  CHECK(nyan::test::bytes(s.debug_state()) == before);
  return r.error().code;
}

inline std::string message(KushineState& s, Seat seat, const Json& action) {
  Result r = s.apply(seat, action);
  REQUIRE_FALSE(r.is_ok());
  return r.error().message;
}

}  // namespace nyan::kushine::test
