// Kushine-go Departs: the setup (§3) and the Board's small queries.
#include "rules/kushine/kushine.h"

#include <algorithm>

namespace nyan::kushine {

namespace {

// The cards of `kinds` listed in table order, each kind's copies together.
std::vector<Kind> listed(std::initializer_list<Kind> kinds) {
  std::vector<Kind> out;
  for (Kind k : kinds)
    for (int c = 0; c < copies(k); ++c) out.push_back(k);
  return out;
}

}  // namespace

Board deal(const Setup& setup, Rng& rng) {
  Board b;
  b.difficulty = setup.difficulty;
  b.max_turns = setup.max_turns;
  const int n = static_cast<int>(setup.officers.size());

  // Random step 1 (G3): the playing officers in table order, shuffled; seat i takes item i.
  std::vector<Officer> officers;
  if (setup.assign) {
    officers = *setup.assign;
  } else {
    officers = setup.officers;
    std::sort(officers.begin(), officers.end());
    rng.shuffle(officers);
  }
  b.seats.resize(static_cast<std::size_t>(n));
  for (int s = 0; s < n; ++s) b.seats[s].officer = officers[s];

  // Random steps 2 and 3: 24 nyanko and mice in piles of 8; nuisance cards 2 / 3 / 3 (G22).
  std::vector<Kind> cards = listed({Kind::passenger, Kind::guard, Kind::sailor, Kind::cook, Kind::mouse});
  rng.shuffle(cards);
  std::vector<Kind> nuisance = listed({Kind::tanuki, Kind::matatabi});
  rng.shuffle(nuisance);
  const std::array<int, 4> nuisance_from = {0, 2, 5, 8};

  // Random step 4: each pile listed in table order (the nuisance cards under the 8 others,
  // since they come last in the table), then shuffled, p1 then p2 then p3.
  for (int p = 0; p < 3; ++p) {
    std::vector<Kind> pile(cards.begin() + 8 * p, cards.begin() + 8 * (p + 1));
    std::sort(pile.begin(), pile.end());
    std::vector<Kind> under(nuisance.begin() + nuisance_from[p], nuisance.begin() + nuisance_from[p + 1]);
    std::sort(under.begin(), under.end());
    pile.insert(pile.end(), under.begin(), under.end());
    rng.shuffle(pile);
    Pile out{p + 1, {}};
    for (Kind k : pile) out.cards.push_back(Card{k, 0});
    b.piles.push_back(std::move(out));
  }
  b.next_pile_id = 4;

  // The Captain's seat plays first (§3.4), with 2 actions.
  b.active = b.seat_of(Officer::captain);
  b.actions_left = 2;
  b.log.add({{"type", "start"}, {"seat", b.active}});
  return b;
}

Seat Board::seat_of(Officer o) const {
  for (Seat s = 0; s < players(); ++s)
    if (seats[s].officer == o) return s;
  return -1;
}

int Board::abilities_used() const {
  int n = 0;
  for (const Player& p : seats) n += p.used ? 1 : 0;
  return n;
}

bool Board::ability_available(Officer o) const {
  const Seat s = seat_of(o);
  if (s < 0 || seats[s].used) return false;
  // G17: with hard, a second ability could only forfeit the level, so it is not offered.
  return difficulty != Level::hard || abilities_used() == 0;
}

Pile* Board::pile(int id) {
  for (Pile& p : piles)
    if (p.id == id) return &p;
  return nullptr;
}

const Pile* Board::pile(int id) const {
  for (const Pile& p : piles)
    if (p.id == id) return &p;
  return nullptr;
}

std::vector<Seat> Secret::knowers() const {
  std::vector<Seat> out;
  for (Seat s = 0; s < 32; ++s)
    if (known_to & (1u << s)) out.push_back(s);
  return out;
}

bool Board::all_boarded() const {
  return std::all_of(boarded.begin(), boarded.end(), [](bool x) { return x; });
}

std::string_view level_name(Level l) {
  switch (l) {
    case Level::none: return "none";
    case Level::easy: return "easy";
    case Level::normal: return "normal";
    case Level::hard: return "hard";
  }
  return "none";
}

std::string_view phase_name(Phase p) {
  switch (p) {
    case Phase::act: return "act";
    case Phase::await_give: return "await_give";
    case Phase::await_peek: return "await_peek";
    case Phase::await_captain: return "await_captain";
    case Phase::await_doctor: return "await_doctor";
    case Phase::await_merge: return "await_merge";
    case Phase::game_over: return "game_over";
  }
  return "act";
}

}  // namespace nyan::kushine
