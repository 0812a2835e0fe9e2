// Kushine-go Departs: every action the game can offer, as canonical text written once. The
// legal list is copied together from here: it is made for every seat after every action
// (each seat has a dozen or more `say` actions), and copying text costs far less than
// writing it again.
#pragma once

#include <string_view>

#include "rules/kushine/cards.h"

namespace nyan {
class ActionRun;
}

namespace nyan::kushine::actions {

// Pile ids never exceed 7: p1-p3, then one new pile per resolved tanuki (4 in the game).
inline constexpr int kMaxPileId = 7;

enum class PairOf { exterminate, merge, say_merge };  // {type, top, bottom} actions

std::string_view draw(int pile);
std::string_view mate_peek(int pile);
std::string_view return_card(Kind card, int pile);
std::string_view place(Kind card);
std::string_view give(Kind card);
std::string_view boatswain_place(Kind first, Kind second);  // first <= second, table order
std::string_view pile_pair(PairOf what, int top, int bottom);
std::string_view say_pile(int pile, bool draw);
// The whole `say` vocabulary (side actions) while the piles with ids in the bit set `piles`
// are live, in the order list_legal gives it: the hand, the wants, every ordered pair of
// piles to merge, each pile's hints, piles by ascending id. Made once per set of piles.
const ActionRun& say_vocabulary(unsigned piles);
std::string_view say_hand();
std::string_view say_want(bool nyanko);
std::string_view mate_decide(bool to_hand);
std::string_view captain_decide(bool cancel);
std::string_view doctor_decide(bool cancel);
std::string_view receive();
std::string_view exterminate_alone();  // with a single pile: no merge
std::string_view skip_merge();

}  // namespace nyan::kushine::actions
