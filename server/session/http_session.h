// One HTTP connection, plain or TLS: reads requests with a deadline and a body limit, answers
// the plain endpoints, and hands a WebSocket upgrade on /ws over to a WsSession. On a port
// that serves TLS, a plain connection only learns where to go instead (PlainHttp).
#pragma once

#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <memory>
#include <optional>

#include "server/net/flex_stream.h"
#include "server/common/metrics.h"
#include "server/http/server_context.h"

namespace nyan::server {

namespace beast = boost::beast;
namespace http = beast::http;

// What a connection is served: everything, or (plain HTTP on a port that serves TLS) a 308
// to the same address over https:// or a 400.
enum class PlainHttp { serve, redirect, refuse };

class HttpSession : public std::enable_shared_from_this<HttpSession> {
 public:
  // `buffer`: what was read before the session started (the first bytes, looked at to tell TLS
  // from plain HTTP). `slot` counts the connection for its client; `proxy`: the peer is a
  // trusted proxy, whose requests name the client in X-Forwarded-For.
  HttpSession(FlexStream&& stream, beast::flat_buffer&& buffer, ServerContext& ctx, ClientLimits::Slot slot,
              bool proxy, PlainHttp plain = PlainHttp::serve);
  void run();

 private:
  void do_read();
  void on_read(beast::error_code ec, std::size_t bytes);
  void send(http::message_generator&& msg);
  void on_write(bool keep_alive, beast::error_code ec, std::size_t bytes);
  // Answers `status` and closes, counting the refusal.
  void refuse(http::status status, const char* body, Refusal why, HttpRoute as = HttpRoute::other);
  // A plain request on the TLS port: where to go instead, or a refusal.
  void answer_plain();
  // Moves the connection to the thread of the room a WebSocket upgrade names, when that is
  // another.
  void to_room_thread(std::string_view target);
  void do_shutdown();
  // After the last answer: reads and drops what the client still sends, for a moment.
  void linger(std::size_t dropped);

  FlexStream stream_;
  beast::flat_buffer buffer_;
  ServerContext& ctx_;
  const std::uint64_t id_;  // for its log lines
  std::optional<http::request_parser<http::string_body>> parser_;
  ClientLimits::Slot slot_;
  const bool proxy_;
  const PlainHttp plain_;
};

}  // namespace nyan::server
