#include "rules/hinode/cards.h"

namespace nyan::hinode {

char suit_letter(Suit s) { return "RGB"[static_cast<int>(s)]; }

std::optional<Suit> suit_from_letter(std::string_view s) {
  if (s == "R") return Suit::R;
  if (s == "G") return Suit::G;
  if (s == "B") return Suit::B;
  return std::nullopt;
}

std::string_view suit_name(Suit s) {
  static constexpr std::array<std::string_view, kSuits> kNames = {"red", "green", "blue"};
  return kNames[static_cast<int>(s)];
}

// A table rather than a string made per call: views name every card in every hand, trick and
// round record, for every seat after every action.
std::string_view card_id(Card c) {
  static const std::array<std::string, kAreaCards> kIds = [] {
    std::array<std::string, kAreaCards> ids;
    for (Card k = 0; k < kAreaCards; ++k) ids[k] = std::string(1, suit_letter(suit_of(k))) + std::to_string(value_of(k));
    return ids;
  }();
  return c >= 0 && c < kAreaCards ? std::string_view(kIds[c]) : std::string_view("?");
}

std::optional<Card> card_from_id(std::string_view id) {
  if (id.size() < 2 || id.size() > 3) return std::nullopt;
  auto suit = suit_from_letter(id.substr(0, 1));
  if (!suit) return std::nullopt;
  const std::string_view digits = id.substr(1);
  if (digits[0] == '0') return std::nullopt;  // "R05" is not a card id
  int v = 0;
  for (char ch : digits) {
    if (ch < '0' || ch > '9') return std::nullopt;
    v = v * 10 + (ch - '0');
  }
  if (v < 1 || v > kValues) return std::nullopt;
  return make_card(*suit, v);
}

bool in_game(Card c, int players) { return players >= 4 || value_of(c) <= 9; }

std::vector<Card> game_cards(int players) {
  std::vector<Card> out;
  for (Card c = 0; c < kAreaCards; ++c)
    if (in_game(c, players)) out.push_back(c);
  return out;
}

std::optional<int> tribe_from_id(std::string_view id) {
  for (int i = 0; i < kTribes; ++i)
    if (kTribeIds[i] == id) return i;
  return std::nullopt;
}

std::string hero_id(int tribe) { return "hero_" + std::string(kTribeIds[tribe]); }

std::optional<int> hero_from_id(std::string_view id) {
  if (id.substr(0, 5) != "hero_") return std::nullopt;
  return tribe_from_id(id.substr(5));
}

}  // namespace nyan::hinode
