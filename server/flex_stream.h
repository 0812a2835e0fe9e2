// The stream under every connection, on both sides: plain TCP, or TLS over TCP (Beast's
// ssl_stream), chosen once when the connection is made. The server's sessions (under
// GatherStream), nyanhall-cli's connection, its load generator and the health check all use
// it, so each is written once for both. A plain connection pays one branch per read and write.
//
// It is a stream as Beast's algorithms want one (reads and writes, synchronous and not, and the
// WebSocket teardown); `tls()` gives the TLS layer for the handshake and the shutdown, and
// `tcp()` (also `beast::get_lowest_layer`) the TCP stream for its timeouts and socket.
#pragma once

#include <boost/asio/ssl/context.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/ssl/ssl_stream.hpp>
#include <boost/beast/websocket/teardown.hpp>
#include <memory>
#include <utility>
#include <variant>

namespace nyan::server {

class FlexStream {
 public:
  using TlsStream = boost::beast::ssl_stream<boost::beast::tcp_stream>;
  using executor_type = boost::beast::tcp_stream::executor_type;

  // Plain TCP.
  explicit FlexStream(boost::beast::tcp_stream&& tcp)
      : stream_(std::in_place_type<boost::beast::tcp_stream>, std::move(tcp)) {}
  // TLS over `tcp` with `context` (kept alive as long as the stream is: a reload replaces the
  // server's context, not the one an open connection uses). Null `context`: plain TCP.
  FlexStream(boost::beast::tcp_stream&& tcp, std::shared_ptr<boost::asio::ssl::context> context)
      : stream_(make(std::move(tcp), context)), context_(std::move(context)) {}

  bool is_tls() const noexcept { return std::holds_alternative<TlsStream>(stream_); }
  TlsStream* tls() noexcept { return std::get_if<TlsStream>(&stream_); }

  boost::beast::tcp_stream& tcp() noexcept {
    if (auto* t = tls()) return t->next_layer();
    return std::get<boost::beast::tcp_stream>(stream_);
  }
  // The layer below, for beast::get_lowest_layer.
  boost::beast::tcp_stream& next_layer() noexcept { return tcp(); }
  executor_type get_executor() noexcept { return tcp().get_executor(); }

  template <class MutableBuffers, class Handler>
  void async_read_some(const MutableBuffers& buffers, Handler&& handler) {
    if (auto* t = tls()) return t->async_read_some(buffers, std::forward<Handler>(handler));
    std::get<boost::beast::tcp_stream>(stream_).async_read_some(buffers, std::forward<Handler>(handler));
  }
  template <class ConstBuffers, class Handler>
  void async_write_some(const ConstBuffers& buffers, Handler&& handler) {
    if (auto* t = tls()) return t->async_write_some(buffers, std::forward<Handler>(handler));
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
  using Variant = std::variant<boost::beast::tcp_stream, TlsStream>;
  static Variant make(boost::beast::tcp_stream&& tcp, const std::shared_ptr<boost::asio::ssl::context>& context) {
    if (!context) return Variant(std::in_place_type<boost::beast::tcp_stream>, std::move(tcp));
    return Variant(std::in_place_type<TlsStream>, std::move(tcp), *context);
  }

  Variant stream_;
  std::shared_ptr<boost::asio::ssl::context> context_;
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
