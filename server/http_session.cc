#include "server/http_session.h"

#include <boost/asio/dispatch.hpp>
#include <boost/asio/post.hpp>
#include <boost/beast/websocket.hpp>

#include "server/http_routes.h"
#include "server/room.h"
#include "server/ws_session.h"

namespace nyan::server {

namespace net = boost::asio;

namespace {
constexpr std::uint32_t kHeaderLimit = 8 * 1024;
}

HttpSession::HttpSession(net::ip::tcp::socket&& socket, ServerContext& ctx) : stream_(std::move(socket)), ctx_(ctx) {}

void HttpSession::run() {
  net::dispatch(stream_.get_executor(), beast::bind_front_handler(&HttpSession::do_read, shared_from_this()));
}

void HttpSession::do_read() {
  parser_.emplace();
  parser_->header_limit(kHeaderLimit);
  parser_->body_limit(ctx_.config.max_http_body);
  stream_.expires_after(std::chrono::milliseconds(ctx_.config.handshake_timeout_ms));
  http::async_read(stream_, buffer_, *parser_, beast::bind_front_handler(&HttpSession::on_read, shared_from_this()));
}

void HttpSession::on_read(beast::error_code ec, std::size_t) {
  if (ec == http::error::end_of_stream) return do_shutdown();
  if (ec) {
    // Oversized headers or body get a status; anything else (timeouts, resets) just ends.
    if (ec == http::error::body_limit || ec == http::error::header_limit) {
      Request req;
      req.version(11);
      req.keep_alive(false);
      return send(text_response(req, http::status::payload_too_large, "request too large\n"));
    }
    return do_shutdown();
  }
  if (beast::websocket::is_upgrade(parser_->get())) {
    std::string target(parser_->get().target());
    if (target.substr(0, target.find('?')) != "/ws") {
      Request req = parser_->release();
      req.keep_alive(false);
      return send(text_response(req, http::status::not_found, "WebSocket endpoint is /ws\n"));
    }
    if (ctx_.stopping || ctx_.session_count() >= static_cast<std::size_t>(ctx_.config.max_connections)) {
      Request req = parser_->release();
      req.keep_alive(false);
      return send(text_response(req, http::status::service_unavailable, "no capacity\n", "text/plain; charset=utf-8",
                                HttpRoute::websocket));
    }
    metrics().http_request(HttpRoute::websocket, 101);
    std::make_shared<WsSession>(std::move(stream_), ctx_)->run(parser_->release());
    return;
  }
  std::string transcript_code;
  const Request& req = parser_->get();
  auto response = route(req, ctx_, transcript_code);
  if (response) return send(std::move(*response));
  serve_transcript(transcript_code);
}

void HttpSession::serve_transcript(const std::string& code) {
  auto room = ctx_.rooms.find(code);
  if (!room)
    return send(json_response(parser_->get(), http::status::not_found, R"({"error":"unknown_room"})",
                              HttpRoute::transcript));
  room->transcript([self = shared_from_this()](Json record) {
    net::post(self->stream_.get_executor(), [self, record = std::move(record)] {
      const Request& req = self->parser_->get();
      if (record.is_null())  // the game is still going: nothing is revealed
        return self->send(
            json_response(req, http::status::conflict, R"({"error":"game_not_finished"})", HttpRoute::transcript));
      self->send(json_response(req, http::status::ok, record.dump(), HttpRoute::transcript));
    });
  });
}

void HttpSession::send(http::message_generator&& msg) {
  const bool keep_alive = msg.keep_alive();
  beast::async_write(stream_, std::move(msg),
                     beast::bind_front_handler(&HttpSession::on_write, shared_from_this(), keep_alive));
}

void HttpSession::on_write(bool keep_alive, beast::error_code ec, std::size_t) {
  if (ec) return;
  if (!keep_alive) return do_shutdown();
  do_read();
}

void HttpSession::do_shutdown() {
  beast::error_code ignored;
  stream_.socket().shutdown(net::ip::tcp::socket::shutdown_send, ignored);
}

}  // namespace nyan::server
