// The plain HTTP endpoints: /healthz, /readyz, /metrics, /api/games, and the browser client's
// static files (with /r/{code} share links served the client's index page). The room
// endpoints under /api/rooms/ are answered by http_rooms.h.
#pragma once

#include <boost/beast/http.hpp>
#include <optional>
#include <string>

#include "server/http_rooms.h"
#include "server/server_context.h"

namespace nyan::server {

namespace http = boost::beast::http;

using Request = http::request<http::string_body>;

// A response for `req`, or nullopt when the route needs a room (the /api/rooms/{code}
// endpoints); `room_query` then says what is asked.
std::optional<http::message_generator> route(const Request& req, ServerContext& ctx, std::optional<RoomQuery>& room_query);

// Responses shared by the session.
http::message_generator text_response(const Request& req, http::status status, std::string body,
                                      const char* content_type = "text/plain; charset=utf-8");
http::message_generator json_response(const Request& req, http::status status, const std::string& body);

}  // namespace nyan::server
