// One HTTP connection: reads requests with a deadline and a body limit, answers the plain
// endpoints, and hands a WebSocket upgrade on /ws over to a WsSession.
#pragma once

#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <memory>
#include <optional>

#include "server/metrics.h"
#include "server/server_context.h"

namespace nyan::server {

namespace beast = boost::beast;
namespace http = beast::http;

class HttpSession : public std::enable_shared_from_this<HttpSession> {
 public:
  // `slot` counts the connection for its client; `proxy`: the peer is a trusted proxy, whose
  // requests name the client in X-Forwarded-For.
  HttpSession(boost::asio::ip::tcp::socket&& socket, ServerContext& ctx, ClientLimits::Slot slot, bool proxy);
  void run();

 private:
  void do_read();
  void on_read(beast::error_code ec, std::size_t bytes);
  void send(http::message_generator&& msg);
  void on_write(bool keep_alive, beast::error_code ec, std::size_t bytes);
  // Answers `status` and closes, counting the refusal.
  void refuse(http::status status, const char* body, Refusal why, HttpRoute as = HttpRoute::other);
  void do_shutdown();

  beast::tcp_stream stream_;
  beast::flat_buffer buffer_;
  ServerContext& ctx_;
  std::optional<http::request_parser<http::string_body>> parser_;
  ClientLimits::Slot slot_;
  const bool proxy_;
};

}  // namespace nyan::server
