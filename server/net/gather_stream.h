// The layer under a session's WebSocket: a stream (plain TCP or TLS, flex_stream.h) that can
// hold back what is written to it and send it with the next write, so that two frames meant for one client (the ack of
// a move and the update it caused) leave in one send instead of two. On loopback and in a
// VM most of the server's system time is the sends themselves.
//
// The session asks it to hold the next write when the frame it writes has another queued
// behind it. Only that one write is held: whatever is written next (the next frame, or a
// control frame of Beast's own, such as a close) takes it along, in order, in one send. So
// nothing is held for longer than it takes to write what follows it, and the memory is freed
// once sent. Over TLS they leave in one record too: Beast's ssl_stream copies a write of
// several buffers into one, up to 16 KiB, before it encrypts it.
#pragma once

#include <boost/asio/associated_executor.hpp>
#include <boost/asio/bind_executor.hpp>
#include <boost/asio/buffer.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/write.hpp>
#include <boost/beast/core/bind_handler.hpp>
#include <boost/beast/core/buffers_cat.hpp>
#include <boost/beast/websocket/teardown.hpp>
#include <string>
#include <utility>

#include "server/net/flex_stream.h"

namespace nyan::server {

class GatherStream {
 public:
  using executor_type = FlexStream::executor_type;

  explicit GatherStream(FlexStream&& stream) : next_(std::move(stream)) {}

  executor_type get_executor() noexcept { return next_.get_executor(); }
  FlexStream& next_layer() noexcept { return next_; }
  const FlexStream& next_layer() const noexcept { return next_; }

  // Holds back the next write, to be sent with the one after it.
  void hold_next() noexcept { hold_next_ = true; }

  template <class MutableBuffers, class Handler>
  auto async_read_some(const MutableBuffers& buffers, Handler&& handler) {
    return next_.async_read_some(buffers, std::forward<Handler>(handler));
  }

  template <class ConstBuffers, class Handler>
  void async_write_some(const ConstBuffers& buffers, Handler&& handler) {
    namespace net = boost::asio;
    const std::size_t n = net::buffer_size(buffers);
    if (hold_next_) {
      hold_next_ = false;
      // Copied: the caller may free its buffers as soon as the write completes.
      const std::size_t at = held_.size();
      held_.resize(at + n);
      net::buffer_copy(net::buffer(held_.data() + at, n), buffers);
      net::post(next_.get_executor(), boost::beast::bind_front_handler(std::forward<Handler>(handler),
                                                                         boost::system::error_code{}, n));
      return;
    }
    if (held_.empty()) return void(next_.async_write_some(buffers, std::forward<Handler>(handler)));
    // What is held goes first, in the same send; the caller is told only of its own bytes.
    auto ex = net::get_associated_executor(handler, next_.get_executor());
    net::async_write(next_, boost::beast::buffers_cat(net::const_buffer(held_.data(), held_.size()), buffers),
                     net::bind_executor(ex, [this, n, h = std::forward<Handler>(handler)](
                                                boost::system::error_code ec, std::size_t) mutable {
                       std::string().swap(held_);  // a held frame's memory is not kept per connection
                       std::move(h)(ec, ec ? 0 : n);
                     }));
  }

 private:
  FlexStream next_;
  std::string held_;
  bool hold_next_ = false;
};

// How Beast's WebSocket closes the layer below it: as it closes the stream below.
template <class TeardownHandler>
void async_teardown(boost::beast::role_type role, GatherStream& stream, TeardownHandler&& handler) {
  async_teardown(role, stream.next_layer(), std::forward<TeardownHandler>(handler));
}
inline void teardown(boost::beast::role_type role, GatherStream& stream, boost::system::error_code& ec) {
  teardown(role, stream.next_layer(), ec);
}

}  // namespace nyan::server
