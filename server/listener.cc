#include "server/listener.h"

#include <boost/asio/strand.hpp>

#include "server/http_session.h"
#include "server/log.h"

namespace nyan::server {

namespace net = boost::asio;

Listener::Listener(net::io_context& ioc, ServerContext& ctx)
    : ioc_(ioc), ctx_(ctx), acceptor_(net::make_strand(ioc)), backoff_(acceptor_.get_executor()) {}

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
  acceptor_.async_accept(net::make_strand(ioc_), beast::bind_front_handler(&Listener::on_accept, shared_from_this()));
}

void Listener::on_accept(boost::system::error_code ec, net::ip::tcp::socket socket) {
  if (ec == net::error::operation_aborted || !acceptor_.is_open()) return;
  if (ec) {
    // Out of descriptors and similar: log, wait a little, keep accepting.
    log::warn("accept_failed", {{"error", ec.message()}});
    backoff_.expires_after(std::chrono::milliseconds(100));
    backoff_.async_wait([self = shared_from_this()](boost::system::error_code e) {
      if (!e) self->do_accept();
    });
    return;
  }
  // Frames are small and each is a move someone waits for: send them at once, not held back
  // (Nagle) until the client acknowledges the frame before.
  boost::system::error_code ignored;
  socket.set_option(net::ip::tcp::no_delay(true), ignored);
  std::make_shared<HttpSession>(std::move(socket), ctx_)->run();
  do_accept();
}

}  // namespace nyan::server
