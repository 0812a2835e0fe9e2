// Holds every room by code. Lookups come from any connection's strand, so the map is
// guarded by a mutex; everything else about a room happens on the room's own strand.
#pragma once

#include <boost/asio/io_context.hpp>
#include <atomic>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>

#include "rules/core/game.h"
#include "server/room/bot_pool.h"
#include "server/common/config.h"
#include "server/journal/journal.h"
#include "server/net/io_pool.h"
#include "server/room/records.h"

namespace nyan::server {

class Room;

class RoomManager {
 public:
  // Rooms run on the pool's contexts: a new one on its creator's, a restored one on the next.
  RoomManager(IoPool& io, Journal& journal, const Config& config);

  // A new room with a fresh code, run on the context of `near` (the creating connection's
  // executor: the room's moves and frames then stay on its thread) or the pool's next;
  // nullptr when the server holds max_rooms already.
  std::shared_ptr<Room> create(const Game& game, Json options, const boost::asio::any_io_executor& near = {});
  // nullptr for an unknown (or closed) code, or a room this server does not hold.
  std::shared_ptr<Room> find(const std::string& code) const;

  // The room `code` for a request (a join, a reconnect, a transcript): one held here, or, with a
  // shared journal, one claimed from it and restored by applying its records (taken over from a
  // replica that died, drained or lost its lease). `done` runs once, on any thread.
  struct Acquired {
    std::shared_ptr<Room> room;  // null: see below
    std::string elsewhere;       // another live replica serves it: its --node name
    bool unavailable = false;    // the journal could not be asked: try again
  };
  void acquire(const std::string& code, std::function<void(Acquired)> done);
  void remove(const std::string& code);
  std::size_t size() const;

  struct RestoreSummary {
    int restored = 0;
    int broken = 0;
  };
  // Rebuilds every room the journal holds, on `threads` threads. A room that fails to
  // replay is left out with one log line; the others come back.
  RestoreSummary restore_all(int threads);

  // The server stops: every room journals the time its running clocks have left (see
  // Room::pause_clocks); clocks_pausing() counts the rooms still writing.
  void pause_clocks();
  int clocks_pausing() const { return pausing_.load(); }

  Journal& journal() { return journal_; }
  IoPool& io() { return io_; }
  BotPool& bots() { return bots_; }

  // Called on a room's strand after each record a room applies (tests compare the live room
  // with one rebuilt from its journal, record by record); empty in the server.
  std::function<void(const Room&, const Record&)> applied;

 private:
  enum class Restored { ok, broken, expired };
  Restored restore_one(StoredRoom& stored);
  // The shared journal says this server no longer serves room `code` (its lease was taken or
  // lapsed): the room closes its connections with the reconnect code and leaves memory.
  void lost(const std::string& code);
 public:
  // A room that lost its lease has finished its last write: `code` may be claimed again.
  void left(const std::string& code, const Room* room);

 private:

  IoPool& io_;
  Journal& journal_;
  const Config& config_;
  mutable std::mutex mu_;
  std::unordered_map<std::string, std::shared_ptr<Room>> rooms_;
  // Claims under way, and who waits for each (a second request for a room being claimed does
  // not claim it again).
  std::unordered_map<std::string, std::vector<std::function<void(Acquired)>>> claiming_;
  // Rooms that lost their lease and are finishing their last write: not served, not claimed.
  std::unordered_map<std::string, std::shared_ptr<Room>> leaving_;
  std::atomic<int> pausing_{0};
  // Last, so it stops first: its jobs hold rooms, and its threads post to their strands.
  BotPool bots_;
};

}  // namespace nyan::server
