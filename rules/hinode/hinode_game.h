// The Hinode Yokocho game description: options and the factory (see hinode.h for the rules).
#pragma once

#include "rules/core/game.h"

namespace nyan::hinode {

class HinodeGame : public Game {
 public:
  std::string id() const override { return "hinode"; }
  std::string title() const override { return "Hinode Yokocho Nyan Number One!"; }
  std::string title_ja() const override { return "日の出横丁にゃんばーわん！"; }
  std::string summary() const override;
  int min_seats() const override { return 3; }
  int max_seats() const override { return 4; }
  std::vector<OptionSpec> option_schema() const override;
  std::vector<ActionForm> action_forms() const override;
  std::vector<Reason> outcome_reasons() const override;
  bool forfeits() const override { return true; }
  std::unique_ptr<State> start(const Json& options, std::unique_ptr<Rng> rng) const override;
  int max_actions(const Json& options) const override;
  std::vector<Json> sample_options() const override;
  std::unique_ptr<State> sample_from_view(const Json& options, Seat seat, const Json& view, Rng& rng) const override;

 protected:
  Result check_options(const Json& normalized) const override;
};

}  // namespace nyan::hinode
