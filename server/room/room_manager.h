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
#include "server/room/records.h"

namespace nyan::server {

class Room;

class RoomManager {
 public:
  RoomManager(boost::asio::io_context& ioc, Journal& journal, const Config& config);

  // A new room with a fresh code; nullptr when the server holds max_rooms already.
  std::shared_ptr<Room> create(const Game& game, Json options);
  // nullptr for an unknown (or closed) code.
  std::shared_ptr<Room> find(const std::string& code) const;
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
  BotPool& bots() { return bots_; }

  // Called on a room's strand after each record a room applies (tests compare the live room
  // with one rebuilt from its journal, record by record); empty in the server.
  std::function<void(const Room&, const Record&)> applied;

 private:
  enum class Restored { ok, broken, expired };
  Restored restore_one(StoredRoom& stored);

  boost::asio::io_context& ioc_;
  Journal& journal_;
  const Config& config_;
  mutable std::mutex mu_;
  std::unordered_map<std::string, std::shared_ptr<Room>> rooms_;
  std::atomic<int> pausing_{0};
  // Last, so it stops first: its jobs hold rooms, and its threads post to their strands.
  BotPool bots_;
};

}  // namespace nyan::server
