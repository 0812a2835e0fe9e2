#include "rules/doublehunt/cards.h"

namespace nyan::doublehunt {

namespace {
constexpr std::string_view kSuits = "SHDC";
constexpr std::array<std::string_view, kRoles> kRoleNames = {
    "pilot", "observer", "bandit", "richman", "scientist", "advisor", "necromancer"};

// Parses a decimal number of 1 or 2 digits without a leading zero; -1 if not one.
int small_number(std::string_view s) {
  if (s.empty() || s.size() > 2 || (s.size() == 2 && s[0] == '0')) return -1;
  int n = 0;
  for (char ch : s) {
    if (ch < '0' || ch > '9') return -1;
    n = n * 10 + (ch - '0');
  }
  return n;
}
}  // namespace

std::string card_name(Card c) { return std::string(1, kSuits[suit_of(c)]) + std::to_string(rank_of(c)); }

std::optional<Card> card_from_name(std::string_view name) {
  if (name.size() < 2) return std::nullopt;
  const auto suit = kSuits.find(name[0]);
  const int rank = small_number(name.substr(1));
  if (suit == std::string_view::npos || rank < 1 || rank > 13) return std::nullopt;
  return static_cast<Card>(suit) * 13 + rank - 1;
}

std::vector<Card> CardSet::list() const {
  std::vector<Card> out;
  out.reserve(static_cast<std::size_t>(size()));
  for (std::uint64_t b = bits_; b; b &= b - 1) out.push_back(std::countr_zero(b));
  return out;
}

Card CardSet::nth(int j) const {
  std::uint64_t b = bits_;
  for (int i = 0; i < j && b; ++i) b &= b - 1;
  return b ? std::countr_zero(b) : kNoCard;
}

int team_score(CardSet cards) {
  int score = 0;
  for (Card c : cards.list()) score += pips(c);
  for (int suit = 0; suit < 4; ++suit) {
    const int j = suit * 13 + 10;  // J, Q, K are ranks 11..13
    if (cards.has(j) && cards.has(j + 1) && cards.has(j + 2)) score += 30;
  }
  return score;
}

std::string square_name(Square s) {
  return "r" + std::to_string(row_of(s)) + "c" + std::to_string(col_of(s));
}

std::optional<Square> square_from_name(std::string_view name) {
  if (name.size() != 4 || name[0] != 'r' || name[2] != 'c') return std::nullopt;
  const int r = name[1] - '0', c = name[3] - '0';
  if (r < 0 || r >= kSide || c < 0 || c >= kSide) return std::nullopt;
  return square_at(r, c);
}

const Neighbours& neighbours(Square s) {
  static const std::array<Neighbours, kSquares> table = [] {
    std::array<Neighbours, kSquares> t{};
    for (Square q = 0; q < kSquares; ++q) {
      Neighbours& n = t[q];
      const int r = row_of(q), c = col_of(q);
      if (r > 0) n.squares[n.count++] = q - kSide;
      if (c > 0) n.squares[n.count++] = q - 1;
      if (c < kSide - 1) n.squares[n.count++] = q + 1;
      if (r < kSide - 1) n.squares[n.count++] = q + kSide;
    }
    return t;
  }();
  return table[s];
}

std::string_view role_name(Role r) { return kRoleNames[static_cast<int>(r)]; }

std::optional<Role> role_from_name(std::string_view name) {
  for (int i = 0; i < kRoles; ++i)
    if (kRoleNames[i] == name) return static_cast<Role>(i);
  return std::nullopt;
}

}  // namespace nyan::doublehunt
