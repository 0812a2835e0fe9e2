// Replays of finished games: every view of one audience (a seat or the spectators), step by
// step, recomputed by the engine from the game's record (options, seed, moves). Once a game
// is over nothing in it is secret any more, so any seat's views may be shown to anyone.
//
// The work of one request is bounded: the record's moves are applied once (a record holds
// only moves the server accepted), and views are made for at most kReplayWindow steps, the
// first in full and each later one as a patch from the one before.
#pragma once

#include <optional>
#include <string>

#include "rules/core/types.h"

namespace nyan::server {

inline constexpr int kReplayWindow = 1000;

// Steps are numbered from 0 (the deal, before any move) to the number of moves (the end).
// The answer covers steps [from, from + kReplayWindow) as JSON text:
//   {"from", "game", "game_no", "seat", "steps" (the game's total), "outcome",
//    "view" (at `from`), "patches" (patch i turns step from+i into from+i+1),
//    "moves" (move i leads from step from+i to from+i+1), "hashes" and "to_act" (one per
//    step of the window), "next" (the first step after the window, or null)}.
// nullopt when the record does not replay, the seat does not exist or `from` is past the end.
std::optional<std::string> replay_views(const std::string& record_text, Seat seat, int from);

}  // namespace nyan::server
