// Hinode Yokocho, as the search bot plays it (rules/core/bot_policy.h): random playouts, cut
// short, scored by the VP and the areas as they stand, read from one seat's view of the bot's
// own sampled state (never a true state).
#pragma once

#include "rules/core/bot_policy.h"

namespace nyan::bot::hinode {

// HinodeGame hands it to Game. Its playouts stop after 24 random moves, a few tricks: the
// VP and the areas after them tell the moves apart.
class HinodePolicy final : public BotPolicy {
 public:
  int horizon(const Json&) const override { return 24; }
  // A win, and a little for a good place by VP (R15).
  double finished(const State& state, Seat seat) const override;
  // VP so far, plus the area majorities as they stand (3 VP each at the end, R14: a tie goes
  // to the tied seat on the highest site), plus a little per marker on the map.
  double standing(const State& state, Seat seat) const override;
};

}  // namespace nyan::bot::hinode
