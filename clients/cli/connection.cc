#include "clients/cli/connection.h"

#include <boost/asio/connect.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>
#include <cctype>
#include <cstdlib>
#include <tuple>

#include "clients/cli/tls_client.h"

namespace nyan::cli {

namespace net = boost::asio;
namespace beast = boost::beast;
namespace websocket = beast::websocket;

struct Connection::Impl {
  net::io_context ioc;
  std::unique_ptr<websocket::stream<server::FlexStream>> ws;
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

  // Starts one asynchronous step with a handler that records its result, and runs until it
  // completes (the TCP stream's deadline bounds it).
  template <class Start>
  beast::error_code run(Start start) {
    bool done = false;
    beast::error_code result;
    start([&](beast::error_code ec, auto&&...) {
      result = ec;
      done = true;
    });
    ioc.restart();
    while (!done && ioc.run_one() > 0) {
    }
    return done ? result : beast::error_code(net::error::timed_out);
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

std::string ws_path(const std::string& room, const std::string& replica) {
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
  // The replica a room moved to, as the server named it (lowercase letters and digits).
  if (!replica.empty()) path += "&replica=" + replica;
  return path;
}

std::string ServerAddress::authority() const {
  const std::string h = host.find(':') != std::string::npos ? "[" + host + "]" : host;
  return h + ":" + std::to_string(port);
}

std::string ServerAddress::url() const { return (tls ? "wss://" : "ws://") + authority(); }

bool parse_server_address(const std::string& text, ServerAddress& out, std::string& error) {
  error = "--server needs HOST:PORT, ws://HOST[:PORT] or wss://HOST[:PORT], not '" + text + "'";
  std::string rest = text;
  ServerAddress a;
  a.port = 8080;
  for (const auto& [scheme, tls, port] : {std::tuple("wss://", true, 443), std::tuple("https://", true, 443),
                                          std::tuple("ws://", false, 80), std::tuple("http://", false, 80)}) {
    if (rest.rfind(scheme, 0) == 0) {
      rest = rest.substr(std::char_traits<char>::length(scheme));
      a.tls = tls;
      a.port = static_cast<unsigned short>(port);
      const auto slash = rest.find('/');
      if (slash != std::string::npos) {
        const std::string path = rest.substr(slash);
        if (path != "/" && path != "/ws") return false;
        rest.resize(slash);
      }
      break;
    }
  }
  std::string port;
  if (!rest.empty() && rest.front() == '[') {
    const auto close = rest.find(']');
    if (close == std::string::npos) return false;
    a.host = rest.substr(1, close - 1);
    if (close + 1 < rest.size()) {
      if (rest[close + 1] != ':') return false;
      port = rest.substr(close + 2);
      if (port.empty()) return false;
    }
  } else {
    const auto colon = rest.find(':');
    a.host = rest.substr(0, colon);
    if (colon != std::string::npos) {
      port = rest.substr(colon + 1);
      if (port.empty()) return false;
    }
  }
  if (a.host.empty() || a.host.find_first_of("/?#@ ") != std::string::npos) return false;
  if (!port.empty()) {
    char* end = nullptr;
    const long p = std::strtol(port.c_str(), &end, 10);
    if (*end != '\0' || p <= 0 || p > 65535 || !std::isdigit(static_cast<unsigned char>(port[0]))) return false;
    a.port = static_cast<unsigned short>(p);
  }
  out = a;
  error.clear();
  return true;
}

Connection::Connection() : impl_(std::make_unique<Impl>()) {}
Connection::~Connection() { drop(); }

bool Connection::connect(const std::string& host, unsigned short port, std::string& error, const std::string& path) {
  ServerAddress server;
  server.host = host;
  server.port = port;
  return connect(server, error, path);
}

bool Connection::connect(const ServerAddress& server, std::string& error, const std::string& path) {
  Impl& d = *impl_;
  // A Connection can be reused: whatever it had before is dropped first.
  if (d.ws) drop();
  d.ws.reset();
  d.open = d.closed = d.reading = d.ready = false;
  d.close_code = 0;
  d.close_reason.clear();
  d.buffer.consume(d.buffer.size());
  std::shared_ptr<net::ssl::context> tls;
  if (server.tls && !(tls = client_tls_context(server, error))) return false;
  beast::error_code ec;
  net::ip::tcp::resolver resolver(d.ioc);
  auto endpoints = resolver.resolve(server.host, std::to_string(server.port), ec);
  if (ec) {
    error = ec.message();
    return false;
  }
  d.ws = std::make_unique<websocket::stream<server::FlexStream>>(beast::tcp_stream(d.ioc), tls);
  beast::tcp_stream& tcp = beast::get_lowest_layer(*d.ws);
  // One deadline for the connection, the TLS handshake and the WebSocket upgrade.
  tcp.expires_after(std::chrono::seconds(10));
  if (d.source.empty()) {
    ec = d.run([&](auto handler) { tcp.async_connect(endpoints, std::move(handler)); });
  } else {  // from a chosen local address (tests of the limits per client address)
    auto& socket = tcp.socket();
    const net::ip::tcp::endpoint to = *endpoints.begin();
    socket.open(to.protocol(), ec);
    if (!ec) socket.bind({net::ip::make_address(d.source, ec), 0}, ec);
    if (!ec) ec = d.run([&](auto handler) { tcp.async_connect(to, std::move(handler)); });
  }
  if (ec) {
    error = ec.message();
    return false;
  }
  // Each message is a move or a request someone waits for: no Nagle delay.
  tcp.socket().set_option(net::ip::tcp::no_delay(true), ec);
  if (auto* stream = d.ws->next_layer().tls()) {
    if (!prepare_tls_client(*stream, server, error)) return false;
    ec = d.run([&](auto handler) { stream->async_handshake(net::ssl::stream_base::client, std::move(handler)); });
    if (ec) {
      error = tls_failure(*stream, ec);
      return false;
    }
  }
  d.ws->read_message_max(64 << 20);
  ec = d.run([&](auto handler) { d.ws->async_handshake(server.authority(), path, std::move(handler)); });
  if (ec) {
    error = ec.message();
    return false;
  }
  tcp.expires_never();
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
