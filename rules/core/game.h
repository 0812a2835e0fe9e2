// The engine interface, part 1: an immutable description of a game and a factory for its
// initial State. One Game object per engine lives in the registry.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "rules/core/action_forms.h"
#include "rules/core/options.h"
#include "rules/core/result.h"
#include "rules/core/rng.h"
#include "rules/core/state.h"
#include "rules/core/types.h"

namespace nyan {

class Game {
 public:
  virtual ~Game() = default;

  virtual std::string id() const = 0;        // "oikake"
  virtual std::string title() const = 0;     // English title
  virtual std::string title_ja() const = 0;  // Japanese title
  virtual std::string summary() const = 0;   // one or two sentences for the catalog
  virtual int min_seats() const = 0;
  virtual int max_seats() const = 0;

  // The option schema. Games with a variable seat range declare an integer option
  // "players" in [min_seats, max_seats].
  virtual std::vector<OptionSpec> option_schema() const = 0;

  // Every form an action of this game can take (the catalog publishes them as a JSON
  // Schema; tests/conformance checks every legal action against it).
  virtual std::vector<ActionForm> action_forms() const = 0;

  // Every `reason` outcome() can give, each with what it means (tests/conformance checks
  // every finished game's reason is listed).
  struct Reason {
    std::string reason;
    std::string meaning;
  };
  virtual std::vector<Reason> outcome_reasons() const = 0;

  // Whether a game in progress can end with a seat forfeiting (State::forfeit), so that the
  // server may end it that way when a seat's turn clock runs out. Default: no.
  virtual bool forfeits() const { return false; }

  // Fills defaults and checks every option (schema, then check_options). On success `out`
  // is the complete options object every other call expects.
  Result normalize_options(const Json& given, Json& out) const;

  // How many seats a game with these (normalized) options has.
  int seat_count(const Json& options) const;

  // The initial state. `options` are normalized; the State takes ownership of `rng` and
  // draws every random step of the game from it.
  virtual std::unique_ptr<State> start(const Json& options, std::unique_ptr<Rng> rng) const = 0;

  // An upper bound on the number of accepted actions in one game with these options
  // (conformance tests require every game to end within it).
  virtual int max_actions(const Json& options) const = 0;

  // For bots, which see only what a client of `seat` receives: a state that `seat` cannot
  // tell apart from one whose view(seat) is `view` (view_text(seat) gives the same bytes),
  // with everything the view does not show dealt at random among what is consistent with
  // it, as resample() re-deals a true state. `options` are normalized. nullptr when the game
  // is over or the engine cannot rebuild a state from a view; a view this engine did not
  // write may throw (std::exception).
  virtual std::unique_ptr<State> sample_from_view(const Json& options, Seat seat, const Json& view,
                                                  Rng& rng) const {
    (void)options, (void)seat, (void)view, (void)rng;
    return nullptr;
  }

  // Representative option sets (normalized or not) for tests, simulation and examples.
  virtual std::vector<Json> sample_options() const { return {Json::object()}; }

  // The catalog entry: id, titles, summary, seat range, option schema, the action schema
  // (and which action types are side actions), the outcome reasons.
  Json catalog_entry() const;

 protected:
  // Game-specific checks across options (e.g. a map that must be connected).
  virtual Result check_options(const Json& normalized) const { (void)normalized; return Result::ok(); }
};

}  // namespace nyan
