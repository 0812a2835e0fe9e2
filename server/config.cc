#include "server/config.h"

#include <cstdlib>
#include <functional>
#include <sstream>

#include "server/client_address.h"
#include "server/room_code.h"

namespace nyan::server {

namespace {

struct Setting {
  const char* name;  // flag name without the dashes
  const char* help;
  std::function<bool(Config&, const std::string&)> set;
};

bool to_int(const std::string& s, long long min, long long max, long long& out) {
  if (s.empty()) return false;
  char* end = nullptr;
  const long long v = std::strtoll(s.c_str(), &end, 10);
  if (*end != '\0' || v < min || v > max) return false;
  out = v;
  return true;
}

template <class T>
std::function<bool(Config&, const std::string&)> integer(T Config::*field, long long min, long long max) {
  return [=](Config& c, const std::string& s) {
    long long v = 0;
    if (!to_int(s, min, max, v)) return false;
    c.*field = static_cast<T>(v);
    return true;
  };
}

std::function<bool(Config&, const std::string&)> text(std::string Config::*field,
                                                      std::vector<std::string> allowed = {}) {
  return [=](Config& c, const std::string& s) {
    if (!allowed.empty()) {
      bool ok = false;
      for (const auto& a : allowed) ok = ok || a == s;
      if (!ok) return false;
    }
    c.*field = s;
    return true;
  };
}

const std::vector<Setting>& settings() {
  static const std::vector<Setting> s = {
      {"bind", "address to listen on (0.0.0.0)", text(&Config::bind)},
      {"port", "port for HTTP and WebSocket /ws (8080; 0 picks a free port)", integer(&Config::port, 0, 65535)},
      {"threads", "I/O threads (0 = one per hardware thread)", integer(&Config::threads, 0, 256)},
      {"data-dir", "journal directory (./data); empty means in-memory", text(&Config::data_dir)},
      {"journal", "sqlite | none (none: in-memory, nothing survives a restart)",
       text(&Config::journal, {"sqlite", "none"})},
      {"log-format", "text | json", text(&Config::log_format, {"text", "json"})},
      {"log-level", "trace | debug | info | warn | error | critical | off",
       text(&Config::log_level, {"trace", "debug", "info", "warn", "error", "critical", "off"})},
      {"web-root", "directory of the browser client (default: next to the binary)", text(&Config::web_root)},
      {"node", "this replica's name (up to 16 lowercase letters and digits), the first part of its room codes",
       [](Config& c, const std::string& s) {
         if (!valid_node_name(s)) return false;  // a proxy routes by it, so it must survive normalization
         c.node = s;
         return true;
       }},
      {"max-message-bytes", "largest WebSocket message accepted (16384)",
       integer(&Config::max_message_bytes, 256, 1 << 24)},
      {"max-http-body", "largest HTTP request body (16384)", integer(&Config::max_http_body, 0, 1 << 24)},
      {"handshake-timeout-ms", "HTTP request and upgrade timeout (10000)",
       integer(&Config::handshake_timeout_ms, 100, 600'000)},
      {"idle-timeout-ms", "close a silent connection after this; pings at half (60000)",
       integer(&Config::idle_timeout_ms, 1000, 3'600'000)},
      {"rate-per-second", "messages per connection per second (30)", integer(&Config::rate_per_second, 1, 100'000)},
      {"rate-burst", "message burst per connection (60)", integer(&Config::rate_burst, 1, 100'000)},
      {"write-queue-max", "frames queued for a slow client before it is closed (512)",
       integer(&Config::write_queue_max, 1, 1'000'000)},
      {"write-queue-max-bytes", "bytes queued for a slow client before it is closed (4194304)",
       integer(&Config::write_queue_max_bytes, 1024, 1LL << 32)},
      {"grace-ms", "how long a dropped seat is held for its token (120000)", integer(&Config::grace_ms, 0, 86'400'000)},
      {"room-idle-ms", "a room with nobody connected closes after this (3600000)",
       integer(&Config::room_idle_ms, 1000, 604'800'000)},
      {"retention-ms", "how long a finished game is kept (86400000)", integer(&Config::retention_ms, 0, 2'000'000'000)},
      {"drain-ms", "on SIGTERM, time allowed to close connections (5000)", integer(&Config::drain_ms, 0, 600'000)},
      {"max-connections", "open connections, HTTP and WebSocket (20000; kept below the descriptor limit)",
       integer(&Config::max_connections, 1, 1'000'000)},
      {"max-client-connections", "open connections from one client address (64)",
       integer(&Config::max_client_connections, 1, 1'000'000)},
      {"max-client-rooms-per-minute", "rooms one client address may create per minute (20)",
       integer(&Config::max_client_rooms_per_minute, 1, 1'000'000)},
      {"max-client-lookup-failures-per-minute",
       "unknown room codes one client address may try per minute, WebSocket and HTTP (20)",
       integer(&Config::max_client_lookup_failures_per_minute, 1, 1'000'000)},
      {"max-client-http-per-second", "HTTP requests per second from one client address, bursts of 5 s (20)",
       integer(&Config::max_client_http_per_second, 1, 1'000'000)},
      {"trusted-proxy", "address ranges of proxies whose X-Forwarded-For names the client, e.g. 10.0.0.0/8 (none)",
       [](Config& c, const std::string& s) {
         if (!parse_ranges(s)) return false;
         c.trusted_proxy = s;
         return true;
       }},
      {"allowed-origins",
       "web origins besides the server's own host that may open WebSockets, comma-separated, or * (none)",
       text(&Config::allowed_origins)},
      {"max-rooms", "rooms held at once (100000)", integer(&Config::max_rooms, 1, 10'000'000)},
      {"group-commit-us", "journal: when busy, longest wait to batch records from several rooms (2000; 0 never waits)",
       integer(&Config::group_commit_us, 0, 1'000'000)},
  };
  return s;
}

std::string env_name(const std::string& flag) {
  std::string e = "NYANHALL_";
  for (char c : flag) e += c == '-' ? '_' : static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return e;
}

}  // namespace

std::optional<Config> parse_config(const std::vector<std::string>& args, std::string& error,
                                   std::string& help) {
  Config c;
  // Environment first, flags override.
  for (const Setting& s : settings()) {
    if (const char* v = std::getenv(env_name(s.name).c_str())) {
      if (!s.set(c, v)) {
        error = "invalid value for " + env_name(s.name) + ": '" + v + "'";
        return std::nullopt;
      }
    }
  }
  for (std::size_t i = 0; i < args.size(); ++i) {
    std::string a = args[i];
    if (a == "--help" || a == "-h") {
      std::ostringstream o;
      o << "usage: nyanhall [--flag value]...\n\nEach flag also reads NYANHALL_<FLAG> from the environment.\n\n";
      for (const Setting& s : settings()) o << "  --" << s.name << "\n      " << s.help << "\n";
      help = o.str();
      return std::nullopt;
    }
    if (a.rfind("--", 0) != 0) {
      error = "unexpected argument '" + a + "'";
      return std::nullopt;
    }
    std::string name = a.substr(2), value;
    bool has_value = false;
    if (auto eq = name.find('='); eq != std::string::npos) {
      value = name.substr(eq + 1);
      name = name.substr(0, eq);
      has_value = true;
    }
    const Setting* found = nullptr;
    for (const Setting& s : settings())
      if (name == s.name) found = &s;
    if (!found) {
      error = "unknown flag --" + name + " (see --help)";
      return std::nullopt;
    }
    if (!has_value) {
      if (i + 1 >= args.size()) {
        error = "--" + name + " needs a value";
        return std::nullopt;
      }
      value = args[++i];
    }
    if (!found->set(c, value)) {
      error = "invalid value for --" + name + ": '" + value + "'";
      return std::nullopt;
    }
  }
  if (c.data_dir.empty()) c.journal = "none";
  return c;
}

}  // namespace nyan::server
