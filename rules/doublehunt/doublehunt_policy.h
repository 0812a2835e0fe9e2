// Double Hunt, as the search bot plays it (rules/core/bot_policy.h): a playout policy that
// knows the game and a measure of how well a team stands, both read from one seat's view of
// the bot's own sampled state (never a true state) and its legal list.
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

#include "rules/core/bot_policy.h"

namespace nyan::bot::doublehunt {

// DoubleHuntGame hands it to Game. Its playouts stop after 20 moves (about six turns), and the
// teams' hands after them tell the moves apart: a game of up to 200 turns played out costs far
// more playouts than it says.
class DoubleHuntPolicy final : public BotPolicy {
 public:
  int horizon(const Json&) const override { return 20; }
  // A win counts for both seats of the team (R11, R12), and the place by score a little.
  double finished(const State& state, Seat seat) const override;
  // A live game's standing for `seat`'s team, in (0, 1): the teams' scores with what their
  // face cards promise.
  double standing(const State& state, Seat seat) const override;
  // The policy's move for the seat the game waits for; nullopt when the game is over.
  std::optional<Move> playout_move(const State& state, Rng& rng) const override;
  // The policy's move first, then the others a hunter would weigh. Empty when the policy has
  // no choice of its own here (the search then compares every listed action) or cannot read
  // the view.
  std::vector<Json> candidates(const State& state, Seat seat, Rng& rng) const override;
};

}  // namespace nyan::bot::doublehunt
