// The search bot's playout policy on its own (Game::bot_policy): whole games in which the
// listed seats move by the policy and the others at random, with no search. It shows what
// the playouts of a search are made of: how often the policy's seats win, and what one of
// its moves costs.
//
//   bot_policy GAME [GAMES] [SEATS] [OPTIONS]
//   bot_policy kushine 1000 0,1,2 '{"players":3}'
//
// SEATS: the policy's seats, e.g. 0,2 (default: every seat). Games are seeded 1..GAMES.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <string>
#include <vector>

#include "rules/core/bot_policy.h"
#include "rules/core/registry.h"

using namespace nyan;

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: bot_policy GAME [GAMES] [SEATS] [OPTIONS]\n");
    return 2;
  }
  register_all_games();
  const std::string id = argv[1];
  const long games = argc > 2 ? std::atol(argv[2]) : 1000;
  const Game* g = registry().find(id);
  if (!g) {
    std::fprintf(stderr, "unknown game %s\n", id.c_str());
    return 2;
  }
  const Json given = argc > 4 ? Json::parse(argv[4], nullptr, false) : Json::object();
  Json opts;
  if (given.is_discarded() || !g->normalize_options(given, opts)) {
    std::fprintf(stderr, "bad options\n");
    return 2;
  }
  const int seats = g->type().seat_count(opts);
  std::vector<bool> policy(static_cast<std::size_t>(seats), argc <= 3);
  if (argc > 3)
    for (const char* p = argv[3]; *p; ++p)
      if (*p >= '0' && *p <= '9' && *p - '0' < seats) policy[static_cast<std::size_t>(*p - '0')] = true;

  long policy_wins = 0, policy_moves = 0, actions = 0, errors = 0;
  double policy_seconds = 0;
  std::map<std::string, long> reasons;
  for (long i = 1; i <= games; ++i) {
    auto state = g->start(opts, std::make_unique<SplitMix>(static_cast<std::uint64_t>(i)));
    SplitMix rng(static_cast<std::uint64_t>(i) * 7919);
    while (!state->over()) {
      const std::vector<Seat> acting = state->to_act();
      const Seat seat = acting.front();
      std::optional<Move> move;
      if (policy[static_cast<std::size_t>(seat)]) {
        const auto t0 = std::chrono::steady_clock::now();
        move = g->bot_policy().playout_move(*state, rng);
        policy_seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        ++policy_moves;
      } else {
        move = random_move_of(*state, seat, rng);
      }
      if (!move || !state->apply(move->seat, move->action)) {
        ++errors;
        break;
      }
      ++actions;
    }
    if (!state->over()) continue;
    const Outcome o = state->outcome();
    ++reasons[o.reason];
    for (Seat w : o.winners)
      if (policy[static_cast<std::size_t>(w)]) {
        ++policy_wins;
        break;
      }
  }
  std::printf("game %s, %ld games: the policy's seats win %.1f%%, %.1f actions per game, %.1f us per policy move, "
              "errors %ld\n",
              id.c_str(), games, 100.0 * static_cast<double>(policy_wins) / static_cast<double>(games),
              static_cast<double>(actions) / static_cast<double>(games),
              policy_moves ? 1e6 * policy_seconds / static_cast<double>(policy_moves) : 0.0, errors);
  for (const auto& [reason, n] : reasons) std::printf("  %-20s %6ld\n", reason.c_str(), n);  // outcome reasons
  return errors ? 1 : 0;
}
