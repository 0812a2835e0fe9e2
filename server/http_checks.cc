#include "server/http_checks.h"

#include <cctype>
#include <cstring>
#include <string>

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

}  // namespace

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

}  // namespace nyan::server
