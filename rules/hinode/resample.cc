// Hinode Yokocho: resampling what a viewer cannot see, for the leak tests.
//
// Hidden from a viewer, per round: the other players' cards that were never played face up
// (their hand now, or their hand at the end of a past round) and the undealt cards. What the
// viewer knows constrains them: hand sizes, the recalled cards known to be in a hand, the
// suits a player showed void in that round (a void never ends within a round), and the
// carried cards: a card kept at the end of round r was in that player's hand at the end of r
// and is in their hand during r+1 (or was played there, which made it public).
//
// Starting from the true position, random swaps of two hidden cards (in one round, or in two
// consecutive rounds at once so that a carried card can change) are accepted when every
// constraint still holds. Every accepted state is a position the viewer cannot tell apart
// from the true one.
#include <algorithm>

#include "rules/hinode/hinode.h"

namespace nyan::hinode {

namespace {

struct Slot {
  Seat owner;  // -1: undealt
  Card card;
};

struct Fixed {  // a carried card made public by its play: it was in s's hand at the end of r
  int r;
  Seat s;
  Card c;
};

class World {
 public:
  World(const Board& b, Seat viewer) : b_(b), viewer_(viewer), rounds_(b.round) {
    const std::size_t n = static_cast<std::size_t>(b.players);
    slots_.resize(static_cast<std::size_t>(rounds_));
    carried_.assign(static_cast<std::size_t>(rounds_), std::vector<int>(n, -1));
    pending_.assign(n, -1);
    for (int r = 0; r < rounds_; ++r) {
      for (Seat s = 0; s < b.players; ++s) {
        if (s == viewer) continue;
        for (Card c : hand(r, s))
          if (!contains(known(r, s), c)) slots_[r].push_back({s, c});
      }
      for (Card c : undealt(r)) slots_[r].push_back({-1, c});
    }
    for (const KeepRecord& k : b.keeps) {
      if (k.seat == viewer || k.card == kNoCard) continue;
      if (k.revealed) {
        if (k.round < rounds_) fixed_.push_back({k.round - 1, k.seat, k.card});
      } else if (k.round < rounds_) {
        carried_[k.round][k.seat] = find(k.round, k.seat, k.card);
      } else {
        pending_[k.seat] = find(k.round - 1, k.seat, k.card);  // -1 for a known (recalled) card
      }
    }
  }

  void shuffle(Rng& rng) {
    std::size_t total = 0;
    for (const auto& r : slots_) total += r.size();
    for (std::size_t it = 0; it < 4 * total; ++it) propose(rng);
  }

  void write_back(Board& b) const {
    for (int r = 0; r < rounds_; ++r) {
      const bool current = r == rounds_ - 1;
      std::vector<Card> undealt_cards;
      for (const Slot& sl : slots_[r])
        if (sl.owner < 0) undealt_cards.push_back(sl.card);
      (current ? b.undealt : b.past[r].undealt) = undealt_cards;
      for (Seat s = 0; s < b.players; ++s) {
        if (s == viewer_) continue;
        std::vector<Card> h = known(r, s);
        for (const Slot& sl : slots_[r])
          if (sl.owner == s) h.push_back(sl.card);
        std::sort(h.begin(), h.end());
        (current ? b.p[s].hand : b.past[r].end_hand[s]) = h;
      }
    }
    for (KeepRecord& k : b.keeps) {
      if (k.seat == viewer_ || k.card == kNoCard || k.revealed) continue;
      const int i = k.round < rounds_ ? carried_[k.round][k.seat] : pending_[k.seat];
      if (i >= 0) k.card = slots_[k.round < rounds_ ? k.round : k.round - 1][i].card;
    }
  }

 private:
  static bool contains(const std::vector<Card>& v, Card c) { return std::find(v.begin(), v.end(), c) != v.end(); }
  bool current(int r) const { return r == rounds_ - 1; }
  const std::vector<Card>& hand(int r, Seat s) const { return current(r) ? b_.p[s].hand : b_.past[r].end_hand[s]; }
  const std::vector<Card>& known(int r, Seat s) const { return current(r) ? b_.p[s].known : b_.past[r].known_at_end[s]; }
  const std::vector<Card>& undealt(int r) const { return current(r) ? b_.undealt : b_.past[r].undealt; }
  int voids(int r, Seat s) const { return current(r) ? b_.p[s].voids : b_.past[r].voids[s]; }

  int find(int r, Seat owner, Card c) const {
    for (std::size_t i = 0; i < slots_[r].size(); ++i)
      if (slots_[r][i].owner == owner && slots_[r][i].card == c) return static_cast<int>(i);
    return -1;
  }
  int find_card(int r, Card c) const {
    for (std::size_t i = 0; i < slots_[r].size(); ++i)
      if (slots_[r][i].card == c) return static_cast<int>(i);
    return -1;
  }
  bool in_end_hand(int r, Seat s, Card c) const { return find(r, s, c) >= 0 || contains(known(r, s), c); }

  // Links into round r: each carried card was in its owner's hand at the end of round r-1.
  bool links_ok(int r) const {
    if (r == 0) return true;
    for (Seat s = 0; s < b_.players; ++s) {
      const int i = carried_[r][s];
      if (i >= 0 && !in_end_hand(r - 1, s, slots_[r][i].card)) return false;
    }
    return true;
  }

  bool round_ok(int r) const {
    for (const Slot& sl : slots_[r])
      if (sl.owner >= 0 && (voids(r, sl.owner) & suit_bit(suit_of(sl.card)))) return false;
    for (const Fixed& f : fixed_)
      if (f.r == r && !in_end_hand(r, f.s, f.c)) return false;
    return links_ok(r);
  }

  // Swaps cards x and y in rounds a..z; false (and nothing changed) if one is not hidden there.
  bool swap_in(int a, int z, Card x, Card y) {
    std::vector<std::pair<int, std::pair<int, int>>> done;
    for (int r = a; r <= z; ++r) {
      const int i = find_card(r, x), j = find_card(r, y);
      if (i < 0 || j < 0) {
        for (const auto& [q, ij] : done) std::swap(slots_[q][ij.first].card, slots_[q][ij.second].card);
        return false;
      }
      std::swap(slots_[r][i].card, slots_[r][j].card);
      done.push_back({r, {i, j}});
    }
    return true;
  }

  void propose(Rng& rng) {
    const int r = rng.below(rounds_);
    const int n = static_cast<int>(slots_[r].size());
    if (n < 2) return;
    const int i = rng.below(n), j = rng.below(n);
    if (i == j) return;
    const Card x = slots_[r][i].card, y = slots_[r][j].card;
    int a = r, z = r;
    const int mode = rng.below(3);
    if (mode == 1 && r > 0) a = r - 1;
    if (mode == 2 && r + 1 < rounds_) z = r + 1;
    if (!swap_in(a, z, x, y)) return;
    bool ok = true;
    for (int q = a; q <= z && ok; ++q) ok = round_ok(q);
    if (ok && z + 1 < rounds_) ok = links_ok(z + 1);
    if (!ok) swap_in(a, z, x, y);  // undo
  }

  const Board& b_;
  Seat viewer_;
  int rounds_;
  std::vector<std::vector<Slot>> slots_;  // per round
  std::vector<std::vector<int>> carried_; // [round index][seat]: slot of the card carried into it
  std::vector<int> pending_;              // current round-end keep: slot of the chosen card
  std::vector<Fixed> fixed_;
};

}  // namespace

std::unique_ptr<State> HinodeState::resample(Seat viewer, Rng& rng) const {
  auto copy = std::make_unique<HinodeState>(*this);
  if (over()) return copy;
  World w(b_, viewer);
  w.shuffle(rng);
  w.write_back(copy->b_);
  copy->rng_ = RngBox(std::make_unique<SplitMix>(rng.next_u64()));  // the future deals, re-drawn
  copy->b_.log.forget_secrets_except(viewer);
  return copy;
}

}  // namespace nyan::hinode
