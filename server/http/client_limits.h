// What one client may hold and do, so that no stranger can crowd the server: connections
// (HTTP and WebSocket together), room creations per minute, failed room lookups per minute
// (a room code is a secret: guessing is what these count), HTTP requests per second. Also the
// server-wide connection count, taken for every accepted socket the moment it is accepted.
// Thread-safe: every connection's strand calls in.
#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>

#include "protocol/rate_limit.h"
#include "server/common/config.h"
#include "server/common/metrics.h"

namespace nyan::server {

class ClientLimits {
  struct Counts;

 public:
  explicit ClientLimits(const Config& config);

  // One accepted socket, counted until it is destroyed (it moves from the HTTP session to the
  // WebSocket session). Empty when the socket was refused.
  class Slot {
   public:
    Slot() = default;
    Slot(Slot&& other) noexcept { *this = std::move(other); }
    Slot& operator=(Slot&& other) noexcept;
    ~Slot() { release(); }
    explicit operator bool() const { return limits_ != nullptr; }
    // The key the client is counted under (client_key()).
    const std::string& client() const { return client_; }
    // Counts this socket under another client (the one a trusted proxy names); false, leaving
    // it where it was, when that client already holds its limit.
    bool move_to(const std::string& client);

   private:
    friend class ClientLimits;
    void release();
    ClientLimits* limits_ = nullptr;
    // The counts outlive the ClientLimits while a slot holds them: at shutdown the io_context
    // destroys pending handlers, and the sessions in them, after the server's context is gone.
    std::shared_ptr<Counts> counts_;
    std::string client_;
    bool counted_ = false;  // against client_'s connection limit (not for a proxy's own socket)
  };

  // Takes a slot for a socket from `client`; `proxy`: the peer is a trusted proxy, whose own
  // connections count only against the server-wide limit (its clients are counted once their
  // requests name them). On refusal `why` says which limit held.
  Slot admit(const std::string& client, bool proxy, Refusal& why);

  // Each takes one of the client's allowances; false when it has none left.
  bool create_room(const std::string& client);
  // A request for one of the files a page loads (`asset`, see is_page_asset) costs a tenth of
  // one: a page is one document and a few dozen files, fetched again on every navigation, and
  // a household on one address opening the same link at once must not be refused half a page.
  bool http_request(const std::string& client, bool asset = false);
  static constexpr double kAssetShare = 0.1;
  // False while the client has used up its failed lookups; lookup_failed() uses one.
  bool may_look_up(const std::string& client);
  void lookup_failed(const std::string& client);

  std::size_t connections() const;
  std::size_t tracked_clients() const;

 private:
  using Clock = TokenBucket::Clock;
  struct Entry {
    int connections = 0;
    TokenBucket creates, lookups, http;
    Clock::time_point last_used;
    explicit Entry(const Config& c);
  };
  using Clients = std::unordered_map<std::string, Entry>;
  struct Counts {
    std::mutex mu;
    std::size_t connections = 0;
    Clients clients;
  };
  // The client's entry (made if new; the shared one when the table is full). counts_->mu held.
  Clients::iterator entry(const std::string& client, Clock::time_point now);
  void forget_idle(Clock::time_point now);  // counts_->mu held

  const Config& config_;
  std::shared_ptr<Counts> counts_;
};

}  // namespace nyan::server
