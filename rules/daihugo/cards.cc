#include "rules/daihugo/cards.h"

#include <array>
#include <bit>

namespace nyan::daihugo {

Mark mark_of(Card c) {
  if (c < 8 || c == kWhiteWild) return Mark::white;
  if (c < 24 || c == kBlackWild) return Mark::black;
  return Mark::doppel;
}

bool is_wild(Card c) { return c == kBlackWild || c == kWhiteWild; }
bool is_doppel(Card c) { return c >= 24 && c < 30; }

int number_of(Card c) {
  if (is_wild(c)) return 0;
  if (c < 24) return c % 8 + 1;
  return c - 24 + 1;
}

int circles_of(Card c) {
  if (c < 8) return 3;
  if (c < 16) return 1;  // G16: the "a" set has one circle
  if (c < 24) return 2;
  if (c < 30) return 4;
  return c == kBlackWild ? 5 : 6;
}

namespace {
constexpr std::array<std::string_view, kCards> kNames = {
    "W1",  "W2",  "W3",  "W4",  "W5",  "W6",  "W7",  "W8",  "B1a", "B2a", "B3a",
    "B4a", "B5a", "B6a", "B7a", "B8a", "B1b", "B2b", "B3b", "B4b", "B5b", "B6b",
    "B7b", "B8b", "D1",  "D2",  "D3",  "D4",  "D5",  "D6",  "B?",  "W?"};
}  // namespace

std::string card_name(Card c) { return std::string(kNames[static_cast<std::size_t>(c)]); }

std::optional<Card> card_from_name(std::string_view name) {
  for (Card c = 0; c < kCards; ++c)
    if (kNames[static_cast<std::size_t>(c)] == name) return c;
  return std::nullopt;
}

Json card_json(Card c) { return card_name(c); }

std::vector<Card> naturals(Mark mark, int number) {
  if (number < 1 || number > kMaxNumber) return {};
  switch (mark) {
    case Mark::white: return {number - 1};
    case Mark::black: return {8 + number - 1, 16 + number - 1};
    case Mark::doppel:
      if (number > kMaxDoppel) return {};
      return {24 + number - 1};
  }
  return {};
}

std::optional<Card> wild_of(Mark mark) {
  if (mark == Mark::white) return kWhiteWild;
  if (mark == Mark::black) return kBlackWild;
  return std::nullopt;
}

int count(Hand h) { return std::popcount(h); }

std::vector<Card> cards_of(Hand h) {
  std::vector<Card> out;
  out.reserve(static_cast<std::size_t>(count(h)));
  for (; h != 0; h &= h - 1) out.push_back(std::countr_zero(h));
  return out;
}

Hand hand_of(const std::vector<Card>& cards) {
  Hand h = 0;
  for (Card c : cards) h |= bit(c);
  return h;
}

void write_hand(TextWriter& w, Hand h) {
  w.open_array();
  for (; h != 0; h &= h - 1) w.str(card_name(std::countr_zero(h)));
  w.close_array();
}

Json hand_json(Hand h) {
  return tree_of([&](TextWriter& w) { write_hand(w, h); });
}

int penalty(Hand h) {
  int sum = 0;
  for (Card c : cards_of(h)) sum += circles_of(c);
  return sum;
}

int tails_for(int penalty) {
  if (penalty <= 0) return 0;
  if (penalty <= 5) return 1;
  if (penalty <= 10) return 2;
  return 3;
}

}  // namespace nyan::daihugo
