#include "server/net/flex_stream.h"

#include <unistd.h>

#include <boost/asio/strand.hpp>
#include <span>

namespace nyan::server {

namespace net = boost::asio;

FlexStream::Tls::Tls(boost::beast::tcp_stream&& tcp, std::shared_ptr<net::ssl::context> c)
    : context(std::move(c)), stream(std::move(tcp), *context) {}

FlexStream::FlexStream(boost::beast::tcp_stream&& tcp, std::shared_ptr<net::ssl::context> context)
    : stream_(std::in_place_type<boost::beast::tcp_stream>, std::move(tcp)) {
  if (context)
    stream_ = std::make_unique<Tls>(std::move(std::get<boost::beast::tcp_stream>(stream_)), std::move(context));
}

bool FlexStream::move_to(net::io_context& ioc) {
  if (is_tls()) return false;
  net::ip::tcp::socket& from = std::get<boost::beast::tcp_stream>(stream_).socket();
  boost::system::error_code ec;
  const net::ip::tcp protocol = from.local_endpoint(ec).protocol();
  if (ec) return false;
  const int fd = from.release(ec);  // no operation is pending: the session is between them
  if (ec) return false;
  net::ip::tcp::socket to(net::make_strand(ioc));
  to.assign(protocol, fd, ec);
  if (ec) {
    ::close(fd);
    return false;
  }
  stream_.emplace<boost::beast::tcp_stream>(std::move(to));
  return true;
}

void FlexStream::tls_read_some(net::mutable_buffer buffer, BoundHandler handler) {
  std::get<std::unique_ptr<Tls>>(stream_)->stream.async_read_some(buffer, std::move(handler));
}

void FlexStream::tls_write_some(BoundHandler handler) {
  Tls& t = *std::get<std::unique_ptr<Tls>>(stream_);
  t.stream.async_write_some(std::span<const net::const_buffer>(t.writing.data(), t.writing_count), std::move(handler));
}

}  // namespace nyan::server
