// Test clients for a real server: players and spectators that verify as they go, a driver
// that plays a complete game with random legal moves, and an independent check of every
// frame a client received against a replay of the finished game's record.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "clients/cli/connection.h"
#include "clients/cli/game_client.h"
#include "rules/core/rng.h"

namespace nyan::test {

struct Player {
  cli::Connection conn;
  cli::GameClient client{conn};
  int acted_version = -1;
  int acted_game = -1;
};

// Connects to 127.0.0.1:port (or `server`: wss:// for one over TLS; at `path`, such as a room's
// /ws?room=CODE) and says hello (fails the test otherwise). Records every message it receives.
std::unique_ptr<Player> connect_player(unsigned short port, const std::string& path = "/ws");
std::unique_ptr<Player> connect_player(const cli::ServerAddress& server, const std::string& path = "/ws");

// Creates a room of `game` with `options`; the first player hosts (seat 0), the others join,
// `spectators` watch. Returns the room code. Does not start.
std::string open_room(std::vector<Player*> seats, std::vector<Player*> spectators, const std::string& game,
                      const Json& options);

// The host starts; then every seated player acts with random legal moves whenever the
// game waits for it, until the game is over for everyone (fails the test on timeout).
// `between` runs after every accepted action (tests disturb the game there).
void play_to_end(std::vector<Player*> seats, std::vector<Player*> spectators, Rng& rng,
                 const std::function<void(int actions)>& between = {}, int timeout_s = 60);
// The same for a game that has already been started (a rematch, or one restored from a journal).
void play_until_over(std::vector<Player*> seats, std::vector<Player*> spectators, Rng& rng,
                     const std::function<void(int actions)>& between = {}, int timeout_s = 60);

// Sends `message` and returns the answer's type, or "error:<code>" for a refusal (fails the
// test when no answer comes).
std::string answer_to(Player& p, const Json& message);

// Reconnects a player to a (restarted) server with its token, trying for up to 10 s.
void rejoin(Player& p, unsigned short port);

// Pumps every player until no message arrives for `quiet_ms`.
void settle(std::vector<Player*> all, int quiet_ms = 100);

// Checks every snapshot and update in `messages` (what one connection received) against an
// independent replay of `record` with cli::verify_game (view hashes, legal actions, whose
// turn, openings owed to `seat`, no seed before the end, no unexplained fields); fails the
// test on any problem and returns the number of frames checked.
int check_frames(const std::vector<Json>& messages, int seat, const Json& record);

}  // namespace nyan::test
