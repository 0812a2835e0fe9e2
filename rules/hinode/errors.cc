// Hinode Yokocho: precise rejection messages. A message names only what the seat may know:
// its own hand, its own skills and the public table.
#include <algorithm>

#include "rules/hinode/hinode.h"

namespace nyan::hinode {

namespace {

Error malformed(std::string m) { return Error{RuleError::malformed_action, std::move(m)}; }
Error illegal(std::string m) { return Error{RuleError::illegal_action, std::move(m)}; }

bool only_fields(const Json& a, std::initializer_list<const char*> allowed) {
  for (const auto& item : a.items()) {
    const std::string& k = item.key();
    if (std::none_of(allowed.begin(), allowed.end(), [&](const char* f) { return k == f; })) return false;
  }
  return true;
}

const char* kKeepNow = "the round is over: choose a card to keep (or none)";

std::string suit_words(Suit s) { return std::string(suit_name(s)) + " (" + suit_letter(s) + ")"; }

// Why a skill is not available to this player at k (its threshold or its absence).
std::string skill_missing(const SkillList& skills, SkillKind kind, Suit suit, int k) {
  for (const Skill& s : skills.skills)
    if (s.kind == kind)
      return std::string(skill_name(kind)) + " needs k >= " + std::to_string(s.threshold) + " markers in " +
             std::string(suit_name(suit)) + " areas (you have " + std::to_string(k) + ")";
  return "your tribe has no " + std::string(skill_name(kind)) + " skill";
}

}  // namespace

Json HinodeState::canonical_action(Seat, const Json& a) const {
  // Only a play's false flags are rewritten; anything else is left for explain_rejection.
  if (!a.is_object() || a.find("type") == a.end() || a["type"] != "play") return a;
  Json out = a;
  for (const char* flag : {"boost", "recall"})
    if (auto f = out.find(flag); f != out.end() && *f == false) out.erase(f);
  return out;
}

Error HinodeState::explain_rejection(Seat seat, const Json& given) const {
  const Json a = canonical_action(seat, given);  // a flag spelled out as false is absent
  const std::string type = a.at("type").get<std::string>();
  const Player& pl = b_.p[seat];
  const bool keeping = b_.phase == Phase::round_end_keep;
  if (type == "play") {
    auto card = a.find("card");
    if (card == a.end() || !card->is_string() || !only_fields(a, {"type", "card", "boost", "recall"}))
      return malformed("play needs 'card' (a card id) and optionally 'boost' and 'recall' (true or false)");
    for (const char* flag : {"boost", "recall"})
      if (a.contains(flag) && !a[flag].is_boolean()) return malformed(std::string("'") + flag + "' must be true or false");
    const std::string& id = card->get_ref<const std::string&>();
    const auto area_card = card_from_id(id);
    const auto hero = hero_from_id(id);
    if (!area_card && !hero) return malformed("'card' must be an area card id (R1..B11) or a hero card id");
    if (keeping) return illegal(kKeepNow);
    if (b_.phase != Phase::play) return illegal("every card of this trick is played; it is the judgment step");
    const bool leading = b_.trick.plays.empty();
    const Suit lead = b_.trick.lead;
    const bool holds_lead = !leading && std::any_of(pl.hand.begin(), pl.hand.end(),
                                                    [&](Card c) { return suit_of(c) == lead; });
    if (hero) {
      if (*hero != pl.tribe) return illegal("that is not your hero card");
      if (leading) return illegal("the leader may not play a hero card");
      if (pl.hero_used) return illegal("your hero card is already used");
      if (holds_lead) return illegal("you must follow suit " + suit_words(lead));
      if (a.contains("boost") || a.contains("recall")) return illegal("boost and recall apply only to area cards");
      return illegal("a hero card was already played in this trick");
    }
    if (!in_game(*area_card, b_.players)) return illegal(id + " is not in the game with 3 players");
    if (std::find(pl.hand.begin(), pl.hand.end(), *area_card) == pl.hand.end()) return illegal("you do not hold " + id);
    if (holds_lead && suit_of(*area_card) != lead)
      return illegal("you must follow suit " + suit_words(lead) + ": you hold a card of it");
    const Suit suit = leading ? suit_of(*area_card) : lead;
    const int k = b_.k(seat, suit);
    if (a.contains("boost")) {
      if (suit_of(*area_card) != suit) return illegal("boost applies only to a card of the lead suit");
      if (pl.skills->boost_amount(k) == 0) return illegal(skill_missing(*pl.skills, SkillKind::value_plus, suit, k));
    }
    if (a.contains("recall")) {
      if (pl.skills->recall_limit(k) == 0) return illegal(skill_missing(*pl.skills, SkillKind::recall, suit, k));
      return illegal("you have used recall " + std::to_string(pl.recalls_used) + " time(s) this round (limit " +
                     std::to_string(pl.skills->recall_limit(k)) + ")");
    }
    return illegal("this play is not legal now");
  }
  if (type == "support") {
    auto side = a.find("side");
    if (side == a.end() || !side->is_number_integer() || !only_fields(a, {"type", "side"}))
      return malformed("support needs exactly 'side': the seat of B1 or B2");
    if (keeping) return illegal(kKeepNow);
    if (b_.phase != Phase::judgment) return illegal("there is no battle to support before every card is played");
    const Trick& t = b_.trick;
    if (t.b2 < 0) return illegal("there is no battle with two sides in this trick");
    const Play& mine = t.play_of(seat);
    if (mine.hero || suit_of(mine.card) != t.lead) return illegal("players who did not follow suit may only occupy");
    return illegal("side must be B1 (seat " + std::to_string(t.b1) + ") or B2 (seat " + std::to_string(t.b2) + ")");
  }
  if (type == "occupy") {
    auto area = a.find("area");
    if (area == a.end() || !area->is_string() || !only_fields(a, {"type", "area"}))
      return malformed("occupy needs exactly 'area': an area id");
    if (keeping) return illegal(kKeepNow);
    if (b_.phase != Phase::judgment) return illegal("areas are occupied in the judgment step, after every card is played");
    const int i = b_.map->find(area->get<std::string>());
    if (i < 0) return illegal("there is no area '" + area->get<std::string>() + "' on this map");
    if (b_.supply(seat) < 1) return illegal("you have no markers left in your supply");
    const Suit suit = occupy_suit(b_, b_.trick.play_of(seat));
    if (b_.map->areas[i].suit != suit) return illegal("you may only occupy areas of suit " + suit_words(suit));
    return illegal(b_.map->areas[i].id + " has no free site");
  }
  if (type == "keep") {
    auto card = a.find("card");
    if (card == a.end() || !(card->is_null() || card->is_string()) || !only_fields(a, {"type", "card"}))
      return malformed("keep needs exactly 'card': a card id from your hand, or null");
    if (card->is_string() && !card_from_id(card->get<std::string>()))
      return malformed("'card' must be an area card id (R1..B11) or null");
    if (!keeping) return illegal("cards are kept only at the end of rounds 1 and 2");
    return illegal("you do not hold " + card->get<std::string>());
  }
  return malformed("unknown action type (expected play, support, occupy or keep)");
}

}  // namespace nyan::hinode
