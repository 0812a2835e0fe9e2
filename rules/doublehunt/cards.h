// Double Hunt components (rules doc §2): the 52 cards in card-id order, the 7x7 grid's
// squares, the seven roles, and small value types for sets of cards and squares.
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace nyan::doublehunt {

// A card is its index in card-id order (§2.1): S1..S13, H1..H13, D1..D13, C1..C13.
using Card = int;
inline constexpr int kCards = 52;
inline constexpr Card kNoCard = -1;

std::string card_name(Card c);                       // "S1" .. "C13"
std::optional<Card> card_from_name(std::string_view name);
inline int rank_of(Card c) { return c % 13 + 1; }
inline int suit_of(Card c) { return c / 13; }
// R11, G8: A = 1, 2..10 = rank, J/Q/K = 0 alone.
inline int pips(Card c) { return rank_of(c) <= 10 ? rank_of(c) : 0; }

// A set of cards as a 52-bit mask: listing it yields card-id order, which is the order the
// rules use for every random draw from a hand or the pile (G31).
class CardSet {
 public:
  CardSet() = default;
  explicit CardSet(std::uint64_t bits) : bits_(bits) {}
  bool has(Card c) const { return (bits_ >> c) & 1U; }
  void add(Card c) { bits_ |= std::uint64_t{1} << c; }
  void remove(Card c) { bits_ &= ~(std::uint64_t{1} << c); }
  int size() const { return std::popcount(bits_); }
  bool empty() const { return bits_ == 0; }
  std::uint64_t bits() const { return bits_; }
  std::vector<Card> list() const;
  Card nth(int j) const;  // the j-th card in card-id order
  CardSet operator|(CardSet o) const { return CardSet(bits_ | o.bits_); }
  CardSet operator-(CardSet o) const { return CardSet(bits_ & ~o.bits_); }
  bool operator==(const CardSet&) const = default;

 private:
  std::uint64_t bits_ = 0;
};

// R11, G9: pips of every card plus 30 per suit whose J, Q and K are all in `cards`.
int team_score(CardSet cards);

// Squares r0c0..r6c6 are 0..48 in row-major order.
using Square = int;
inline constexpr int kSide = 7;
inline constexpr int kSquares = 49;
inline constexpr Square kNoSquare = -1;
inline int row_of(Square s) { return s / kSide; }
inline int col_of(Square s) { return s % kSide; }
inline Square square_at(int r, int c) { return r * kSide + c; }
inline int manhattan(Square a, Square b) {
  const int dr = row_of(a) - row_of(b), dc = col_of(a) - col_of(b);
  return (dr < 0 ? -dr : dr) + (dc < 0 ? -dc : dc);
}
std::string square_name(Square s);  // "r3c4"
std::optional<Square> square_from_name(std::string_view name);

// The orthogonal neighbours of a square, in square order.
struct Neighbours {
  std::array<Square, 4> squares{};
  int count = 0;
  const Square* begin() const { return squares.data(); }
  const Square* end() const { return squares.data() + count; }
};
const Neighbours& neighbours(Square s);

// The roles in the order of the roles table (§2.3).
enum class Role : int { pilot, observer, bandit, richman, scientist, advisor, necromancer };
inline constexpr int kRoles = 7;
std::string_view role_name(Role r);
std::optional<Role> role_from_name(std::string_view name);

}  // namespace nyan::doublehunt
