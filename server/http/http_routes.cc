#include "server/http/http_routes.h"

#include "rules/core/registry.h"
#include "server/http/static_files.h"

namespace nyan::server {

namespace beast = boost::beast;

namespace {

// Which codings the client takes (RFC 9110 §12.5.3): gzip when "gzip", "x-gzip" or "*" is
// listed without q=0.
bool accepts_gzip(std::string_view header) {
  bool star = false, gzip = false, gzip_refused = false;
  while (!header.empty()) {
    const std::size_t comma = header.find(',');
    std::string_view item = header.substr(0, comma);
    header = comma == std::string_view::npos ? std::string_view() : header.substr(comma + 1);
    std::string_view coding = item.substr(0, item.find(';'));
    auto trim = [](std::string_view s) {
      while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
      while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
      return s;
    };
    coding = trim(coding);
    bool refused = false;
    if (const std::size_t semi = item.find(';'); semi != std::string_view::npos) {
      std::string_view param = trim(item.substr(semi + 1));
      if (param.size() >= 2 && (param[0] == 'q' || param[0] == 'Q') && param[1] == '=') {
        param = trim(param.substr(2));
        refused = !param.empty() && param.find_first_not_of("0.") == std::string_view::npos;
      }
    }
    if (beast::iequals(coding, "gzip") || beast::iequals(coding, "x-gzip")) {
      gzip = !refused;
      gzip_refused = refused;
    } else if (coding == "*") {
      star = !refused;
    }
  }
  return gzip || (star && !gzip_refused);
}

// If-None-Match (RFC 9110 §13.1.2): "*" or a list of tags, compared weakly (W/ ignored).
bool matches(std::string_view if_none_match, const std::string& etag) {
  auto strip = [](std::string_view t) {
    while (!t.empty() && (t.front() == ' ' || t.front() == '\t')) t.remove_prefix(1);
    while (!t.empty() && (t.back() == ' ' || t.back() == '\t')) t.remove_suffix(1);
    if (t.substr(0, 2) == "W/") t.remove_prefix(2);
    return t;
  };
  while (!if_none_match.empty()) {
    const std::size_t comma = if_none_match.find(',');
    const std::string_view tag = strip(if_none_match.substr(0, comma));
    if (tag == "*" || tag == etag) return true;
    if (comma == std::string_view::npos) break;
    if_none_match.remove_prefix(comma + 1);
  }
  return false;
}

template <class Body>
http::message_generator counted(HttpRoute route, http::response<Body>&& res) {
  metrics().http_request(route, res.result_int());
  return std::move(res);
}

// Serves a file of the web root's set (see StaticFiles: the path is looked up, never joined
// onto the disk's). Every file is revalidated on each use (no-cache: the client's scripts must
// match the server that sends them) and answered 304 when the client's copy is current.
http::message_generator static_file(const Request& req, const StaticFiles& web, const std::string& path, HttpRoute as) {
  if (web.root().empty()) return text_response(req, http::status::not_found, "no browser client is installed\n",
                                               "text/plain; charset=utf-8", as);
  const std::shared_ptr<const StaticFile> file = web.find(path);
  if (!file) return text_response(req, http::status::not_found, "not found\n", "text/plain; charset=utf-8", as);

  const bool gzipped = !file->gzip.empty() && accepts_gzip(req[http::field::accept_encoding]);
  const std::string& etag = gzipped ? file->etag_gzip : file->etag;
  auto headers = [&](auto& res) {
    res.set(http::field::server, "nyanhall");
    res.set(http::field::cache_control, "no-cache");
    res.set(http::field::etag, etag);
    if (!file->gzip.empty()) res.set(http::field::vary, "Accept-Encoding");
    res.keep_alive(req.keep_alive());
  };
  if (matches(req[http::field::if_none_match], etag)) {
    http::response<http::empty_body> res{http::status::not_modified, req.version()};
    headers(res);
    return counted(as, std::move(res));
  }
  const std::string& body = gzipped ? file->gzip : file->body;
  auto full = [&](auto& res) {
    headers(res);
    res.set(http::field::content_type, file->content_type);
    res.set("X-Content-Type-Options", "nosniff");
    if (gzipped) res.set(http::field::content_encoding, "gzip");
    res.content_length(body.size());
  };
  if (req.method() == http::verb::head) {
    http::response<http::empty_body> res{http::status::ok, req.version()};
    full(res);
    return counted(as, std::move(res));
  }
  http::response<http::string_body> res{http::status::ok, req.version()};
  res.body() = body;
  full(res);
  return counted(as, std::move(res));
}

// The route a request is counted under in /metrics (a template, never the code itself).
HttpRoute route_of(const std::string& target, const std::optional<RoomQuery>& room_query) {
  if (room_query) return room_route(*room_query);
  return target == "/healthz"           ? HttpRoute::healthz
         : target == "/readyz"          ? HttpRoute::readyz
         : target == "/metrics"         ? HttpRoute::metrics
         : target == "/api/games"       ? HttpRoute::games
         : target.rfind("/r/", 0) == 0  ? HttpRoute::share_link
                                        : HttpRoute::static_file;
}

}  // namespace

bool is_page_asset(const Request& req) {
  if (req.method() != http::verb::get && req.method() != http::verb::head) return false;
  const std::string_view target(req.target().data(), req.target().size());
  const std::string path(target.substr(0, target.find('?')));
  if (path.rfind("/api/", 0) == 0 || path.rfind("/r/", 0) == 0) return false;
  const std::string_view type = mime_type(path);
  return type != mime_type(".html") && type != mime_type("");
}

HttpRoute room_route(const RoomQuery& query) {
  switch (query.kind) {
    case RoomQuery::Kind::info: return HttpRoute::room;
    case RoomQuery::Kind::transcript: return HttpRoute::transcript;
    case RoomQuery::Kind::replay: return HttpRoute::replay;
  }
  return HttpRoute::other;
}

http::message_generator text_response(const Request& req, http::status status, std::string body,
                                      const char* content_type, HttpRoute counted_as) {
  auto headers = [&](auto& res) {
    res.set(http::field::server, "nyanhall");
    res.set(http::field::content_type, content_type);
    res.set(http::field::cache_control, "no-store");
    res.keep_alive(req.keep_alive());
    res.content_length(body.size());
  };
  if (req.method() == http::verb::head) {
    http::response<http::empty_body> res{status, req.version()};
    headers(res);
    return counted(counted_as, std::move(res));
  }
  http::response<http::string_body> res{status, req.version()};
  headers(res);
  res.body() = std::move(body);
  return counted(counted_as, std::move(res));
}

http::message_generator json_response(const Request& req, http::status status, const std::string& body,
                                      HttpRoute counted_as) {
  return text_response(req, status, body, "application/json", counted_as);
}

std::string with_replica(std::string_view target, std::string_view replica) {
  const std::size_t mark = target.find('?');
  std::string out(target.substr(0, mark));
  char sep = '?';
  if (mark != std::string_view::npos) {
    std::string_view query = target.substr(mark + 1);
    while (!query.empty()) {
      const std::size_t amp = query.find('&');
      const std::string_view pair = query.substr(0, amp);
      query = amp == std::string_view::npos ? std::string_view() : query.substr(amp + 1);
      if (pair.empty() || pair.substr(0, pair.find('=')) == "replica") continue;
      out += sep;
      out += pair;
      sep = '&';
    }
  }
  out += sep;
  out += "replica=";
  out += replica;
  return out;
}

http::message_generator moved_response(const Request& req, const std::string& replica, const std::string& body,
                                       HttpRoute counted_as) {
  http::response<http::string_body> res{http::status::temporary_redirect, req.version()};
  res.set(http::field::server, "nyanhall");
  res.set(http::field::content_type, "application/json");
  res.set(http::field::cache_control, "no-store");
  res.set(http::field::location, with_replica(std::string_view(req.target().data(), req.target().size()), replica));
  res.keep_alive(req.keep_alive());
  res.body() = body;
  res.prepare_payload();
  return counted(counted_as, std::move(res));
}

std::optional<http::message_generator> route(const Request& req, ServerContext& ctx, std::optional<RoomQuery>& room_query) {
  std::string target(req.target());
  if (auto q = target.find('?'); q != std::string::npos) target.resize(q);
  bool bad_query = false;
  auto query = parse_room_query(std::string_view(req.target().data(), req.target().size()), bad_query);
  const HttpRoute as = route_of(target, query);
  if (req.method() != http::verb::get && req.method() != http::verb::head)
    return text_response(req, http::status::method_not_allowed, "only GET and HEAD\n", "text/plain; charset=utf-8", as);

  switch (as) {
    case HttpRoute::healthz:
      return text_response(req, http::status::ok, "ok\n", "text/plain; charset=utf-8", as);
    case HttpRoute::readyz: {
      // Ready means a new room can be made and played here: a proxy sends creations elsewhere
      // while this server is stopping, cannot write its journal, or holds all the rooms it may.
      const char* why = ctx.stopping               ? "stopping\n"
                        : !ctx.journal.healthy()   ? "journal unavailable\n"
                        : ctx.rooms.size() >= static_cast<std::size_t>(ctx.config.max_rooms) ? "room limit reached\n"
                                                   : nullptr;
      return text_response(req, why ? http::status::service_unavailable : http::status::ok, why ? why : "ready\n",
                           "text/plain; charset=utf-8", as);
    }
    case HttpRoute::metrics:  // (counted once answered: a scrape is in the next one)
      return text_response(req, http::status::ok, metrics().render(), "text/plain; version=0.0.4; charset=utf-8", as);
    case HttpRoute::games: {
      Json games = Json::array();
      for (const Game* g : registry().games()) games.push_back(catalog_entry(g->type()));
      return json_response(req, http::status::ok, Json{{"games", games}}.dump(), as);
    }
    case HttpRoute::room:
    case HttpRoute::transcript:
    case HttpRoute::replay:
      if (bad_query) return json_response(req, http::status::bad_request, R"({"error":"bad_request"})", as);
      room_query = std::move(query);
      return std::nullopt;
    case HttpRoute::share_link:  // a share link opens the client, which reads the code from its own address
      return static_file(req, ctx.web, "/index.html", as);
    default:
      return static_file(req, ctx.web, target, as);
  }
}

}  // namespace nyan::server
