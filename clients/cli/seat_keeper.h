// Keeping a seat when the server goes away: reconnecting with the seat's token, through the
// proxy, until the room is served again. Used by `play` and `bot`.
//
// A room can move: a server that stops hands its rooms over (close 1012) and one that lost a
// room to another replica says so (close 4100, its reason naming the replica that serves it,
// which the next connection names as /ws?room=CODE&replica=NAME for the proxy). Whatever the
// close, the client tries again at once, then after waits that double up to two seconds,
// each drawn at random between half and all of it (jitter: a room's players, and every room
// of a server that stopped, do not come back in step).
#pragma once

#include <chrono>
#include <functional>
#include <memory>
#include <random>
#include <string>

#include "clients/cli/connection.h"
#include "clients/cli/game_client.h"

namespace nyan::cli {

class SeatKeeper {
 public:
  SeatKeeper(ServerAddress server, std::chrono::seconds patience);

  // The address for a connection to `room` (empty: a new room), with the replica last named.
  std::string path(const std::string& room) const { return ws_path(room, replica_); }
  // Connects `conn` (made anew) for `room`.
  bool connect(std::unique_ptr<Connection>& conn, const std::string& room, std::string& error);
  // Reads what the connection's close said (the replica that serves the room now, if any).
  void closed(const Connection& conn);

  // The connection was lost: reconnects and takes the seat back with its token, for at most
  // `patience`. `waiting(attempt, wait)` is told before each wait (a player sees that the
  // table is coming back). False with `error` when the time ran out.
  bool recover(GameClient& client, std::unique_ptr<Connection>& conn, std::string& error,
               const std::function<void(int attempt, std::chrono::milliseconds wait)>& waiting = {});

 private:
  std::chrono::milliseconds next_wait(int attempt);

  ServerAddress server_;
  std::chrono::seconds patience_;
  std::string replica_;  // named by the last 4100 close
  std::mt19937 rng_;
};

}  // namespace nyan::cli
