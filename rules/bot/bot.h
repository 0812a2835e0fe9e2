// A bot that sees exactly what a client of its seat receives: the seat's view, its legal
// list, the game and its options, and a seed of its own. It never touches a true State, so
// it is fair by construction: two states that the seat cannot tell apart give it the same
// input, hence the same choice.
//
// The search is determinized flat Monte Carlo (information-set sampling): each round draws
// one state consistent with the view (Game::sample_from_view), then plays every candidate
// action once in it and the game on to its end (or the policy's horizon) with the game's
// playout policy (Game::bot_policy, rules/core/bot_policy.h); the action with the best mean
// reward wins, ties to the first in the legal list. A game whose policy names candidates
// (Kushine's and Double Hunt's do) has those compared, the policy's own choice first; every
// candidate of a round is then played on the same playout stream, and the policy's choice
// stands unless another candidate beats it by more than a standard error of their paired
// differences. Rounds go on until the playout
// budget is spent or the time cap is hit. Only one sample and one playout state live at a
// time: memory is bounded by two States and one reward per playout, whatever the budget.
#pragma once

#include <cstdint>
#include <vector>

#include "rules/core/game.h"

namespace nyan::bot {

struct Budget {
  // Playouts per decision, over all candidate actions: with no time cap hit, the choice
  // depends only on the input and this count.
  int playouts = 400;
  // Wall-time cap per decision in milliseconds (0: none). When it is hit the search stops
  // after the playout under way, and the choice may differ from one run to the next.
  int time_ms = 50;
};

struct Choice {
  Json action;             // one of the legal list
  int playouts = 0;        // spent
  int samples = 0;         // states drawn from the view
  bool timed_out = false;  // the time cap ended the search
  bool searched = false;   // false: one candidate, or no state could be drawn from the view
};

// The bot's decision for `seat`. `options` are normalized; `legal` must not be empty.
Choice choose(const Game& game, const Json& options, Seat seat, const Json& view, const std::vector<Json>& legal,
              std::uint64_t seed, const Budget& budget);

}  // namespace nyan::bot
