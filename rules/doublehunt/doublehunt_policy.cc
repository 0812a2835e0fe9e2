#include "rules/doublehunt/doublehunt_policy.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "rules/core/text_tree.h"
#include "rules/core/action_list.h"

namespace nyan::bot::doublehunt {

namespace {

// Cards as in the rules' card-id order (§2.1): suit S, H, D, C times rank 1..13.
using Cards = std::uint64_t;
constexpr int kSide = 7;
constexpr int kSquares = kSide * kSide;
constexpr int kSeats = 4;
constexpr int kEmpty = -2, kFaceDown = -1;  // grid cells besides a known card
// The mean worth of a face-down card: 220 pips over 52 cards, and a little for the face
// cards' promise.
constexpr double kFaceDownWorth = 5.0;
constexpr int kLastCards = 2;  // the grid's last cards, which end the game when taken (R25)

int card_of(std::string_view name) {
  static constexpr std::string_view kSuits = "SHDC";
  if (name.size() < 2 || name.size() > 3) return -1;
  const std::size_t suit = kSuits.find(name[0]);
  int rank = 0;
  for (char c : name.substr(1)) rank = c >= '0' && c <= '9' ? rank * 10 + (c - '0') : 99;
  if (suit == std::string_view::npos || rank < 1 || rank > 13) return -1;
  return static_cast<int>(suit) * 13 + rank - 1;
}

Cards cards_of(const TextTree::Ref list) {
  Cards out = 0;
  for (const TextTree::Ref c : list)
    if (const int i = card_of(c.str()); i >= 0) out |= Cards{1} << i;
  return out;
}

int square_of(std::string_view name) {
  if (name.size() != 4 || name[0] != 'r' || name[2] != 'c') return -1;
  const int r = name[1] - '0', c = name[3] - '0';
  return r >= 0 && r < kSide && c >= 0 && c < kSide ? r * kSide + c : -1;
}

int distance(int a, int b) { return std::abs(a / kSide - b / kSide) + std::abs(a % kSide - b % kSide); }

// R11 with the promise of face sets still open: pips, 30 for a whole set of J, Q, K of a
// suit, and part of it for two or one of them (the set scores only when the team holds all
// three, so keeping them is worth something before).
double worth(Cards team) {
  double w = 0;
  for (int suit = 0; suit < 4; ++suit) {
    for (int rank = 1; rank <= 10; ++rank)
      if (team >> (suit * 13 + rank - 1) & 1) w += rank;
    const int faces = std::popcount((team >> (suit * 13 + 10)) & 7);
    w += faces == 3 ? 30 : faces == 2 ? 12 : faces == 1 ? 3 : 0;
  }
  return w;
}

double gain(Cards team, int card) { return card < 0 ? 0 : worth(team | Cards{1} << card) - worth(team); }
double loss(Cards team, int card) { return card < 0 ? 0 : worth(team) - worth(team & ~(Cards{1} << card)); }

// What the view of the seat to act says, in the form the policy reasons with.
struct Table {
  std::string phase;
  Cards mine = 0, team = 0;
  std::array<int, kSquares> grid{};
  int pile_count = 0, cards_on_grid = 0;
  bool extra_move_open = false;  // the partner is the Advisor with the extra move unused (R21)
};

Table read(const State& state, Seat me) {
  const std::string text = state.view_text(me);
  const TextTree tree(text);
  const TextTree::Ref v = tree.root();
  Table t;
  t.phase = v.at("phase").str();
  const TextTree::Ref players = v.at("players");
  const Seat partner = (me + 2) % kSeats;
  for (Seat s : {me, partner}) {
    const TextTree::Ref p = players.at(static_cast<std::size_t>(s));
    if (const auto h = p.find("hand")) {
      const Cards c = cards_of(*h);
      t.team |= c;
      if (s == me) t.mine = c;
    }
  }
  const TextTree::Ref partner_role = players.at(static_cast<std::size_t>(partner)).at("role");
  t.extra_move_open = partner_role.is_string() && partner_role.str() == "advisor" &&
                      !v.at("used").at("advisor_extra_move").flag();
  int square = 0;
  for (const TextTree::Ref row : v.at("grid"))
    for (const TextTree::Ref cell : row) {
      int& g = t.grid[static_cast<std::size_t>(square++ % kSquares)];
      g = cell.is_null() ? kEmpty : cell.str() == "?" ? kFaceDown : card_of(cell.str());
      if (g != kEmpty) ++t.cards_on_grid;
    }
  t.pile_count = v.at("pile_count").integer();
  return t;
}

// One listed action, read from its text: its type and whichever of its fields it has.
struct Option {
  std::string type;
  int square = -1;  // move's `to`, a landing, a pick, a raise
  int card = -1;    // a discard, a give, a take
  std::string role;
};

std::vector<Option> options_of(const ActionList& list) {
  std::vector<Option> out;
  out.reserve(list.size());
  for (std::size_t i = 0; i < list.size(); ++i) {
    const TextTree tree(list.action(i));
    const TextTree::Ref a = tree.root();
    Option o;
    o.type = a.at("type").str();
    for (const char* key : {"to", "square"})
      if (const auto f = a.find(key)) o.square = square_of(f->str());
    for (const char* key : {"discard", "card"})
      if (const auto f = a.find(key)) o.card = card_of(f->str());
    if (const auto f = a.find("role")) o.role = f->str();
    out.push_back(std::move(o));
  }
  return out;
}

// What stopping on `square` is worth to the team now, and a little for the cards around
// it (the next moves start there), less a little for the way to the nearest card: on a
// nearly bare grid that leads the hunt on towards the last cards instead of round in circles.
double square_worth(const Table& t, int square) {
  const int cell = t.grid[static_cast<std::size_t>(square)];
  double w = cell == kEmpty ? (t.extra_move_open ? 0.5 * kFaceDownWorth : 0.0)
             : cell == kFaceDown ? kFaceDownWorth
                                 : gain(t.team, cell);
  int nearest = 2 * kSide;
  for (int s = 0; s < kSquares; ++s) {
    if (t.grid[static_cast<std::size_t>(s)] == kEmpty) continue;
    const int d = distance(s, square);
    if (d >= 1 && d <= 2) w += 0.1;
    if (d >= 1) nearest = std::min(nearest, d);
  }
  return w - 0.02 * nearest;
}

// A square to start the next die move from: cards within a die's reach.
double landing_worth(const Table& t, int square) {
  double w = 0;
  for (int s = 0; s < kSquares; ++s)
    if (const int d = distance(s, square); d >= 1 && d <= 6 && t.grid[static_cast<std::size_t>(s)] != kEmpty)
      w += t.grid[static_cast<std::size_t>(s)] >= 0 ? gain(t.team, t.grid[static_cast<std::size_t>(s)]) / 5.0 : 1.0;
  return w;
}

// The card of `from` the team misses least (-1: none).
int cheapest(const Table& t, Cards from) {
  int best = -1;
  double best_loss = 1e9;
  for (int c = 0; c < 52; ++c)
    if (from >> c & 1)
      if (const double l = loss(t.team, c); l < best_loss) {
        best_loss = l;
        best = c;
      }
  return best;
}

// Roles by what they bring a team in a race to 70 (more takes, the best of the pile, an
// opponent's card), the cheap ones first.
constexpr std::array<std::string_view, 7> kRoleOrder = {"advisor", "scientist", "bandit", "necromancer",
                                                        "observer", "pilot", "richman"};

// The Scientist searches the pile once per game: when it has grown, or the grid is nearly bare.
bool search_now(const Table& t) { return t.pile_count >= 6 || t.cards_on_grid <= 10; }

int find_type(const std::vector<Option>& o, std::string_view type) {
  for (std::size_t i = 0; i < o.size(); ++i)
    if (o[i].type == type) return static_cast<int>(i);
  return -1;
}

int find_card(const std::vector<Option>& o, std::string_view type, int card) {
  for (std::size_t i = 0; i < o.size(); ++i)
    if (o[i].type == type && o[i].card == card) return static_cast<int>(i);
  return -1;
}

// The listed option of `type` that scores best, or -1.
template <class Score>
int best_of(const std::vector<Option>& o, std::string_view type, Score score) {
  int best = -1;
  double best_score = -1e9;
  for (std::size_t i = 0; i < o.size(); ++i)
    if (o[i].type == type)
      if (const double s = score(o[i]); s > best_score) {
        best_score = s;
        best = static_cast<int>(i);
      }
  return best;
}

int decide_move(const Table& t, const std::vector<Option>& o) {
  const int best = best_of(o, "move", [&](const Option& m) { return square_worth(t, m.square); });
  // R8: a boost buys a card only when no card is in reach, and only with a cheap card. With
  // the last cards of the grid far apart on empty squares (each costs 2 to cross), a path
  // of the exact cost is rare, and hunters who kept their cards would wait out the turn cap
  // (R25): there any card but a ten or a face card still wanted goes.
  const bool nothing = best < 0 || t.grid[static_cast<std::size_t>(o[static_cast<std::size_t>(best)].square)] == kEmpty;
  const double affordable = t.cards_on_grid <= kLastCards ? 10 : kFaceDownWorth - 1;
  if (nothing)
    if (const int c = cheapest(t, t.mine); c >= 0 && loss(t.team, c) < affordable)
      if (const int boost = find_card(o, "boost", c); boost >= 0) return boost;
  if (best >= 0) return best;
  return find_type(o, "stay");
}

int decide(const Table& t, const std::vector<Option>& o) {
  const std::string& p = t.phase;
  if (p == "draft") {
    for (std::string_view role : kRoleOrder)
      for (std::size_t i = 0; i < o.size(); ++i)
        if (o[i].role == role) return static_cast<int>(i);
    return -1;
  }
  if (p == "pre_roll") {
    if (const int open = find_type(o, "scientist_open"); open >= 0 && search_now(t)) return open;
    if (const int raise = find_type(o, "necromancer_raise"); raise >= 0) return raise;  // free
    return find_type(o, "roll");
  }
  if (p == "move") return decide_move(t, o);
  if (p == "advisor_prompt") return find_type(o, "advisor_extra_move");
  if (p == "post_take") {
    if (const int c = cheapest(t, t.mine); c >= 0 && loss(t.team, c) <= 3)
      if (const int raid = find_card(o, "bandit_raid", c); raid >= 0) return raid;
    if (const int open = find_type(o, "scientist_open"); open >= 0 && search_now(t)) return open;
    return find_type(o, "end_turn");
  }
  if (p == "scientist_choose")
    return best_of(o, "scientist_take", [&](const Option& a) { return gain(t.team, a.card); });
  if (p == "pilot_choose")
    return best_of(o, "pilot_land", [&](const Option& a) { return landing_worth(t, a.square); });
  if (p == "richman_giving") return find_type(o, "richman_give_end");
  if (p == "advisor_exchange") {
    if (const int take = find_type(o, "advisor_take"); take >= 0) return take;
    return find_type(o, "advisor_exchange_end");
  }
  return -1;  // the Observer's picks: at random
}

// The `n` listed options of `type` that score best, best first.
template <class Score>
std::vector<int> top_of(const std::vector<Option>& o, std::string_view type, std::size_t n, Score score) {
  std::vector<std::pair<double, int>> scored;
  for (std::size_t i = 0; i < o.size(); ++i)
    if (o[i].type == type) scored.emplace_back(-score(o[i]), static_cast<int>(i));
  std::stable_sort(scored.begin(), scored.end());
  std::vector<int> out;
  for (std::size_t i = 0; i < scored.size() && i < n; ++i) out.push_back(scored[i].second);
  return out;
}

// The moves worth comparing besides the policy's: every role of the draft; the roll and each
// ability paid with the cheapest card before it; the best few destinations, a boost and a
// stay; both answers to the Advisor's prompt; the end of the turn, each raid and search after
// the take; the best few landings. A card to pay with is always the one the team misses
// least: the others differ only by what they cost.
std::vector<int> alternatives(const Table& t, const std::vector<Option>& o, int chosen) {
  constexpr std::size_t kFew = 4;
  std::vector<int> out{chosen};
  const int cheap = cheapest(t, t.mine);
  const std::string& p = t.phase;
  const auto add = [&](int i) {
    if (i >= 0) out.push_back(i);
  };
  if (p == "draft" || p == "advisor_prompt") {
    for (std::size_t i = 0; i < o.size(); ++i) add(static_cast<int>(i));
  } else if (p == "pre_roll") {
    add(find_type(o, "roll"));
    add(find_type(o, "scientist_open"));
    add(find_type(o, "necromancer_raise"));
    add(find_card(o, "observer_peek", cheap));
    add(find_card(o, "pilot_fly", cheap));
  } else if (p == "move") {
    for (int i : top_of(o, "move", kFew, [&](const Option& m) { return square_worth(t, m.square); })) add(i);
    add(find_card(o, "boost", cheap));
    add(find_type(o, "stay"));
  } else if (p == "post_take") {
    add(find_type(o, "end_turn"));
    for (std::size_t i = 0; i < o.size(); ++i)
      if (o[i].type == "bandit_raid" && o[i].card == cheap) add(static_cast<int>(i));
    add(find_type(o, "scientist_open"));
    add(find_card(o, "pilot_fly", cheap));
  } else if (p == "pilot_choose") {
    for (int i : top_of(o, "pilot_land", kFew, [&](const Option& a) { return landing_worth(t, a.square); })) add(i);
  }
  std::vector<int> unique;
  for (int i : out)
    if (std::find(unique.begin(), unique.end(), i) == unique.end()) unique.push_back(i);
  return unique;
}

}  // namespace

std::vector<Json> DoubleHuntPolicy::candidates(const State& state, Seat seat, Rng& rng) const {
  (void)rng;
  const ActionList list(state, seat);
  if (list.empty()) return {};
  std::vector<Json> out;
  try {
    const Table t = read(state, seat);
    const std::vector<Option> o = options_of(list);
    const int chosen = decide(t, o);
    if (chosen < 0) return {};  // the Observer's picks: the search compares them all
    for (int i : alternatives(t, o, chosen)) out.push_back(list.parse(static_cast<std::size_t>(i)));
  } catch (const std::exception&) {
    return {};  // a view this policy cannot read: the search takes every listed action
  }
  return out;
}

std::optional<Move> DoubleHuntPolicy::playout_move(const State& state, Rng& rng) const {
  const std::vector<Seat> acting = state.to_act();
  if (acting.empty()) return std::nullopt;
  const Seat seat = acting.front();
  const ActionList list(state, seat);
  if (list.empty()) return std::nullopt;
  if (list.size() == 1) return Move{seat, list.parse(0)};
  int chosen = -1;
  try {
    chosen = decide(read(state, seat), options_of(list));
  } catch (const std::exception&) {
    chosen = -1;  // a view this policy cannot read: play at random
  }
  if (chosen < 0) return random_move_of(state, seat, rng);
  return Move{seat, list.parse(static_cast<std::size_t>(chosen))};
}

double DoubleHuntPolicy::finished(const State& state, Seat seat) const {
  return win_and_place(state.outcome(), seat, /*higher_better=*/true);
}

double DoubleHuntPolicy::standing(const State& state, Seat seat) const {
  const Table mine = read(state, seat);
  const Table theirs = read(state, (seat + 1) % kSeats);
  return 0.5 + 0.5 * std::tanh((worth(mine.team) - worth(theirs.team)) / 25.0);
}

}  // namespace nyan::bot::doublehunt
