// Nyanya Dai Hugo cards (rules §2.1): 32 distinct cards in three marks, their numbers and
// penalty circles, and hands as sets of cards.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "rules/core/canonical_text.h"
#include "rules/core/types.h"

namespace nyan::daihugo {

// A card is its index in the canonical order of the components table: W1..W8 (0..7),
// B1a..B8a (8..15), B1b..B8b (16..23), D1..D6 (24..29), B? (30), W? (31). Shuffles start
// from this order and every sorted list in a view uses it.
using Card = int;
inline constexpr int kCards = 32;
inline constexpr Card kBlackWild = 30;
inline constexpr Card kWhiteWild = 31;
inline constexpr int kMaxNumber = 8;
inline constexpr int kMaxDoppel = 6;

enum class Mark { white, black, doppel };

Mark mark_of(Card c);
bool is_wild(Card c);
bool is_doppel(Card c);
// The printed number; 0 for a wild (its number is declared when it is played, R2).
int number_of(Card c);
// Penalty circles (R14, G16); a wild keeps its own circles whatever it declared.
int circles_of(Card c);

std::string card_name(Card c);
std::optional<Card> card_from_name(std::string_view name);
Json card_json(Card c);

// The natural (non-wild) cards of `mark` with `number`, in canonical order (black has two).
std::vector<Card> naturals(Mark mark, int number);
// The wild of `mark`, if it has one (doppels do not).
std::optional<Card> wild_of(Mark mark);

// A set of cards: bit c is card c, so iterating bits is canonical order.
using Hand = std::uint32_t;
inline constexpr Hand bit(Card c) { return Hand{1} << c; }
inline bool holds(Hand h, Card c) { return (h & bit(c)) != 0; }
int count(Hand h);
std::vector<Card> cards_of(Hand h);
Hand hand_of(const std::vector<Card>& cards);
// A set of cards as a list of names in canonical order (written, and its tree).
void write_hand(TextWriter& w, Hand h);
Json hand_json(Hand h);
inline constexpr Hand kAllCards = 0xFFFFFFFFu;
inline constexpr Hand kBothWilds = bit(kBlackWild) | bit(kWhiteWild);

// R14: the sum of circles on the cards; R15 / §2.3: the tails it raises.
int penalty(Hand h);
int tails_for(int penalty);

}  // namespace nyan::daihugo
