// A digest of the bytes the server writes about matches, to show that a change kept every
// frame the same: random games of a game (fixed seeds and moves, spectators on), each action
// prepared and committed with a clock-like member, and every seat's and the spectators'
// snapshot (some answering a resync) every few actions; an FNV-1a digest of every frame in
// order. Two builds print the same line when their frames are the same bytes.
// usage: frame_digest [GAME] [ACTIONS]
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "protocol/drbg.h"
#include "rules/core/registry.h"
#include "server/room/match.h"

using namespace nyan;
using namespace nyan::server;

namespace {

struct Fnv {
  std::uint64_t h = 14695981039346656037ULL;
  long frames = 0, bytes = 0;
  void add(const std::string& s) {
    for (unsigned char c : s) h = (h ^ c) * 1099511628211ULL;
    h = (h ^ 0xff) * 1099511628211ULL;  // frames end apart
    ++frames;
    bytes += static_cast<long>(s.size());
  }
};

}  // namespace

int main(int argc, char** argv) {
  const std::string id = argc > 1 ? argv[1] : "oikake";
  const long actions = argc > 2 ? std::atol(argv[2]) : 20000;
  register_all_games();
  const Game* game = registry().find(id);
  if (!game) {
    std::fprintf(stderr, "frame_digest: unknown game %s\n", id.c_str());
    return 2;
  }
  Json options;
  (void)game->normalize_options(Json::object(), options);
  SplitMix pick(11);
  Fnv digest;
  long done = 0, games = 0;
  while (done < actions) {
    Match match(*game, options, "digest", "secret", static_cast<int>(games % 3) + 1,
                seed_from_number(static_cast<std::uint64_t>(games) + 1000));
    ++games;
    for (Seat s = 0; s < match.seat_count(); ++s) digest.add(*match.snapshot(s));
    digest.add(*match.snapshot(kSpectator));
    while (!match.over() && done < actions) {
      auto move = random_move(match.state(), pick);
      Match::Pending pending;
      const bool spectators = done % 3 != 0;
      if (!move || !match.prepare(move->seat, move->action, spectators, pending, /*by_bot=*/done % 5 == 0)) return 1;
      const std::string extra = done % 2 ? "\"clock\":{\"left\":[" + std::to_string(done) + "]}" : "";
      for (const Frame& f : match.commit(std::move(pending), extra).frames) digest.add(*f);
      ++done;
      if (done % 7 == 0) {
        const Seat s = static_cast<Seat>(done % (match.seat_count() + 1)) - 1;  // -1: the spectators
        digest.add(*match.snapshot(s < 0 ? kSpectator : s, done % 2 ? Json(done) : Json(), extra));
      }
    }
  }
  std::printf("frame_digest %s: %ld actions in %ld games, %ld frames, %ld bytes, fnv1a %016llx\n", id.c_str(), done,
              games, digest.frames, digest.bytes, static_cast<unsigned long long>(digest.h));
  return 0;
}
