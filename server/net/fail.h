// Where an asynchronous step of a connection ends with an error: one line that says why,
// except for the ends that are no news. Used by the server's sessions and the CLI's clients.
#pragma once

#include <boost/system/error_code.hpp>
#include <cstdint>
#include <string_view>

namespace nyan::server {

// Ends that say nothing went wrong, so they are not logged:
// - operation_aborted: we cancelled the operation ourselves (a timer re-armed, a socket we
//   closed, a server stopping);
// - websocket::error::closed: the peer closed the WebSocket with a close frame, as it should;
// - ssl::error::stream_truncated: a TLS peer that went away without close_notify, which is
//   how browsers and most clients end a connection.
bool quiet_end(const boost::system::error_code& ec);

// Logs `ec` for the step `what` (e.g. "ws_read") of connection `connection`: at debug for the
// ends a peer causes every day (a reset, a timeout, a closed stream, a TLS alert), at warn for
// anything else (out of descriptors, an error of our own). Quiet ends are not logged.
void fail(const boost::system::error_code& ec, std::string_view what, std::uint64_t connection);

}  // namespace nyan::server
