// The Oikake Nyanzu game description: options and the factory (see oikake.h for the rules).
#pragma once

#include "rules/core/game.h"

namespace nyan::oikake {

class OikakeGame : public Game {
 public:
  std::string id() const override { return "oikake"; }
  std::string title() const override { return "Oikake Nyanzu"; }
  std::string title_ja() const override { return "おいかけにゃんず"; }
  std::string summary() const override;
  int min_seats() const override { return 2; }
  int max_seats() const override { return 2; }
  std::vector<OptionSpec> option_schema() const override;
  std::vector<ActionForm> action_forms() const override;
  std::vector<Reason> outcome_reasons() const override;
  bool forfeits() const override { return true; }
  std::unique_ptr<State> start(const Json& options, std::unique_ptr<Rng> rng) const override;
  int max_actions(const Json& options) const override;
  std::vector<Json> sample_options() const override;
  std::unique_ptr<State> sample_from_view(const Json& options, Seat seat, const Json& view, Rng& rng) const override;
};

}  // namespace nyan::oikake
