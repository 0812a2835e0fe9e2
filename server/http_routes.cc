#include "server/http_routes.h"

#include <boost/beast/core/file.hpp>
#include <filesystem>

#include "rules/core/registry.h"
#include "server/metrics.h"

namespace nyan::server {

namespace beast = boost::beast;

namespace {

const char* mime_type(const std::string& path) {
  auto ends = [&](const char* ext) {
    const std::size_t n = std::strlen(ext);
    return path.size() >= n && path.compare(path.size() - n, n, ext) == 0;
  };
  if (ends(".html")) return "text/html; charset=utf-8";
  if (ends(".js") || ends(".mjs")) return "text/javascript; charset=utf-8";
  if (ends(".css")) return "text/css; charset=utf-8";
  if (ends(".json")) return "application/json";
  if (ends(".svg")) return "image/svg+xml";
  if (ends(".png")) return "image/png";
  if (ends(".ico")) return "image/x-icon";
  if (ends(".woff2")) return "font/woff2";
  return "application/octet-stream";
}

// Serves a file under the web root. Paths with "..", backslashes or NUL never reach the disk.
http::message_generator static_file(const Request& req, const std::string& root, std::string target) {
  if (root.empty()) return text_response(req, http::status::not_found, "no browser client is installed\n");
  if (target.find("..") != std::string::npos || target.find('\\') != std::string::npos ||
      target.find('\0') != std::string::npos || target.empty() || target[0] != '/')
    return text_response(req, http::status::bad_request, "bad path\n");
  if (target.back() == '/') target += "index.html";
  const std::string path = root + target;
  // Only regular files: a directory opens for reading too, and its "size" is not a file's.
  std::error_code fec;
  if (!std::filesystem::is_regular_file(path, fec)) return text_response(req, http::status::not_found, "not found\n");
  beast::error_code ec;
  http::file_body::value_type body;
  body.open(path.c_str(), beast::file_mode::scan, ec);
  if (ec) return text_response(req, http::status::not_found, "not found\n");
  const auto size = body.size();
  auto headers = [&](auto& res) {  // HEAD answers GET's headers
    res.set(http::field::server, "nyanhall");
    res.set(http::field::content_type, mime_type(path));
    res.set(http::field::cache_control, "no-cache");
    res.set("X-Content-Type-Options", "nosniff");
    res.content_length(size);
    res.keep_alive(req.keep_alive());
  };
  if (req.method() == http::verb::head) {
    http::response<http::empty_body> res{http::status::ok, req.version()};
    headers(res);
    return res;
  }
  http::response<http::file_body> res{std::piecewise_construct, std::make_tuple(std::move(body)),
                                      std::make_tuple(http::status::ok, req.version())};
  headers(res);
  return res;
}

}  // namespace

http::message_generator text_response(const Request& req, http::status status, std::string body,
                                      const char* content_type) {
  http::response<http::string_body> res{status, req.version()};
  res.set(http::field::server, "nyanhall");
  res.set(http::field::content_type, content_type);
  res.set(http::field::cache_control, "no-store");
  res.keep_alive(req.keep_alive());
  res.body() = req.method() == http::verb::head ? "" : std::move(body);
  res.prepare_payload();
  return res;
}

http::message_generator json_response(const Request& req, http::status status, const std::string& body) {
  return text_response(req, status, body, "application/json");
}

std::optional<http::message_generator> route(const Request& req, ServerContext& ctx, std::optional<RoomQuery>& room_query) {
  if (req.method() != http::verb::get && req.method() != http::verb::head)
    return text_response(req, http::status::method_not_allowed, "only GET and HEAD\n");
  std::string target(req.target());
  if (auto q = target.find('?'); q != std::string::npos) target.resize(q);

  if (target == "/healthz") return text_response(req, http::status::ok, "ok\n");
  if (target == "/readyz") {
    // Ready means a new room can be made and played here: a proxy sends creations elsewhere
    // while this server is stopping, cannot write its journal, or holds all the rooms it may.
    const char* why = ctx.stopping                  ? "stopping\n"
                      : !ctx.journal.healthy()      ? "journal unavailable\n"
                      : ctx.rooms.size() >= static_cast<std::size_t>(ctx.config.max_rooms) ? "room limit reached\n"
                                                    : nullptr;
    return text_response(req, why ? http::status::service_unavailable : http::status::ok, why ? why : "ready\n");
  }
  if (target == "/metrics")
    return text_response(req, http::status::ok, metrics().render(), "text/plain; version=0.0.4; charset=utf-8");
  if (target == "/api/games") {
    Json games = Json::array();
    for (const Game* g : registry().games()) games.push_back(g->catalog_entry());
    return json_response(req, http::status::ok, Json{{"games", games}}.dump());
  }
  bool bad_query = false;
  if (auto query = parse_room_query(std::string_view(req.target().data(), req.target().size()), bad_query)) {
    if (bad_query) return json_response(req, http::status::bad_request, R"({"error":"bad_request"})");
    room_query = std::move(*query);
    return std::nullopt;
  }
  // A share link opens the client, which reads the code from its own address.
  if (target.rfind("/r/", 0) == 0) return static_file(req, ctx.web_root, "/index.html");
  return static_file(req, ctx.web_root, target);
}

}  // namespace nyan::server
