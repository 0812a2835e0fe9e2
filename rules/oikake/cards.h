// Oikake Nyanzu cards: kinds, counts per mode, and the copy-number value table (rules §2.1).
#pragma once

#include <array>
#include <optional>
#include <string>
#include <string_view>

namespace nyan::oikake {

// In the order of the components table: shuffles start from the cards listed this way.
enum class Kind : int { find, danger, lazy, walk, twist, watch, bigcat, spy };
inline constexpr int kKinds = 8;

enum class Mode { normal, short_ };

std::string_view kind_name(Kind k);
std::optional<Kind> kind_from_name(std::string_view name);

// How many copies of `k` the mode uses (0 when the mode leaves the kind out).
int copies(Mode mode, Kind k);

// What acquiring the k-th copy (k >= 1) of a kind does: a move, a win icon or a lose icon.
struct Value {
  int move = 0;       // spaces clockwise (negative: counter-clockwise)
  bool win = false;   // the WIN icon (no move)
  bool lose = false;  // the LOSE icon (no move)
  bool operator==(const Value&) const = default;
};
Value value(Kind kind, int k);  // R6: k counts the card just acquired

// A multiset of kinds: copies are identical, so hands, piles and areas are counts (G5).
using Counts = std::array<int, kKinds>;
int total(const Counts& c);

}  // namespace nyan::oikake
