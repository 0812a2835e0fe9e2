// Nyanya Dai Hugo: rounds (§3, R6, R13-R16, R19): the deal, the wild swap, the start-card
// reveal, and the round's end with penalties and tails.
#include <algorithm>
#include <numeric>

#include "rules/daihugo/daihugo.h"

namespace nyan::daihugo {

namespace {

Json pick_json(Seat seat, const Elem& e) {
  Json j = {{"seat", seat}, {"card", card_name(e.card)}};
  if (is_wild(e.card)) j["as"] = e.number;
  return j;
}

}  // namespace

bool Board::picked(Seat s) const {
  return std::any_of(picks.begin(), picks.end(), [&](const Pick& p) { return p.round == round && p.seat == s; });
}

Board new_match(const Settings& settings, Rng& rng) {
  Board b;
  b.settings = settings;
  b.tails.assign(static_cast<std::size_t>(settings.players), 0);
  deal_round(b, rng);
  return b;
}

void deal_round(Board& b, Rng& rng) {
  const int n = b.n();
  std::vector<Card> cards(kCards);
  std::iota(cards.begin(), cards.end(), 0);  // components-table order
  rng.shuffle(cards);                         // the round's one random step
  const int hand_size = n == 4 ? 7 : 8;
  b.hands.assign(static_cast<std::size_t>(n), 0);
  b.shown.assign(static_cast<std::size_t>(n), 0);
  b.played_unshown.assign(static_cast<std::size_t>(n), 0);
  std::size_t next = 0;
  for (; next < static_cast<std::size_t>(n * hand_size); ++next)
    b.hands[next % static_cast<std::size_t>(n)] |= bit(cards[next]);
  b.field = 0;
  for (int i = 0; i < 3; ++i) b.field |= bit(cards[next++]);
  b.pile.assign(cards.begin() + static_cast<std::ptrdiff_t>(next), cards.end());
  b.cleared = 0;
  b.trick = Trick{};
  b.opening.reset();
  b.start_seat = -1;
  b.swap.reset();
  b.solo_turn = 1;
  b.solo_turns.clear();
  b.log.add({{"type", "round_start"}, {"round", b.round}});
  begin_round(b);
}

void begin_round(Board& b) {
  for (Seat s = 0; s < b.n(); ++s) {
    if ((b.hands[s] & kBothWilds) == kBothWilds) {  // R19: only one seat can hold both
      b.phase = Phase::wild_swap;
      b.current = s;
      b.shown[s] |= kBothWilds;  // the swap phase itself tells everyone
      return;
    }
  }
  after_wild_check(b);
}

void after_wild_check(Board& b) {
  if (b.solo()) {  // R20
    b.phase = Phase::play;
    b.current = 0;
    return;
  }
  if (b.settings.winner_leads && !b.results.empty()) {  // G10: free lead, no reveal
    b.phase = Phase::play;
    b.current = b.results.back().winner;
    b.start_seat = b.current;
    return;
  }
  b.phase = Phase::reveal;
}

Seat start_seat_of(const std::vector<Pick>& round_picks) {
  // R6, G4: the smallest number, then the fewest circles; (number, circles) is unique.
  auto key = [](const Pick& p) { return std::make_pair(p.card.number, circles_of(p.card.card)); };
  const auto best = std::min_element(round_picks.begin(), round_picks.end(),
                                     [&](const Pick& a, const Pick& b) { return key(a) < key(b); });
  return best->seat;
}

std::optional<Card> take_from_field(Board& b, Card c) {
  b.field &= ~bit(c);
  if (b.pile.empty()) return std::nullopt;  // R11: the field shrinks
  const Card refill = b.pile.front();
  b.pile.erase(b.pile.begin());
  b.field |= bit(refill);
  return refill;
}

void DaihugoState::swap_wild(Card wild) {
  // R19, G13: the chosen wild goes to the bottom, then the top card is drawn (with a pile
  // of 1 that is the original card).
  const Seat s = b_.current;
  b_.hands[s] &= ~bit(wild);
  b_.shown[s] &= ~bit(wild);
  b_.pile.push_back(wild);
  const Card drawn = b_.pile.front();
  b_.pile.erase(b_.pile.begin());
  b_.hands[s] |= bit(drawn);
  b_.swap = Swap{s, wild, drawn};
  b_.wild_swaps++;
  b_.log.add({{"type", "wild_swap"}, {"seat", s}, {"wild", card_name(wild)}}, {s},
             {{"drawn", card_name(drawn)}});
  after_wild_check(b_);
}

void DaihugoState::reveal(Seat seat, const Elem& pick) {
  b_.picks.push_back(Pick{b_.round, seat, pick, false});
  Json secret = pick_json(seat, pick);
  secret.erase("seat");
  b_.log.add({{"type", "picked"}, {"seat", seat}}, {seat}, secret);
  for (Seat s = 0; s < b_.n(); ++s)
    if (!b_.picked(s)) return;
  // G6: the last pick arrived: reveal all at once.
  std::vector<Pick> round_picks;
  Json shown = Json::array();
  for (Pick& p : b_.picks)
    if (p.round == b_.round) {
      p.revealed = true;
      b_.shown[p.seat] |= bit(p.card.card);  // R6: the revealed cards stay in hand
      round_picks.push_back(p);
    }
  std::sort(round_picks.begin(), round_picks.end(), [](const Pick& a, const Pick& b) { return a.seat < b.seat; });
  for (const Pick& p : round_picks) shown.push_back(pick_json(p.seat, p.card));
  const Seat start = start_seat_of(round_picks);
  for (const Pick& p : round_picks)
    if (p.seat == start) b_.opening = p.card;
  b_.start_seat = start;
  b_.current = start;
  b_.phase = Phase::play;
  b_.log.add({{"type", "picks_revealed"}, {"picks", shown}, {"start_seat", start}});
}

void DaihugoState::end_round(Seat winner) {
  // R13-R15: the others reveal their hands and raise tails by their circles.
  RoundResult r;
  r.round = b_.round;
  r.winner = winner;
  r.start_seat = b_.start_seat;
  for (Seat s = 0; s < b_.n(); ++s) {
    const int pen = s == winner ? 0 : penalty(b_.hands[s]);
    const int add = tails_for(pen);
    b_.tails[s] += add;
    r.penalties.push_back(pen);
    r.tails_added.push_back(add);
  }
  r.tails = b_.tails;
  r.hands = b_.hands;
  r.pile = b_.pile;
  r.swap = b_.swap;
  b_.results.push_back(r);
  b_.log.add({{"type", "round_end"},
              {"round", b_.round},
              {"winner", winner},
              {"penalties", r.penalties},
              {"tails", r.tails}});
  // R16, G11, G12.
  const bool limit = std::any_of(b_.tails.begin(), b_.tails.end(), [](int t) { return t >= 5; });
  if (b_.settings.single_round || limit) {
    b_.phase = Phase::game_over;
    b_.reason = b_.settings.single_round ? "single_round" : "tails_limit";
    b_.log.add({{"type", "game_over"}, {"reason", b_.reason}});
    return;
  }
  next_round();
}

// Forfeit (header comment): the match ends in whatever phase it is, the round in play
// unscored. Every start-card pick made is opened, as every pick is by a normal end (§6:
// everything is public at game end), and no opening play is due any more.
bool DaihugoState::do_forfeit(Seat seat) {
  b_.forfeit = seat;
  for (Pick& p : b_.picks) p.revealed = true;
  b_.opening.reset();
  b_.phase = Phase::game_over;
  b_.reason = "forfeit";
  b_.log.add({{"type", "forfeit"}, {"seat", seat}});
  b_.log.add({{"type", "game_over"}, {"reason", b_.reason}});
  return true;
}

void DaihugoState::next_round() {
  b_.round++;
  deal_round(b_, *rng_);  // G10: re-shuffle all 32 and re-deal
}

}  // namespace nyan::daihugo
