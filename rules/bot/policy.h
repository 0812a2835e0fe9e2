// What the search needs to know of each game: how a playout moves, how far it goes, and how
// good its end is for a seat. Everything here reads only the public State interface of the
// bot's own sampled states.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "rules/core/random_move.h"
#include "rules/core/state.h"

namespace nyan::bot {

// How many moves a playout makes before it is scored as it stands (0: to the end of the
// game). Long games (Dai Hugo's matches, Double Hunt's up to 200 turns) are cut short: a few
// hundred random moves say little more than the next few dozen, and cost far more playouts.
// Double Hunt's policy plays about six turns in 20 moves, and the teams' hands after them
// tell the moves apart. Kushine's policy plays a game out in about 80 moves, and
// only the end (all four types boarded, or the loss) tells a good move from a bad one: it
// plays to the end.
int horizon(const std::string& game, const Json& options);

// The reward of a playout for `seat`, in [0, 1]. A finished game: 1 for a win (a team's or
// the table's win counts for each of its seats), plus a smaller share for a good place where
// the game keeps a score. An unfinished one (cut at the horizon): the game's own measure of
// how well the seat stands (its tails, its team's score, its VP, the ship's progress).
double reward(const std::string& game, const State& state, Seat seat);

// The next move of a playout. Kushine and Double Hunt: the game's own policy
// (rules/bot/policy_kushine.h, policy_doublehunt.h); the others: uniformly random among the
// legal moves of a seat to act (side actions rarely, as random_move does).
std::optional<Move> playout_move(const std::string& game, const State& state, Rng& rng);

// The candidates a search compares for `seat`, as indices into `legal`, the policy's own
// choice first. `sample` is a state drawn from the seat's view, so it shows the seat exactly
// that view and `legal`. Empty for a game without a policy of its own: the search then
// compares every listed action (side actions only when there is nothing else).
std::vector<std::size_t> shortlist(const std::string& game, const State& sample, Seat seat,
                                   const std::vector<Json>& legal, Rng& rng);

}  // namespace nyan::bot
