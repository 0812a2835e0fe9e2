// A blocking WebSocket connection to a nyanhall server, plain (ws://) or over TLS (wss://),
// with a deadline on every wait. Used by the terminal client (play, bot, verify) and by the
// tests; the load generator has its own asynchronous client.
#pragma once

#include <chrono>
#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "rules/core/types.h"

namespace nyan::cli {

// The WebSocket path for a room: "/ws?room=CODE" (the code percent-encoded) so that a proxy in
// front of several replicas can send the connection to the replica that owns the room, with
// "&replica=NAME" when a server named the replica the room moved to; plain "/ws" without a
// code (creating a room may land on any replica).
std::string ws_path(const std::string& room, const std::string& replica = "");

// The server a client connects to, as --server gives it: HOST[:PORT] (plain, port 8080 when
// not given), ws://HOST[:PORT] (port 80) or wss://HOST[:PORT] (TLS, port 443); http:// and
// https:// (a page's address) mean the same as ws:// and wss://; the path, if any, is / or /ws.
// HOST may be an IPv6 address in brackets.
struct ServerAddress {
  std::string host;  // without brackets
  unsigned short port = 8080;
  bool tls = false;
  // With TLS: trust the certificates in this PEM file instead of the system's; or check
  // nothing at all (a test server's self-signed certificate).
  std::string ca_file;
  bool insecure = false;

  std::string authority() const;  // "HOST:PORT", the host in brackets when it is an IPv6 address
  std::string url() const;        // "ws://HOST:PORT" or "wss://HOST:PORT"
};
// False (and `error`) when `text` is not of those forms.
bool parse_server_address(const std::string& text, ServerAddress& out, std::string& error);

class Connection {
 public:
  Connection();
  ~Connection();
  Connection(const Connection&) = delete;
  Connection& operator=(const Connection&) = delete;

  // Opens the WebSocket at `path` on `server` (dropping any earlier connection), within 10 s.
  // False with `error` set.
  bool connect(const ServerAddress& server, std::string& error, const std::string& path = "/ws");
  // The same for ws://host:port.
  bool connect(const std::string& host, unsigned short port, std::string& error, const std::string& path = "/ws");
  bool is_open() const;
  // Connects from this local address from now on (say 127.0.0.2: a second client address on
  // one machine); empty for the system's choice.
  void set_source_address(const std::string& address);

  // Sends one text frame (a JSON message, or raw text for tests of bad input).
  bool send(const Json& message);
  bool send_text(const std::string& text);

  // The next message, or nullopt on timeout or when the connection closed (see closed()).
  std::optional<Json> receive(std::chrono::milliseconds timeout);
  // The raw text of the next message (tests scan every frame for hidden values).
  std::optional<std::string> receive_text(std::chrono::milliseconds timeout);

  // Calls `observer` with the text of every frame any Connection of this process receives,
  // before it is returned (the server tests check each against protocol/asyncapi.yaml). An
  // empty function turns it off. Not for threads: set it before connections are used.
  static void observe_frames(std::function<void(const std::string& frame)> observer);

  // Close code and reason once the server closed the connection.
  bool closed() const;
  int close_code() const;
  std::string close_reason() const;

  void close();
  // Drops the TCP connection without a close handshake (a crashed client).
  void drop();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace nyan::cli
