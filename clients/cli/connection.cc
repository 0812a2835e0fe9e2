#include "clients/cli/connection.h"

#include <boost/asio/connect.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>
#include <cctype>

namespace nyan::cli {

namespace net = boost::asio;
namespace beast = boost::beast;
namespace websocket = beast::websocket;

struct Connection::Impl {
  net::io_context ioc;
  std::unique_ptr<websocket::stream<beast::tcp_stream>> ws;
  beast::flat_buffer buffer;
  bool open = false;
  bool closed = false;
  int close_code = 0;
  std::string close_reason;
  // One read stays pending across receive() calls, so a timeout never disturbs the stream.
  bool reading = false;
  bool ready = false;
  std::string source;
  beast::error_code result;

  void start_read() {
    reading = true;
    ready = false;
    buffer.consume(buffer.size());
    ws->async_read(buffer, [this](beast::error_code ec, std::size_t) {
      result = ec;
      ready = true;
      reading = false;
    });
  }
};

namespace {
std::function<void(const std::string&)>& frame_observer() {
  static std::function<void(const std::string&)> observer;
  return observer;
}
}  // namespace

void Connection::observe_frames(std::function<void(const std::string& frame)> observer) {
  frame_observer() = std::move(observer);
}

std::string ws_path(const std::string& room) {
  if (room.empty()) return "/ws";
  static constexpr char kHex[] = "0123456789ABCDEF";
  std::string path = "/ws?room=";
  for (char c : room) {
    const unsigned char u = static_cast<unsigned char>(c);
    if (std::isalnum(u) || c == '-' || c == '_' || c == '.' || c == '~') {
      path += c;
    } else {
      path += '%';
      path += kHex[u >> 4];
      path += kHex[u & 15];
    }
  }
  return path;
}

Connection::Connection() : impl_(std::make_unique<Impl>()) {}
Connection::~Connection() { drop(); }

bool Connection::connect(const std::string& host, unsigned short port, std::string& error, const std::string& path) {
  Impl& d = *impl_;
  // A Connection can be reused: whatever it had before is dropped first.
  if (d.ws) drop();
  d.open = d.closed = d.reading = d.ready = false;
  d.close_code = 0;
  d.close_reason.clear();
  d.buffer.consume(d.buffer.size());
  beast::error_code ec;
  net::ip::tcp::resolver resolver(d.ioc);
  auto endpoints = resolver.resolve(host, std::to_string(port), ec);
  if (ec) {
    error = ec.message();
    return false;
  }
  d.ws = std::make_unique<websocket::stream<beast::tcp_stream>>(d.ioc);
  beast::get_lowest_layer(*d.ws).expires_after(std::chrono::seconds(10));
  if (d.source.empty()) {
    beast::get_lowest_layer(*d.ws).connect(endpoints, ec);
  } else {  // from a chosen local address (tests of the limits per client address)
    auto& socket = beast::get_lowest_layer(*d.ws).socket();
    const net::ip::tcp::endpoint to = *endpoints.begin();
    socket.open(to.protocol(), ec);
    if (!ec) socket.bind({net::ip::make_address(d.source, ec), 0}, ec);
    if (!ec) socket.connect(to, ec);
  }
  if (!ec) {
    beast::get_lowest_layer(*d.ws).expires_never();
    // Each message is a move or a request someone waits for: no Nagle delay.
    beast::get_lowest_layer(*d.ws).socket().set_option(net::ip::tcp::no_delay(true), ec);
    d.ws->read_message_max(64 << 20);
    d.ws->handshake(host + ":" + std::to_string(port), path, ec);
  }
  if (ec) {
    error = ec.message();
    return false;
  }
  d.open = true;
  return true;
}

void Connection::set_source_address(const std::string& address) { impl_->source = address; }

bool Connection::is_open() const { return impl_->open && !impl_->closed; }

bool Connection::send(const Json& message) { return send_text(message.dump()); }

bool Connection::send_text(const std::string& text) {
  if (!is_open()) return false;
  beast::error_code ec;
  impl_->ws->text(true);
  impl_->ws->write(net::buffer(text), ec);
  return !ec;
}

std::optional<std::string> Connection::receive_text(std::chrono::milliseconds timeout) {
  Impl& d = *impl_;
  if (!is_open()) return std::nullopt;
  if (!d.reading && !d.ready) d.start_read();
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  while (!d.ready) {
    const auto left = deadline - std::chrono::steady_clock::now();
    if (left <= std::chrono::steady_clock::duration::zero()) return std::nullopt;
    d.ioc.restart();
    d.ioc.run_one_for(left);
  }
  d.ready = false;
  if (d.result) {
    d.closed = true;
    d.close_code = d.ws->reason().code;
    d.close_reason = std::string(d.ws->reason().reason.data(), d.ws->reason().reason.size());
    return std::nullopt;
  }
  std::string text = beast::buffers_to_string(d.buffer.data());
  if (frame_observer()) frame_observer()(text);
  return text;
}

std::optional<Json> Connection::receive(std::chrono::milliseconds timeout) {
  auto text = receive_text(timeout);
  if (!text) return std::nullopt;
  Json j = Json::parse(*text, nullptr, false);
  if (j.is_discarded()) return std::nullopt;
  return j;
}

bool Connection::closed() const { return impl_->closed; }
int Connection::close_code() const { return impl_->close_code; }
std::string Connection::close_reason() const { return impl_->close_reason; }

void Connection::close() {
  Impl& d = *impl_;
  if (!is_open()) return;
  // async_close may run beside the pending read, which then ends with `closed`.
  bool done = false;
  d.ws->async_close(websocket::close_code::normal, [&](beast::error_code) { done = true; });
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(2);
  while (!done && std::chrono::steady_clock::now() < deadline) {
    d.ioc.restart();
    d.ioc.run_one_for(deadline - std::chrono::steady_clock::now());
  }
  drop();
}

void Connection::drop() {
  Impl& d = *impl_;
  if (!d.ws) return;
  beast::error_code ignored;
  beast::get_lowest_layer(*d.ws).socket().close(ignored);
  d.closed = true;
  // Let a pending read complete (aborted) before the stream goes away.
  d.ioc.restart();
  d.ioc.run_for(std::chrono::milliseconds(50));
}

}  // namespace nyan::cli
