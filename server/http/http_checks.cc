#include "server/http/http_checks.h"

#include <cctype>
#include <cstring>
#include <string>

#include "server/room/room_code.h"

namespace nyan::server {

namespace http = boost::beast::http;

namespace {

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

bool ends_with(const std::string& s, std::string_view end) {
  return s.size() >= end.size() && s.compare(s.size() - end.size(), end.size(), end) == 0;
}

// "scheme://host[:port]" lowercased, without the scheme's default port; empty when `origin`
// is not of that form.
std::string normal_origin(std::string_view origin) {
  std::string o = lower(origin);
  const auto sep = o.find("://");
  if (sep == std::string::npos || sep == 0 || o.size() == sep + 3 || o.find('/', sep + 3) != std::string::npos) return "";
  for (std::string_view port : {std::string_view(":443"), std::string_view(":80")})
    if (ends_with(o, port) && o.compare(0, sep, port == ":443" ? "https" : "http") == 0) o.resize(o.size() - port.size());
  return o;
}

// host [":" port]: a registered name (letters, digits, '-', '.'), an IPv4 address, or an IPv6
// address in brackets.
bool plain_host(std::string_view h) {
  if (h.empty() || h.size() > 255) return false;
  std::string_view name = h, port;
  if (h.front() == '[') {
    const auto close = h.find(']');
    if (close == std::string_view::npos || close < 3) return false;
    for (char c : h.substr(1, close - 1))
      if (!std::isxdigit(static_cast<unsigned char>(c)) && c != ':' && c != '.') return false;
    name = {};
    if (close + 1 < h.size()) {
      if (h[close + 1] != ':') return false;
      port = h.substr(close + 2);
      if (port.empty()) return false;
    }
  } else {
    const auto colon = h.find(':');
    if (colon != std::string_view::npos) {
      name = h.substr(0, colon);
      port = h.substr(colon + 1);
      if (port.empty()) return false;
    }
    if (name.empty() || name.front() == '.' || name.front() == '-') return false;
    for (char c : name)
      if (!std::isalnum(static_cast<unsigned char>(c)) && c != '-' && c != '.') return false;
  }
  if (port.size() > 5) return false;
  for (char c : port)
    if (!std::isdigit(static_cast<unsigned char>(c))) return false;
  return port.empty() || std::stoul(std::string(port)) <= 65535;
}

}  // namespace

std::string https_location(const Request& req) {
  const std::string_view host = req[http::field::host];
  const std::string_view target = req.target();
  if (!plain_host(host) || target.empty() || target.front() != '/' || target.substr(0, 2) == "//") return "";
  for (char c : target)
    if (static_cast<unsigned char>(c) <= ' ' || c == 0x7f) return "";
  return "https://" + std::string(host) + std::string(target);
}

bool origin_allowed(const Request& req, const Config& config) {
  const auto origin = req.find(http::field::origin);
  if (origin == req.end() || config.allowed_origins == "*") return true;
  const std::string from = normal_origin(origin->value());
  if (from.empty()) return false;
  std::string host = lower(req[http::field::host]);
  for (std::string_view port : {std::string_view(":443"), std::string_view(":80")})
    if (ends_with(host, port)) host.resize(host.size() - port.size());
  const std::string authority = from.substr(from.find("://") + 3);
  if (!host.empty() && (authority == host || authority == lower(req[http::field::host]))) return true;
  std::string_view allowed = config.allowed_origins;
  while (!allowed.empty()) {
    const auto comma = allowed.find(',');
    std::string_view one = allowed.substr(0, comma);
    while (!one.empty() && one.front() == ' ') one.remove_prefix(1);
    while (!one.empty() && one.back() == ' ') one.remove_suffix(1);
    if (normal_origin(one) == from) return true;
    allowed = comma == std::string_view::npos ? std::string_view() : allowed.substr(comma + 1);
  }
  return false;
}

unsigned transfer_coding_problem(const Request& req) {
  const auto te = req.find(http::field::transfer_encoding);
  if (te == req.end()) return 0;
  std::string codings = lower(te->value());
  std::erase(codings, ' ');
  std::erase(codings, '\t');
  if (codings == "chunked") return 0;
  const bool chunked_last = ends_with(codings, ",chunked");
  return chunked_last ? 501 : 400;
}

std::optional<std::string> ws_room_hint(std::string_view target) {
  const std::size_t query = target.find('?');
  if (query == std::string_view::npos) return std::nullopt;
  std::string_view rest = target.substr(query + 1);
  while (!rest.empty()) {
    const std::size_t end = rest.find('&');
    const std::string_view param = rest.substr(0, end);
    if (param.substr(0, 5) == "room=" && param.size() <= 5 + kTypedRoomCodeMax) return normalize_room_code(param.substr(5));
    if (end == std::string_view::npos) break;
    rest = rest.substr(end + 1);
  }
  return std::nullopt;
}

}  // namespace nyan::server
