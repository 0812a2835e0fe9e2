// The stream under every connection, on both sides: plain TCP, or TLS over TCP (Beast's
// ssl_stream), chosen once when the connection is made. The server's sessions (under
// GatherStream), nyanhall-cli's connection, its load generator and the health check all use
// it, so each is written once for both. A plain connection pays one branch per read and write
// and one pointer.
//
// It is a stream as Beast's algorithms want one (reads and writes, synchronous and not, and the
// WebSocket teardown); `tls()` gives the TLS layer for the handshake and the shutdown, and
// `tcp()` (also `beast::get_lowest_layer`) the TCP stream for its timeouts and socket.
//
// The asynchronous TLS reads and writes are compiled once (flex_stream.cc): every caller's
// handler goes through one type-erased handler, and buffers through one buffer type, so that
// the TLS machinery is not instantiated again for each of Beast's operations in every file
// that uses the stream (that nearly tripled the compile time and memory of ws_session.cc).
// Only the WebSocket teardown, once per connection, stays a template.
#pragma once

#include <array>
#include <boost/asio/associated_executor.hpp>
#include <boost/asio/bind_executor.hpp>
#include <boost/asio/buffer.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ssl/context.hpp>
#include <boost/beast/core/role.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/ssl/ssl_stream.hpp>
#include <boost/beast/websocket/teardown.hpp>
#include <memory>
#include <type_traits>
#include <utility>
#include <variant>

namespace nyan::server {

// A read's or a write's completion handler with its type erased, run on the executor the
// handler is associated with (Asio's any_completion_handler would do, but its executor cannot
// be asked for a non-blocking post in this Boost, which Beast's TCP stream needs).
class IoHandler {
 public:
  template <class Handler>
  explicit IoHandler(Handler&& handler)
      : call_(std::make_unique<Call<std::decay_t<Handler>>>(std::forward<Handler>(handler))) {}
  void operator()(boost::system::error_code ec, std::size_t bytes) {
    std::unique_ptr<Base> call = std::move(call_);
    call->run(ec, bytes);
  }

 private:
  struct Base {
    virtual ~Base() = default;
    virtual void run(boost::system::error_code ec, std::size_t bytes) = 0;
  };
  template <class Handler>
  struct Call : Base {
    explicit Call(Handler&& h) : handler(std::move(h)) {}
    explicit Call(const Handler& h) : handler(h) {}
    void run(boost::system::error_code ec, std::size_t bytes) override { std::move(handler)(ec, bytes); }
    Handler handler;
  };
  std::unique_ptr<Base> call_;
};

class FlexStream {
 public:
  using TlsStream = boost::beast::ssl_stream<boost::beast::tcp_stream>;
  using executor_type = boost::beast::tcp_stream::executor_type;
  using BoundHandler = boost::asio::executor_binder<IoHandler, executor_type>;

  // Plain TCP.
  explicit FlexStream(boost::beast::tcp_stream&& tcp)
      : stream_(std::in_place_type<boost::beast::tcp_stream>, std::move(tcp)) {}
  // TLS over `tcp` with `context` (kept alive as long as the stream is: a reload replaces the
  // server's context, not the one an open connection uses). Null `context`: plain TCP.
  FlexStream(boost::beast::tcp_stream&& tcp, std::shared_ptr<boost::asio::ssl::context> context);

  bool is_tls() const noexcept { return std::holds_alternative<std::unique_ptr<Tls>>(stream_); }
  TlsStream* tls() noexcept {
    auto* t = std::get_if<std::unique_ptr<Tls>>(&stream_);
    return t ? &(*t)->stream : nullptr;
  }

  // A plain connection goes on to run on a strand of `ioc` (its socket handed over between the
  // contexts' reactors). False for TLS (its state is bound to the stream it was made in) or
  // when the socket could not be handed over; a connection whose socket was lost on the way
  // is closed.
  bool move_to(boost::asio::io_context& ioc);

  boost::beast::tcp_stream& tcp() noexcept {
    if (auto* t = tls()) return t->next_layer();
    return std::get<boost::beast::tcp_stream>(stream_);
  }
  // The layer below, for beast::get_lowest_layer.
  boost::beast::tcp_stream& next_layer() noexcept { return tcp(); }
  executor_type get_executor() noexcept { return tcp().get_executor(); }

  template <class MutableBuffers, class Handler>
  void async_read_some(const MutableBuffers& buffers, Handler&& handler) {
    if (is_tls()) {
      // TLS reads into one buffer at a time anyway: the first that is not empty.
      boost::asio::mutable_buffer first;
      for (auto it = boost::asio::buffer_sequence_begin(buffers); it != boost::asio::buffer_sequence_end(buffers); ++it)
        if ((first = *it).size() > 0) break;
      return tls_read_some(first, bind(std::forward<Handler>(handler)));
    }
    std::get<boost::beast::tcp_stream>(stream_).async_read_some(buffers, std::forward<Handler>(handler));
  }
  template <class ConstBuffers, class Handler>
  void async_write_some(const ConstBuffers& buffers, Handler&& handler) {
    if (is_tls()) {
      // The first few buffers (a write may send only a part), kept until the write is done;
      // Beast's ssl_stream joins them into one record.
      Tls& t = *std::get<std::unique_ptr<Tls>>(stream_);
      t.writing_count = 0;
      for (auto it = boost::asio::buffer_sequence_begin(buffers);
           it != boost::asio::buffer_sequence_end(buffers) && t.writing_count < t.writing.size(); ++it)
        if (boost::asio::const_buffer b = *it; b.size() > 0) t.writing[t.writing_count++] = b;
      return tls_write_some(bind(std::forward<Handler>(handler)));
    }
    std::get<boost::beast::tcp_stream>(stream_).async_write_some(buffers, std::forward<Handler>(handler));
  }

  template <class MutableBuffers>
  std::size_t read_some(const MutableBuffers& buffers, boost::system::error_code& ec) {
    if (auto* t = tls()) return t->read_some(buffers, ec);
    return std::get<boost::beast::tcp_stream>(stream_).read_some(buffers, ec);
  }
  template <class MutableBuffers>
  std::size_t read_some(const MutableBuffers& buffers) {
    if (auto* t = tls()) return t->read_some(buffers);
    return std::get<boost::beast::tcp_stream>(stream_).read_some(buffers);
  }
  template <class ConstBuffers>
  std::size_t write_some(const ConstBuffers& buffers, boost::system::error_code& ec) {
    if (auto* t = tls()) return t->write_some(buffers, ec);
    return std::get<boost::beast::tcp_stream>(stream_).write_some(buffers, ec);
  }
  template <class ConstBuffers>
  std::size_t write_some(const ConstBuffers& buffers) {
    if (auto* t = tls()) return t->write_some(buffers);
    return std::get<boost::beast::tcp_stream>(stream_).write_some(buffers);
  }

 private:
  struct Tls {
    Tls(boost::beast::tcp_stream&& tcp, std::shared_ptr<boost::asio::ssl::context> c);
    std::shared_ptr<boost::asio::ssl::context> context;
    TlsStream stream;
    std::array<boost::asio::const_buffer, 8> writing;  // what the write in flight sends
    std::size_t writing_count = 0;
  };

  template <class Handler>
  BoundHandler bind(Handler&& handler) {
    const executor_type ex = boost::asio::get_associated_executor(handler, get_executor());
    return boost::asio::bind_executor(ex, IoHandler(std::forward<Handler>(handler)));
  }
  void tls_read_some(boost::asio::mutable_buffer buffer, BoundHandler handler);
  void tls_write_some(BoundHandler handler);

  // A TLS connection's state lives apart, so that a plain one is a TCP stream and a pointer.
  std::variant<boost::beast::tcp_stream, std::unique_ptr<Tls>> stream_;
};

// How a WebSocket closes the stream below it: TLS sends its close_notify first, then both
// close the TCP connection as Beast does.
template <class TeardownHandler>
void async_teardown(boost::beast::role_type role, FlexStream& stream, TeardownHandler&& handler) {
  using boost::beast::async_teardown;
  if (auto* t = stream.tls()) return async_teardown(role, *t, std::forward<TeardownHandler>(handler));
  async_teardown(role, stream.tcp(), std::forward<TeardownHandler>(handler));
}
inline void teardown(boost::beast::role_type role, FlexStream& stream, boost::system::error_code& ec) {
  using boost::beast::teardown;
  if (auto* t = stream.tls()) return teardown(role, *t, ec);
  teardown(role, stream.tcp(), ec);
}

}  // namespace nyan::server
