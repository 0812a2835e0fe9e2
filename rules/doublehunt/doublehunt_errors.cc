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

}  // namespace

Error DoubleHuntState::explain_rejection(Seat seat, const Json& action) const {
  if (std::string m = shape_problem(action); !m.empty()) return Error{RuleError::malformed_action, m};
  const std::string& type = action.at("type").get_ref<const std::string&>();
  auto illegal = [](std::string m) { return Error{RuleError::illegal_action, std::move(m)}; };
  auto card = [&](const char* f) { return *card_from_name(action.at(f).get<std::string>()); };
  auto square = [&](const char* f) { return *square_from_name(action.at(f).get<std::string>()); };
  auto str = [&](const char* f) { return action.at(f).get<std::string>(); };
  const Phase ph = b_.phase;
  const std::string now = std::string(" in phase ") + phase_name(ph);
  const CardSet hand = b_.hand[seat];
  auto in_phase = [&](std::initializer_list<Phase> ok) { return std::find(ok.begin(), ok.end(), ph) != ok.end(); };
  auto role_error = [&](Role r) -> std::optional<Error> {
    if (!b_.is(seat, r)) return illegal(type + ": you are not the " + role_title(r));
    return std::nullopt;
  };
  auto not_now = [&]() { return illegal(type + " is not possible" + now); };
  auto not_held = [&](Card c) { return illegal("you do not hold " + card_name(c)); };

  if (type == "pick_role") {
    if (ph != Phase::draft) return not_now();
    return illegal("the role " + str("role") + " is already taken");
  }
  if (type == "roll" || type == "end_turn" || type == "advisor_extra_move" || type == "advisor_decline")
    return not_now();
  if (type == "boost") {
    if (ph != Phase::move) return not_now();
    if (!hand.has(card("discard"))) return not_held(card("discard"));
    if (b_.boosts >= b_.max_boost)
      return illegal("at most " + std::to_string(b_.max_boost) + " boosts in one move (max_boost)");
    return illegal("no destination can be reached with more boosts from here");
  }
  if (type == "move") {
    if (ph != Phase::move) return not_now();
    return illegal(str("to") + " is not reached by a path costing exactly " + std::to_string(b_.die + b_.boosts) +
                   " (cards cost 1, empty squares 2, no square twice)");
  }
  if (type == "stay") {
    if (ph != Phase::move) return not_now();
    if (b_.boosts > 0) return illegal("no stay after a boost");
    return illegal("a destination at budget " + std::to_string(b_.die) + " exists, so you must move");
  }
  if (type == "pilot_fly") {
    if (auto e = role_error(Role::pilot)) return *e;
    if (!in_phase({Phase::pre_roll, Phase::post_take})) return not_now();
    if (ph == Phase::pre_roll ? b_.used.pilot_pre : b_.used.pilot_post) return illegal("the Pilot has flown in this window already");
    return not_held(card("discard"));
  }
  if (type == "pilot_land") {
    if (ph != Phase::pilot_choose) return not_now();
    return illegal("your piece is already on " + str("square"));
  }
  if (type == "observer_peek") {
    if (auto e = role_error(Role::observer)) return *e;
    if (ph != Phase::pre_roll) return not_now();
    if (b_.used.observer) return illegal("the Observer peeks once per turn");
    if (b_.cards_on_grid() == 0) return illegal("no card is left on the grid");
    return not_held(card("discard"));
  }
  if (type == "observer_pick") {
    if (ph != Phase::observer_choose) return not_now();
    if (b_.grid[square("square")] < 0) return illegal(str("square") + " holds no card");
    return illegal(str("square") + " is already picked");
  }
  if (type == "bandit_raid") {
    if (auto e = role_error(Role::bandit)) return *e;
    if (ph != Phase::post_take) return not_now();
    if (b_.used.bandit) return illegal("the Bandit raids once per turn");
    const Seat t = action.at("target").get<int>();
    if (team_of(t) == team_of(seat)) return illegal("the target must be an opponent");
    if (manhattan(b_.piece[seat], b_.piece[t]) != 1) return illegal("seat " + std::to_string(t) + " is not orthogonally adjacent");
    if (b_.hand[t].empty()) return illegal("seat " + std::to_string(t) + " holds no card");
    if (b_.last_bandit_target == t) return illegal("seat " + std::to_string(t) + " was the target of your previous raid");
    return not_held(card("discard"));
  }
  if (type == "richman_give") {
    if (auto e = role_error(Role::richman)) return *e;
    if (!in_phase({Phase::pre_roll, Phase::move, Phase::richman_giving})) return not_now();
    if (ph == Phase::move && b_.boosts > 0) return illegal("no give after a boost");
    if (ph != Phase::richman_giving && b_.used.richman_give) return illegal("the Richman gives once per turn");
    return not_held(card("card"));
  }
  if (type == "richman_give_end" || type == "advisor_exchange_end") {
    if (type == "advisor_exchange_end" && ph == Phase::advisor_exchange) return illegal("a give waits for its take");
    return not_now();
  }
  if (type == "scientist_open") {
    if (auto e = role_error(Role::scientist)) return *e;
    if (!in_phase({Phase::pre_roll, Phase::post_take})) return not_now();
    if (b_.scientist_used) return illegal("the Scientist searches once per game");
    return illegal("the discard pile is empty");
  }
  if (type == "scientist_take") {
    if (ph != Phase::scientist_choose) return not_now();
    return illegal(card_name(card("card")) + " is not in the discard pile");
  }
  if (type == "necromancer_raise") {
    if (auto e = role_error(Role::necromancer)) return *e;
    if (ph != Phase::pre_roll) return not_now();
    if (b_.used.necromancer) return illegal("the Necromancer raises once per turn");
    if (b_.pile.empty()) return illegal("the discard pile is empty");
    if (manhattan(b_.piece[seat], square("square")) != 1) return illegal(str("square") + " is not next to your piece");
    return illegal(str("square") + " holds a card");
  }
  if (type == "advisor_give") {
    if (auto e = role_error(Role::advisor)) return *e;
    if (!in_phase({Phase::post_take, Phase::advisor_exchange})) return not_now();
    if (ph == Phase::post_take && b_.used.advisor_exchange) return illegal("the Advisor exchanges once per turn");
    if (ph == Phase::advisor_exchange && b_.give_waiting) return illegal("take a card for the last give first");
    const Card c = card("card");
    if (b_.exchange_taken.has(c) && ph == Phase::advisor_exchange) return illegal(card_name(c) + " was taken in this exchange");
    if (!hand.has(c)) return not_held(c);
    return illegal("your partner holds no card that has not moved in this exchange");
  }
  if (type == "advisor_take") {
    if (ph != Phase::advisor_exchange) return not_now();
    if (!b_.give_waiting) return illegal("give a card first");
    const Card c = card("card");
    if (b_.exchange_given.has(c)) return illegal(card_name(c) + " was given in this exchange");
    return illegal("your partner does not hold " + card_name(c));
  }
  return illegal(type + " is not a legal action now");
}

}  // namespace nyan::doublehunt
