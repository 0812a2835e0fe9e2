// Nyanya Dai Hugo: what each seat sees (rules §6), sealed picks, and resampling.
#include <algorithm>

#include "rules/daihugo/daihugo.h"

namespace nyan::daihugo {

namespace {

void write_pile(TextWriter& w, const std::vector<Card>& pile) {
  w.open_array();
  for (Card c : pile) w.str(card_name(c));
  w.close_array();
}

void write_pick(TextWriter& w, const Elem& e) {
  w.open_object();
  if (is_wild(e.card)) w.key("as").num(e.number);
  w.key("card").str(card_name(e.card)).close_object();
}

void write_swap(TextWriter& w, const Swap& s, bool with_drawn) {
  w.open_object();
  if (with_drawn) w.key("drawn").str(card_name(s.drawn));
  w.key("seat").num(s.seat).key("wild").str(card_name(s.wild)).close_object();
}

Json pick_value(const Elem& e) {
  return tree_of([&](TextWriter& w) { write_pick(w, e); });
}

Json swap_json(const Swap& s, bool with_drawn) {
  return tree_of([&](TextWriter& w) { write_swap(w, s, with_drawn); });
}

}  // namespace

// A finished round (G15: everything in it is public now).
void write_result(TextWriter& w, const RoundResult& r) {
  w.open_object().key("hands").open_array();
  for (Hand h : r.hands) write_hand(w, h);
  w.close_array().key("penalties");
  w.nums(r.penalties);
  w.key("pile");
  write_pile(w, r.pile);
  w.key("round").num(r.round).key("start_seat").num(r.start_seat).key("swap");
  if (r.swap) write_swap(w, *r.swap, true);
  else w.null();
  w.key("tails");
  w.nums(r.tails);
  w.key("tails_added");
  w.nums(r.tails_added);
  w.key("winner").num(r.winner).close_object();
}

Json result_json(const RoundResult& r) {
  return tree_of([&](TextWriter& w) { write_result(w, r); });
}

// The view is written as canonical text, member by member in key order, because the server
// makes it for every seat after every action; view() is its parse, so it is defined once.
void DaihugoState::write_seat(TextWriter& w, Seat who, Seat viewer) const {
  w.open_object();
  if (who == viewer || over()) {
    w.key("hand");
    write_hand(w, b_.hands[who]);
  }
  w.key("hand_count").num(count(b_.hands[who])).key("pick");
  const Pick* pick = nullptr;  // the last one of this round that the viewer may see
  for (const Pick& p : b_.picks)
    if (p.round == b_.round && p.seat == who && (p.revealed || who == viewer)) pick = &p;
  if (pick) write_pick(w, pick->card);
  else w.null();
  if (b_.phase == Phase::reveal) w.key("picked").flag(b_.picked(who));  // G6: only who has picked
  w.key("seat").num(who).key("shown");
  write_hand(w, b_.shown[who]);
  w.key("tails").num(b_.tails[who]).close_object();
}

void DaihugoState::write_view(TextWriter& w, Seat viewer) const {
  const bool all = over();
  w.open_object().key("cleared");
  write_hand(w, b_.cleared);
  w.key("current");
  if (b_.phase == Phase::reveal || all) w.null();
  else w.num(b_.current);
  w.key("field");
  write_hand(w, b_.field);
  w.key("game").str("daihugo").key("last_round");
  if (b_.results.empty()) w.null();
  else write_result(w, b_.results.back());
  w.key("log");
  b_.log.write(w, viewer, all);
  w.key("match").str(b_.settings.single_round ? "single_round" : "tails");
  w.key("next_round_start").str(b_.settings.winner_leads ? "round_winner" : "reveal").key("opening");
  if (b_.opening && !b_.trick.open()) {
    const Elem& o = *b_.opening;
    w.open_object();
    if (is_wild(o.card)) w.key("as").num(o.number);
    w.key("card").str(card_name(o.card)).key("rule").str(b_.settings.opening_containing ? "containing" : "exact");
    w.key("seat").num(b_.start_seat).close_object();
  } else {
    w.null();
  }
  w.key("opening_lead").str(b_.settings.opening_containing ? "containing" : "exact");
  if (all) w.key("outcome").raw(outcome_text());
  w.key("phase").str(phase_name(b_.phase));
  if (all) {
    w.key("pile");
    write_pile(w, b_.pile);
  }
  w.key("pile_bottom");
  if (b_.bottom_known()) w.str(card_name(b_.pile.back()));
  else w.null();
  w.key("pile_count").num(static_cast<std::int64_t>(b_.pile.size())).key("players").num(b_.n());
  w.key("round").num(b_.round);
  // Every round's result in short; the last one in full under "last_round" (G15).
  w.key("rounds").open_array();
  for (const RoundResult& r : b_.results) {
    w.open_object().key("penalties");
    w.nums(r.penalties);
    w.key("round").num(r.round).key("tails");
    w.nums(r.tails);
    w.key("winner").num(r.winner).close_object();
  }
  w.close_array();
  w.key("seats").open_array();
  for (Seat s = 0; s < b_.n(); ++s) write_seat(w, s, viewer);
  w.close_array();
  if (b_.solo()) {
    w.key("solo").open_object().key("target").num(b_.settings.solo_target).key("turn").num(b_.solo_turn);
    w.key("turns").open_array();
    for (const SoloTurn& t : b_.solo_turns) {
      w.open_object().key("cards");
      write_play(w, t.play);
      w.key("size").num(t.size).key("took").str(t.took).key("turn").num(t.turn).close_object();
    }
    w.close_array().close_object();
  }
  w.key("start_seat");
  if (b_.start_seat >= 0) w.num(b_.start_seat);
  else w.null();
  w.key("swap");
  if (b_.swap) write_swap(w, *b_.swap, viewer == b_.swap->seat || all);
  else w.null();
  w.key("to_act").nums(to_act());
  w.key("trick");
  if (b_.trick.open()) {
    const Combo& c = b_.trick.plays.back().combo;
    w.open_object().key("last_seat").num(b_.trick.plays.back().seat).key("passes").num(b_.trick.passes);
    w.key("plays").open_array();
    for (const PlayRecord& r : b_.trick.plays) {
      w.open_object().key("cards");
      write_play(w, r.play);
      w.key("seat").num(r.seat).close_object();
    }
    w.close_array();
    w.key("rank").num(c.rank).key("size").num(c.size).key("type").str(type_name(c.type)).close_object();
  } else {
    w.null();
  }
  w.key("you").seat(viewer);
  w.close_object();
}

std::vector<Sealed> DaihugoState::sealed() const {
  std::vector<Sealed> out;
  out.reserve(b_.picks.size());
  for (const Pick& p : b_.picks)
    out.push_back(Sealed{"r" + std::to_string(p.round) + ".pick." + std::to_string(p.seat), pick_value(p.card),
                         {p.seat}, p.revealed});
  return out;
}

Json DaihugoState::debug_state() const {
  // Compact (one string per card list) because tests compare it at every step.
  auto text = [](const std::vector<Card>& cards) {
    std::string out;
    for (Card c : cards) {
      if (!out.empty()) out += ' ';
      out += card_name(c);
    }
    return out;
  };
  auto play_text = [](const Play& p) { return play_json(p).dump(); };
  Json hands = Json::array(), picks = Json::array(), trick = Json::array(), solo = Json::array(), results = Json::array();
  for (Seat s = 0; s < b_.n(); ++s)
    hands.push_back(text(cards_of(b_.hands[s])) + " | shown " + text(cards_of(b_.shown[s])) + " | played unshown " +
                    text(cards_of(b_.played_unshown[s])));
  for (const Pick& p : b_.picks)
    picks.push_back("r" + std::to_string(p.round) + " seat " + std::to_string(p.seat) + " " + elem_json(p.card).dump() +
                    (p.revealed ? " revealed" : ""));
  for (const PlayRecord& r : b_.trick.plays) trick.push_back(std::to_string(r.seat) + " " + play_text(r.play));
  for (const SoloTurn& t : b_.solo_turns) solo.push_back(std::to_string(t.turn) + " " + play_text(t.play) + " " + t.took);
  for (const RoundResult& r : b_.results) results.push_back(result_json(r).dump());
  return {{"phase", phase_name(b_.phase)},
          {"round", b_.round},
          {"current", b_.current},
          {"hands", hands},
          {"field", text(cards_of(b_.field))},
          {"pile", text(b_.pile)},
          {"cleared", text(cards_of(b_.cleared))},
          {"trick", trick},
          {"passes", b_.trick.passes},
          {"opening", b_.opening ? elem_json(*b_.opening) : Json(nullptr)},
          {"start_seat", b_.start_seat},
          {"swap", b_.swap ? swap_json(*b_.swap, true) : Json(nullptr)},
          {"tails", b_.tails},
          {"picks", picks},
          {"results", results},
          {"solo_turn", b_.solo_turn},
          {"solo_turns", solo},
          {"counters", {b_.turns, b_.plays, b_.passes, b_.wild_swaps}},
          {"reason", b_.reason},
          {"log", b_.log.debug().dump()}};
}

namespace {

// R19 as the viewer knows it: a seat dealt both wilds would have swapped, so no other seat
// may end up with both among the cards it was dealt (hidden now or played unshown).
bool wilds_consistent(const Board& b, Seat viewer) {
  for (Seat s = 0; s < b.n(); ++s) {
    if (s == viewer || (b.swap && b.swap->seat == s)) continue;
    const Hand dealt = (b.hands[s] & ~b.shown[s]) | b.played_unshown[s];
    if ((dealt & kBothWilds) == kBothWilds) return false;
  }
  return true;
}

}  // namespace

std::unique_ptr<State> DaihugoState::resample(Seat viewer, Rng& rng) const {
  auto copy = std::make_unique<DaihugoState>(*this);
  copy->rng_ = RngBox(std::make_unique<SplitMix>(rng.next_u64()));
  if (over()) return copy;
  Board& b = copy->b_;
  // Hidden from the viewer: the unshown cards of other hands and the pile except its known
  // bottom wild. Re-deal them into the same places with the same sizes.
  const std::size_t fixed_bottom = b.bottom_known() ? 1 : 0;
  const std::size_t pile_hidden = b.pile.size() - fixed_bottom;
  std::vector<Card> pool;
  for (Seat s = 0; s < b.n(); ++s)
    if (s != viewer)
      for (Card c : cards_of(b.hands[s] & ~b.shown[s])) pool.push_back(c);
  pool.insert(pool.end(), b.pile.begin(), b.pile.begin() + static_cast<std::ptrdiff_t>(pile_hidden));
  std::sort(pool.begin(), pool.end());
  const Board original = b;
  for (int attempt = 0; attempt < 100; ++attempt) {
    rng.shuffle(pool);
    std::size_t next = 0;
    for (Seat s = 0; s < b.n(); ++s) {
      if (s == viewer) continue;
      const int hidden = count(original.hands[s] & ~original.shown[s]);
      b.hands[s] = original.shown[s];
      for (int i = 0; i < hidden; ++i) b.hands[s] |= bit(pool[next++]);
    }
    for (std::size_t i = 0; i < pile_hidden; ++i) b.pile[i] = pool[next++];
    if (wilds_consistent(b, viewer)) break;
    b = original;  // the true deal is always consistent: keep it if no sample was
  }
  // The picks of others that are still sealed: any card of the new hand.
  for (Pick& p : b.picks) {
    if (p.revealed || p.seat == viewer) continue;
    const std::vector<Card> hand = cards_of(b.hands[p.seat]);
    const Card c = hand[rng.uniform(hand.size())];
    p.card = Elem{c, is_wild(c) ? 1 + rng.below(kMaxNumber) : number_of(c), false};
  }
  if (b.swap && b.swap->seat != viewer) {
    // The drawn card is private: any card the swapper holds or played unshown may be it
    // (never a wild: both are accounted for).
    const Seat w = b.swap->seat;
    const std::vector<Card> candidates = cards_of(((b.hands[w] & ~b.shown[w]) | b.played_unshown[w]) & ~kBothWilds);
    if (!candidates.empty()) b.swap->drawn = candidates[rng.uniform(candidates.size())];
  }
  b.log.forget_secrets_except(viewer);
  return copy;
}

}  // namespace nyan::daihugo
