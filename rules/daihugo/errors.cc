// Nyanya Dai Hugo: precise messages for actions that are not legal now. They look only at
// the action, the acting seat's own hand and public state, so they never reveal anything.
#include <algorithm>
#include <set>

#include "rules/daihugo/daihugo.h"

namespace nyan::daihugo {

namespace {

Error malformed(std::string m) { return Error{RuleError::malformed_action, std::move(m)}; }
Error illegal(std::string m) { return Error{RuleError::illegal_action, std::move(m)}; }

// True when every key of `a` is in `keys`.
bool only_keys(const Json& a, std::initializer_list<const char*> keys) {
  for (const auto& [k, v] : a.items()) {
    bool known = false;
    for (const char* key : keys) known = known || k == key;
    if (!known) return false;
  }
  return true;
}

// A card id field: nullopt when missing, not a string or no card.
std::optional<Card> card_field(const Json& a, const char* f) {
  auto it = a.find(f);
  if (it == a.end() || !it->is_string()) return std::nullopt;
  return card_from_name(it->get<std::string>());
}

std::string revealed_text(const Elem& e) {
  return card_name(e.card) + (is_wild(e.card) ? " as " + std::to_string(e.number) : "");
}

std::string combo_text(const Combo& c) {
  return type_name(c.type) + " of size " + std::to_string(c.size) + " and rank " + std::to_string(c.rank);
}

// The shape of one play element: {id, as (wilds: integer), double (boolean)}.
std::optional<Error> element_shape(const Json& e) {
  const char* want = "each card of a play is {\"id\": card, \"as\": 1..8 for a wild, \"double\": true for a doubled doppel}";
  if (!e.is_object() || !only_keys(e, {"id", "as", "double"})) return malformed(want);
  const std::optional<Card> c = card_field(e, "id");
  if (!c) return malformed(want);
  if (e.contains("as") && !e["as"].is_number_integer()) return malformed("'as' must be an integer");
  if (e.contains("double") && !e["double"].is_boolean()) return malformed("'double' must be true or false");
  if (is_wild(*c) && !e.contains("as")) return malformed("a wild card needs 'as': the number it declares (R2)");
  return std::nullopt;
}

}  // namespace

Json DaihugoState::canonical_action(Seat, const Json& a) const {
  // §5: "the engine canonicalizes order, so the same cards with the same declarations are
  // one action". Only a well-formed play is rewritten; anything else is left for
  // explain_rejection to describe.
  if (!a.is_object() || a.find("type") == a.end() || a["type"] != "play" || !a.contains("cards") ||
      !a["cards"].is_array())
    return a;
  std::vector<std::pair<Card, Json>> cards;
  for (const Json& e : a["cards"]) {
    const std::optional<Card> c = e.is_object() ? card_field(e, "id") : std::nullopt;
    if (!c) return a;
    Json elem = e;
    if (auto d = elem.find("double"); d != elem.end() && *d == false) elem.erase(d);
    cards.emplace_back(*c, std::move(elem));
  }
  std::stable_sort(cards.begin(), cards.end(), [](const auto& x, const auto& y) { return x.first < y.first; });
  Json out = a;
  out["cards"] = Json::array();
  for (auto& [c, elem] : cards) out["cards"].push_back(std::move(elem));
  return out;
}

Error DaihugoState::explain_rejection(Seat seat, const Json& a) const {
  const std::string type = a.at("type").get<std::string>();
  if (type == "play") return explain_play(seat, a);
  if (type == "pass") {
    if (!only_keys(a, {"type", "take"}) || (a.contains("take") && !card_field(a, "take")))
      return malformed("pass takes an optional 'take': a field card id");
    if (b_.phase != Phase::play || seat != b_.current) return illegal("you can pass only in your own turn of play");
    if (b_.solo()) return illegal("there is no pass in solo: play every turn (G9)");
    if (!b_.trick.open()) return illegal("you lead this trick: the leader may not pass (R8)");
    if (b_.field == 0) return illegal("the field is empty: pass without 'take' (R10)");
    if (!a.contains("take")) return illegal("a pass must take one field card: add 'take' (R10, G8)");
    return illegal(card_name(*card_field(a, "take")) + " is not in the field");
  }
  if (type == "swap_wild") {
    const std::optional<Card> c = card_field(a, "card");
    if (!only_keys(a, {"type", "card"}) || !c || !is_wild(*c)) return malformed("swap_wild needs 'card': \"W?\" or \"B?\"");
    return illegal("no wild swap is due for you (R19)");
  }
  if (type == "reveal") {
    const std::optional<Card> c = card_field(a, "card");
    if (!only_keys(a, {"type", "card", "as"}) || !c) return malformed("reveal needs 'card': a card id, and 'as' for a wild");
    if (a.contains("as") && !a["as"].is_number_integer()) return malformed("'as' must be an integer");
    if (is_wild(*c) && !a.contains("as")) return malformed("a wild card needs 'as': the number it declares (R6)");
    if (b_.phase != Phase::reveal) return illegal("start cards are picked only at the start of a round (R6)");
    if (!holds(b_.hands[seat], *c)) return illegal("you do not hold " + card_name(*c));
    if (!is_wild(*c)) return illegal("only a wild card declares 'as'");
    return illegal("a wild declares a number from 1 to 8 (R2)");
  }
  if (type == "solo_take") {
    auto it = a.find("from");
    if (!only_keys(a, {"type", "from"}) || it == a.end() || !it->is_string() ||
        (*it != "pile" && !card_from_name(it->get<std::string>())))
      return malformed("solo_take needs 'from': a field card id or \"pile\"");
    if (b_.phase != Phase::solo_take) return illegal("there is nothing to take now (R22)");
    if (*it == "pile") return illegal("the pile is empty (G14)");
    return illegal(it->get<std::string>() + " is not in the field");
  }
  return malformed("unknown action type (expected swap_wild, reveal, play, pass or solo_take)");
}

Error DaihugoState::explain_play(Seat seat, const Json& a) const {
  auto it = a.find("cards");
  if (!only_keys(a, {"type", "cards"}) || it == a.end() || !it->is_array() || it->empty())
    return malformed("play needs 'cards': a non-empty array of cards");
  for (const Json& e : *it)
    if (std::optional<Error> err = element_shape(e)) return *err;
  if (b_.phase != Phase::play || seat != b_.current) return illegal("you cannot play now");

  Play p;
  std::set<Card> seen;
  for (const Json& e : *it) {
    const Card c = *card_field(e, "id");
    if (!seen.insert(c).second) return illegal(card_name(c) + " appears twice");
    if (e.contains("as") && !is_wild(c)) return illegal("only a wild card declares 'as' (" + card_name(c) + ")");
    if (e.value("double", false) && !is_doppel(c))
      return illegal("only a doppel can be declared double (" + card_name(c) + ", R3)");
    const int number = is_wild(c) ? e["as"].get<int>() : number_of(c);
    if (number < 1 || number > kMaxNumber)
      return illegal(std::to_string(number) + " is not a number: a wild declares 1 to 8 (R2)");
    if (!holds(b_.hands[seat], c)) return illegal("you do not hold " + card_name(c));
    p.push_back(Elem{c, number, e.value("double", false)});
  }
  canonicalize(p);
  std::string why;
  const std::optional<Combo> combo = classify(p, why);
  if (!combo) return illegal("not a single, set or sequence: " + why + " (R4)");
  const Requirement r = requirement();
  if (!meets(p, *combo, r)) {
    switch (r.kind) {
      case Requirement::opening_exact:
        return illegal("open the round with exactly your revealed card " + revealed_text(r.opening) + " (R7)");
      case Requirement::opening_containing:
        return illegal("open the round with a play containing your revealed card " + revealed_text(r.opening) + " (R7)");
      default:
        return illegal("follow the " + combo_text(r.last) + " with a " + type_name(r.last.type) + " of size " +
                       std::to_string(r.last.size) + " and rank at least " + std::to_string(r.last.rank) +
                       "; this play is a " + combo_text(*combo) + " (R9)");
    }
  }
  return illegal("write this play as " + play_json(p).dump() +
                 ": cards in canonical order, \"as\" only on wilds, \"double\" only when true");
}

}  // namespace nyan::daihugo
