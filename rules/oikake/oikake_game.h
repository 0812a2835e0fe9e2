// The Oikake Nyanzu game description: options and the factory (see oikake.h for the rules).
#pragma once

#include "rules/core/game.h"

namespace nyan::oikake {

class OikakeGame : public Game {
 public:
  OikakeGame();
  std::unique_ptr<State> start(const Json& options, std::unique_ptr<Rng> rng) const override;
  int max_actions(const Json& options) const override;
  std::unique_ptr<State> sample_from_view(const Json& options, Seat seat, const Json& view, Rng& rng) const override;
};

}  // namespace nyan::oikake
