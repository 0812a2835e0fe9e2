// The Double Hunt game description: options and the factory (see doublehunt.h for the rules).
#pragma once

#include "rules/core/game.h"

namespace nyan::doublehunt {

class DoubleHuntGame : public Game {
 public:
  DoubleHuntGame();
  std::unique_ptr<State> start(const Json& options, std::unique_ptr<Rng> rng) const override;
  int max_actions(const Json& options) const override;
  std::unique_ptr<State> sample_from_view(const Json& options, Seat seat, const Json& view, Rng& rng) const override;
};

}  // namespace nyan::doublehunt
