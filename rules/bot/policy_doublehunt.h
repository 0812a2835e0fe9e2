// Double Hunt, as the search plays it: a playout policy that knows the game and a measure of
// how well a team stands, both read from one seat's view of the bot's own sampled state
// (never a true state) and its legal list.
//
// Random play burns its hand: a boost is listed once per card, so a random mover discards
// about as often as it moves, and it stops on empty squares as readily as on cards. The
// policy plays as a careful hunter does: it moves to a square with a card (a card it knows
// by its worth to the team, a face-down one by the mean), near other cards; it boosts only
// to reach a card from nowhere, and then with the card the team needs least; it keeps the
// face cards of a suit the team is gathering (R11); it takes the Advisor's extra move, the
// Necromancer's free card, the Bandit's raid for a cheap card, and the Scientist's three
// best cards once the pile is worth searching.
#pragma once

#include <optional>
#include <vector>

#include "rules/core/random_move.h"
#include "rules/core/state.h"

namespace nyan::bot::doublehunt {

// The policy's move for the seat the game waits for; nullopt when the game is over.
std::optional<Move> playout_move(const State& state, Rng& rng);

// The moves a search compares for `seat`: the policy's first, then the others a hunter
// would weigh. Empty when the policy has no choice of its own here (the search then compares
// every listed action) or cannot read the view.
std::vector<Json> candidates(const State& state, Seat seat, Rng& rng);

// A live game's standing for `seat`'s team, in (0, 1): the teams' scores with what their
// face cards promise.
double standing(const State& state, Seat seat);

}  // namespace nyan::bot::doublehunt
