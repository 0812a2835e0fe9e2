// Nyanya Dai Hugo: what each seat sees (rules §6), sealed picks, and resampling.
#include <algorithm>

#include "rules/daihugo/daihugo.h"

namespace nyan::daihugo {

namespace {

Json pile_json(const std::vector<Card>& pile) {
  Json out = Json::array();
  for (Card c : pile) out.push_back(card_name(c));
  return out;
}

Json pick_value(const Elem& e) {
  Json j = {{"card", card_name(e.card)}};
  if (is_wild(e.card)) j["as"] = e.number;
  return j;
}

Json swap_json(const Swap& w, bool with_drawn) {
  Json j = {{"seat", w.seat}, {"wild", card_name(w.wild)}};
  if (with_drawn) j["drawn"] = card_name(w.drawn);
  return j;
}

}  // namespace

Json result_json(const RoundResult& r) {
  Json hands = Json::array();
  for (Hand h : r.hands) hands.push_back(hand_json(h));
  return {{"round", r.round},
          {"winner", r.winner},
          {"start_seat", r.start_seat},
          {"penalties", r.penalties},
          {"tails_added", r.tails_added},
          {"tails", r.tails},
          {"hands", std::move(hands)},
          {"pile", pile_json(r.pile)},
          {"swap", r.swap ? swap_json(*r.swap, true) : Json(nullptr)}};  // G15: public now
}

Json DaihugoState::seat_json(Seat who, Seat viewer) const {
  Json j = {{"seat", who},
            {"hand_count", count(b_.hands[who])},
            {"shown", hand_json(b_.shown[who])},
            {"tails", b_.tails[who]}};
  if (who == viewer || over()) j["hand"] = hand_json(b_.hands[who]);
  if (b_.phase == Phase::reveal) j["picked"] = b_.picked(who);  // G6: only who has picked
  j["pick"] = nullptr;
  for (const Pick& p : b_.picks)
    if (p.round == b_.round && p.seat == who && (p.revealed || who == viewer)) j["pick"] = pick_value(p.card);
  return j;
}

Json DaihugoState::view(Seat viewer) const { return b_.log.view_in(view_tree(viewer), viewer, over()); }

std::string DaihugoState::view_text(Seat viewer) const { return b_.log.text_in(view_tree(viewer), viewer, over()); }

// Everything but the log, which view() and view_text() add: the text is made after every
// action, and the log is copied into it as text rather than parsed into the tree.
Json DaihugoState::view_tree(Seat viewer) const {
  const bool all = over();
  Json seats = Json::array();
  for (Seat s = 0; s < b_.n(); ++s) seats.push_back(seat_json(s, viewer));
  Json v = {{"game", "daihugo"},
            {"you", viewer == kSpectator ? Json(nullptr) : Json(viewer)},
            {"players", b_.n()},
            {"match", b_.settings.single_round ? "single_round" : "tails"},
            {"opening_lead", b_.settings.opening_containing ? "containing" : "exact"},
            {"next_round_start", b_.settings.winner_leads ? "round_winner" : "reveal"},
            {"round", b_.round},
            {"phase", phase_name(b_.phase)},
            {"to_act", to_act()},
            {"current", b_.phase == Phase::reveal || all ? Json(nullptr) : Json(b_.current)},
            {"seats", std::move(seats)},
            {"field", hand_json(b_.field)},
            {"pile_count", b_.pile.size()},
            {"pile_bottom", b_.bottom_known() ? Json(card_name(b_.pile.back())) : Json(nullptr)},
            {"cleared", hand_json(b_.cleared)},
            {"start_seat", b_.start_seat >= 0 ? Json(b_.start_seat) : Json(nullptr)}};
  v["swap"] = b_.swap ? swap_json(*b_.swap, viewer == b_.swap->seat || all) : Json(nullptr);
  if (b_.opening && !b_.trick.open()) {
    Json o = pick_value(*b_.opening);
    o["seat"] = b_.start_seat;
    o["rule"] = b_.settings.opening_containing ? "containing" : "exact";
    v["opening"] = std::move(o);
  } else {
    v["opening"] = nullptr;
  }
  if (b_.trick.open()) {
    const Combo& c = b_.trick.plays.back().combo;
    Json plays = Json::array();
    for (const PlayRecord& r : b_.trick.plays) plays.push_back({{"seat", r.seat}, {"cards", play_json(r.play)}});
    v["trick"] = {{"type", type_name(c.type)},
                  {"size", c.size},
                  {"rank", c.rank},
                  {"last_seat", b_.trick.plays.back().seat},
                  {"passes", b_.trick.passes},
                  {"plays", std::move(plays)}};
  } else {
    v["trick"] = nullptr;
  }
  // Every round's result in short; the last one with the revealed hands (G15).
  Json rounds = Json::array();
  for (const RoundResult& r : b_.results)
    rounds.push_back({{"round", r.round}, {"winner", r.winner}, {"penalties", r.penalties}, {"tails", r.tails}});
  v["rounds"] = std::move(rounds);
  v["last_round"] = b_.results.empty() ? Json(nullptr) : result_json(b_.results.back());
  if (b_.solo()) {
    Json turns = Json::array();
    for (const SoloTurn& t : b_.solo_turns)
      turns.push_back({{"turn", t.turn}, {"cards", play_json(t.play)}, {"size", t.size}, {"took", t.took}});
    v["solo"] = {{"turn", b_.solo_turn}, {"target", b_.settings.solo_target}, {"turns", std::move(turns)}};
  }
  if (all) {
    v["pile"] = pile_json(b_.pile);
    v["outcome"] = outcome().to_json();
  }
  return v;
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
