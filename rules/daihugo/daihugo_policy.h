// Nyanya Dai Hugo, as the search bot plays it (rules/core/bot_policy.h): random playouts, cut
// short, scored by the tails and the cards left, read from one seat's view of the bot's own
// sampled state (never a true state).
#pragma once

#include "rules/core/bot_policy.h"

namespace nyan::bot::daihugo {

// DaihugoGame hands it to Game. A match of several rounds is long, and its playouts stop after
// 80 random moves: a few hundred more say little more than those, and cost far more playouts.
class DaihugoPolicy final : public BotPolicy {
 public:
  int horizon(const Json&) const override { return 80; }
  // A win, and a little for a good place by tails (fewer is better, R16).
  double finished(const State& state, Seat seat) const override;
  // Five tails lose the match: fewer tails, and fewer cards left in this round, are better.
  double standing(const State& state, Seat seat) const override;
};

}  // namespace nyan::bot::daihugo
