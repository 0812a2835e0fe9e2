// What the search bot (rules/bot) asks of a game: how a playout moves, how far it goes, how
// good its end is for a seat, and which of a seat's moves are worth comparing. A game hands
// its own policy to Game with its GameType, in its own folder (a game without one is played
// out at random and scored by its winners), so the bot never names a game.
//
// Everything a policy reads is the public State interface of the bot's own sampled states,
// and of those only what one seat receives (its view, its legal list): a policy never looks
// into a true state, so a bot stays fair by construction.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "rules/core/random_move.h"
#include "rules/core/state.h"

namespace nyan {

class BotPolicy {
 public:
  virtual ~BotPolicy() = default;

  // How many moves a playout makes before it is scored as it stands (0: to the end of the
  // game). Long games are cut short: a few hundred random moves say little more than the
  // next few dozen, and cost far more playouts.
  virtual int horizon(const Json& options) const {
    (void)options;
    return 0;
  }

  // The reward of a playout for `seat`, in [0, 1]: finished() for a game that is over,
  // standing() for one cut at the horizon.
  double reward(const State& state, Seat seat) const {
    return state.over() ? finished(state, seat) : standing(state, seat);
  }

  // A finished game: 1 for a win (a team's or the table's win counts for each of its seats),
  // plus, where the game keeps a score, a smaller share for a good place. Default: 1 for a
  // win, 0 otherwise.
  virtual double finished(const State& state, Seat seat) const { return won(state.outcome(), seat) ? 1.0 : 0.0; }

  // An unfinished game: the game's own measure of how well the seat stands. Default: 0.5.
  virtual double standing(const State& state, Seat seat) const {
    (void)state, (void)seat;
    return 0.5;
  }

  // The next move of a playout. Default: uniformly random among the legal moves of a seat to
  // act (side actions rarely, as random_move does).
  virtual std::optional<Move> playout_move(const State& state, Rng& rng) const { return random_move(state, rng); }

  // The moves a search compares for `seat` in `sample` (a state drawn from the seat's view),
  // the policy's own choice first; the search keeps only those in the seat's legal list.
  // Empty (the default): the search compares every listed action.
  virtual std::vector<Json> candidates(const State& sample, Seat seat, Rng& rng) const {
    (void)sample, (void)seat, (void)rng;
    return {};
  }

 protected:
  // Helpers for rewards.
  static bool won(const Outcome& o, Seat seat);
  // The seat's place among the scores in [0, 1]: 1 for the best, 0 for the worst, ties share.
  // `higher_better` is false for penalties (Dai Hugo's tails).
  static double place(const std::vector<std::int64_t>& scores, Seat seat, bool higher_better);
  // An integer of the outcome's details.stats (0 when absent).
  static std::int64_t stat(const Outcome& o, const char* key);
  // A finished game that keeps a score: 0.8 for a win, plus 0.2 times the seat's place.
  static double win_and_place(const Outcome& o, Seat seat, bool higher_better);
};

}  // namespace nyan
