#include "server/session/detect_session.h"

#include <boost/asio/dispatch.hpp>
#include <boost/beast/core/detect_ssl.hpp>

#include "server/session/http_session.h"
#include "server/common/log.h"
#include "server/common/metrics.h"
#include "server/net/fail.h"

namespace nyan::server {

namespace net = boost::asio;
namespace beast = boost::beast;

DetectSession::DetectSession(net::ip::tcp::socket&& socket, ServerContext& ctx, ClientLimits::Slot slot, bool proxy)
    : tcp_(std::in_place, std::move(socket)), ctx_(ctx), slot_(std::move(slot)), proxy_(proxy) {}

void DetectSession::run() {
  net::dispatch(tcp_->get_executor(), beast::bind_front_handler(&DetectSession::do_detect, shared_from_this()));
}

void DetectSession::do_detect() {
  // One deadline for the first bytes and the whole handshake.
  tcp_->expires_after(std::chrono::milliseconds(ctx_.config.handshake_timeout_ms));
  beast::async_detect_ssl(*tcp_, buffer_, beast::bind_front_handler(&DetectSession::on_detect, shared_from_this()));
}

void DetectSession::on_detect(beast::error_code ec, bool tls) {
  if (ec) return fail(ec, "detect", 0);  // closed, timed out or reset before a byte said what it is
  if (!tls) {
    // Plain HTTP (or something that is not TLS at all, which the HTTP parser then ends).
    const PlainHttp plain = ctx_.config.tls_plain == "refuse" ? PlainHttp::refuse : PlainHttp::redirect;
    std::make_shared<HttpSession>(FlexStream(std::move(*tcp_)), std::move(buffer_), ctx_, std::move(slot_), proxy_,
                                  plain)
        ->run();
    return;
  }
  // The context of the moment: a reload after this does not concern this connection.
  stream_.emplace(std::move(*tcp_), ctx_.tls.current());
  tcp_.reset();
  stream_->tls()->async_handshake(net::ssl::stream_base::server, buffer_.data(),
                                  beast::bind_front_handler(&DetectSession::on_handshake, shared_from_this()));
}

void DetectSession::on_handshake(beast::error_code ec, std::size_t used) {
  if (ec) {
    // A bad or stalled handshake ends here; a client's mistake is not worth more than debug.
    metrics().tls_handshake_failures++;
    log::debug("tls_handshake_failed", {{"error", ec.message()}});
    beast::error_code ignored;
    stream_->tcp().socket().close(ignored);
    return;
  }
  buffer_.consume(used);
  std::make_shared<HttpSession>(std::move(*stream_), std::move(buffer_), ctx_, std::move(slot_), proxy_)->run();
}

}  // namespace nyan::server
