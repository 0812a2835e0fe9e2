// Kushine-go Departs, as the search bot plays it (rules/core/bot_policy.h): a playout policy
// that knows the game and a measure of how well the ship stands, both read from one seat's
// view of the bot's own sampled state (never a true state).
//
// Random play loses within a few turns: it draws the last card of a pile, lets a Tanuki
// empty a pile of one card or make a sixth pile, and keeps nyanko in hand. The policy
// plays as a careful crew does: every nyanko goes to the pier at once (a boarding brings a
// merge); every boarding merges the two smallest piles; three mice are exterminated for the
// merge; a card goes back to the smallest pile whenever a draw would risk the loss; a draw
// takes the largest pile; the Mate looks at a risky top card first; the Captain keeps the
// cancel for a Tanuki that would end the game or leave it near its end.
#pragma once

#include <optional>
#include <vector>

#include "rules/core/bot_policy.h"

namespace nyan::bot::kushine {

// KushineGame hands it to Game. Its playouts go to the end (horizon 0): the policy plays a game
// out in about 80 moves, and only the end (all four types boarded, or the loss) tells a good
// move from a bad one.
class KushinePolicy final : public BotPolicy {
 public:
  // A win is the crew's (R20); a loss is worth a little per type boarded.
  double finished(const State& state, Seat seat) const override;
  // A live game's standing for the team, in (0, 1): the ship's progress and the piles'
  // safety, below any win and above any loss.
  double standing(const State& state, Seat seat) const override;
  // The policy's move for the seat the game waits for; nullopt when the game is over.
  std::optional<Move> playout_move(const State& state, Rng& rng) const override;
  // The policy's move first, then the others a crew would weigh (they may include actions the
  // legal list lacks; the search keeps only listed ones). Empty when the view is not one the
  // policy can read.
  std::vector<Json> candidates(const State& state, Seat seat, Rng& rng) const override;
};

}  // namespace nyan::bot::kushine
