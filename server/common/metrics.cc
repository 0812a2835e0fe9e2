#include "server/common/metrics.h"

#include <unistd.h>

#include <cstdio>
#include <sstream>

#include "protocol/messages.h"
#include "protocol/version.h"
#include "server/common/proc_stat.h"

namespace nyan::server {

const char* refusal_name(Refusal r) {
  switch (r) {
    case Refusal::connections: return "connections";
    case Refusal::client_connections: return "client_connections";
    case Refusal::client_creates: return "client_rooms_per_minute";
    case Refusal::client_lookups: return "client_lookup_failures_per_minute";
    case Refusal::client_http_rate: return "client_http_per_second";
    case Refusal::origin: return "origin";
    case Refusal::rooms: return "rooms";
  }
  return "unknown";
}

namespace {
const char* phase_name(int p) {
  static const char* names[kRoomPhases] = {"lobby", "playing", "over", "broken"};
  return names[p];
}

const char* route_name(int r) {
  // In HttpRoute's order.
  static const char* names[kHttpRoutes] = {"/healthz",         "/readyz",
                                           "/metrics",         "/api/games",
                                           "/api/rooms/{code}", "/api/rooms/{code}/transcript",
                                           "/api/rooms/{code}/replay", "/r/{code}",
                                           "/{file}",          "/ws",
                                           "other"};
  return names[r];
}

std::string number(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", v);
  return buf;
}

// Seconds since the epoch need all their digits ("%g" would round them to six).
std::string fixed(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.3f", v);
  return buf;
}
}  // namespace

Histogram::Histogram(std::vector<double> bounds) : bounds_(std::move(bounds)), counts_(bounds_.size() + 1) {}

void Histogram::observe(double value) {
  std::size_t i = 0;
  while (i < bounds_.size() && value > bounds_[i]) ++i;
  counts_[i]++;
  total_++;
  sum_micros_ += static_cast<std::uint64_t>(value * 1e6);
}

std::string Histogram::render(const std::string& name, const std::string& help) const {
  std::ostringstream o;
  o << "# HELP " << name << " " << help << "\n# TYPE " << name << " histogram\n";
  std::uint64_t cumulative = 0;
  for (std::size_t i = 0; i < bounds_.size(); ++i) {
    cumulative += counts_[i];
    o << name << "_bucket{le=\"" << number(bounds_[i]) << "\"} " << cumulative << "\n";
  }
  cumulative += counts_[bounds_.size()];
  o << name << "_bucket{le=\"+Inf\"} " << cumulative << "\n";
  o << name << "_sum " << number(static_cast<double>(sum_micros_) / 1e6) << "\n";
  o << name << "_count " << total_ << "\n";
  return o.str();
}

void Metrics::set_games(const std::vector<std::string>& ids) {
  for (const auto& id : ids) rooms_[id];  // creates zeroed gauges
}

void Metrics::room_entered(const std::string& game, RoomPhase phase) {
  if (auto it = rooms_.find(game); it != rooms_.end()) it->second[static_cast<int>(phase)]++;
}

void Metrics::room_left(const std::string& game, RoomPhase phase) {
  if (auto it = rooms_.find(game); it != rooms_.end()) it->second[static_cast<int>(phase)]--;
}

void Metrics::http_request(HttpRoute route, unsigned status) {
  std::size_t i = 0;
  while (i + 1 < kHttpStatuses.size() && kHttpStatuses[i] != status) ++i;
  http_[static_cast<int>(route)][i]++;
}

std::string Metrics::render() const {
  std::ostringstream o;
  auto metric = [&](const char* name, const char* help, const std::string& v, const char* type) {
    o << "# HELP " << name << " " << help << "\n# TYPE " << name << " " << type << "\n" << name << " " << v << "\n";
  };
  auto counter = [&](const char* name, const char* help, long v, const char* type = "counter") {
    metric(name, help, std::to_string(v), type);
  };
  const ProcStat self = read_proc(static_cast<int>(::getpid()));
  metric("process_cpu_seconds_total", "Total user and system CPU time spent in seconds", fixed(self.cpu_seconds),
         "counter");
  metric("process_resident_memory_bytes", "Resident memory size in bytes", std::to_string(self.rss_kib * 1024), "gauge");
  metric("process_open_fds", "Number of open file descriptors", std::to_string(self.open_fds), "gauge");
  if (self.max_fds > 0)
    metric("process_max_fds", "Maximum number of open file descriptors", std::to_string(self.max_fds), "gauge");
  metric("process_start_time_seconds", "Start time of the process since the Unix epoch in seconds",
         fixed(self.start_time_seconds), "gauge");
  o << "# HELP nyanhall_build_info The running release (always 1)\n# TYPE nyanhall_build_info gauge\n"
    << "nyanhall_build_info{version=\"" << kVersion << "\",protocol=\"" << kProtocolVersion << "\"} 1\n";
  counter("nyanhall_connections", "Open WebSocket connections", connections, "gauge");
  counter("nyanhall_connections_total", "WebSocket connections accepted", connections_total);
  counter("nyanhall_connections_moved_total", "WebSocket connections moved to the I/O thread of the room they named",
          connections_moved);
  counter("nyanhall_messages_in_total", "Messages received from clients", messages_in);
  counter("nyanhall_messages_out_total", "Messages sent to clients", messages_out);
  counter("nyanhall_bytes_in_total", "Bytes received in WebSocket messages", bytes_in);
  counter("nyanhall_bytes_out_total", "Bytes sent in WebSocket messages", bytes_out);
  counter("nyanhall_actions_total", "Game actions accepted", actions);
  counter("nyanhall_resyncs_total", "Snapshots sent on a client's resync request", resyncs);
  counter("nyanhall_slow_consumers_total", "Connections closed because they could not keep up", slow_consumers);
  counter("nyanhall_journal_batches_total", "Journal commits (each may hold several rooms' records)", journal_batches);
  counter("nyanhall_journal_records_total", "Journal records made durable", journal_records);
  counter("nyanhall_journal_failures_total", "Journal commits that failed", journal_failures);
  counter("nyanhall_leases_held", "Rooms whose lease in the shared journal this replica holds", leases_held, "gauge");
  counter("nyanhall_lease_takeovers_total",
          "Rooms claimed from another replica or after their lease lapsed or was released (the epoch went up)",
          lease_takeovers);
  counter("nyanhall_fenced_appends_total", "Appends refused because this replica no longer held the room's lease",
          fenced_appends);
  counter("nyanhall_bot_moves_total", "Moves made by bots (bot seats, stand-ins for gone players, clocks run out)",
          bot_moves);
  counter("nyanhall_bot_queue_full_total", "Bot decisions put off because the bot threads' queue was full",
          bot_queue_full);
  counter("nyanhall_clock_timeouts_total", "Decisions whose turn clock ran out", clock_timeouts);
  counter("nyanhall_tls_handshake_failures_total", "TLS connections that ended before their handshake completed",
          tls_handshake_failures);
  counter("nyanhall_tls_reloads_total", "Certificate reloads (SIGHUP) that replaced the certificate", tls_reloads);
  counter("nyanhall_tls_reload_failures_total", "Certificate reloads that kept the old certificate", tls_reload_failures);
  if (tls_certificate_not_after > 0)
    counter("nyanhall_tls_certificate_expiry_seconds", "When the certificate in use expires, in seconds since the Unix epoch",
            tls_certificate_not_after, "gauge");
  o << "# HELP nyanhall_rooms Rooms by game and state\n# TYPE nyanhall_rooms gauge\n";
  for (const auto& [game, phases] : rooms_)
    for (int p = 0; p < kRoomPhases; ++p)
      o << "nyanhall_rooms{game=\"" << game << "\",state=\"" << phase_name(p) << "\"} " << phases[p] << "\n";
  o << "# HELP nyanhall_errors_total Errors sent to clients, by code\n# TYPE nyanhall_errors_total counter\n";
  for (int i = 0; i < kProtoErrorCount; ++i)
    o << "nyanhall_errors_total{code=\"" << to_string(static_cast<ProtoError>(i)) << "\"} " << errors_[i] << "\n";
  o << "# HELP nyanhall_refusals_total Connections and requests refused by a limit, by the limit\n"
       "# TYPE nyanhall_refusals_total counter\n";
  for (int i = 0; i < kRefusalCount; ++i)
    o << "nyanhall_refusals_total{reason=\"" << refusal_name(static_cast<Refusal>(i)) << "\"} " << refusals_[i] << "\n";
  o << "# HELP nyanhall_http_requests_total HTTP requests answered, by route and status\n"
       "# TYPE nyanhall_http_requests_total counter\n";
  for (int r = 0; r < kHttpRoutes; ++r)
    for (std::size_t i = 0; i < kHttpStatuses.size(); ++i)
      if (const long n = http_[r][i]; n > 0)
        o << "nyanhall_http_requests_total{route=\"" << route_name(r) << "\",status=\""
          << (kHttpStatuses[i] ? std::to_string(kHttpStatuses[i]) : "other") << "\"} " << n << "\n";
  o << journal_round_trip_seconds.render("nyanhall_journal_round_trip_seconds",
                                         "One round trip to the shared journal's database (a batch, a claim, a renewal)");
  o << action_seconds.render("nyanhall_action_seconds",
                             "From receiving an action to sending its updates (journal included)");
  return o.str();
}

Metrics& metrics() {
  static Metrics m;
  return m;
}

}  // namespace nyan::server
