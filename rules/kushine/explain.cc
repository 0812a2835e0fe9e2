// Kushine-go Departs: precise rejections. A wrong shape is malformed_action; a well-formed
// action that is not legal now is illegal_action with the reason. Every message is built
// from public facts and the sender's own hand only.
#include "rules/kushine/kushine.h"

#include <functional>
#include <utility>

namespace nyan::kushine {

namespace {

using Check = std::function<bool(const Json&)>;

bool pile_field(const Json& v) { return v.is_number_integer(); }
bool card_field(const Json& v) { return v.is_string() && kind_from_name(v.get<std::string>()); }
Check one_of(std::initializer_list<const char*> values) {
  std::vector<std::string> ok(values.begin(), values.end());
  return [ok](const Json& v) {
    if (!v.is_string()) return false;
    for (const std::string& s : ok)
      if (v == s) return true;
    return false;
  };
}
bool cards_field(const Json& v) {
  return v.is_array() && v.size() == 2 && card_field(v[0]) && card_field(v[1]);
}

// True when `a` has exactly "type" and these fields, each passing its check.
bool exactly(const Json& a, std::initializer_list<std::pair<const char*, Check>> fields) {
  if (a.size() != fields.size() + 1) return false;
  for (const auto& [name, check] : fields) {
    auto it = a.find(name);
    if (it == a.end() || !check(*it)) return false;
  }
  return true;
}

// The malformed-action message for `type`, or "" when the shape is right.
std::string shape_error(const std::string& type, const Json& a) {
  const std::pair<const char*, Check> pile{"pile", pile_field}, card{"card", card_field},
      top{"top", pile_field}, bottom{"bottom", pile_field}, cancel{"cancel", [](const Json& v) { return v.is_boolean(); }};
  auto need = [&](bool ok, const std::string& what) { return ok ? std::string() : type + " needs exactly " + what; };
  if (type == "draw" || type == "mate_peek") return need(exactly(a, {pile}), "'pile': a pile number");
  if (type == "return") return need(exactly(a, {card, pile}), "'card': a card kind and 'pile': a pile number");
  if (type == "place" || type == "give") return need(exactly(a, {card}), "'card': a card kind");
  if (type == "receive" || type == "skip_merge") return need(exactly(a, {}), "no fields");
  if (type == "exterminate")
    return need(exactly(a, {}) || exactly(a, {top, bottom}), "no fields, or 'top' and 'bottom': pile numbers");
  if (type == "merge") return need(exactly(a, {top, bottom}), "'top' and 'bottom': pile numbers");
  if (type == "mate_decide") return need(exactly(a, {{"to", one_of({"hand", "bottom"})}}), "'to': \"hand\" or \"bottom\"");
  if (type == "boatswain_place") return need(exactly(a, {{"cards", cards_field}}), "'cards': two card kinds");
  if (type == "captain_decide" || type == "doctor_decide") return need(exactly(a, {cancel}), "'cancel': true or false");
  if (type == "say") {
    const Json topic = a.value("topic", Json());
    if (topic == "hand") return need(exactly(a, {{"topic", one_of({"hand"})}}), "'topic' \"hand\" and nothing else");
    if (topic == "want")  // R21: a request names a category, never a nyanko type
      return need(exactly(a, {{"topic", one_of({"want"})}, {"category", one_of({"nyanko", "mouse"})}}),
                  "'topic' \"want\" and 'category': \"nyanko\" or \"mouse\"");
    if (topic == "merge")
      return need(exactly(a, {{"topic", one_of({"merge"})}, top, bottom}), "'topic' \"merge\", 'top' and 'bottom'");
    if (topic == "pile")
      return need(exactly(a, {{"topic", one_of({"pile"})}, pile, {"hint", one_of({"draw", "avoid"})}}),
                  "'topic' \"pile\", 'pile' and 'hint': \"draw\" or \"avoid\"");
    return "say needs 'topic': \"hand\", \"want\", \"merge\" or \"pile\"";
  }
  return "unknown action type (expected draw, return, place, receive, give, exterminate, mate_peek, "
         "mate_decide, boatswain_place, captain_decide, doctor_decide, merge, skip_merge or say)";
}

std::string pile_name(const Json& id) { return "p" + std::to_string(id.get<long long>()); }

}  // namespace

// R18, G16: the Boatswain places "any two" nyanko, so the two cards may come in either order;
// legal_actions lists them in table order.
Json KushineState::canonical_action(Seat, const Json& action) const {
  if (!action.is_object() || action.value("type", Json()) != "boatswain_place" || !action.contains("cards") ||
      !cards_field(action["cards"]))
    return action;
  const Json& c = action["cards"];
  if (*kind_from_name(c[0].get<std::string>()) <= *kind_from_name(c[1].get<std::string>())) return action;
  Json out = action;
  out["cards"] = Json::array({c[1], c[0]});
  return out;
}

Error KushineState::explain_rejection(Seat seat, const Json& action) const {
  const std::string type = action.at("type").get<std::string>();
  if (std::string m = shape_error(type, action); !m.empty()) return Error{RuleError::malformed_action, m};
  return Error{RuleError::illegal_action, why_illegal(seat, type, action).message};
}

Error KushineState::why_illegal(Seat seat, const std::string& type, const Json& a) const {
  auto illegal = [](std::string m) { return Error{RuleError::illegal_action, std::move(m)}; };
  const Hand& hand = b_.seats[seat].hand;
  auto missing_pile = [&](const char* field) -> std::optional<std::string> {
    if (!a.contains(field)) return std::nullopt;
    const long long id = a[field].get<long long>();
    if (id < 1 || id >= b_.next_pile_id || !b_.pile(static_cast<int>(id))) return "there is no pile " + pile_name(a[field]);
    return std::nullopt;
  };
  if (type == "say") {
    for (const char* f : {"pile", "top", "bottom"})
      if (auto m = missing_pile(f)) return illegal(*m);
    return illegal("top and bottom must be different piles");
  }
  const Seat who = actor();
  const bool main = type == "draw" || type == "return" || type == "place" || type == "receive" ||
                    type == "exterminate" || type == "mate_peek" || type == "boatswain_place";
  if (main) {
    if (b_.phase != Phase::act || seat != b_.active)
      return illegal(seat != b_.active ? "it is seat " + std::to_string(b_.active) + "'s turn"
                                       : "a decision is pending: seat " + std::to_string(who) + " must act first");
    for (const char* f : {"pile", "top", "bottom"})
      if (auto m = missing_pile(f)) return illegal(*m);
    const Officer me = b_.seats[seat].officer;
    if (type == "draw") return illegal("your hand is full (3 cards)");
    if (type == "return" || type == "place") {
      if (type == "place" && a["card"] == "mouse") return illegal("a mouse can never be placed on the pier");
      if (type == "place" && is_nuisance(*kind_from_name(a["card"].get<std::string>())))
        return illegal("only nyanko can be placed on the pier");
      return illegal("you hold no " + a["card"].get<std::string>());
    }
    if (type == "receive") {
      if (total(hand) >= kHandLimit) return illegal("your hand is full (3 cards)");
      return illegal("seat " + std::to_string(b_.giver()) + " (your right-hand neighbour) holds no card");
    }
    if (type == "exterminate") {
      if (mice(hand) != 3) return illegal("exterminating needs 3 mice in hand");
      if (b_.piles.size() == 1) return illegal("only one pile exists: exterminate without piles");
      if (!a.contains("top")) return illegal("choose the two piles to merge: 'top' and 'bottom'");
      return illegal("top and bottom must be different piles");
    }
    const Officer needed = type == "mate_peek" ? Officer::mate : Officer::boatswain;
    if (me != needed) return illegal("only the " + std::string(officer_name(needed)) + " has this ability");
    if (b_.seats[seat].used) return illegal("your ability is already used");
    if (!b_.ability_available(needed)) return illegal("with difficulty hard, a second ability is not allowed");
    if (type == "boatswain_place") {
      const Json& c = a["cards"];
      if (!is_nyanko(*kind_from_name(c[0].get<std::string>())) || !is_nyanko(*kind_from_name(c[1].get<std::string>())))
        return illegal("only nyanko can be placed on the pier");
      return illegal("you do not hold both cards");
    }
    return illegal("'" + type + "' with these fields is not a legal action now");
  }
  // Decisions: each belongs to one phase and one seat.
  const Phase phase = type == "give" ? Phase::await_give
                      : type == "mate_decide" ? Phase::await_peek
                      : type == "captain_decide" ? Phase::await_captain
                      : type == "doctor_decide" ? Phase::await_doctor
                                                : Phase::await_merge;
  if (b_.phase != phase) return illegal("there is no " + std::string(phase_name(phase)) + " decision now");
  if (seat != who) return illegal("seat " + std::to_string(who) + " decides now");
  if (type == "give") return illegal("you hold no " + a["card"].get<std::string>());
  if (type == "mate_decide") return illegal("your hand is full (3 cards): put the card on the bottom");
  if (auto m = missing_pile("top")) return illegal(*m);
  if (auto m = missing_pile("bottom")) return illegal(*m);
  return illegal("top and bottom must be different piles");
}

}  // namespace nyan::kushine
