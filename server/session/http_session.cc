#include "server/session/http_session.h"

#include <boost/asio/dispatch.hpp>
#include <boost/asio/post.hpp>
#include <boost/beast/websocket.hpp>

#include "server/http/http_checks.h"
#include "server/http/http_routes.h"
#include "server/common/metrics.h"
#include "server/net/fail.h"
#include "server/room/room.h"
#include "server/session/ws_session.h"

namespace nyan::server {

namespace net = boost::asio;

namespace {
constexpr std::uint32_t kHeaderLimit = 8 * 1024;

}  // namespace

HttpSession::HttpSession(FlexStream&& stream, beast::flat_buffer&& buffer, ServerContext& ctx, ClientLimits::Slot slot,
                         bool proxy, PlainHttp plain)
    : stream_(std::move(stream)),
      buffer_(std::move(buffer)),
      ctx_(ctx),
      id_(ctx.next_connection_id()),
      slot_(std::move(slot)),
      proxy_(proxy),
      plain_(plain) {}

void HttpSession::run() {
  net::dispatch(stream_.get_executor(), beast::bind_front_handler(&HttpSession::do_read, shared_from_this()));
}

void HttpSession::do_read() {
  parser_.emplace();
  parser_->header_limit(kHeaderLimit);
  parser_->body_limit(ctx_.config.max_http_body);
  stream_.tcp().expires_after(std::chrono::milliseconds(ctx_.config.handshake_timeout_ms));
  http::async_read(stream_, buffer_, *parser_, beast::bind_front_handler(&HttpSession::on_read, shared_from_this()));
}

void HttpSession::refuse(http::status status, const char* body, Refusal why, HttpRoute as) {
  metrics().refused(why);
  Request req = parser_->release();
  req.keep_alive(false);
  send(text_response(req, status, body, "text/plain; charset=utf-8", as));
}

void HttpSession::on_read(beast::error_code ec, std::size_t) {
  if (ec == http::error::end_of_stream) return do_shutdown();
  if (ec) {
    // Oversized headers or body get a status; anything else (timeouts, resets, a TLS stream
    // cut without its close_notify) just ends, with a line unless it is no news.
    if (ec == http::error::body_limit || ec == http::error::header_limit) {
      Request req;
      req.version(11);
      req.keep_alive(false);
      return send(text_response(req, http::status::payload_too_large, "request too large\n"));
    }
    fail(ec, "http_read", id_);
    return do_shutdown();
  }
  const Request& req = parser_->get();
  // Behind a trusted proxy each request names its client; the connection counts for it.
  if (proxy_) {
    const auto named = forwarded_client(req["X-Forwarded-For"], ctx_.trusted_proxies);
    if (named && !slot_.move_to(client_key(*named)))
      return refuse(http::status::service_unavailable, "too many connections from your address\n",
                    Refusal::client_connections);
  }
  if (!ctx_.limits.http_request(slot_.client(), is_page_asset(req))) {
    metrics().refused(Refusal::client_http_rate);
    Request r = parser_->release();
    r.keep_alive(false);
    http::response<http::string_body> res{http::status::too_many_requests, r.version()};
    res.set(http::field::server, "nyanhall");
    res.set(http::field::retry_after, "1");
    res.set(http::field::content_type, "text/plain; charset=utf-8");
    res.body() = "too many requests; slow down\n";
    res.keep_alive(false);
    res.prepare_payload();
    metrics().http_request(HttpRoute::other, 429);
    return send(std::move(res));
  }
  if (plain_ != PlainHttp::serve) return answer_plain();
  if (const unsigned status = transfer_coding_problem(req)) {
    Request r = parser_->release();
    r.keep_alive(false);
    return send(text_response(r, static_cast<http::status>(status),
                              status == 400 ? "chunked must be the last transfer coding\n"
                                            : "unsupported transfer coding\n"));
  }
  if (beast::websocket::is_upgrade(req)) {
    std::string target(req.target());
    if (target.substr(0, target.find('?')) != "/ws") {
      Request r = parser_->release();
      r.keep_alive(false);
      return send(text_response(r, http::status::not_found, "WebSocket endpoint is /ws\n"));
    }
    if (!origin_allowed(req, ctx_.config))
      return refuse(http::status::forbidden, "WebSockets from this origin are not allowed\n", Refusal::origin,
                    HttpRoute::websocket);
    if (ctx_.stopping) {
      Request r = parser_->release();
      r.keep_alive(false);
      return send(text_response(r, http::status::service_unavailable, "the server is shutting down\n",
                                "text/plain; charset=utf-8", HttpRoute::websocket));
    }
    metrics().http_request(HttpRoute::websocket, 101);
    to_room_thread(req.target());
    // On this strand the session starts at once; moved, on its strand on the room's thread.
    auto session = std::make_shared<WsSession>(std::move(stream_), ctx_, std::move(slot_));
    return net::dispatch(session->executor(), [session, req = parser_->release()]() mutable { session->run(std::move(req)); });
  }
  std::optional<RoomQuery> room_query;
  auto response = route(req, ctx_, room_query);
  if (response) return send(std::move(*response));
  answer_room_query(ctx_, slot_.client(), *room_query, stream_.get_executor(),
                    [self = shared_from_this(), as = room_route(*room_query)](RoomAnswer a) {
                      Request r = self->parser_->release();
                      if (a.status == http::status::too_many_requests) r.keep_alive(false);
                      if (!a.replica.empty()) return self->send(moved_response(r, a.replica, a.body, as));
                      self->send(json_response(r, a.status, a.body, as));
  });
}

// A guest who opened a room's link names the room as it connects (/ws?room=CODE); its connection
// then runs on the room's I/O thread, as the host's does (the room was made on the host's):
// the moves and the frames of the room never wake another thread. A connection over TLS stays
// where it is, and one that names no room held here is dealt out as accepted.
void HttpSession::to_room_thread(std::string_view target) {
  const std::optional<std::string> code = ws_room_hint(target);
  if (!code) return;
  const std::shared_ptr<Room> room = ctx_.rooms.find(*code);
  if (!room) return;
  IoPool& io = ctx_.rooms.io();
  net::io_context* home = io.context_of(room->home());
  if (home && home != io.context_of(stream_.get_executor()) && stream_.move_to(*home)) metrics().connections_moved++;
}

void HttpSession::answer_plain() {
  Request req = parser_->release();
  req.keep_alive(false);
  const bool upgrade = beast::websocket::is_upgrade(req);
  const std::string location = plain_ == PlainHttp::redirect && !upgrade ? https_location(req) : "";
  if (location.empty()) {
    const char* why = upgrade                         ? "this port serves WebSockets over TLS only: use wss://\n"
                      : plain_ == PlainHttp::refuse ? "this port serves HTTPS only: use https://\n"
                                                    : "this port serves HTTPS only, and this Host cannot be redirected\n";
    return send(text_response(req, http::status::bad_request, why));
  }
  const std::string body = "this port serves HTTPS: " + location + "\n";
  auto headers = [&](auto& res) {
    res.set(http::field::server, "nyanhall");
    res.set(http::field::location, location);
    res.set(http::field::content_type, "text/plain; charset=utf-8");
    res.keep_alive(false);
    res.content_length(body.size());
  };
  metrics().http_request(HttpRoute::other, 308);
  if (req.method() == http::verb::head) {
    http::response<http::empty_body> res{http::status::permanent_redirect, req.version()};
    headers(res);
    return send(std::move(res));
  }
  http::response<http::string_body> res{http::status::permanent_redirect, req.version(), body};
  headers(res);
  send(std::move(res));
}

void HttpSession::send(http::message_generator&& msg) {
  const bool keep_alive = msg.keep_alive();
  beast::async_write(stream_, std::move(msg),
                     beast::bind_front_handler(&HttpSession::on_write, shared_from_this(), keep_alive));
}

void HttpSession::on_write(bool keep_alive, beast::error_code ec, std::size_t) {
  if (ec) return fail(ec, "http_write", id_);
  if (!keep_alive) return do_shutdown();
  do_read();
}

void HttpSession::do_shutdown() {
  if (auto* tls = stream_.tls()) {
    // close_notify, then the socket; a client that never answers it is cut off at the deadline.
    stream_.tcp().expires_after(std::chrono::milliseconds(ctx_.config.handshake_timeout_ms));
    tls->async_shutdown([self = shared_from_this()](beast::error_code) { self->stream_.tcp().close(); });
    return;
  }
  beast::error_code ignored;
  stream_.tcp().socket().shutdown(net::ip::tcp::socket::shutdown_send, ignored);
  // A lingering close. Closing a socket with requests unread in it (a client that pipelined
  // past a refusal) resets the connection, and the reset can overtake the answers still on
  // their way, the 429 among them. So what the client sends now is read and dropped until it
  // closes too, for at most a second and 64 KiB, then the socket closes with nothing unread.
  stream_.tcp().expires_after(std::chrono::seconds(1));
  linger(0);
}

void HttpSession::linger(std::size_t dropped) {
  constexpr std::size_t kMaxDropped = 64 * 1024;
  if (dropped > kMaxDropped) return;  // the session ends, and the socket closes
  buffer_.clear();
  stream_.tcp().async_read_some(buffer_.prepare(4096),
                                [self = shared_from_this(), dropped](beast::error_code ec, std::size_t n) {
                                  if (!ec) self->linger(dropped + n);
                                });
}

}  // namespace nyan::server
