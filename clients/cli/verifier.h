// Independent verification of a finished game, from what a client saw: re-derives the
// whole game from the revealed seed and the record's moves with the rules engines, then
// checks every frame the client received against that replay (view hashes, legal actions,
// whose turn, openings) and every opening against its commitment.
#pragma once

#include <string>
#include <vector>

#include "rules/core/types.h"

namespace nyan::cli {

struct VerifyReport {
  int frames = 0;          // snapshots and updates of the recorded game that were checked
  int openings = 0;        // openings checked against their commitments and the replay
  int moves = 0;           // moves replayed from the seed
  std::vector<std::string> problems;
  bool ok() const { return problems.empty(); }
};

// `record`: the game's record (game, options, game_no, seed, seed_hash, rules, moves, outcome), as
// sent at game over and served at /api/rooms/{code}/transcript. `messages`: what one
// connection received (may be empty), for seat `seat` (kSpectator for a spectator).
VerifyReport verify_game(const Json& record, const std::vector<Json>& messages, int seat);

}  // namespace nyan::cli
