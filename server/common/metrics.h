// Process-wide counters, exposed at /metrics in the Prometheus text format. Everything is a
// lock-free atomic so any strand may count without coordination. The page also carries the
// process figures of the Prometheus conventions (process_*, read from /proc at each scrape)
// and nyanhall_build_info with the version.
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "protocol/errors.h"

namespace nyan::server {

// Why a client was refused (metrics count each).
enum class Refusal {
  connections,             // the server holds --max-connections sockets
  client_connections,      // this client holds --max-client-connections
  client_creates,          // this client created --max-client-rooms-per-minute rooms
  client_lookups,          // this client looked up --max-client-lookup-failures-per-minute unknown rooms
  client_http_rate,        // this client exceeded --max-client-http-per-second
  origin,                  // a WebSocket upgrade from a page of another site (--allowed-origins)
  rooms,                   // the server holds --max-rooms rooms
};
inline constexpr int kRefusalCount = static_cast<int>(Refusal::rooms) + 1;
const char* refusal_name(Refusal r);

enum class RoomPhase { lobby, playing, over, broken };
inline constexpr int kRoomPhases = 4;

// HTTP requests are counted by route, the template of the path and never the path itself, so
// the label set stays small whatever clients ask for.
enum class HttpRoute { healthz, readyz, metrics, games, room, transcript, replay, share_link, static_file, websocket, other };
inline constexpr int kHttpRoutes = 11;
// The statuses the server answers with; anything else is counted as "other".
inline constexpr std::array<unsigned, 15> kHttpStatuses = {101, 200, 304, 308, 400, 403, 404, 405, 409, 413, 429, 500, 501, 503, 0};

class Histogram {
 public:
  explicit Histogram(std::vector<double> bounds);
  void observe(double value);
  std::string render(const std::string& name, const std::string& help) const;

 private:
  std::vector<double> bounds_;
  std::vector<std::atomic<std::uint64_t>> counts_;  // one per bound, plus +Inf
  std::atomic<std::uint64_t> total_{0};
  std::atomic<std::uint64_t> sum_micros_{0};
};

class Metrics {
 public:
  // The game ids to label room gauges with (fixed after start).
  void set_games(const std::vector<std::string>& ids);

  void room_entered(const std::string& game, RoomPhase phase);
  void room_left(const std::string& game, RoomPhase phase);

  void error(ProtoError e) { errors_[static_cast<int>(e)]++; }
  void refused(Refusal r) { refusals_[static_cast<int>(r)]++; }
  void http_request(HttpRoute route, unsigned status);

  std::atomic<long> connections{0};
  std::atomic<long> connections_total{0};
  std::atomic<long> connections_moved{0};  // to the I/O thread of the room they named
  std::atomic<long> messages_in{0};
  std::atomic<long> messages_out{0};
  std::atomic<long> bytes_in{0};
  std::atomic<long> bytes_out{0};
  std::atomic<long> actions{0};
  std::atomic<long> resyncs{0};
  std::atomic<long> slow_consumers{0};
  std::atomic<long> journal_batches{0};
  std::atomic<long> journal_records{0};
  std::atomic<long> journal_failures{0};
  // The shared journal's leases (journal/leases.h; zero with a journal of one server's own).
  std::atomic<long> leases_held{0};
  std::atomic<long> lease_takeovers{0};  // claims that raised the epoch: from another replica, or lapsed
  std::atomic<long> fenced_appends{0};   // appends refused because the lease was no longer this replica's
  std::atomic<long> bot_moves{0};        // moves made by bots (bot seats, stand-ins, clocks run out)
  std::atomic<long> bot_queue_full{0};   // bot decisions that found the pool's queue full
  std::atomic<long> clock_timeouts{0};   // decisions whose clock ran out
  // TLS (zero and, for the certificate, left out when the server speaks plain HTTP only).
  std::atomic<long> tls_handshake_failures{0};
  std::atomic<long> tls_reloads{0};
  std::atomic<long> tls_reload_failures{0};
  std::atomic<long> tls_certificate_not_after{0};  // Unix seconds; 0: no certificate
  // One round trip to a networked journal (a batch, a claim, a renewal).
  Histogram journal_round_trip_seconds{{0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1,
                                        0.25, 1, 5}};
  Histogram action_seconds{{0.00005, 0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05,
                            0.1, 0.25, 1}};

  std::string render() const;

 private:
  std::map<std::string, std::array<std::atomic<long>, kRoomPhases>> rooms_;
  std::array<std::atomic<long>, kProtoErrorCount> errors_{};
  std::array<std::atomic<long>, kRefusalCount> refusals_{};
  std::array<std::array<std::atomic<long>, kHttpStatuses.size()>, kHttpRoutes> http_{};
};

Metrics& metrics();

}  // namespace nyan::server
