// The engine interface, part 1: a game's description (GameType, as data) and its behaviour
// that needs no State: options checked across each other, the factory for its initial State,
// a bound on its length, states sampled from a seat's view, and the search bot's policy. One
// Game object per engine lives in the registry.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "rules/core/bot_policy.h"
#include "rules/core/game_type.h"
#include "rules/core/result.h"
#include "rules/core/rng.h"
#include "rules/core/state.h"
#include "rules/core/types.h"

namespace nyan {

class Game {
 public:
  // `policy`: the search bot's policy for this game (bot_policy.h); nullptr plays it out at
  // random and scores it by its winners.
  explicit Game(GameType type, std::unique_ptr<const BotPolicy> policy = nullptr);
  virtual ~Game() = default;

  // What the game is, as data (game_type.h).
  const GameType& type() const { return type_; }
  // How the search bot plays it (bot_policy.h).
  const BotPolicy& bot_policy() const;

  // Fills defaults and checks every option (the type's schema, then check_options). On
  // success `out` is the complete options object every other call expects.
  Result normalize_options(const Json& given, Json& out) const;

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

 protected:
  // Game-specific checks across options (e.g. a map that must be connected).
  virtual Result check_options(const Json& normalized) const { (void)normalized; return Result::ok(); }

 private:
  GameType type_;
  std::unique_ptr<const BotPolicy> policy_;
};

}  // namespace nyan
