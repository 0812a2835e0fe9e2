// Kushine-go Departs: moving cards between piles, hands and the pier, the nuisance cards,
// boarding, and the end of the game (R4, R6, R8-R14, R20).
#include "rules/kushine/kushine.h"

#include <algorithm>

namespace nyan::kushine {

void KushineState::take_top(int pile_id, Seat who, bool mate_take) {
  Pile& p = *b_.pile(pile_id);
  const Card c = p.cards.front();
  p.cards.erase(p.cards.begin());
  const char* type = mate_take ? "mate_take" : "draw";
  if (is_nuisance(c.kind)) {
    // R11/R12 step 1: shown to everyone; it never enters the hand (G6).
    if (mate_take) b_.secrets[b_.peek->secret].revealed = true;
    b_.log.add({{"type", type}, {"seat", who}, {"pile", pile_id}, {"card", kind_json(c.kind)}});
    b_.pending_pile = pile_id;
    if (p.cards.empty()) {  // R14, G8: before any decision
      b_.removed[static_cast<int>(c.kind)]++;
      lose("pile_empty");
      return;
    }
    if (c.kind == Kind::tanuki) {
      if (b_.ability_available(Officer::captain)) b_.phase = Phase::await_captain;  // R16, G14
      else resolve_tanuki(false);
    } else {
      if (b_.ability_available(Officer::doctor)) b_.phase = Phase::await_doctor;  // R19, G14
      else resolve_matatabi(false);
    }
    return;
  }
  give_to_hand(who, c.kind, c.seen);
  if (!mate_take) add_secret("draw", c.kind, 1u << who);  // a take is already sealed as the peek
  b_.log.add({{"type", type}, {"seat", who}, {"pile", pile_id}}, {who}, {{"card", kind_json(c.kind)}});
  if (p.cards.empty()) lose("pile_empty");  // R14, G8: even a needed nyanko
}

bool KushineState::remove_nuisance(Kind card, bool cancel) {
  // R11/R12: the card leaves the game, cancelled or not; a cancel is the reacting officer's
  // ability, so its card turns face down (R15).
  b_.phase = Phase::act;
  b_.removed[static_cast<int>(card)]++;
  if (!cancel) return false;
  const Seat officer = b_.seat_of(card == Kind::tanuki ? Officer::captain : Officer::doctor);
  b_.seats[officer].used = true;
  b_.log.add({{"type", card == Kind::tanuki ? "captain_cancel" : "doctor_cancel"}, {"seat", officer}});
  return true;
}

void KushineState::resolve_tanuki(bool cancel) {
  // R11 (G7): decision, collection of every pile's top card, shuffle, new id, removal, R14.
  if (remove_nuisance(Kind::tanuki, cancel)) return;
  Pile fresh{b_.next_pile_id++, {}};
  for (Pile& p : b_.piles) {  // ascending pile id; every live pile holds a card
    fresh.cards.push_back(p.cards.front());
    p.cards.erase(p.cards.begin());
  }
  rng_->shuffle(fresh.cards);
  b_.piles.push_back(std::move(fresh));
  b_.log.add({{"type", "tanuki"}, {"pile", b_.piles.back().id}, {"size", b_.piles.back().cards.size()}});
  std::vector<std::string> reasons;
  if (b_.piles.size() >= 6) reasons.push_back("six_piles");
  if (std::any_of(b_.piles.begin(), b_.piles.end(), [](const Pile& p) { return p.cards.empty(); }))
    reasons.push_back("pile_empty");
  if (!reasons.empty()) lose(reasons.front(), reasons);
}

void KushineState::resolve_matatabi(bool cancel) {
  if (remove_nuisance(Kind::matatabi, cancel)) return;
  rng_->shuffle(b_.pile(b_.pending_pile)->cards);  // R12: the pile it was drawn from
  b_.log.add({{"type", "matatabi"}, {"pile", b_.pending_pile}});
}

void KushineState::merge(int top, int bottom) {
  // R9, G11: T's cards, then U's; the result keeps U's id. No card is drawn.
  const Pile& t = *b_.pile(top);
  std::vector<Card>& u = b_.pile(bottom)->cards;
  u.insert(u.begin(), t.cards.begin(), t.cards.end());
  b_.piles.erase(std::find_if(b_.piles.begin(), b_.piles.end(), [&](const Pile& p) { return p.id == top; }));
}

void KushineState::give_to_hand(Seat who, Kind k, unsigned seen_by) {
  Player& p = b_.seats[who];
  p.hand[static_cast<int>(k)]++;
  for (Seat s = 0; s < b_.players(); ++s)
    if (s != who && (seen_by & (1u << s))) p.known[s][static_cast<int>(k)]++;
}

void KushineState::take_from_hand(Seat who, Kind k, int n) {
  Player& p = b_.seats[who];
  const int i = static_cast<int>(k);
  p.hand[i] -= n;
  // Others may no longer know which copy left: keep what is still certainly held.
  for (Hand& known : p.known) known[i] = std::min(known[i], p.hand[i]);
}

void KushineState::place(const std::vector<Kind>& cards) {
  const Seat a = b_.active;
  Json placed = Json::array();
  for (Kind k : cards) {
    take_from_hand(a, k);
    b_.pier[static_cast<int>(k)]++;
    placed.push_back(kind_json(k));
  }
  b_.log.add({{"type", cards.size() == 1 ? "place" : "boatswain_place"}, {"seat", a}, {"cards", placed}});
  for (int t = 0; t < kTypes; ++t)  // R10: pier order; G23: one merge per boarding
    if (b_.pier[t] >= 5) {
      b_.pier[t] -= 5;
      b_.boarded[t] = true;
      b_.merges_pending++;
      b_.log.add({{"type", "board"}, {"card", kind_json(static_cast<Kind>(t))}});
    }
  next_merge_or_continue();
}

void KushineState::next_merge_or_continue() {
  if (b_.merges_pending > 0 && b_.piles.size() >= 2) {
    b_.phase = Phase::await_merge;
    return;
  }
  b_.merges_pending = 0;  // with one pile the merges are skipped
  b_.phase = Phase::act;
  if (b_.all_boarded()) finish_boarded();  // R20, G17: after the last optional merge
}

void KushineState::finish_boarded() {
  Level level = Level::easy;
  if (b_.piles.size() == 1) level = b_.abilities_used() <= 1 ? Level::hard : Level::normal;
  const bool won = level >= b_.difficulty;
  const std::string reason = won ? "all_boarded" : "difficulty_not_met";
  b_.result = Ending{won, reason, {reason}, level};
  b_.phase = Phase::game_over;
  for (Secret& s : b_.secrets) s.revealed = true;
  b_.log.add({{"type", "game_over"}, {"result", won ? "win" : "loss"}, {"reason", reason},
              {"level", std::string(level_name(level))}});
}

void KushineState::lose(std::string reason, std::vector<std::string> reasons) {
  if (reasons.empty()) reasons.push_back(reason);
  b_.result = Ending{false, reason, reasons, Level::none};
  b_.phase = Phase::game_over;
  for (Secret& s : b_.secrets) s.revealed = true;
  b_.log.add({{"type", "game_over"}, {"result", "loss"}, {"reason", reason}});
}

int KushineState::add_secret(std::string what, Kind card, unsigned known_to) {
  b_.secrets.push_back(Secret{std::move(what), card, known_to, false});
  return static_cast<int>(b_.secrets.size()) - 1;
}

}  // namespace nyan::kushine
