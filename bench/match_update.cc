// The server's per-action work without the network: Match::apply and Match::update (views,
// patches, hashes, legal actions, frames) for random games, in one thread. The games are
// the same on every run (seeds and moves from fixed numbers), so two builds can be compared.
// usage: match_update [GAME] [ACTIONS]
#include <chrono>
#include <ctime>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "protocol/drbg.h"
#include "rules/core/registry.h"
#include "server/room/match.h"

using namespace nyan;
using namespace nyan::server;

int main(int argc, char** argv) {
  const std::string id = argc > 1 ? argv[1] : "oikake";
  const long actions = argc > 2 ? std::atol(argv[2]) : 200000;
  register_all_games();
  const Game* game = registry().find(id);
  if (!game) {
    std::fprintf(stderr, "match_update: unknown game %s\n", id.c_str());
    return 2;
  }
  Json options;
  (void)game->normalize_options(Json::object(), options);
  SplitMix pick(7);
  long done = 0, games = 0, bytes = 0;
  const auto t0 = std::chrono::steady_clock::now();
  const std::clock_t c0 = std::clock();
  while (done < actions) {
    Match match(*game, options, "bench", "secret", 1, seed_from_number(static_cast<std::uint64_t>(games)));
    ++games;
    while (!match.over() && done < actions) {
      auto move = random_move(match.state(), pick);
      Match::Pending pending;  // what a room does: work the action out, then commit it
      if (!move || !match.prepare(move->seat, move->action, false, pending)) return 1;
      for (const Frame& f : match.commit(std::move(pending)).frames) bytes += static_cast<long>(f->size());
      ++done;
    }
  }
  const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  // CPU time beside wall time: on a busy machine the CPU figure is the steadier one.
  const double cpu = static_cast<double>(std::clock() - c0) / CLOCKS_PER_SEC;
  std::printf("match_update %s: %ld actions in %ld games, %.2f us per action (CPU %.2f us), %.0f bytes of frames per action\n",
              id.c_str(), done, games, s * 1e6 / static_cast<double>(done), cpu * 1e6 / static_cast<double>(done),
              static_cast<double>(bytes) / static_cast<double>(done));
  return 0;
}
