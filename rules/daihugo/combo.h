// Nyanya Dai Hugo combinations (R2-R4, R7, R9, G1-G3): what a play is, how it ranks, and
// every distinct legal play from a hand, declarations included.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "rules/daihugo/cards.h"

namespace nyan::daihugo {

// One card of a play with its declarations.
struct Elem {
  Card card = 0;
  int number = 0;      // the printed number, or the number a wild declares (R2)
  bool twice = false;  // a doppel declared "double": counts as 2 cards (R3)
  bool operator==(const Elem&) const = default;
};

// A play: distinct cards in canonical card order (so one play has one spelling).
using Play = std::vector<Elem>;

enum class Type { single, set, sequence };
std::string type_name(Type t);

struct Combo {
  Type type = Type::single;
  int size = 1;  // cards, a doubled doppel counting 2 (R4)
  int rank = 1;  // the number; the lowest number of a sequence (G3)
  bool operator==(const Combo&) const = default;
};

// R4: the combination a play forms, or nullopt when it is none. Expects distinct cards in
// canonical order whose numbers are their printed ones (wilds: declared 1..8); `twice` on a
// non-doppel makes it no combination.
std::optional<Combo> classify(const Play& p);
std::optional<Combo> classify(const Play& p, std::string& why);

int play_size(const Play& p);
Hand play_hand(const Play& p);
// Elements as the action spells them: {"id"}, {"id", "as"} for a wild, {"id", "double":
// true} for a doubled doppel (written, and its tree).
void write_play(TextWriter& w, const Play& p);
void write_elem(TextWriter& w, const Elem& e);
Json play_json(const Play& p);
Json elem_json(const Elem& e);
// Sorts into canonical card order.
void canonicalize(Play& p);

// What a play must satisfy now.
struct Requirement {
  enum Kind { free, follow, opening_exact, opening_containing };
  Kind kind = free;
  Combo last{};    // follow: the trick's most recent play (R9)
  Elem opening{};  // opening: the revealed card, a wild with its revealed number (R7, G5)
};

bool meets(const Play& p, const Combo& c, const Requirement& r);

// Every distinct legal play from `hand` under `r`, in a stable order: singles, sets by
// number, sequences by mark and interval (§5 "Enumerating play").
std::vector<Play> legal_plays(Hand hand, const Requirement& r);

}  // namespace nyan::daihugo
