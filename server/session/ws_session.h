// One WebSocket connection: reads client messages (bounded in size and rate), answers the
// connection-level ones (hello, ping, create/join lookups) and forwards the rest to its room;
// writes frames from a bounded queue, one write in flight. Runs on its own strand.
#pragma once

#include <boost/asio/steady_timer.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>
#include <memory>
#include <string>

#include "server/common/fifo.h"
#include "server/net/gather_stream.h"
#include "server/room/participant.h"
#include "protocol/rate_limit.h"
#include "server/http/room_lookup.h"
#include "server/http/server_context.h"

namespace nyan::server {

namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;

class WsSession : public Participant, public std::enable_shared_from_this<WsSession> {
 public:
  // `slot` counts the connection for its client (client_limits.h) for as long as it is open.
  WsSession(FlexStream&& stream, ServerContext& ctx, ClientLimits::Slot slot);
  ~WsSession() override;

  // Completes the upgrade of `request` and starts reading.
  void run(http::request<http::string_body> request);

  boost::asio::any_io_executor executor() { return ws_.get_executor(); }
  std::uint64_t participant_id() const override { return id_; }
  void deliver(Frame frame) override;
  void deliver(Frame first, Frame second) override;
  void left_room(const RoomLink* room) override;
  void room_moved(const RoomLink* room) override;
  bool lookups_limited() const override;
  void lookup_failed() override;

  // Closes with a close frame carrying `code` and `reason` (after the write in flight).
  void close(websocket::close_code code, std::string reason);

 private:
  void on_accept(beast::error_code ec);
  void do_read();
  void on_read(beast::error_code ec, std::size_t bytes);  // a part of a message: at most kReadStep bytes
  void on_message(std::string_view text);
  void on_hello(const Envelope& msg);
  void on_create(Envelope& msg);
  void on_enter(Envelope& msg);  // join, spectate, reconnect
  void entered(Envelope msg, RoomLookup found);
  void send(std::string message);
  void send_error(ProtoError code, std::string_view message, const Json& re);
  // Queues `frame` and, with `start`, writes it if no write is in flight. False when the
  // frame was dropped: the session is closing, or the client fell too far behind.
  bool enqueue(Frame frame, bool start = true);
  void do_write();
  void on_write(beast::error_code ec, std::size_t bytes);
  void do_close();
  void finish();

  // Without permessage-deflate, which the server never offers: its state is left out of every
  // connection's stream.
  using Stream = websocket::stream<GatherStream, /*deflateSupported=*/false>;
  Stream ws_;
  beast::flat_buffer buffer_;
  ServerContext& ctx_;
  std::uint64_t id_ = 0;
  Fifo<Frame> queue_;
  std::size_t queued_bytes_ = 0;
  bool writing_ = false;
  // Made when the server closes the connection (a close reason is 130 bytes and a timer 70
  // more, and every open connection would carry them): what the close frame says, and the
  // time after which the socket is dropped if the client never lets it through.
  struct Closing {
    explicit Closing(const Stream::executor_type& ex) : deadline(ex) {}
    websocket::close_reason reason;
    boost::asio::steady_timer deadline;
  };
  std::unique_ptr<Closing> closing_;  // set: no more reads are handled; close after the write in flight
  bool closed_ = false;               // close frame sent or socket gone
  bool finished_ = false;
  bool hello_ = false;
  std::shared_ptr<RoomLink> room_;
  bool entering_ = false;  // a join, spectate or reconnect is being looked up
  ClientLimits::Slot slot_;
  TokenBucket bucket_;
  // Refused messages are answered (rate_limited, with their id) at most this fast: a flood is
  // not answered by a flood.
  TokenBucket refusals_;
  int strikes_ = 0;  // messages refused by the rate limit
};

}  // namespace nyan::server
