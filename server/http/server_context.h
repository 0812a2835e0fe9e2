// What every connection needs from the server: configuration, rooms, the journal, the TLS
// context, the registry of live sessions (for shutdown) and the ready flag.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <unordered_map>

#include "server/common/client_address.h"
#include "server/http/client_limits.h"
#include "server/common/config.h"
#include "server/journal/journal.h"
#include "server/room/room_manager.h"
#include "server/http/static_files.h"
#include "server/net/tls_context.h"

namespace nyan::server {

class WsSession;

struct ServerContext {
  ServerContext(const Config& c, RoomManager& r, Journal& j, StaticFiles& w)
      : config(c),
        rooms(r),
        journal(j),
        web(w),
        limits(c),
        trusted_proxies(parse_ranges(c.trusted_proxy).value_or(std::vector<AddressRange>{})) {}

  const Config& config;
  RoomManager& rooms;
  Journal& journal;
  StaticFiles& web;  // the browser client's files (web.root() empty: none installed)
  ClientLimits limits;
  const std::vector<AddressRange> trusted_proxies;
  // The TLS context new connections use (empty: plain HTTP only); SIGHUP replaces it.
  TlsContexts tls;
  std::atomic<bool> stopping{false};

  // A number for a new connection, so that its log lines can be told apart.
  std::uint64_t next_connection_id() { return next_id_++; }
  // Live WebSocket sessions, so shutdown can close each with a proper close code.
  std::uint64_t add_session(const std::shared_ptr<WsSession>& s);
  void remove_session(std::uint64_t id);
  void for_each_session(const std::function<void(const std::shared_ptr<WsSession>&)>& fn);
  std::size_t session_count();

 private:
  std::mutex mu_;
  std::atomic<std::uint64_t> next_id_{1};
  std::unordered_map<std::uint64_t, std::weak_ptr<WsSession>> sessions_;
};

}  // namespace nyan::server
