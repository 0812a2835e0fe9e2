// The Kushine-go Departs game description: options and the factory (see kushine.h for the rules).
#pragma once

#include "rules/core/game.h"

namespace nyan::kushine {

class KushineGame : public Game {
 public:
  KushineGame();
  std::unique_ptr<State> start(const Json& options, std::unique_ptr<Rng> rng) const override;
  int max_actions(const Json& options) const override;
  std::unique_ptr<State> sample_from_view(const Json& options, Seat seat, const Json& view, Rng& rng) const override;

 protected:
  Result check_options(const Json& normalized) const override;
};

}  // namespace nyan::kushine
