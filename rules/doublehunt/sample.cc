// Double Hunt: a full position rebuilt from one seat's view, for bots (Game::sample_from_view).
// The view shows the seat its own team's hands, every piece, role and allowance, the known
// grid cards, and sizes of everything else. The cards it does not place (the other team's
// hands, the face-down grid cards it does not know, the pile, the leftovers during the
// draft) are the 52 cards less those in sight, shuffled into those places; as in resample,
// a deal that would give the other team its target score (the game would be over) is drawn
// again.
#include <stdexcept>

#include "rules/doublehunt/doublehunt.h"
#include "rules/doublehunt/doublehunt_game.h"

namespace nyan::doublehunt {

namespace {

Card card_at(const Json& name) {
  const auto c = card_from_name(name.get<std::string>());
  if (!c) throw std::invalid_argument("not a card");
  return *c;
}

CardSet cards_at(const Json& list) {
  CardSet out;
  for (const Json& c : list) out.add(card_at(c));
  return out;
}

Square square_of(const Json& name) {
  const auto s = square_from_name(name.get<std::string>());
  if (!s) throw std::invalid_argument("not a square");
  return *s;
}

Phase phase_of(const std::string& name) {
  for (int p = 0; p <= static_cast<int>(Phase::game_over); ++p)
    if (name == phase_name(static_cast<Phase>(p))) return static_cast<Phase>(p);
  throw std::invalid_argument("not a phase");
}

Seat seat_of(const Json& j) {
  const Seat s = j.get<Seat>();
  if (s < 0 || s >= kSeats) throw std::invalid_argument("not a seat");
  return s;
}

// `n` cards of `from`, drawn at random.
CardSet some_of(CardSet from, int n, Rng& rng) {
  std::vector<Card> cards = from.list();
  if (n < 0 || static_cast<std::size_t>(n) > cards.size()) throw std::invalid_argument("too many cards");
  rng.shuffle(cards);
  CardSet out;
  for (int i = 0; i < n; ++i) out.add(cards[static_cast<std::size_t>(i)]);
  return out;
}

}  // namespace

std::unique_ptr<State> DoubleHuntGame::sample_from_view(const Json& options, Seat seat, const Json& view,
                                                        Rng& rng) const {
  (void)options;
  if (seat < 0 || seat >= kSeats || view.at("game") != "doublehunt") return nullptr;
  Board b;
  b.phase = phase_of(view.at("phase").get<std::string>());
  if (b.phase == Phase::game_over) return nullptr;
  b.target_score = view.at("target_score").get<int>();
  b.max_turns = view.at("max_turns").get<int>();
  b.max_boost = view.at("max_boost").get<int>();
  b.first_seat = seat_of(view.at("first_seat"));
  b.active = seat_of(view.at("active"));
  b.turn = view.at("turn").get<int>();
  b.die = view.at("die").get<int>();
  b.boosts = view.at("boosts").get<int>();
  b.extra_move = view.at("extra_move").get<bool>();
  if (const Json& t = view.at("last_bandit_target"); !t.is_null()) b.last_bandit_target = seat_of(t);
  const Json& used = view.at("used");
  b.used.advisor_exchange = used.at("advisor_exchange").get<bool>();
  b.used.advisor_prompted = used.at("advisor_extra_move").get<bool>();
  b.used.bandit = used.at("bandit").get<bool>();
  b.used.necromancer = used.at("necromancer").get<bool>();
  b.used.observer = used.at("observer").get<bool>();
  b.used.pilot_post = used.at("pilot_post").get<bool>();
  b.used.pilot_pre = used.at("pilot_pre").get<bool>();
  b.used.richman_give = used.at("richman_give").get<bool>();
  b.scientist_used = used.at("scientist").get<bool>();

  CardSet in_sight;  // cards whose place the view shows
  std::array<int, kSeats> hidden_hand{};
  const Json& players = view.at("players");
  if (players.size() != kSeats) return nullptr;
  for (Seat s = 0; s < kSeats; ++s) {
    const Json& p = players.at(static_cast<std::size_t>(s));
    b.piece[s] = square_of(p.at("square"));
    if (const Json& r = p.at("role"); !r.is_null()) {
      const auto role = role_from_name(r.get<std::string>());
      if (!role) return nullptr;
      b.role[s] = *role;
      ++b.drafted;
    }
    if (const auto h = p.find("hand"); h != p.end()) {
      b.hand[s] = cards_at(*h);
      in_sight = in_sight | b.hand[s];
    } else {
      hidden_hand[s] = p.at("hand_count").get<int>();
    }
  }
  // The grid: a slot per face-down card; the viewer knows the ones it sees.
  std::vector<Square> hidden_squares;
  const Json& grid = view.at("grid");
  for (int r = 0; r < kSide; ++r)
    for (int c = 0; c < kSide; ++c) {
      const Json& cell = grid.at(static_cast<std::size_t>(r)).at(static_cast<std::size_t>(c));
      const Square sq = square_at(r, c);
      b.grid[sq] = -1;
      if (cell.is_null()) continue;
      b.grid[sq] = static_cast<int>(b.slots.size());
      Slot slot{sq, kNoCard, 0};
      if (cell == "?") {
        hidden_squares.push_back(sq);
      } else {
        slot.card = card_at(cell);
        slot.known = 1U << seat;
        in_sight.add(slot.card);
      }
      b.slots.push_back(slot);
    }
  // A step sequence under way.
  int gives = 0, takes = 0;
  bool pile_shown = false;
  if (const Json& q = view.at("sequence"); !q.is_null()) {
    if (const auto from = q.find("from"); from != q.end()) b.resume = phase_of(from->get<std::string>());
    if (const auto picked = q.find("picked"); picked != q.end())
      for (const Json& sq : *picked) b.observer_picks.push_back(square_of(sq));
    const std::string use = q.at("use").get<std::string>();
    if (use == "observer") b.observer_total = q.at("total").get<int>();
    if (use == "richman") b.richman_given = q.at("given").get<int>();
    if (use == "scientist") b.scientist_left = q.at("left").get<int>();
    if (const auto pile = q.find("pile"); pile != q.end()) {
      b.pile = cards_at(*pile);
      in_sight = in_sight | b.pile;
      pile_shown = true;
    }
    if (use == "advisor") {
      b.give_waiting = q.at("give_waiting").get<bool>();
      gives = q.at("gives").get<int>();
      takes = q.at("takes").get<int>();
      if (const auto g = q.find("given"); g != q.end()) b.exchange_given = cards_at(*g);
      if (const auto t = q.find("taken"); t != q.end()) b.exchange_taken = cards_at(*t);
    }
  }
  const int pile_n = pile_shown ? 0 : view.at("pile_count").get<int>();
  const int leftover_n = b.phase == Phase::draft ? kLeftovers : 0;

  const std::vector<Card> unseen = (CardSet((std::uint64_t{1} << kCards) - 1) - in_sight).list();
  int places = pile_n + leftover_n + static_cast<int>(hidden_squares.size());
  for (int n : hidden_hand) places += n;
  if (places != static_cast<int>(unseen.size())) return nullptr;

  const int other_team = 1 - team_of(seat);
  for (int attempt = 0; attempt < 50; ++attempt) {
    std::vector<Card> cards = unseen;
    rng.shuffle(cards);
    std::size_t next = 0;
    Board d = b;
    for (Seat s = 0; s < kSeats; ++s)
      for (int i = 0; i < hidden_hand[s]; ++i) d.hand[s].add(cards[next++]);
    for (Square sq : hidden_squares) d.slots[static_cast<std::size_t>(d.grid[sq])].card = cards[next++];
    for (int i = 0; i < pile_n; ++i) d.pile.add(cards[next++]);
    for (int i = 0; i < leftover_n; ++i) {
      d.slots.push_back(Slot{kGridSlots + i, cards[next], 0});
      d.leftover.add(cards[next++]);
    }
    if (d.score(other_team) >= d.target_score && attempt + 1 < 50) continue;
    // The other team's Advisor exchange: its cards are the right number of the hands' cards.
    if (b.phase == Phase::advisor_exchange && team_of(b.active) == other_team) {
      d.exchange_given = some_of(d.hand[partner(b.active)], gives, rng);
      d.exchange_taken = some_of(d.hand[b.active], takes, rng);
    }
    d.log.restore(view.at("log"));
    return std::make_unique<DoubleHuntState>(std::move(d), std::make_unique<SplitMix>(rng.next_u64()));
  }
  return nullptr;
}

}  // namespace nyan::doublehunt
