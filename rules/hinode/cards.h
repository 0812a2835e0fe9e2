// Hinode Yokocho cards and tribes (rules §2.1): 33 area cards in three suits, one hero card
// and one tribe card per tribe.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace nyan::hinode {

enum class Suit : int { R, G, B };
inline constexpr int kSuits = 3;
inline constexpr int kValues = 11;
inline constexpr int kAreaCards = kSuits * kValues;

// An area card: suit * 11 + (value - 1). Ascending ids are the components-table order
// R1..R11, G1..G11, B1..B11, which is the order a round's cards are listed in before the
// shuffle.
using Card = int;
inline constexpr Card kNoCard = -1;

inline Suit suit_of(Card c) { return static_cast<Suit>(c / kValues); }
inline int value_of(Card c) { return c % kValues + 1; }
inline Card make_card(Suit s, int value) { return static_cast<int>(s) * kValues + value - 1; }
inline int suit_bit(Suit s) { return 1 << static_cast<int>(s); }

char suit_letter(Suit s);
std::optional<Suit> suit_from_letter(std::string_view s);
std::string_view suit_name(Suit s);  // "red", "green", "blue"

std::string_view card_id(Card c);  // "R5"; "?" for a number that is no card
std::optional<Card> card_from_id(std::string_view id);

// G12: with 3 players the 10s and 11s of every suit are out of the game.
bool in_game(Card c, int players);
// The game's area cards in components-table order.
std::vector<Card> game_cards(int players);

// Tribes in the order of the components table; also the default seat order (§2.4).
inline constexpr int kTribes = 4;
inline constexpr std::array<std::string_view, kTribes> kTribeIds = {"karasu_tengu", "kappa",
                                                                    "inugami", "oni"};
std::optional<int> tribe_from_id(std::string_view id);
std::string hero_id(int tribe);  // "hero_kappa"
std::optional<int> hero_from_id(std::string_view id);

inline constexpr int kHeroValue = 12;  // §2.1: the hero's value, above every area card
inline constexpr int kMarkers = 8;     // per tribe
inline constexpr int kHandSize = 8;    // area cards after each deal
inline constexpr int kTricks = 6;      // per round
inline constexpr int kRounds = 3;

}  // namespace nyan::hinode
