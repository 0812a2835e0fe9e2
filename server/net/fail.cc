#include "server/net/fail.h"

#include <boost/asio/error.hpp>
#include <boost/asio/ssl/error.hpp>
#include <boost/beast/core/error.hpp>
#include <boost/beast/http/error.hpp>
#include <boost/beast/websocket/error.hpp>

#include "server/common/log.h"

namespace nyan::server {

namespace net = boost::asio;
namespace beast = boost::beast;

bool quiet_end(const boost::system::error_code& ec) {
  return ec == net::error::operation_aborted || ec == beast::websocket::error::closed ||
         ec == net::ssl::error::stream_truncated;
}

namespace {

// What peers do every day: hang up, reset, stall past a deadline, send what is not TLS.
bool peer_end(const boost::system::error_code& ec) {
  return ec == net::error::eof || ec == net::error::connection_reset || ec == net::error::connection_aborted ||
         ec == net::error::broken_pipe || ec == net::error::timed_out || ec == beast::error::timeout ||
         ec == beast::http::error::end_of_stream || ec == beast::http::error::partial_message ||
         ec.category() == net::error::get_ssl_category();
}

}  // namespace

void fail(const boost::system::error_code& ec, std::string_view what, std::uint64_t connection) {
  if (!ec || quiet_end(ec)) return;
  const Json fields = {{"connection", connection}, {"step", std::string(what)}, {"error", ec.message()}};
  if (peer_end(ec)) log::debug("connection_error", fields);
  else log::warn("connection_error", fields);
}

}  // namespace nyan::server
