// Server configuration: every setting is a flag (--port 8080 or --port=8080) with an
// environment-variable twin (NYANHALL_PORT). A flag beats the environment, which beats the
// default. Every input limit of the server lives here.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace nyan::server {

struct Config {
  std::string bind = "0.0.0.0";
  int port = 8080;
  int threads = 0;               // 0: one per hardware thread
  std::string data_dir = "./data";
  std::string journal = "sqlite";  // sqlite | postgres | none (in-memory)
  // The shared journal (--journal postgres): a libpq connection string or URI without a
  // password, the file holding the password (else libpq's own: PGPASSFILE, ~/.pgpass), how
  // long a room's lease lasts unless renewed, and where this replica says it can be reached
  // (the routing hint another replica gives for its rooms).
  std::string postgres;
  std::string postgres_password_file;
  int lease_ttl_ms = 10'000;
  std::string replica_address;
  std::string log_format = "text";  // text | json
  std::string log_level = "info";   // trace debug info warn error critical off
  std::string web_root;             // the browser client's files; empty: built-in location
  std::string node;                 // this replica's name in room codes (scale-out); may be empty
  std::string port_file;            // written with "ADDRESS PORT SCHEME" once listening; empty: none
  // TLS on the same port (both or neither): PEM certificate chain and unencrypted PEM key,
  // reloaded on SIGHUP. Plain HTTP on that port is redirected to https:// or refused.
  std::string tls_cert;
  std::string tls_key;
  std::string tls_plain = "redirect";  // redirect | refuse

  // Limits.
  std::size_t max_message_bytes = 16 * 1024;  // a WebSocket message from a client
  std::size_t max_http_body = 16 * 1024;      // an HTTP request body
  int handshake_timeout_ms = 10'000;          // HTTP request / WebSocket upgrade
  int idle_timeout_ms = 60'000;               // no traffic at all (pings are sent at half)
  int rate_per_second = 30;                   // messages per connection, sustained
  int rate_burst = 60;                        // messages per connection, burst
  std::size_t write_queue_max = 512;          // frames queued to one slow client
  std::size_t write_queue_max_bytes = 4 << 20;
  int grace_ms = 120'000;                     // a dropped seat is held this long
  int room_idle_ms = 3'600'000;               // a room with nobody connected closes after this
  int retention_ms = 86'400'000;              // a finished game stays this long
  int drain_ms = 5'000;                       // SIGTERM: time allowed to close connections
  int max_connections = 20'000;  // every accepted socket, HTTP and WebSocket
  int max_rooms = 100'000;
  // Per client address (README.md, "Limits", gives the reasoning behind each default).
  int max_client_connections = 64;
  int max_client_rooms_per_minute = 20;
  int max_client_lookup_failures_per_minute = 20;
  int max_client_http_per_second = 20;
  // Proxies whose X-Forwarded-For names the client (comma-separated address ranges).
  std::string trusted_proxy;
  // Pages (origins such as https://games.example) allowed to open WebSockets besides the
  // server's own host; "*" allows any. Clients that send no Origin are always allowed.
  std::string allowed_origins;
  // Journal: when commits are busy (several rooms per fsync), wait at most this long for more
  // records to share the next one. A quiet server commits at once.
  int group_commit_us = 2'000;
  // Bots: the threads they think on (never the I/O threads; 0: half the hardware threads),
  // the wall time and the playouts of one decision, and how many decisions may wait for a
  // thread.
  int bot_threads = 0;
  int bot_budget_ms = 50;
  int bot_playouts = 400;
  int bot_queue_max = 1024;
};

// Parses flags and environment. On error returns nullopt and sets `error`; on --help sets
// `help` to the usage text.
std::optional<Config> parse_config(const std::vector<std::string>& args, std::string& error,
                                   std::string& help);

// The --help text: every flag with its value's placeholder, environment twin and default.
std::string usage();

// A replica name (--node): short lowercase letters and digits, so that it survives a room
// code's normalization (a proxy routes by it).
bool valid_node_name(std::string_view node);

}  // namespace nyan::server
