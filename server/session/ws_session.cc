#include "server/session/ws_session.h"

#include <boost/asio/post.hpp>

#include "rules/core/registry.h"
#include "server/common/log.h"
#include "server/net/fail.h"
#include "protocol/server_messages.h"
#include "server/common/metrics.h"
#include "server/room/room.h"
#include "server/room/room_code.h"
#include "server/http/room_lookup.h"

namespace nyan::server {

namespace net = boost::asio;

namespace {
constexpr auto kCloseDeadline = std::chrono::seconds(2);
// A message is read this many bytes at a time at most. Beast makes room for a read in the
// buffer before it waits for the bytes, as much as a TCP frame (1.5 KB) when it reads whole
// messages, and a connection spends nearly all its life waiting for its next message: at the
// pace people play, seconds. Client messages are shorter than this; a longer one takes more
// reads.
constexpr std::size_t kReadStep = 256;
}  // namespace

WsSession::WsSession(FlexStream&& stream, ServerContext& ctx, ClientLimits::Slot slot)
    : ws_(std::move(stream)),
      ctx_(ctx),
      slot_(std::move(slot)),
      bucket_(ctx.config.rate_per_second, ctx.config.rate_burst),
      refusals_(ctx.config.rate_per_second, ctx.config.rate_per_second) {}

WsSession::~WsSession() = default;

void WsSession::run(http::request<http::string_body> request) {
  const Config& c = ctx_.config;
  beast::get_lowest_layer(ws_).expires_never();  // the websocket keeps its own timeouts
  websocket::stream_base::timeout t;
  t.handshake_timeout = std::chrono::milliseconds(c.handshake_timeout_ms);
  t.idle_timeout = std::chrono::milliseconds(c.idle_timeout_ms);
  t.keep_alive_pings = true;  // a ping at half the idle timeout keeps quiet clients alive
  ws_.set_option(t);
  ws_.set_option(websocket::stream_base::decorator(
      [](websocket::response_type& res) { res.set(http::field::server, "nyanhall"); }));
  // Messages up to 4x the limit are read and refused with a typed error; anything larger
  // makes Beast close the connection with 1009 (too big) without buffering it.
  ws_.read_message_max(c.max_message_bytes * 4);
  ws_.async_accept(request, beast::bind_front_handler(&WsSession::on_accept, shared_from_this()));
}

void WsSession::on_accept(beast::error_code ec) {
  if (ec) {
    fail(ec, "ws_accept", 0);
    return finish();
  }
  id_ = ctx_.add_session(shared_from_this());
  metrics().connections++;
  metrics().connections_total++;
  log::debug("connection_open", {{"connection", id_}});
  do_read();
}

void WsSession::do_read() {
  ws_.async_read_some(buffer_, kReadStep, beast::bind_front_handler(&WsSession::on_read, shared_from_this()));
}

void WsSession::on_read(beast::error_code ec, std::size_t) {
  if (ec) {
    if (ec == websocket::error::message_too_big) metrics().error(ProtoError::too_large);
    fail(ec, "ws_read", id_);
    return finish();
  }
  if (!ws_.is_message_done()) return do_read();  // the rest of a longer message
  if (!closing_) {
    if (!ws_.got_text()) {
      send_error(ProtoError::bad_json, "send JSON in text frames", nullptr);
    } else {
      on_message(std::string_view(static_cast<const char*>(buffer_.data().data()), buffer_.size()));
    }
  }
  buffer_.consume(buffer_.size());
  // A longer message's room is not kept for the messages after it.
  if (buffer_.capacity() > kReadStep) buffer_.shrink_to_fit();
  do_read();
}

void WsSession::on_message(std::string_view text) {
  const Clock::time_point now = Clock::now();
  metrics().messages_in++;
  metrics().bytes_in += static_cast<long>(text.size());
  if (!bucket_.take(now)) {
    metrics().error(ProtoError::rate_limited);
    // The client learns which message was dropped (its id), unless it floods.
    if (refusals_.take(now)) {
      Envelope dropped;
      ParseError error;
      const Json re = parse_envelope(text, dropped, error) ? dropped.id : error.id;
      send(error_message(ProtoError::rate_limited, "too many messages; slow down", re));
    }
    if (++strikes_ > 20 * ctx_.config.rate_burst) close(websocket::close_code::policy_error, "rate_limited");
    return;
  }
  if (text.size() > ctx_.config.max_message_bytes)
    return send_error(ProtoError::too_large,
                      "messages are limited to " + std::to_string(ctx_.config.max_message_bytes) + " bytes", nullptr);
  Envelope msg;
  ParseError error;
  if (!parse_envelope(text, msg, error)) return send_error(error.code, error.message, error.id);
  if (msg.kind == MessageKind::hello) return on_hello(msg);
  if (!hello_) return send_error(ProtoError::hello_required, "the first message must be hello", msg.id);
  // The connection's own messages; the rest are the room's (Room::dispatch).
  switch (msg.kind) {
    case MessageKind::ping: return send(pong_message(msg.id));
    case MessageKind::create: return on_create(msg);
    case MessageKind::join:
    case MessageKind::spectate:
    case MessageKind::reconnect: return on_enter(msg);
    case MessageKind::unknown: return send_error(ProtoError::unknown_type, "unknown message type", msg.id);
    default:
      if (!room_) return send_error(ProtoError::not_in_room, "join a room first", msg.id);
      room_->handle(shared_from_this(), std::move(msg), now);
  }
}

void WsSession::on_hello(const Envelope& msg) {
  auto version = int_field(msg.body, "protocol");
  if (!version) return send_error(ProtoError::bad_field, "hello needs an integer 'protocol'", msg.id);
  if (*version != kProtocolVersion)
    return send_error(ProtoError::protocol_version,
                      "this server speaks protocol " + std::to_string(kProtocolVersion), msg.id);
  hello_ = true;
  const Config& c = ctx_.config;
  send(welcome_message(msg.id, "nyanhall/0.1.0",
                       {c.max_message_bytes, c.rate_per_second, c.rate_burst, c.idle_timeout_ms, c.grace_ms}));
}

void WsSession::on_create(Envelope& msg) {
  if (room_) return send_error(ProtoError::already_in_room, "leave your room first", msg.id);
  auto game_id = string_field(msg.body, "game", 32);
  if (!game_id) return send_error(ProtoError::bad_field, "create needs a string 'game'", msg.id);
  const Game* game = registry().find(*game_id);
  if (!game) return send_error(ProtoError::unknown_game, "no game with that id (see /api/games)", msg.id);
  Json given = msg.body.value("options", Json());
  if (!given.is_null() && !given.is_object())
    return send_error(ProtoError::bad_field, "'options' must be an object", msg.id);
  Json options;
  if (Result r = game->normalize_options(given, options); !r)
    return send_error(ProtoError::bad_options, r.error().message, msg.id);
  if (ctx_.stopping) return send_error(ProtoError::unavailable, "the server is shutting down", msg.id);
  if (!ctx_.limits.create_room(slot_.client())) {
    metrics().refused(Refusal::client_creates);
    return send_error(ProtoError::rate_limited, "too many rooms created from your address; wait a minute", msg.id);
  }
  auto room = ctx_.rooms.create(*game, std::move(options), ws_.get_executor());
  if (!room) {
    metrics().refused(Refusal::rooms);
    return send_error(ProtoError::unavailable, "the server cannot hold more rooms now", msg.id);
  }
  room_ = room;
  room->handle(shared_from_this(), std::move(msg), Clock::now());
}

void WsSession::on_enter(Envelope& msg) {
  if (room_ || entering_) return send_error(ProtoError::already_in_room, "leave your room first", msg.id);
  auto typed = string_field(msg.body, "room", kTypedRoomCodeMax);
  if (!typed) return send_error(ProtoError::bad_field, "'room' must be a room code", msg.id);
  const LookupGate gate = msg.kind == MessageKind::reconnect ? LookupGate::when_missing : LookupGate::first;
  entering_ = true;
  lookup_room(ctx_, slot_.client(), *typed, gate, [self = shared_from_this(), msg = std::move(msg)](RoomLookup found) mutable {
    net::post(self->ws_.get_executor(), [self, msg = std::move(msg), found = std::move(found)]() mutable {
      self->entering_ = false;
      self->entered(std::move(msg), std::move(found));
    });
  });
}

void WsSession::entered(Envelope msg, RoomLookup found) {
  if (found.limited)
    return send_error(ProtoError::rate_limited, "too many unknown room codes from your address; wait a minute", msg.id);
  // Another replica serves the room: the client reconnects through the proxy, naming it.
  if (!found.elsewhere.empty()) return close(static_cast<websocket::close_code>(kCloseReconnect), found.elsewhere);
  if (found.unavailable) return send_error(ProtoError::unavailable, "the room cannot be reached right now; try again", msg.id);
  if (!found.room) return send_error(ProtoError::unknown_room, "no such room", msg.id);
  if (room_) return send_error(ProtoError::already_in_room, "leave your room first", msg.id);
  room_ = found.room;
  found.room->handle(shared_from_this(), std::move(msg), Clock::now());
}

void WsSession::room_moved(const RoomLink* room) {
  net::post(ws_.get_executor(), [self = shared_from_this(), room] {
    if (self->room_.get() != room) return;
    self->room_.reset();
    self->close(static_cast<websocket::close_code>(kCloseReconnect), "");
  });
}

bool WsSession::lookups_limited() const { return !ctx_.limits.may_look_up(slot_.client()); }

void WsSession::lookup_failed() { lookup_missed(ctx_, slot_.client()); }

void WsSession::left_room(const RoomLink* room) {
  net::post(ws_.get_executor(), [self = shared_from_this(), room] {
    if (self->room_.get() == room) self->room_.reset();
  });
}

void WsSession::send(std::string message) { enqueue(std::make_shared<const std::string>(std::move(message))); }

void WsSession::send_error(ProtoError code, std::string_view message, const Json& re) {
  metrics().error(code);
  send(error_message(code, message, re));
}

void WsSession::deliver(Frame frame) {
  net::post(ws_.get_executor(), [self = shared_from_this(), frame = std::move(frame)]() mutable {
    self->enqueue(std::move(frame));
  });
}

void WsSession::deliver(Frame first, Frame second) {
  net::post(ws_.get_executor(), [self = shared_from_this(), first = std::move(first), second = std::move(second)]() mutable {
    // Both queued before the first is written, so that they can leave together.
    if (self->enqueue(std::move(first), /*start=*/false)) self->enqueue(std::move(second));
  });
}

bool WsSession::enqueue(Frame frame, bool start) {
  if (closing_ || finished_) return false;
  const Config& c = ctx_.config;
  if (queue_.size() >= c.write_queue_max || queued_bytes_ + frame->size() > c.write_queue_max_bytes) {
    // A client that cannot keep up is closed rather than buffered without limit.
    metrics().slow_consumers++;
    log::warn("slow_consumer", {{"connection", id_}, {"queued", queue_.size()}});
    while (queue_.size() > (writing_ ? 1u : 0u)) {
      queued_bytes_ -= queue_.back()->size();
      queue_.pop_back();
    }
    close(websocket::close_code::try_again_later, "slow_consumer");
    return false;
  }
  queued_bytes_ += frame->size();
  metrics().messages_out++;
  metrics().bytes_out += static_cast<long>(frame->size());
  queue_.push_back(std::move(frame));
  if (start && !writing_) do_write();
  return true;
}

void WsSession::do_write() {
  writing_ = true;
  // A frame with another behind it (the ack of a move, then its update) waits for it in
  // the layer below, and both leave in one send.
  if (queue_.size() > 1) ws_.next_layer().hold_next();
  ws_.text(true);
  ws_.async_write(net::buffer(*queue_.front()), beast::bind_front_handler(&WsSession::on_write, shared_from_this()));
}

void WsSession::on_write(beast::error_code ec, std::size_t) {
  writing_ = false;
  if (ec) {
    fail(ec, "ws_write", id_);
    return finish();
  }
  queued_bytes_ -= queue_.front()->size();
  queue_.pop_front();
  if (!queue_.empty()) return do_write();
  if (closing_ && !closed_) do_close();
}

void WsSession::close(websocket::close_code code, std::string reason) {
  net::post(ws_.get_executor(), [self = shared_from_this(), code, reason = std::move(reason)] {
    if (self->closing_ || self->finished_) return;
    self->closing_ = std::make_unique<Closing>(self->ws_.get_executor());
    self->closing_->reason = websocket::close_reason(code, reason);
    // If the client never lets the close through, drop the socket.
    self->closing_->deadline.expires_after(kCloseDeadline);
    self->closing_->deadline.async_wait([self](beast::error_code ec) {
      if (!ec) {
        beast::error_code ignored;
        beast::get_lowest_layer(self->ws_).socket().close(ignored);
      }
    });
    if (!self->writing_ && self->queue_.empty()) self->do_close();
  });
}

void WsSession::do_close() {
  closed_ = true;
  ws_.async_close(closing_->reason, [self = shared_from_this()](beast::error_code ec) {
    fail(ec, "ws_close", self->id_);
    self->finish();
  });
}

void WsSession::finish() {
  if (finished_) return;
  finished_ = true;
  if (closing_) closing_->deadline.cancel();
  if (room_) {
    room_->disconnected(id_);
    room_.reset();
  }
  if (id_) {
    ctx_.remove_session(id_);
    metrics().connections--;
    log::debug("connection_closed", {{"connection", id_}});
  }
  beast::error_code ignored;
  beast::get_lowest_layer(ws_).socket().close(ignored);
}

}  // namespace nyan::server
