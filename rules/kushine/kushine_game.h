// The Kushine-go Departs game description: options and the factory (see kushine.h for the rules).
#pragma once

#include "rules/core/game.h"

namespace nyan::kushine {

class KushineGame : public Game {
 public:
  std::string id() const override { return "kushine"; }
  std::string title() const override { return "Kushine-go Departs"; }
  std::string title_ja() const override { return "クシィネ号出港"; }
  std::string summary() const override;
  int min_seats() const override { return 2; }
  int max_seats() const override { return 4; }
  std::vector<OptionSpec> option_schema() const override;
  std::vector<ActionForm> action_forms() const override;
  std::vector<Reason> outcome_reasons() const override;
  std::unique_ptr<State> start(const Json& options, std::unique_ptr<Rng> rng) const override;
  int max_actions(const Json& options) const override;
  std::vector<Json> sample_options() const override;
  std::unique_ptr<State> sample_from_view(const Json& options, Seat seat, const Json& view, Rng& rng) const override;

 protected:
  Result check_options(const Json& normalized) const override;
};

}  // namespace nyan::kushine
