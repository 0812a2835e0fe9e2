#include "server/common/config.h"

#include <arpa/inet.h>

#include <algorithm>
#include <cstdlib>
#include <functional>
#include <sstream>

#include "server/common/client_address.h"

namespace nyan::server {

bool valid_node_name(std::string_view node) {
  if (node.size() > 16) return false;
  for (char c : node)
    if (!std::islower(static_cast<unsigned char>(c)) && !std::isdigit(static_cast<unsigned char>(c))) return false;
  return true;
}

namespace {

// How one setting is read and shown: `set` parses and checks a value, `show` prints the
// current one (--help prints the defaults), `placeholder` names the value in --help.
struct Field {
  std::function<bool(Config&, const std::string&)> set;
  std::function<std::string(const Config&)> show;
  std::string placeholder;
};

struct Setting {
  const char* name;  // flag name without the dashes
  const char* help;
  Field field;
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
Field integer(T Config::*field, long long min, long long max) {
  return {[=](Config& c, const std::string& s) {
            long long v = 0;
            if (!to_int(s, min, max, v)) return false;
            c.*field = static_cast<T>(v);
            return true;
          },
          [=](const Config& c) { return std::to_string(c.*field); }, ""};
}

// A text setting; `allowed`, when given, is the whole list of valid values (and --help shows
// it as the placeholder).
Field text(std::string Config::*field, std::string placeholder, std::vector<std::string> allowed = {}) {
  if (!allowed.empty()) {
    placeholder.clear();
    for (const auto& a : allowed) placeholder += (placeholder.empty() ? "" : "|") + a;
  }
  return {[=](Config& c, const std::string& s) {
            if (!allowed.empty() && std::find(allowed.begin(), allowed.end(), s) == allowed.end()) return false;
            c.*field = s;
            return true;
          },
          [=](const Config& c) { return c.*field; }, placeholder};
}

// The value's name in --help for a number: its unit when the flag's name says it.
std::string placeholder(const Setting& s) {
  if (!s.field.placeholder.empty()) return s.field.placeholder;
  const std::string name = s.name;
  auto ends = [&](const std::string& suffix) {
    return name.size() > suffix.size() && name.compare(name.size() - suffix.size(), suffix.size(), suffix) == 0;
  };
  if (ends("-ms")) return "MS";
  if (ends("-us")) return "US";
  if (ends("-bytes") || ends("-body")) return "BYTES";
  if (name == "port") return "PORT";
  return "N";
}

// An IPv4 or IPv6 address literal (no host names: the server binds, it does not resolve).
bool ip_address(const std::string& s) {
  unsigned char buf[sizeof(in6_addr)];
  return inet_pton(AF_INET, s.c_str(), buf) == 1 || inet_pton(AF_INET6, s.c_str(), buf) == 1;
}

const std::vector<Setting>& settings() {
  static const std::vector<Setting> s = {
      {"bind", "address to listen on: an IPv4 or IPv6 address (0.0.0.0 or :: for every address)",
       {[](Config& c, const std::string& v) {
          if (!ip_address(v)) return false;
          c.bind = v;
          return true;
        },
        [](const Config& c) { return c.bind; }, "ADDRESS"}},
      {"port", "port for HTTP and WebSocket /ws; 0 picks a free port", integer(&Config::port, 0, 65535)},
      {"port-file", "once listening, write the address, port and scheme to this file (the health check reads it)",
       text(&Config::port_file, "FILE")},
      {"tls-cert", "PEM certificate chain (the leaf first): the port then serves HTTPS and WSS; SIGHUP reloads it",
       text(&Config::tls_cert, "FILE")},
      {"tls-key", "the certificate's private key, PEM, not encrypted (with --tls-cert; may be the same file)",
       text(&Config::tls_key, "FILE")},
      {"tls-plain", "with TLS, a plain HTTP request on the port: redirect (308 to https://) or refuse (400)",
       text(&Config::tls_plain, "", {"redirect", "refuse"})},
      {"threads", "I/O threads (0 = one per hardware thread)", integer(&Config::threads, 0, 256)},
      {"data-dir", "journal directory; empty means in-memory", text(&Config::data_dir, "DIR")},
      {"journal", "sqlite (in --data-dir), postgres (shared by several servers, see --postgres), or none: in-memory, nothing survives a restart",
       text(&Config::journal, "", {"sqlite", "postgres", "none"})},
      {"postgres", "with --journal postgres: a libpq connection string or URI, without the password",
       text(&Config::postgres, "URL")},
      {"postgres-password-file", "a file holding the database password alone (else libpq's PGPASSFILE or ~/.pgpass)",
       text(&Config::postgres_password_file, "FILE")},
      {"lease-ttl-ms", "with --journal postgres: how long a room stays this server's without a renewal (renewed every third of it)",
       integer(&Config::lease_ttl_ms, 500, 600'000)},
      {"replica-address", "with --journal postgres: HOST:PORT where the proxy and the other servers reach this one (the hint given for its rooms)",
       text(&Config::replica_address, "HOST:PORT")},
      {"log-format", "text (logfmt) or json (one object per line)", text(&Config::log_format, "", {"text", "json"})},
      {"log-level", "the least severe level written",
       text(&Config::log_level, "", {"trace", "debug", "info", "warn", "error", "critical", "off"})},
      {"web-root", "directory of the browser client, its files read at start and on SIGHUP (empty: web/ or share/nyanhall/web next to the binary)",
       text(&Config::web_root, "DIR")},
      {"node", "this replica's name (up to 16 lowercase letters and digits), the first part of its room codes",
       {[](Config& c, const std::string& v) {
          if (!valid_node_name(v)) return false;  // a proxy routes by it, so it must survive normalization
          c.node = v;
          return true;
        },
        [](const Config& c) { return c.node; }, "NAME"}},
      {"max-message-bytes", "largest WebSocket message accepted", integer(&Config::max_message_bytes, 256, 1 << 24)},
      {"max-http-body", "largest HTTP request body", integer(&Config::max_http_body, 0, 1 << 24)},
      {"handshake-timeout-ms", "HTTP request and upgrade timeout", integer(&Config::handshake_timeout_ms, 100, 600'000)},
      {"idle-timeout-ms", "close a silent connection after this; pings at half",
       integer(&Config::idle_timeout_ms, 1000, 3'600'000)},
      {"rate-per-second", "messages per connection per second", integer(&Config::rate_per_second, 1, 100'000)},
      {"rate-burst", "message burst per connection", integer(&Config::rate_burst, 1, 100'000)},
      {"write-queue-max", "frames queued for a slow client before it is closed",
       integer(&Config::write_queue_max, 1, 1'000'000)},
      {"write-queue-max-bytes", "bytes queued for a slow client before it is closed",
       integer(&Config::write_queue_max_bytes, 1024, 1LL << 32)},
      {"grace-ms", "how long a dropped seat is held for its token", integer(&Config::grace_ms, 0, 86'400'000)},
      {"room-idle-ms", "a room with nobody connected closes after this",
       integer(&Config::room_idle_ms, 1000, 604'800'000)},
      {"retention-ms", "how long a finished game is kept", integer(&Config::retention_ms, 0, 2'000'000'000)},
      {"drain-ms", "on SIGTERM, time allowed to close connections", integer(&Config::drain_ms, 0, 600'000)},
      {"max-connections", "open connections, HTTP and WebSocket (kept below the descriptor limit)",
       integer(&Config::max_connections, 1, 1'000'000)},
      {"max-client-connections", "open connections from one client address",
       integer(&Config::max_client_connections, 1, 1'000'000)},
      {"max-client-rooms-per-minute", "rooms one client address may create per minute",
       integer(&Config::max_client_rooms_per_minute, 1, 1'000'000)},
      {"max-client-lookup-failures-per-minute",
       "unknown room codes one client address may try per minute, WebSocket and HTTP",
       integer(&Config::max_client_lookup_failures_per_minute, 1, 1'000'000)},
      {"max-client-http-per-second", "HTTP requests per second from one client address, bursts of 5 s (a page's scripts, styles and images count a tenth)",
       integer(&Config::max_client_http_per_second, 1, 1'000'000)},
      {"trusted-proxy", "address ranges of proxies whose X-Forwarded-For names the client, e.g. 10.0.0.0/8 (empty: none)",
       {[](Config& c, const std::string& v) {
          if (!parse_ranges(v)) return false;
          c.trusted_proxy = v;
          return true;
        },
        [](const Config& c) { return c.trusted_proxy; }, "RANGES"}},
      {"allowed-origins",
       "web origins besides the server's own host that may open WebSockets, comma-separated, or * (empty: none)",
       text(&Config::allowed_origins, "ORIGINS")},
      {"max-rooms", "rooms held at once", integer(&Config::max_rooms, 1, 10'000'000)},
      {"group-commit-us", "journal: when busy, longest wait to batch records from several rooms (0 never waits)",
       integer(&Config::group_commit_us, 0, 1'000'000)},
      {"bot-threads", "threads the bots think on, at a lower priority than the I/O threads (0: half the hardware threads)",
       integer(&Config::bot_threads, 0, 64)},
      {"bot-budget-ms", "a bot's longest thinking time per decision", integer(&Config::bot_budget_ms, 1, 10'000)},
      {"bot-playouts", "a bot's most playouts per decision (it stops at whichever limit comes first)",
       integer(&Config::bot_playouts, 1, 10'000'000)},
      {"bot-queue-max", "bot decisions that may wait for a thread", integer(&Config::bot_queue_max, 1, 1'000'000)},
  };
  return s;
}

std::string env_name(const std::string& flag) {
  std::string e = "NYANHALL_";
  for (char c : flag) e += c == '-' ? '_' : static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return e;
}

}  // namespace

std::string usage() {
  const Config defaults;
  std::ostringstream o;
  o << "usage: nyanhall [--FLAG VALUE | --FLAG=VALUE]...\n"
       "       nyanhall --healthcheck [--FLAG VALUE]...\n"
       "       nyanhall --version | --help\n"
       "\n"
       "Serves the games on one port: HTTP (the browser client, /healthz, /readyz, /metrics, /api)\n"
       "and WebSocket /ws, or with --tls-cert and --tls-key HTTPS and WSS. --healthcheck does not\n"
       "serve: it asks the server the port file (or else --bind, --port and --tls-cert) names for\n"
       "/healthz and exits 0 if it is healthy.\n"
       "\n"
       "Every flag can also be set by the environment variable after it; a flag beats the\n"
       "environment, which beats the default.\n\n";
  for (const Setting& s : settings()) {
    std::string flag = "  --" + std::string(s.name) + " " + placeholder(s);
    flag.resize(std::max<std::size_t>(flag.size() + 1, 34), ' ');
    const std::string shown = s.field.show(defaults);
    o << flag << env_name(s.name) << ", default " << (shown.empty() ? "empty" : shown) << "\n      " << s.help
      << "\n";
  }
  return o.str();
}

std::optional<Config> parse_config(const std::vector<std::string>& args, std::string& error,
                                   std::string& help) {
  Config c;
  // Environment first, flags override.
  for (const Setting& s : settings()) {
    if (const char* v = std::getenv(env_name(s.name).c_str())) {
      if (!s.field.set(c, v)) {
        error = "invalid value for " + env_name(s.name) + ": '" + v + "'";
        return std::nullopt;
      }
    }
  }
  for (std::size_t i = 0; i < args.size(); ++i) {
    std::string a = args[i];
    if (a == "--help" || a == "-h") {
      help = usage();
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
    if (!found->field.set(c, value)) {
      error = "invalid value for --" + name + ": '" + value + "'";
      return std::nullopt;
    }
  }
  if (c.data_dir.empty() && c.journal == "sqlite") c.journal = "none";
  if (c.journal == "postgres" && c.postgres.empty()) {
    error = "--journal postgres needs --postgres (NYANHALL_POSTGRES): a libpq connection string or URI";
    return std::nullopt;
  }
  if (c.tls_cert.empty() != c.tls_key.empty()) {
    error = "--tls-cert and --tls-key go together (NYANHALL_TLS_CERT, NYANHALL_TLS_KEY)";
    return std::nullopt;
  }
  return c;
}

}  // namespace nyan::server
