// A new connection on a port that serves TLS: reads the first bytes the client sends and, when
// they open a TLS handshake, completes it and serves HTTPS and WSS over it; anything else is
// plain HTTP, which is redirected to https:// or refused (--tls-plain). Both the look and the
// handshake happen within one deadline (--handshake-timeout-ms), so a client that stalls or
// sends garbage is closed and costs nothing after it.
#pragma once

#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <memory>
#include <optional>

#include "server/net/flex_stream.h"
#include "server/http/server_context.h"

namespace nyan::server {

class DetectSession : public std::enable_shared_from_this<DetectSession> {
 public:
  // `slot` and `proxy` as for HttpSession.
  DetectSession(boost::asio::ip::tcp::socket&& socket, ServerContext& ctx, ClientLimits::Slot slot, bool proxy);
  void run();

 private:
  void do_detect();
  void on_detect(boost::beast::error_code ec, bool tls);
  void on_handshake(boost::beast::error_code ec, std::size_t used);

  // The TCP stream until the first bytes are known, then the stream the session serves.
  std::optional<boost::beast::tcp_stream> tcp_;
  std::optional<FlexStream> stream_;
  boost::beast::flat_buffer buffer_;
  ServerContext& ctx_;
  ClientLimits::Slot slot_;
  const bool proxy_;
};

}  // namespace nyan::server
