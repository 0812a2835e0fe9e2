// Kushine-go Departs: every action the game can offer, as JSON built once. legal_actions()
// copies from here: apply() lists the legal actions on every call, and copying a finished
// JSON object costs far less than building one.
#pragma once

#include "rules/core/types.h"
#include "rules/kushine/cards.h"

namespace nyan::kushine::actions {

// Pile ids never exceed 7: p1-p3, then one new pile per resolved tanuki (4 in the game).
inline constexpr int kMaxPileId = 7;

enum class PairOf { exterminate, merge, say_merge };  // {type, top, bottom} actions

const Json& draw(int pile);
const Json& mate_peek(int pile);
const Json& return_card(Kind card, int pile);
const Json& place(Kind card);
const Json& give(Kind card);
const Json& boatswain_place(Kind first, Kind second);  // first <= second, table order
const Json& pile_pair(PairOf what, int top, int bottom);
const Json& say_pile(int pile, bool draw);
const Json& say_hand();
const Json& say_want(bool nyanko);
const Json& mate_decide(bool to_hand);
const Json& captain_decide(bool cancel);
const Json& doctor_decide(bool cancel);
const Json& receive();
const Json& exterminate_alone();  // with a single pile: no merge
const Json& skip_merge();

}  // namespace nyan::kushine::actions
