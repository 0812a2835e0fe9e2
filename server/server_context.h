// What every connection needs from the server: configuration, rooms, the journal, the
// registry of live sessions (for shutdown) and the ready flag.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <unordered_map>

#include "server/client_address.h"
#include "server/client_limits.h"
#include "server/config.h"
#include "server/journal.h"
#include "server/room_manager.h"

namespace nyan::server {

class Room;
class WsSession;

// A room looked up by the code a client typed.
struct RoomLookup {
  std::shared_ptr<Room> room;  // null: no such room (or closed)
  bool limited = false;        // refused: the client used up its failed lookups
};

struct ServerContext {
  ServerContext(const Config& c, RoomManager& r, Journal& j, std::string web)
      : config(c),
        rooms(r),
        journal(j),
        web_root(std::move(web)),
        limits(c),
        trusted_proxies(parse_ranges(c.trusted_proxy).value_or(std::vector<AddressRange>{})) {}

  const Config& config;
  RoomManager& rooms;
  Journal& journal;
  std::string web_root;
  ClientLimits limits;
  const std::vector<AddressRange> trusted_proxies;
  std::atomic<bool> stopping{false};

  // Every lookup of a room by a code a client typed goes through here (WebSocket and HTTP
  // alike), so that the limit on failed lookups holds everywhere: once `client` has used up
  // its failed lookups, every lookup is refused, found or not (answering the found ones would
  // tell a guesser which codes exist). A code that names no room uses one up.
  RoomLookup look_up_room(const std::string& client, const std::string& typed_code);

  // Live WebSocket sessions, so shutdown can close each with a proper close code.
  std::uint64_t add_session(const std::shared_ptr<WsSession>& s);
  void remove_session(std::uint64_t id);
  void for_each_session(const std::function<void(const std::shared_ptr<WsSession>&)>& fn);
  std::size_t session_count();

 private:
  std::mutex mu_;
  std::uint64_t next_id_ = 1;
  std::unordered_map<std::uint64_t, std::weak_ptr<WsSession>> sessions_;
};

}  // namespace nyan::server
