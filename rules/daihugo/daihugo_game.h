// The Nyanya Dai Hugo game description: options and the factory (see daihugo.h for the rules).
#pragma once

#include "rules/core/game.h"

namespace nyan::daihugo {

class DaihugoGame : public Game {
 public:
  std::string id() const override { return "daihugo"; }
  std::string title() const override { return "Nyanya Dai Hugo"; }
  std::string title_ja() const override { return "にゃーにゃー大フゴー"; }
  std::string summary() const override;
  int min_seats() const override { return 1; }
  int max_seats() const override { return 4; }
  std::vector<OptionSpec> option_schema() const override;
  std::vector<ActionForm> action_forms() const override;
  std::vector<Reason> outcome_reasons() const override;
  bool forfeits() const override { return true; }
  std::unique_ptr<State> start(const Json& options, std::unique_ptr<Rng> rng) const override;
  int max_actions(const Json& options) const override;
  std::vector<Json> sample_options() const override;
  std::unique_ptr<State> sample_from_view(const Json& options, Seat seat, const Json& view, Rng& rng) const override;
};

}  // namespace nyan::daihugo
