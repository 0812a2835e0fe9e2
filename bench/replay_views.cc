// What one replay request costs the server: replay_views (the engine replays a finished
// game's record and makes a view, a patch and a hash for every step of the window) for
// random finished games, for one seat, in one thread. The games are the same on every run.
// usage: replay_views [GAME] [GAMES]
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <string>

#include "protocol/drbg.h"
#include "rules/core/registry.h"
#include "server/room/match.h"
#include "server/room/replay.h"

using namespace nyan;
using namespace nyan::server;

int main(int argc, char** argv) {
  const std::string id = argc > 1 ? argv[1] : "oikake";
  const int games = argc > 2 ? std::atoi(argv[2]) : 200;
  register_all_games();
  const Game* game = registry().find(id);
  if (!game) {
    std::fprintf(stderr, "replay_views: unknown game %s\n", id.c_str());
    return 2;
  }
  Json options;
  (void)game->normalize_options(Json::object(), options);
  SplitMix pick(7);
  // The records first (not timed): random games played to the end.
  std::vector<std::string> records;
  long steps = 0;
  for (int g = 0; g < games; ++g) {
    Match match(*game, options, "bench", "secret", 1, seed_from_number(static_cast<std::uint64_t>(g)));
    while (!match.over()) {
      auto move = random_move(match.state(), pick);
      if (!move || !match.replay(move->seat, move->action)) return 1;
    }
    records.push_back(match.record_text());
    steps += std::min<long>(kReplayWindow, static_cast<long>(match.moves().size()) + 1);
  }
  long bytes = 0;
  const auto t0 = std::chrono::steady_clock::now();
  const std::clock_t c0 = std::clock();
  for (const std::string& r : records) {
    auto out = replay_views(r, 0, 0);
    if (!out) return 1;
    bytes += static_cast<long>(out->size());
  }
  const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  const double cpu = static_cast<double>(std::clock() - c0) / CLOCKS_PER_SEC;
  std::printf("replay_views %s: %d games, %.1f steps per game, %.2f ms per request (CPU %.2f ms), %.1f us per step, %.0f bytes per request\n",
              id.c_str(), games, static_cast<double>(steps) / games, s * 1e3 / games, cpu * 1e3 / games,
              cpu * 1e6 / static_cast<double>(steps), static_cast<double>(bytes) / games);
  return 0;
}
