// Checks on an HTTP request before it is served, each a pure function of the request and the
// configuration (the fuzz target for the HTTP request path calls them as the session does).
#pragma once

#include <boost/beast/http.hpp>
#include <optional>
#include <string>
#include <string_view>

#include "server/common/config.h"

namespace nyan::server {

using Request = boost::beast::http::request<boost::beast::http::string_body>;

// A WebSocket upgrade from a browser page is allowed from the server's own host (a page it
// served) and from the origins the operator names (--allowed-origins, "*" for any); a client
// that sends no Origin is not a page and is allowed. A page of another site is refused: it
// would act for whoever opened it.
bool origin_allowed(const Request& req, const Config& config);

// 0 when the request has no transfer coding or only chunked; else the status to answer: 400
// when chunked is not the last coding (the body's length cannot be known, RFC 9112 §6.1),
// 501 for a coding this server does not implement.
unsigned transfer_coding_problem(const Request& req);

// Where a plain HTTP request that reached the TLS port is sent: "https://" + its Host + its
// target. Empty when the Host is not a plain host name or address with an optional port (the
// Location is built from what the client sent, so nothing else may pass: no user info, path,
// spaces or control characters), or the target is not a path.
std::string https_location(const Request& req);

// The room a WebSocket upgrade names (/ws?room=CODE, as the clients address a room for a proxy),
// as a room code; nullopt when the target names none or no well-formed one. Only a hint: the
// join itself still carries the code that counts.
std::optional<std::string> ws_room_hint(std::string_view target);

}  // namespace nyan::server
