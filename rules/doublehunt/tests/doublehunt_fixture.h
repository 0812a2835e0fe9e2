// Double Hunt test fixtures: exact positions from compact JSON, scripted random draws, and
// the doc's short notation for actions ("move r2c3", "bandit_raid 0 C2").
#pragma once

#include <catch2/catch.hpp>

#include <deque>
#include <set>
#include <sstream>

#include "rules/doublehunt/doublehunt.h"
#include "tests/support/playout.h"

namespace nyan::doublehunt::test {

// Random draws injected by a test: each uniform(n) returns the next queued value (< n).
class Script : public Rng {
 public:
  explicit Script(std::vector<std::uint64_t> values) : values_(values.begin(), values.end()) {}
  std::uint64_t next_u64() override {
    REQUIRE(!values_.empty());  // the test did not expect another random draw
    const std::uint64_t v = values_.front();
    values_.pop_front();
    return v;
  }
  std::unique_ptr<Rng> clone() const override { return std::make_unique<Script>(*this); }

 private:
  std::deque<std::uint64_t> values_;
};

inline Card C(const std::string& name) {
  auto c = card_from_name(name);
  REQUIRE(c);
  return *c;
}
inline Square Q(const std::string& name) {
  auto s = square_from_name(name);
  REQUIRE(s);
  return *s;
}
inline CardSet cards(const Json& names) {
  CardSet out;
  for (const Json& n : names) out.add(C(n.get<std::string>()));
  return out;
}

using nyan::test::L;

inline Phase phase_from(const std::string& name) {
  for (int p = 0; p <= static_cast<int>(Phase::game_over); ++p)
    if (name == phase_name(static_cast<Phase>(p))) return static_cast<Phase>(p);
  FAIL("unknown phase " << name);
  return Phase::draft;
}

// A position from a compact fixture. Fields (all optional):
//  roles [4 x role|null], hands [4 x [cards]], pile [cards], pieces [4 x square]
//  (default: the start corners), phase (default pre_roll), active (default 0), die,
//  first_seat, empty [squares without a card] or only [the squares holding a card],
//  grid {square: card} (cards placed on chosen squares), leftover [cards] (draft fixtures),
//  last_bandit_target, options {target_score, max_turns, max_boost}.
// Every other card-holding square gets the lowest unused card in card-id order, row by row
// (when the cards run out, the last squares stay empty); cards left over are out of play.
// Each card square gets a slot "grid.<square>".
inline Board board(const Json& f) {
  Board b;
  if (f.contains("options")) {
    b.target_score = f["options"].value("target_score", 70);
    b.max_turns = f["options"].value("max_turns", 200);
    b.max_boost = f["options"].value("max_boost", 6);
  }
  CardSet used;
  auto take = [&](const Json& names) {
    const CardSet c = cards(names);
    REQUIRE((c.bits() & used.bits()) == 0);  // every card in one place
    used = used | c;
    return c;
  };
  if (f.contains("roles"))
    for (Seat s = 0; s < kSeats; ++s)
      if (!f["roles"][s].is_null()) b.role[s] = *role_from_name(f["roles"][s].get<std::string>());
  if (f.contains("hands"))
    for (Seat s = 0; s < kSeats; ++s) b.hand[s] = take(f["hands"][s]);
  if (f.contains("pile")) b.pile = take(f["pile"]);
  if (f.contains("leftover")) b.leftover = take(f["leftover"]);
  std::array<bool, kSquares> holds{};
  holds.fill(!f.contains("only"));
  const Json only = f.value("only", Json::array()), empty = f.value("empty", Json::array());
  const Json chosen = f.value("grid", Json::object());
  for (const Json& s : only) holds[Q(s)] = true;
  for (const Json& s : empty) holds[Q(s)] = false;
  std::array<Card, kSquares> placed{};
  placed.fill(kNoCard);
  for (const auto& [sq, card] : chosen.items()) {
    placed[Q(sq)] = C(card.get<std::string>());
    holds[Q(sq)] = true;
    take(Json::array({card}));
  }
  b.grid.fill(-1);
  Card next = 0;
  for (Square s = 0; s < kSquares; ++s) {
    if (!holds[s]) continue;
    Card c = placed[s];
    if (c == kNoCard) {
      while (next < kCards && used.has(next)) ++next;
      if (next == kCards) continue;
      c = next;
      used.add(c);
    }
    b.slots.push_back(Slot{s, c, 0});
    b.grid[s] = static_cast<int>(b.slots.size()) - 1;
  }
  int leftover = 0;
  for (Card c : b.leftover.list()) b.slots.push_back(Slot{kGridSlots + leftover++, c, 0});
  b.piece = {Q("r0c0"), Q("r0c6"), Q("r6c6"), Q("r6c0")};
  if (f.contains("pieces"))
    for (Seat s = 0; s < kSeats; ++s) b.piece[s] = Q(f["pieces"][s].get<std::string>());
  b.first_seat = f.value("first_seat", 0);
  b.phase = phase_from(f.value("phase", "pre_roll"));
  b.active = f.value("active", 0);
  b.turn = f.value("turn", 1);
  b.die = f.value("die", 0);
  if (f.contains("last_bandit_target")) b.last_bandit_target = f["last_bandit_target"].get<int>();
  return b;
}

// A state as Double Hunt's own, for its board.
inline const DoubleHuntState& dh(const State& s) { return dynamic_cast<const DoubleHuntState&>(s); }

inline DoubleHuntState fixture(const Json& f, std::vector<std::uint64_t> draws = {}) {
  return DoubleHuntState(board(f), std::make_unique<Script>(std::move(draws)));
}

// The doc's notation: the type, then the §5 parameters in order ("bandit_raid 0 C2").
inline std::string shortform(const Json& a) {
  std::string out = a.at("type").get<std::string>();
  for (const char* key : {"role", "target", "discard", "to", "square", "card"}) {
    auto it = a.find(key);
    if (it != a.end()) out += " " + (it->is_string() ? it->get<std::string>() : it->dump());
  }
  return out;
}

// An action from the doc's notation.
inline Json A(const std::string& text) {
  std::istringstream in(text);
  std::string type, x, y;
  in >> type >> x >> y;
  Json a = {{"type", type}};
  if (type == "pick_role") a["role"] = x;
  else if (type == "boost" || type == "pilot_fly" || type == "observer_peek") a["discard"] = x;
  else if (type == "move") a["to"] = x;
  else if (type == "pilot_land" || type == "observer_pick" || type == "necromancer_raise") a["square"] = x;
  else if (type == "bandit_raid") a = {{"type", type}, {"target", std::stoi(x)}, {"discard", y}};
  else if (!x.empty()) a["card"] = x;
  return a;
}

inline std::set<std::string> legal(const State& s, Seat seat) {
  std::set<std::string> out;
  for (const Json& a : s.legal_actions(seat)) out.insert(shortform(a));
  return out;
}

inline void play(State& s, Seat seat, const std::string& action) { nyan::test::must_apply(s, seat, A(action)); }

inline bool rejects(State& s, Seat seat, const std::string& action) { return !s.apply(seat, A(action)).is_ok(); }

using Names = std::set<std::string>;

}  // namespace nyan::doublehunt::test
