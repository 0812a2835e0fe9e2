// Accepts TCP connections, each onto its own strand on the I/O contexts in turn, and starts an HttpSession for each (a
// DetectSession first when the port serves TLS).
#pragma once

#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>
#include <memory>

#include "server/http/server_context.h"
#include "server/net/io_pool.h"

namespace nyan::server {

class Listener : public std::enable_shared_from_this<Listener> {
 public:
  Listener(IoPool& io, ServerContext& ctx);
  // Binds and listens; false with `error` set on failure.
  bool open(const boost::asio::ip::tcp::endpoint& endpoint, std::string& error);
  unsigned short port() const;
  void run();
  void stop();

 private:
  void do_accept();
  void on_accept(boost::system::error_code ec, boost::asio::ip::tcp::socket socket);
  static void refuse(boost::asio::ip::tcp::socket& socket);

  IoPool& io_;
  ServerContext& ctx_;
  boost::asio::ip::tcp::acceptor acceptor_;
  boost::asio::steady_timer backoff_;
};

}  // namespace nyan::server
