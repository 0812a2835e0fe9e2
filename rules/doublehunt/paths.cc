#include "rules/doublehunt/paths.h"

#include <array>
#include <bit>
#include <unordered_set>

namespace nyan::doublehunt {

namespace {

constexpr SquareMask column_mask(int c) {
  SquareMask m = 0;
  for (int r = 0; r < kSide; ++r) m |= SquareMask{1} << (r * kSide + c);
  return m;
}
constexpr SquareMask kCol0 = column_mask(0);
constexpr SquareMask kCol6 = column_mask(kSide - 1);

constexpr SquareMask colour_mask(int colour) {
  SquareMask m = 0;
  for (int s = 0; s < kSquares; ++s)
    if ((s / kSide + s % kSide) % 2 == colour) m |= SquareMask{1} << s;
  return m;
}
constexpr std::array<SquareMask, 2> kColour = {colour_mask(0), colour_mask(1)};

int colour(Square s) { return (row_of(s) + col_of(s)) & 1; }

// Every square orthogonally adjacent to some square of `m`.
SquareMask spread(SquareMask m) {
  return (((m & ~kCol6) << 1) | ((m & ~kCol0) >> 1) | (m << kSide) | (m >> kSide)) & kAllSquares;
}

class Search {
 public:
  Search(SquareMask empty, int budget, bool first_only)
      : empty_(empty), first_only_(first_only) {
    seen_.reserve(static_cast<std::size_t>(64 * budget));
  }

  SquareMask run(Square start, int budget) {
    walk(start, budget, bit(start));
    return found_;
  }
  long nodes() const { return nodes_; }

 private:
  bool done() const { return first_only_ && found_ != 0; }

  struct Outlook {
    SquareMask ends = 0;   // where a path from here could end (destinations not yet known)
    SquareMask reach = 0;  // every square such a path could enter
  };

  // What a branch at `cur` with `left` to spend can still find.
  Outlook outlook(Square cur, int left, SquareMask visited) const {
    const SquareMask free = kAllSquares & ~visited;
    const SquareMask full_free = free & ~empty_, empty_free = free & empty_;
    // The whole unvisited component must be able to pay `left`.
    SquareMask comp = bit(cur);
    for (SquareMask grown; (grown = comp | (spread(comp) & free)) != comp;) comp = grown;
    comp &= ~bit(cur);
    if (std::popcount(comp) + std::popcount(comp & empty_) < left) return {};
    // Cost-layered flood fill through unvisited squares, self-avoidance relaxed, by the
    // number E of empty squares entered: zero[c], odd[c], even[c] (E = 0, odd, even >= 2)
    // hold the squares reached at cost <= c. Index 0 is layer c, 1 is c-1, 2 is c-2.
    // Every step changes colour and cost = steps + E, so an end of the colour `same` needs
    // an even E and any other end an odd E; E never exceeds the empty squares in reach.
    const bool two_empties = std::popcount(comp & empty_) >= 2;
    std::array<SquareMask, 3> zero = {bit(cur), 0, 0}, odd = {0, 0, 0}, even = {0, 0, 0};
    for (int c = 1; c <= left; ++c) {
      const SquareMask z = zero[0] | (spread(zero[0]) & full_free);
      const SquareMask o = odd[0] | (spread(odd[0]) & full_free) | (spread(zero[1] | even[1]) & empty_free);
      const SquareMask e = two_empties ? even[0] | (spread(even[0]) & full_free) | (spread(odd[1]) & empty_free) : 0;
      if (z == zero[1] && o == odd[1] && e == even[1]) break;  // two equal layers: stable
      zero = {z, zero[0], zero[1]};
      odd = {o, odd[0], odd[1]};
      even = {e, even[0], even[1]};
    }
    const SquareMask same = kColour[colour(cur) ^ (left & 1)];
    const SquareMask ends = (((zero[0] | even[0]) & same) | (odd[0] & ~same)) & ~bit(cur);
    return {ends & ~found_, (zero[0] | odd[0] | even[0]) & ~bit(cur)};
  }

  void walk(Square cur, int left, SquareMask visited) {
    ++nodes_;
    if (left == 0) {
      found_ |= bit(cur);
      return;
    }
    const Outlook view = outlook(cur, left, visited);
    if (view.ends == 0) return;
    // The paths from here enter only squares of `reach`, all unvisited: a branch with the
    // same square, budget and reach has the same ends, all found when it was searched.
    const std::uint64_t key = view.reach | (std::uint64_t(cur) << kSquares) | (std::uint64_t(left) << 55);
    if (!seen_.insert(key).second) return;
    for (Square next : neighbours(cur)) {
      if (visited & bit(next)) continue;
      const int cost = (empty_ & bit(next)) ? 2 : 1;
      if (cost > left) continue;
      walk(next, left - cost, visited | bit(next));
      if (done()) return;
    }
  }

  SquareMask empty_;
  bool first_only_;
  SquareMask found_ = 0;
  long nodes_ = 0;
  std::unordered_set<std::uint64_t> seen_;
};

}  // namespace

SquareMask destinations(SquareMask empty, Square start, int budget, long* nodes) {
  if (budget <= 0) return 0;
  Search s(empty, budget, false);
  const SquareMask out = s.run(start, budget);
  if (nodes) *nodes = s.nodes();
  return out;
}

bool has_destination(SquareMask empty, Square start, int budget, long* nodes) {
  if (budget <= 0) return false;
  Search s(empty, budget, true);
  const bool out = s.run(start, budget) != 0;
  if (nodes) *nodes = s.nodes();
  return out;
}

}  // namespace nyan::doublehunt
