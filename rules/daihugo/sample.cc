// Nyanya Dai Hugo: a full position rebuilt from one seat's view, for bots
// (Game::sample_from_view). The view shows the seat its hand, the cards everyone knows to be
// in a hand (shown), the field, the cleared cards, the open trick, the pile's size (and its
// bottom card after a wild swap), the picks and the match so far. The cards it does not show
// (the rest of the other hands, the pile) are the 32 cards less those in sight, shuffled and
// dealt into those places; as in resample, a deal that gives a seat other than the swapper
// both wilds (it would have swapped, R19) is drawn again. Sealed picks of others are cards
// of their new hands; the swapper's private draw is a card of its hand.
#include <stdexcept>

#include "rules/daihugo/daihugo.h"
#include "rules/daihugo/daihugo_game.h"

namespace nyan::daihugo {

namespace {

Card card_at(const Json& name) {
  const auto c = card_from_name(name.get<std::string>());
  if (!c) throw std::invalid_argument("not a card");
  return *c;
}

Hand hand_at(const Json& list) {
  Hand h = 0;
  for (const Json& c : list) h |= bit(card_at(c));
  return h;
}

Phase phase_of(const std::string& name) {
  for (Phase p : {Phase::wild_swap, Phase::reveal, Phase::play, Phase::solo_take, Phase::game_over})
    if (phase_name(p) == name) return p;
  throw std::invalid_argument("not a phase");
}

// A card of a pick or a play: {"card" or "id", "as"?, "double"?}.
Elem elem_at(const Json& j, const char* key) {
  Elem e;
  e.card = card_at(j.at(key));
  e.number = is_wild(e.card) ? j.at("as").get<int>() : number_of(e.card);
  e.twice = j.value("double", false);
  return e;
}

Play play_at(const Json& cards) {
  Play p;
  for (const Json& e : cards) p.push_back(elem_at(e, "id"));
  return p;
}

Swap swap_at(const Json& j) {
  Swap w;
  w.seat = j.at("seat").get<Seat>();
  w.wild = card_at(j.at("wild"));
  if (const auto d = j.find("drawn"); d != j.end()) w.drawn = card_at(*d);
  return w;
}

std::vector<int> ints_at(const Json& list) { return list.get<std::vector<int>>(); }

RoundResult result_at(const Json& j) {
  RoundResult r;
  r.round = j.at("round").get<int>();
  r.winner = j.at("winner").get<Seat>();
  r.penalties = ints_at(j.at("penalties"));
  r.tails = ints_at(j.at("tails"));
  if (const auto full = j.find("hands"); full != j.end()) {
    r.start_seat = j.at("start_seat").get<Seat>();
    r.tails_added = ints_at(j.at("tails_added"));
    for (const Json& h : *full) r.hands.push_back(hand_at(h));
    for (const Json& c : j.at("pile")) r.pile.push_back(card_at(c));
    if (const Json& w = j.at("swap"); !w.is_null()) r.swap = swap_at(w);
  }
  return r;
}

// A card drawn at random from `h`, as an element (a wild declares any number).
Elem any_of(Hand h, Rng& rng) {
  const std::vector<Card> cards = cards_of(h);
  if (cards.empty()) throw std::invalid_argument("an empty hand picked");
  const Card c = cards[rng.uniform(cards.size())];
  return Elem{c, is_wild(c) ? 1 + rng.below(kMaxNumber) : number_of(c), false};
}

}  // namespace

std::unique_ptr<State> DaihugoGame::sample_from_view(const Json& options, Seat seat, const Json& view,
                                                     Rng& rng) const {
  if (view.at("game") != "daihugo") return nullptr;
  Board b;
  b.settings = settings_of(options);
  const int n = b.n();
  if (seat < 0 || seat >= n || view.at("players") != n) return nullptr;
  b.phase = phase_of(view.at("phase").get<std::string>());
  if (b.phase == Phase::game_over) return nullptr;
  b.round = view.at("round").get<int>();
  if (const Json& c = view.at("current"); !c.is_null()) b.current = c.get<Seat>();
  if (const Json& s = view.at("start_seat"); !s.is_null()) b.start_seat = s.get<Seat>();
  b.field = hand_at(view.at("field"));
  b.cleared = hand_at(view.at("cleared"));
  if (const Json& w = view.at("swap"); !w.is_null()) b.swap = swap_at(w);
  if (const Json& o = view.at("opening"); !o.is_null()) b.opening = elem_at(o, "card");

  Hand in_sight = b.field | b.cleared;
  b.hands.assign(static_cast<std::size_t>(n), 0);
  b.shown.assign(static_cast<std::size_t>(n), 0);
  b.played_unshown.assign(static_cast<std::size_t>(n), 0);
  b.tails.assign(static_cast<std::size_t>(n), 0);
  std::vector<int> hidden(static_cast<std::size_t>(n), 0);
  std::vector<bool> sealed_pick(static_cast<std::size_t>(n), false);
  const Json& seats = view.at("seats");
  if (seats.size() != static_cast<std::size_t>(n)) return nullptr;
  for (Seat s = 0; s < n; ++s) {
    const Json& j = seats.at(static_cast<std::size_t>(s));
    b.tails[s] = j.at("tails").get<int>();
    b.shown[s] = hand_at(j.at("shown"));
    in_sight |= b.shown[s];
    if (s == seat) {
      b.hands[s] = hand_at(j.at("hand"));
      in_sight |= b.hands[s];
    } else {
      b.hands[s] = b.shown[s];
      hidden[s] = j.at("hand_count").get<int>() - count(b.shown[s]);
    }
    if (const Json& p = j.at("pick"); !p.is_null()) {
      const bool revealed = s != seat || b.phase != Phase::reveal;
      b.picks.push_back(Pick{b.round, s, elem_at(p, "card"), revealed});
    } else if (j.value("picked", false)) {
      sealed_pick[s] = true;
    }
  }
  if (const Json& t = view.at("trick"); !t.is_null()) {
    b.trick.passes = t.at("passes").get<int>();
    for (const Json& r : t.at("plays")) {
      PlayRecord rec;
      rec.seat = r.at("seat").get<Seat>();
      rec.play = play_at(r.at("cards"));
      const auto combo = classify(rec.play);
      if (!combo) return nullptr;
      rec.combo = *combo;
      in_sight |= play_hand(rec.play);
      b.trick.plays.push_back(std::move(rec));
    }
  }
  std::optional<Card> bottom;
  if (const Json& c = view.at("pile_bottom"); !c.is_null()) {
    bottom = card_at(c);
    in_sight |= bit(*bottom);
  }
  for (const Json& r : view.at("rounds")) b.results.push_back(result_at(r));
  if (const Json& last = view.at("last_round"); !last.is_null()) {
    if (b.results.empty()) return nullptr;
    b.results.back() = result_at(last);
  }
  if (const auto solo = view.find("solo"); solo != view.end()) {
    b.solo_turn = solo->at("turn").get<int>();
    for (const Json& t : solo->at("turns"))
      b.solo_turns.push_back(SoloTurn{t.at("turn").get<int>(), play_at(t.at("cards")), t.at("size").get<int>(),
                                      t.at("took").get<std::string>()});
  }

  std::vector<Card> unseen = cards_of(kAllCards & ~in_sight);
  const int pile_n = view.at("pile_count").get<int>() - (bottom ? 1 : 0);
  int places = pile_n;
  for (int h : hidden) places += h;
  if (pile_n < 0 || places != static_cast<int>(unseen.size())) return nullptr;

  Board d = b;
  for (int attempt = 0; attempt < 100; ++attempt) {
    d = b;
    rng.shuffle(unseen);
    std::size_t next = 0;
    for (Seat s = 0; s < n; ++s)
      for (int i = 0; i < hidden[s]; ++i) d.hands[s] |= bit(unseen[next++]);
    for (int i = 0; i < pile_n; ++i) d.pile.push_back(unseen[next++]);
    if (bottom) d.pile.push_back(*bottom);
    bool consistent = true;  // R19: only the swapper may have been dealt both wilds
    for (Seat s = 0; s < n; ++s)
      if (s != seat && !(d.swap && d.swap->seat == s) && (d.hands[s] & ~d.shown[s] & kBothWilds) == kBothWilds)
        consistent = false;
    if (consistent) break;
  }
  for (Seat s = 0; s < n; ++s)
    if (sealed_pick[s]) d.picks.push_back(Pick{d.round, s, any_of(d.hands[s], rng), false});
  if (d.swap && d.swap->seat != seat) {
    const Hand candidates = d.hands[d.swap->seat] & ~kBothWilds;
    d.swap->drawn = candidates ? any_of(candidates, rng).card : 0;
  }
  d.log.restore(view.at("log"));
  return std::make_unique<DaihugoState>(std::move(d), std::make_unique<SplitMix>(rng.next_u64()));
}

}  // namespace nyan::daihugo
