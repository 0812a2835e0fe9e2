#include "server/session/listener.h"

#include <boost/asio/strand.hpp>

#include "server/session/detect_session.h"
#include "server/session/http_session.h"
#include "server/common/log.h"
#include "server/common/metrics.h"
#include "server/net/fail.h"

namespace nyan::server {

namespace net = boost::asio;

Listener::Listener(IoPool& io, ServerContext& ctx)
    : io_(io), ctx_(ctx), acceptor_(net::make_strand(io.main())), backoff_(acceptor_.get_executor()) {}

bool Listener::open(const net::ip::tcp::endpoint& endpoint, std::string& error) {
  boost::system::error_code ec;
  acceptor_.open(endpoint.protocol(), ec);
  if (!ec) acceptor_.set_option(net::socket_base::reuse_address(true), ec);
  if (!ec) acceptor_.bind(endpoint, ec);
  if (!ec) acceptor_.listen(net::socket_base::max_listen_connections, ec);
  if (ec) error = ec.message();
  return !ec;
}

unsigned short Listener::port() const {
  boost::system::error_code ec;
  return acceptor_.local_endpoint(ec).port();
}

void Listener::run() { do_accept(); }

void Listener::stop() {
  net::post(acceptor_.get_executor(), [self = shared_from_this()] {
    boost::system::error_code ignored;
    self->backoff_.cancel();
    self->acceptor_.close(ignored);
  });
}

void Listener::do_accept() {
  acceptor_.async_accept(net::make_strand(io_.next()), beast::bind_front_handler(&Listener::on_accept, shared_from_this()));
}

void Listener::refuse(net::ip::tcp::socket& socket) {
  // One try at a short answer, without waiting: a socket the server cannot hold gets no more.
  static constexpr std::string_view kBusy =
      "HTTP/1.1 503 Service Unavailable\r\nContent-Length: 0\r\nConnection: close\r\nRetry-After: 5\r\n\r\n";
  boost::system::error_code ignored;
  socket.non_blocking(true, ignored);
  socket.write_some(net::buffer(kBusy), ignored);
  socket.shutdown(net::ip::tcp::socket::shutdown_both, ignored);
  socket.close(ignored);
}

void Listener::on_accept(boost::system::error_code ec, net::ip::tcp::socket socket) {
  if (quiet_end(ec) || !acceptor_.is_open()) return;
  if (ec) {
    // Out of descriptors and similar: log, wait a little, keep accepting.
    log::warn("accept_failed", {{"error", ec.message()}});
    backoff_.expires_after(std::chrono::milliseconds(100));
    backoff_.async_wait([self = shared_from_this()](boost::system::error_code e) {
      if (!e) self->do_accept();
    });
    return;
  }
  // Counted the moment it is accepted, so the limits hold exactly; the client is the peer, or
  // for a trusted proxy's connection the one its requests name (HttpSession).
  boost::system::error_code ignored;
  const auto peer = socket.remote_endpoint(ignored).address();
  const bool proxy = in_ranges(ctx_.trusted_proxies, peer);
  Refusal why{};
  ClientLimits::Slot slot = ctx_.limits.admit(client_key(peer), proxy, why);
  if (!slot) {
    metrics().refused(why);
    refuse(socket);
    return do_accept();
  }
  // Frames are small and each is a move someone waits for: send them at once, not held back
  // (Nagle) until the client acknowledges the frame before.
  socket.set_option(net::ip::tcp::no_delay(true), ignored);
  if (ctx_.tls.current())  // the first bytes say whether it is TLS or plain HTTP
    std::make_shared<DetectSession>(std::move(socket), ctx_, std::move(slot), proxy)->run();
  else
    std::make_shared<HttpSession>(FlexStream(beast::tcp_stream(std::move(socket))), beast::flat_buffer(), ctx_,
                                  std::move(slot), proxy)
        ->run();
  do_accept();
}

}  // namespace nyan::server
