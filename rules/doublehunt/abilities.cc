// Double Hunt: the seven roles (R15-R23), each use a step sequence (R15a, G29).
#include <algorithm>

#include "rules/doublehunt/doublehunt.h"

namespace nyan::doublehunt {

namespace {

using Kind = Choice::Kind;

void each_card(CardSet cards, const char* type, const char* key, std::vector<Choice>& out) {
  for (Card c : cards.list()) out.push_back({type, Kind::card, key, c});
}

Card card_field(const Json& action, const char* key) { return *card_from_name(action.at(key).get<std::string>()); }
Square square_field(const Json& action, const char* key) {
  return *square_from_name(action.at(key).get<std::string>());
}

}  // namespace

// R18, G5, G18: adjacent opponents holding a card, not this Bandit's previous target.
std::vector<Seat> DoubleHuntState::bandit_targets() const {
  std::vector<Seat> out;
  const Seat a = b_.active;
  for (Seat t : {(a + 1) % kSeats, (a + 3) % kSeats})
    if (manhattan(b_.piece[a], b_.piece[t]) == 1 && !b_.hand[t].empty() && b_.last_bandit_target != t)
      out.push_back(t);
  std::sort(out.begin(), out.end());
  return out;
}

// R19: once per turn, before the take, with a card to give.
bool DoubleHuntState::richman_can_give() const {
  const Seat a = b_.active;
  return b_.is(a, Role::richman) && !b_.used.richman_give && !b_.hand[a].empty();
}

// R22: once per turn in post_take; both hands hold a card.
bool DoubleHuntState::advisor_can_give() const {
  const Seat a = b_.active;
  return b_.is(a, Role::advisor) && !b_.used.advisor_exchange && !b_.hand[a].empty() &&
         !b_.hand[partner(a)].empty();
}

void DoubleHuntState::ability_choices(Seat seat, std::vector<Choice>& out) const {
  const Seat a = b_.active;
  if (seat != a) return;
  const CardSet hand = b_.hand[a];
  switch (b_.phase) {
    case Phase::pre_roll:
      if (b_.is(a, Role::pilot) && !b_.used.pilot_pre) each_card(hand, "pilot_fly", "discard", out);
      if (b_.is(a, Role::observer) && !b_.used.observer && b_.cards_on_grid() > 0)
        each_card(hand, "observer_peek", "discard", out);
      if (richman_can_give()) each_card(hand, "richman_give", "card", out);
      if (b_.is(a, Role::scientist) && !b_.scientist_used && !b_.pile.empty()) out.push_back({"scientist_open"});
      if (b_.is(a, Role::necromancer) && !b_.used.necromancer && !b_.pile.empty())
        for (Square s : neighbours(b_.piece[a]))
          if (b_.grid[s] < 0) out.push_back({"necromancer_raise", Kind::square, "square", s});
      return;
    case Phase::move:
      if (b_.boosts == 0 && richman_can_give()) each_card(hand, "richman_give", "card", out);
      return;
    case Phase::post_take:
      if (b_.is(a, Role::pilot) && !b_.used.pilot_post) each_card(hand, "pilot_fly", "discard", out);
      if (b_.is(a, Role::bandit) && !b_.used.bandit)
        for (Seat t : bandit_targets())
          for (Card c : hand.list())
            out.push_back({"bandit_raid", Kind::raid, "discard", c, t});
      if (b_.is(a, Role::scientist) && !b_.scientist_used && !b_.pile.empty()) out.push_back({"scientist_open"});
      if (advisor_can_give()) each_card(hand, "advisor_give", "card", out);
      return;
    case Phase::pilot_choose:
      for (Square s = 0; s < kSquares; ++s)
        if (s != b_.piece[a]) out.push_back({"pilot_land", Kind::square, "square", s});
      return;
    case Phase::observer_choose:
      for (Square s = 0; s < kSquares; ++s)
        if (b_.grid[s] >= 0 && std::find(b_.observer_picks.begin(), b_.observer_picks.end(), s) ==
                                   b_.observer_picks.end())
          out.push_back({"observer_pick", Kind::square, "square", s});
      return;
    case Phase::richman_giving:
      each_card(hand, "richman_give", "card", out);
      out.push_back({"richman_give_end"});
      return;
    case Phase::scientist_choose:
      each_card(b_.pile, "scientist_take", "card", out);
      return;
    case Phase::advisor_exchange: {
      // G32: each card moves at most once per exchange.
      const CardSet partner_unmoved = b_.hand[partner(a)] - b_.exchange_given;
      if (b_.give_waiting) {
        each_card(partner_unmoved, "advisor_take", "card", out);
        return;
      }
      if (!partner_unmoved.empty()) each_card(hand - b_.exchange_taken, "advisor_give", "card", out);
      out.push_back({"advisor_exchange_end"});
      return;
    }
    default:
      return;
  }
}

bool DoubleHuntState::apply_ability(Seat seat, const std::string& type, const Json& action) {
  const auto is = [&](std::string_view prefix) { return type.rfind(prefix, 0) == 0; };
  if (is("pilot_")) use_pilot(type, action);
  else if (is("observer_")) use_observer(type, action);
  else if (is("bandit_")) use_bandit(action);
  else if (is("richman_")) use_richman(type, action);
  else if (is("scientist_")) use_scientist(type, action);
  else if (is("necromancer_")) use_necromancer(action);
  else if (is("advisor_")) use_advisor(seat, type, action);
  else return false;
  return true;
}

// R16: pay, then land anywhere else; no take and no Advisor trigger.
void DoubleHuntState::use_pilot(const std::string& type, const Json& action) {
  const Seat a = b_.active;
  if (type == "pilot_fly") {
    const Card c = card_field(action, "discard");
    discard(a, c);
    (b_.phase == Phase::pre_roll ? b_.used.pilot_pre : b_.used.pilot_post) = true;
    b_.resume = b_.phase;
    b_.phase = Phase::pilot_choose;
    b_.counters.pilot_flights++;
    b_.log.add({{"type", "pilot_fly"}, {"seat", a}}, {a, partner(a)}, {{"discard", card_name(c)}});
    return;
  }
  const Square s = square_field(action, "square");
  b_.piece[a] = s;
  b_.phase = b_.resume;
  b_.log.add({{"type", "pilot_land"}, {"seat", a}, {"square", square_name(s)}});
}

// R17, G17, G30: pay, then pick min(3, n) squares; the team sees them after the last pick.
void DoubleHuntState::use_observer(const std::string& type, const Json& action) {
  const Seat a = b_.active;
  if (type == "observer_peek") {
    const Card c = card_field(action, "discard");
    discard(a, c);
    b_.used.observer = true;
    b_.observer_picks.clear();
    b_.observer_total = std::min(3, b_.cards_on_grid());
    b_.phase = Phase::observer_choose;
    b_.counters.observer_peeks++;
    b_.log.add({{"type", "observer_peek"}, {"seat", a}}, {a, partner(a)}, {{"discard", card_name(c)}});
    return;
  }
  const Square s = square_field(action, "square");
  b_.observer_picks.push_back(s);
  b_.log.add({{"type", "observer_pick"}, {"seat", a}, {"square", square_name(s)}});
  if (static_cast<int>(b_.observer_picks.size()) < b_.observer_total) return;
  Json squares = Json::array(), cards = Json::array();
  for (Square p : b_.observer_picks) {
    Slot& slot = b_.slots[b_.grid[p]];
    slot.known |= team_bits(team_of(a));
    squares.push_back(square_name(p));
    cards.push_back(card_name(slot.card));
  }
  b_.log.add({{"type", "observer_seen"}, {"seat", a}, {"squares", squares}}, {a, partner(a)}, {{"cards", cards}});
  b_.observer_picks.clear();
  b_.phase = Phase::pre_roll;
}

// R18, G18, G31: pay, then the target loses the card at a uniform index of its sorted hand.
void DoubleHuntState::use_bandit(const Json& action) {
  const Seat a = b_.active;
  const Seat target = action.at("target").get<int>();
  const Card c = card_field(action, "discard");
  discard(a, c);
  b_.used.bandit = true;
  b_.last_bandit_target = target;
  const Card lost = b_.hand[target].nth(static_cast<int>(rng_->uniform(b_.hand[target].size())));
  discard(target, lost);
  b_.counters.bandit_raids++;
  b_.log.add({{"type", "bandit_raid"}, {"seat", a}, {"target", target}}, {a, partner(a)}, {{"discard", card_name(c)}});
  b_.log.add({{"type", "bandit_loss"}, {"seat", target}}, {target, partner(target)}, {{"card", card_name(lost)}});
}

// R19, G19: one card at a time to the partner, then the end; once per turn.
void DoubleHuntState::use_richman(const std::string& type, const Json& action) {
  const Seat a = b_.active, mate = partner(a);
  if (type == "richman_give_end") {
    b_.phase = b_.resume;
    if (b_.phase == Phase::move) refresh_move();  // the hand shrank: the boost test changes
    b_.log.add({{"type", "richman_give_end"}, {"seat", a}, {"given", b_.richman_given}});
    return;
  }
  const Card c = card_field(action, "card");
  if (b_.phase != Phase::richman_giving) {
    b_.used.richman_give = true;
    b_.resume = b_.phase;
    b_.richman_given = 0;
    b_.phase = Phase::richman_giving;
  }
  b_.hand[a].remove(c);
  b_.hand[mate].add(c);
  b_.richman_given++;
  b_.counters.richman_cards++;
  b_.log.add({{"type", "richman_give"}, {"seat", a}, {"to", mate}}, {a, mate}, {{"card", card_name(c)}});
}

// R20, G20: look at the pile, then take min(3, pile) cards; R12 is checked after the last.
void DoubleHuntState::use_scientist(const std::string& type, const Json& action) {
  const Seat a = b_.active;
  if (type == "scientist_open") {
    b_.scientist_used = true;
    b_.resume = b_.phase;
    b_.scientist_left = std::min(3, b_.pile.size());
    b_.phase = Phase::scientist_choose;
    b_.log.add({{"type", "scientist_open"}, {"seat", a}, {"pile_count", b_.pile.size()}});
    return;
  }
  const Card c = card_field(action, "card");
  b_.pile.remove(c);
  b_.hand[a].add(c);
  b_.counters.scientist_cards++;
  b_.log.add({{"type", "scientist_take"}, {"seat", a}}, {a, partner(a)}, {{"card", card_name(c)}});
  if (--b_.scientist_left == 0) b_.phase = b_.resume;
}

// R23, G23, G31: a uniform card of the sorted pile goes face down next to the Necromancer,
// known to the Necromancer alone (a new sealed slot).
void DoubleHuntState::use_necromancer(const Json& action) {
  const Seat a = b_.active;
  const Square s = square_field(action, "square");
  b_.used.necromancer = true;
  const Card c = b_.pile.nth(static_cast<int>(rng_->uniform(b_.pile.size())));
  b_.pile.remove(c);
  b_.counters.necromancer_raises++;
  b_.slots.push_back(Slot{kGridSlots + kLeftovers + b_.counters.necromancer_raises - 1, c, 1U << a});
  b_.grid[s] = static_cast<int>(b_.slots.size()) - 1;
  b_.log.add({{"type", "necromancer_raise"}, {"seat", a}, {"square", square_name(s)}}, {a}, {{"card", card_name(c)}});
}

// R21, G21: the extra move (a new move phase, k from 0). R22, G22, G32: the exchange, one
// swap (give, then take) at a time, each card moving at most once.
void DoubleHuntState::use_advisor(Seat seat, const std::string& type, const Json& action) {
  const Seat a = b_.active, mate = partner(a);
  if (type == "advisor_extra_move") {
    b_.die = draw_die();
    b_.boosts = 0;
    b_.extra_move = true;
    b_.dest_known = 0;  // a new move phase from the new square
    b_.phase = Phase::move;
    b_.counters.advisor_extra_moves++;
    refresh_move();
    b_.log.add({{"type", "advisor_extra_move"}, {"seat", seat}, {"die", b_.die}});
  } else if (type == "advisor_decline") {
    b_.phase = Phase::post_take;
    b_.log.add({{"type", "advisor_decline"}, {"seat", seat}});
  } else if (type == "advisor_give") {
    const Card c = card_field(action, "card");
    if (b_.phase == Phase::post_take) {
      b_.used.advisor_exchange = true;
      b_.exchange_given = b_.exchange_taken = CardSet();
      b_.phase = Phase::advisor_exchange;
    }
    b_.hand[a].remove(c);
    b_.hand[mate].add(c);
    b_.exchange_given.add(c);
    b_.give_waiting = true;
    b_.log.add({{"type", "advisor_give"}, {"seat", a}, {"to", mate}}, {a, mate}, {{"card", card_name(c)}});
  } else if (type == "advisor_take") {
    const Card c = card_field(action, "card");
    b_.hand[mate].remove(c);
    b_.hand[a].add(c);
    b_.exchange_taken.add(c);
    b_.give_waiting = false;
    b_.counters.advisor_swaps++;
    b_.log.add({{"type", "advisor_take"}, {"seat", a}, {"from", mate}}, {a, mate}, {{"card", card_name(c)}});
  } else {
    b_.phase = Phase::post_take;
    b_.log.add({{"type", "advisor_exchange_end"}, {"seat", a}, {"swaps", b_.exchange_taken.size()}});
  }
}

}  // namespace nyan::doublehunt
