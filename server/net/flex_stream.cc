#include "server/net/flex_stream.h"

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

void FlexStream::tls_read_some(net::mutable_buffer buffer, BoundHandler handler) {
  std::get<std::unique_ptr<Tls>>(stream_)->stream.async_read_some(buffer, std::move(handler));
}

void FlexStream::tls_write_some(BoundHandler handler) {
  Tls& t = *std::get<std::unique_ptr<Tls>>(stream_);
  t.stream.async_write_some(std::span<const net::const_buffer>(t.writing.data(), t.writing_count), std::move(handler));
}

}  // namespace nyan::server
