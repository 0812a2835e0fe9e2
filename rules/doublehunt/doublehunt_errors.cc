// Double Hunt: precise messages for rejected actions. They name only what the acting seat
// may know: public state, its own and its partner's hand, and the pile while it searches it.
#include <algorithm>

#include "rules/doublehunt/doublehunt.h"

namespace nyan::doublehunt {

namespace {

enum class Field { card, square, role, seat };

struct Shape {
  const char* type;
  std::vector<std::pair<const char*, Field>> fields;
};

const std::vector<Shape>& shapes() {
  static const std::vector<Shape> kShapes = {
      {"pick_role", {{"role", Field::role}}},
      {"roll", {}},
      {"boost", {{"discard", Field::card}}},
      {"move", {{"to", Field::square}}},
      {"stay", {}},
      {"end_turn", {}},
      {"pilot_fly", {{"discard", Field::card}}},
      {"pilot_land", {{"square", Field::square}}},
      {"observer_peek", {{"discard", Field::card}}},
      {"observer_pick", {{"square", Field::square}}},
      {"bandit_raid", {{"target", Field::seat}, {"discard", Field::card}}},
      {"richman_give", {{"card", Field::card}}},
      {"richman_give_end", {}},
      {"scientist_open", {}},
      {"scientist_take", {{"card", Field::card}}},
      {"necromancer_raise", {{"square", Field::square}}},
      {"advisor_extra_move", {}},
      {"advisor_decline", {}},
      {"advisor_give", {{"card", Field::card}}},
      {"advisor_take", {{"card", Field::card}}},
      {"advisor_exchange_end", {}},
  };
  return kShapes;
}

const char* describe(Field f) {
  switch (f) {
    case Field::card: return "a card id S1..S13, H1..H13, D1..D13 or C1..C13";
    case Field::square: return "a square r0c0..r6c6";
    case Field::role: return "a role name";
    case Field::seat: return "a seat number 0..3";
  }
  return "";
}

bool field_ok(const Json& v, Field f) {
  switch (f) {
    case Field::card: return v.is_string() && card_from_name(v.get_ref<const std::string&>()).has_value();
    case Field::square: return v.is_string() && square_from_name(v.get_ref<const std::string&>()).has_value();
    case Field::role: return v.is_string() && role_from_name(v.get_ref<const std::string&>()).has_value();
    case Field::seat: return v.is_number_integer() && v.get<std::int64_t>() >= 0 && v.get<std::int64_t>() < kSeats;
  }
  return false;
}

// The malformed-action message for `action`, or "" when its shape is right.
std::string shape_problem(const Json& action) {
  const std::string& type = action.at("type").get_ref<const std::string&>();
  auto shape = std::find_if(shapes().begin(), shapes().end(), [&](const Shape& s) { return type == s.type; });
  if (shape == shapes().end()) return "unknown action type";
  std::string need;
  bool ok = action.size() == shape->fields.size() + 1;
  for (const auto& [name, kind] : shape->fields) {
    need += std::string(need.empty() ? "" : ", ") + "'" + name + "': " + describe(kind);
    auto it = action.find(name);
    ok = ok && it != action.end() && field_ok(*it, kind);
  }
  if (ok) return "";
  return type + (need.empty() ? " takes no fields" : " needs exactly " + need);
}

std::string role_title(Role r) {
  std::string n(role_name(r));
  n[0] = static_cast<char>(n[0] - 'a' + 'A');
  return n;
}

// A well-formed action of `seat` (the seat to act) that is not legal now, and the wording
// of the reasons. Every reason is about public state or what this seat sees.
struct Rejected {
  const Board& b;
  Seat seat;
  const Json& action;
  std::string type = action.at("type").get<std::string>();

  Card card(const char* f) const { return *card_from_name(action.at(f).get<std::string>()); }
  Square square(const char* f) const { return *square_from_name(action.at(f).get<std::string>()); }
  std::string text(const char* f) const { return action.at(f).get<std::string>(); }
  bool in(std::initializer_list<Phase> ok) const { return std::find(ok.begin(), ok.end(), b.phase) != ok.end(); }
  bool holds(Card c) const { return b.hand[seat].has(c); }

  static Error because(std::string m) { return Error{RuleError::illegal_action, std::move(m)}; }
  Error not_now() const { return because(type + " is not possible in phase " + phase_name(b.phase)); }
  Error not_held(Card c) const { return because("you do not hold " + card_name(c)); }
  std::optional<Error> not_role(Role r) const {
    if (b.is(seat, r)) return std::nullopt;
    return because(type + ": you are not the " + role_title(r));
  }
};

// The draft, the roll, boosts, moves, stays and the end of the turn.
std::optional<Error> explain_turn(const Rejected& r) {
  const Board& b = r.b;
  if (r.type == "pick_role") {
    if (b.phase != Phase::draft) return r.not_now();
    return r.because("the role " + r.text("role") + " is already taken");
  }
  if (r.type == "roll" || r.type == "end_turn" || r.type == "advisor_extra_move" || r.type == "advisor_decline")
    return r.not_now();
  if (r.type == "boost") {
    if (b.phase != Phase::move) return r.not_now();
    if (!r.holds(r.card("discard"))) return r.not_held(r.card("discard"));
    if (b.boosts >= b.max_boost)
      return r.because("at most " + std::to_string(b.max_boost) + " boosts in one move (max_boost)");
    return r.because("no destination can be reached with more boosts from here");
  }
  if (r.type == "move") {
    if (b.phase != Phase::move) return r.not_now();
    return r.because(r.text("to") + " is not reached by a path costing exactly " + std::to_string(b.die + b.boosts) +
                     " (cards cost 1, empty squares 2, no square twice)");
  }
  if (r.type == "stay") {
    if (b.phase != Phase::move) return r.not_now();
    if (b.boosts > 0) return r.because("no stay after a boost");
    return r.because("a destination at budget " + std::to_string(b.die) + " exists, so you must move");
  }
  return std::nullopt;
}

// The Pilot, the Observer and the Bandit: abilities paid with a card.
std::optional<Error> explain_paid(const Rejected& r) {
  const Board& b = r.b;
  if (r.type == "pilot_fly") {
    if (auto e = r.not_role(Role::pilot)) return e;
    if (!r.in({Phase::pre_roll, Phase::post_take})) return r.not_now();
    if (b.phase == Phase::pre_roll ? b.used.pilot_pre : b.used.pilot_post)
      return r.because("the Pilot has flown in this window already");
    return r.not_held(r.card("discard"));
  }
  if (r.type == "pilot_land") {
    if (b.phase != Phase::pilot_choose) return r.not_now();
    return r.because("your piece is already on " + r.text("square"));
  }
  if (r.type == "observer_peek") {
    if (auto e = r.not_role(Role::observer)) return e;
    if (b.phase != Phase::pre_roll) return r.not_now();
    if (b.used.observer) return r.because("the Observer peeks once per turn");
    if (b.cards_on_grid() == 0) return r.because("no card is left on the grid");
    return r.not_held(r.card("discard"));
  }
  if (r.type == "observer_pick") {
    if (b.phase != Phase::observer_choose) return r.not_now();
    if (b.grid[r.square("square")] < 0) return r.because(r.text("square") + " holds no card");
    return r.because(r.text("square") + " is already picked");
  }
  if (r.type == "bandit_raid") {
    if (auto e = r.not_role(Role::bandit)) return e;
    if (b.phase != Phase::post_take) return r.not_now();
    if (b.used.bandit) return r.because("the Bandit raids once per turn");
    const Seat t = r.action.at("target").get<int>();
    const std::string who = "seat " + std::to_string(t);
    if (team_of(t) == team_of(r.seat)) return r.because("the target must be an opponent");
    if (manhattan(b.piece[r.seat], b.piece[t]) != 1) return r.because(who + " is not orthogonally adjacent");
    if (b.hand[t].empty()) return r.because(who + " holds no card");
    if (b.last_bandit_target == t) return r.because(who + " was the target of your previous raid");
    return r.not_held(r.card("discard"));
  }
  return std::nullopt;
}

// The Richman, the Scientist and the Necromancer.
std::optional<Error> explain_free(const Rejected& r) {
  const Board& b = r.b;
  if (r.type == "richman_give") {
    if (auto e = r.not_role(Role::richman)) return e;
    if (!r.in({Phase::pre_roll, Phase::move, Phase::richman_giving})) return r.not_now();
    if (b.phase == Phase::move && b.boosts > 0) return r.because("no give after a boost");
    if (b.phase != Phase::richman_giving && b.used.richman_give) return r.because("the Richman gives once per turn");
    return r.not_held(r.card("card"));
  }
  if (r.type == "scientist_open") {
    if (auto e = r.not_role(Role::scientist)) return e;
    if (!r.in({Phase::pre_roll, Phase::post_take})) return r.not_now();
    if (b.scientist_used) return r.because("the Scientist searches once per game");
    return r.because("the discard pile is empty");
  }
  if (r.type == "scientist_take") {
    if (b.phase != Phase::scientist_choose) return r.not_now();
    return r.because(card_name(r.card("card")) + " is not in the discard pile");  // the searcher sees the pile
  }
  if (r.type == "necromancer_raise") {
    if (auto e = r.not_role(Role::necromancer)) return e;
    if (b.phase != Phase::pre_roll) return r.not_now();
    if (b.used.necromancer) return r.because("the Necromancer raises once per turn");
    if (b.pile.empty()) return r.because("the discard pile is empty");
    if (manhattan(b.piece[r.seat], r.square("square")) != 1) return r.because(r.text("square") + " is not next to your piece");
    return r.because(r.text("square") + " holds a card");
  }
  return std::nullopt;
}

// The Advisor's exchange and the ends of step sequences.
Error explain_exchange(const Rejected& r) {
  const Board& b = r.b;
  if (r.type == "advisor_give") {
    if (auto e = r.not_role(Role::advisor)) return *e;
    if (!r.in({Phase::post_take, Phase::advisor_exchange})) return r.not_now();
    if (b.phase == Phase::post_take && b.used.advisor_exchange) return r.because("the Advisor exchanges once per turn");
    if (b.phase == Phase::advisor_exchange && b.give_waiting) return r.because("take a card for the last give first");
    const Card c = r.card("card");
    if (b.phase == Phase::advisor_exchange && b.exchange_taken.has(c)) return r.because(card_name(c) + " was taken in this exchange");
    if (!r.holds(c)) return r.not_held(c);
    return r.because("your partner holds no card that has not moved in this exchange");
  }
  if (r.type == "advisor_take") {
    if (b.phase != Phase::advisor_exchange) return r.not_now();
    if (!b.give_waiting) return r.because("give a card first");
    const Card c = r.card("card");
    if (b.exchange_given.has(c)) return r.because(card_name(c) + " was given in this exchange");
    return r.because("your partner does not hold " + card_name(c));
  }
  if (r.type == "advisor_exchange_end" && b.phase == Phase::advisor_exchange) return r.because("a give waits for its take");
  return r.not_now();  // richman_give_end, advisor_exchange_end elsewhere
}

}  // namespace

Error DoubleHuntState::explain_rejection(Seat seat, const Json& action) const {
  if (std::string m = shape_problem(action); !m.empty()) return Error{RuleError::malformed_action, m};
  const Rejected r{b_, seat, action};
  if (auto e = explain_turn(r)) return *e;
  if (auto e = explain_paid(r)) return *e;
  if (auto e = explain_free(r)) return *e;
  return explain_exchange(r);
}

}  // namespace nyan::doublehunt
