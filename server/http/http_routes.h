// The plain HTTP endpoints: /healthz, /readyz, /metrics, /api/games, and the browser client's
// static files (with /r/{code} share links served the client's index page). The room
// endpoints under /api/rooms/ are answered by http_rooms.h. Every answer is counted in
// /metrics by its route's template and its status.
#pragma once

#include <boost/beast/http.hpp>
#include <optional>
#include <string>

#include "server/http/http_rooms.h"
#include "server/common/metrics.h"
#include "server/http/server_context.h"

namespace nyan::server {

namespace http = boost::beast::http;

using Request = http::request<http::string_body>;

// A response for `req`, or nullopt when the route needs a room (the /api/rooms/{code}
// endpoints); `room_query` then says what is asked.
std::optional<http::message_generator> route(const Request& req, ServerContext& ctx, std::optional<RoomQuery>& room_query);
// Whether `req` asks for one of the files a page loads: a script, style sheet, image or font
// (a GET or HEAD outside /api/ and the share links). The page itself, the API and anything
// else are not; the per-client request rate counts these at a tenth (client_limits.h).
bool is_page_asset(const Request& req);
// The route a room endpoint's answer is counted under.
HttpRoute room_route(const RoomQuery& query);

// Responses shared by the session, counted under `counted_as`. A HEAD request gets the same
// status and headers as a GET, Content-Length included, and no body.
http::message_generator text_response(const Request& req, http::status status, std::string body,
                                      const char* content_type = "text/plain; charset=utf-8",
                                      HttpRoute counted_as = HttpRoute::other);
http::message_generator json_response(const Request& req, http::status status, const std::string& body,
                                      HttpRoute counted_as = HttpRoute::other);

// 307 to the request's own target with `replica=NAME` (another replica serves the room: the
// proxy routes the repeated request by that name), and `body` (JSON) for clients that read it.
http::message_generator moved_response(const Request& req, const std::string& replica, const std::string& body,
                                       HttpRoute counted_as);
// `target` with its query's `replica` parameter set to `replica`.
std::string with_replica(std::string_view target, std::string_view replica);

}  // namespace nyan::server
