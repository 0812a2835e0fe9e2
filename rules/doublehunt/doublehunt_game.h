// The Double Hunt game description: options and the factory (see doublehunt.h for the rules).
#pragma once

#include "rules/core/game.h"

namespace nyan::doublehunt {

class DoubleHuntGame : public Game {
 public:
  std::string id() const override { return "doublehunt"; }
  std::string title() const override { return "Double Hunt"; }
  std::string title_ja() const override { return "ダブルハント"; }
  std::string summary() const override;
  int min_seats() const override { return 4; }
  int max_seats() const override { return 4; }
  std::vector<OptionSpec> option_schema() const override;
  std::vector<ActionForm> action_forms() const override;
  std::vector<Reason> outcome_reasons() const override;
  std::unique_ptr<State> start(const Json& options, std::unique_ptr<Rng> rng) const override;
  int max_actions(const Json& options) const override;
  std::vector<Json> sample_options() const override;
  std::unique_ptr<State> sample_from_view(const Json& options, Seat seat, const Json& view, Rng& rng) const override;
};

}  // namespace nyan::doublehunt
