#include "server/http/healthcheck.h"

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <fcntl.h>
#include <unistd.h>

#include "server/net/flex_stream.h"

namespace nyan::server {

namespace net = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;

bool write_port_file(const std::string& path, const std::string& address, unsigned short port,
                     const std::string& scheme, std::string& error) {
  // The file is new and ours: a leftover of an earlier run is removed (unlink never follows a
  // link), and O_EXCL | O_NOFOLLOW refuses a link planted in its place meanwhile, so a shared
  // /tmp cannot point the write at another file.
  const std::string temporary = path + ".new." + std::to_string(::getpid());
  {
    ::unlink(temporary.c_str());
    const int fd = ::open(temporary.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
    const std::string line = address + ' ' + std::to_string(port) + ' ' + scheme + '\n';
    const bool written = fd >= 0 && ::write(fd, line.data(), line.size()) == static_cast<ssize_t>(line.size());
    if (fd >= 0) ::close(fd);
    if (!written) {
      error = "cannot write " + temporary;
      if (fd >= 0) std::remove(temporary.c_str());
      return false;
    }
  }
  if (std::rename(temporary.c_str(), path.c_str()) != 0) {
    error = "cannot rename " + temporary + " to " + path;
    std::remove(temporary.c_str());
    return false;
  }
  return true;
}

bool read_port_file(const std::string& path, std::string& address, unsigned short& port, std::string& scheme,
                    std::string& error) {
  std::ifstream in(path);
  if (!in) {
    error = "no port file " + path + " (is the server running?)";
    return false;
  }
  std::string line;
  std::getline(in, line);
  if (line.size() > 100) line.clear();  // not ours
  std::istringstream fields(line);
  long long p = 0;
  std::string rest;
  std::string third;
  if (!(fields >> address >> p) || p <= 0 || p > 65535) third = "bad";
  else if (fields >> third && (fields >> rest)) third = "bad";
  if (third.empty()) third = "http";  // (a file written before the scheme was)
  if (third != "http" && third != "https") {
    error = "port file " + path + " does not hold \"ADDRESS PORT SCHEME\"";
    return false;
  }
  scheme = third;
  port = static_cast<unsigned short>(p);
  return true;
}

int run_healthcheck(const Config& config) {
  std::string bind = config.bind, error, note, scheme;
  unsigned short port = static_cast<unsigned short>(config.port);
  if (!config.port_file.empty() && !read_port_file(config.port_file, bind, port, scheme, error)) {
    if (std::filesystem::exists(config.port_file)) {  // there, but not ours: do not guess
      std::fprintf(stderr, "healthcheck: %s\n", error.c_str());
      return 1;
    }
    // Not written (yet, or it could not be): ask what --bind and --port say.
    bind = config.bind;
    port = static_cast<unsigned short>(config.port);
    scheme.clear();
    note = error + "; ";
  }
  // Without a port file, the flags say whether the server speaks TLS.
  if (scheme.empty()) scheme = config.tls_cert.empty() ? "http" : "https";
  boost::system::error_code ec;
  net::ip::address address = net::ip::make_address(bind, ec);
  if (ec || port == 0) {
    std::fprintf(stderr, "healthcheck: %sno address to check (bind %s, port %d)\n", note.c_str(), bind.c_str(), port);
    return 1;
  }
  // A server listening on every address is asked over loopback.
  if (address.is_unspecified())
    address = address.is_v6() ? net::ip::address(net::ip::address_v6::loopback())
                               : net::ip::address(net::ip::address_v4::loopback());

  net::io_context ioc;
  // No certificate check (see the header): the server's own, over a local address.
  std::shared_ptr<net::ssl::context> tls;
  if (scheme == "https") {
    tls = std::make_shared<net::ssl::context>(net::ssl::context::tls_client);
    tls->set_verify_mode(net::ssl::verify_none);
  }
  FlexStream stream(beast::tcp_stream(ioc), tls);
  http::request<http::empty_body> req{http::verb::get, "/healthz", 11};
  req.set(http::field::host, address.to_string());
  req.set(http::field::user_agent, "nyanhall-healthcheck");
  req.keep_alive(false);
  http::response<http::string_body> res;
  beast::flat_buffer buffer;
  beast::error_code result;
  // One deadline for the whole exchange: a hung server is unhealthy, not a hung check.
  auto exchange = [&] {
    http::async_write(stream, req, [&](beast::error_code e, std::size_t) {
      if (e) {
        result = e;
        return;
      }
      http::async_read(stream, buffer, res, [&](beast::error_code e, std::size_t) { result = e; });
    });
  };
  stream.tcp().expires_after(std::chrono::seconds(3));
  stream.tcp().async_connect({address, port}, [&](beast::error_code e) {
    if (e) {
      result = e;
      return;
    }
    if (!stream.tls()) return exchange();
    stream.tls()->async_handshake(net::ssl::stream_base::client, [&](beast::error_code e) {
      if (e) {
        result = e;
        return;
      }
      exchange();
    });
  });
  ioc.run();
  if (result) {
    std::fprintf(stderr, "healthcheck: %s%s://%s:%d: %s\n", note.c_str(), scheme.c_str(), address.to_string().c_str(),
                 port, result.message().c_str());
    return 1;
  }
  if (res.result() != http::status::ok) {
    std::fprintf(stderr, "healthcheck: /healthz answered %u\n", res.result_int());
    return 1;
  }
  return 0;
}

}  // namespace nyan::server
