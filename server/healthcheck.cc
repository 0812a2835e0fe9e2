#include "server/healthcheck.h"

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <chrono>
#include <cstdio>

namespace nyan::server {

namespace net = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;

int run_healthcheck(const Config& config) {
  boost::system::error_code ec;
  net::ip::address address = net::ip::make_address(config.bind, ec);
  if (ec || config.port == 0) {
    std::fprintf(stderr, "healthcheck: no address to check (bind %s, port %d)\n", config.bind.c_str(), config.port);
    return 1;
  }
  // A server listening on every address is asked over loopback.
  if (address.is_unspecified())
    address = address.is_v6() ? net::ip::address(net::ip::address_v6::loopback())
                               : net::ip::address(net::ip::address_v4::loopback());

  net::io_context ioc;
  beast::tcp_stream stream(ioc);
  http::request<http::empty_body> req{http::verb::get, "/healthz", 11};
  req.set(http::field::host, address.to_string());
  req.set(http::field::user_agent, "nyanhall-healthcheck");
  req.keep_alive(false);
  http::response<http::string_body> res;
  beast::flat_buffer buffer;
  beast::error_code result;
  // One deadline for the whole exchange: a hung server is unhealthy, not a hung check.
  stream.expires_after(std::chrono::seconds(3));
  stream.async_connect({address, static_cast<unsigned short>(config.port)}, [&](beast::error_code e) {
    if (e) {
      result = e;
      return;
    }
    http::async_write(stream, req, [&](beast::error_code e, std::size_t) {
      if (e) {
        result = e;
        return;
      }
      http::async_read(stream, buffer, res, [&](beast::error_code e, std::size_t) { result = e; });
    });
  });
  ioc.run();
  if (result) {
    std::fprintf(stderr, "healthcheck: %s:%d: %s\n", address.to_string().c_str(), config.port, result.message().c_str());
    return 1;
  }
  if (res.result() != http::status::ok) {
    std::fprintf(stderr, "healthcheck: /healthz answered %u\n", res.result_int());
    return 1;
  }
  return 0;
}

}  // namespace nyan::server
