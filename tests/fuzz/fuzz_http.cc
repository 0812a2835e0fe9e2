// libFuzzer target: the HTTP request path without the socket. The input is the bytes a client
// sends; they go through Beast's parser with the server's limits, then through what a session
// does with a request: the transfer-coding and origin checks, the client named by a trusted
// proxy, the https:// address a plain request on a TLS port is redirected to, the route (static files under the browser client, the API, share links) and a room
// lookup, and the response is written out. Nothing may crash or throw, and what comes back is
// checked, not only that something did: every 200 with an entity tag (a static file) carries
// exactly the bytes of a file of the web root's set, and no answer holds a byte sequence of the
// canary, a file beside the web root that a link inside it points to (issue 34: "//etc/passwd"
// answered the file).
#include <boost/asio/io_context.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "rules/core/registry.h"
#include "server/common/client_address.h"
#include "server/http/http_checks.h"
#include "server/http/http_rooms.h"
#include "server/http/http_routes.h"
#include "server/room/room_manager.h"

namespace beast = boost::beast;
namespace http = beast::http;
using namespace nyan::server;

namespace {

namespace fs = std::filesystem;

// Where the fuzzer's web root and canary live: a fixed place, so that seeds can name the
// canary's absolute path ("GET //tmp/nyanhall-fuzz-http/canary.txt").
const fs::path kPlace = "/tmp/nyanhall-fuzz-http";
const std::string kCanary = "nyanhall fuzz canary 9c41e7d2: never in an answer\n";

std::string read_all(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream out;
  out << in.rdbuf();
  return out.str();
}

// A copy of the browser client beside a canary, with a link to the canary inside the copy.
// Returns the bytes of every file copied: the only bodies a static 200 may carry.
std::set<std::string> make_web_root() {
  std::error_code ec;
  fs::remove_all(kPlace, ec);
  fs::create_directories(kPlace / "web");
  std::ofstream(kPlace / "canary.txt", std::ios::binary) << kCanary;
  fs::copy(NYAN_WEB_ROOT, kPlace / "web", fs::copy_options::recursive);
  fs::create_symlink(kPlace / "canary.txt", kPlace / "web" / "leak.txt");
  fs::create_symlink("../canary.txt", kPlace / "web" / "js" / "leak.js");
  std::set<std::string> bodies;
  for (const auto& entry : fs::recursive_directory_iterator(kPlace / "web"))
    if (!entry.is_symlink() && entry.is_regular_file()) bodies.insert(read_all(entry.path()));
  return bodies;
}

struct World {
  Config config;
  IoPool io{1};
  boost::asio::io_context& ioc = io.main();
  std::unique_ptr<Journal> journal = make_memory_journal();
  RoomManager rooms{io, *journal, config};
  std::set<std::string> bodies = make_web_root();
  std::set<std::string> gzips;  // the gzip form of each of them
  StaticFiles web{(kPlace / "web").string()};
  ServerContext ctx{config, rooms, *journal, web};
  std::vector<AddressRange> trusted = *parse_ranges("10.0.0.0/8, fd00::/8");
  World() {
    nyan::register_all_games();
    config.allowed_origins = "https://games.example";
    // Every lookup is answered, so that the answers are fuzzed too (limits_test covers the limit).
    config.max_client_lookup_failures_per_minute = 1 << 30;
    std::string error;
    // The set holds the copy's files (for the checks below to mean anything).
    if (!web.load(error) || web.size() != bodies.size() || !web.find("/index.html")) __builtin_trap();
    for (const std::string& b : bodies) gzips.insert(nyan::server::gzip(b));
  }
};

// What the server answered is allowed: the canary nowhere, and a static file's 200 only with
// the bytes (or their gzip form) of a file of the set.
void check_answer(const World& w, const std::string& wire, bool head) {
  if (wire.find(kCanary.substr(0, 24)) != std::string::npos) __builtin_trap();
  http::response_parser<http::string_body> parser;
  parser.skip(head);
  parser.eager(true);
  parser.body_limit(64 << 20);
  beast::error_code ec;
  parser.put(boost::asio::buffer(wire), ec);
  if (ec && ec != http::error::need_more) __builtin_trap();  // the server wrote something unreadable
  if (!parser.is_header_done()) __builtin_trap();
  const auto& res = parser.get();
  if (res.result() != http::status::ok || res.find(http::field::etag) == res.end() || head) return;
  if (!parser.is_done()) __builtin_trap();
  const bool gzipped = res[http::field::content_encoding] == "gzip";
  if (!(gzipped ? w.gzips : w.bodies).count(res.body())) __builtin_trap();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static World w;
  http::request_parser<http::string_body> parser;
  parser.header_limit(8 * 1024);
  parser.body_limit(w.config.max_http_body);
  parser.eager(true);
  beast::error_code ec;
  std::size_t used = 0;
  while (used < size && !parser.is_done()) {
    const std::size_t n = parser.put(boost::asio::buffer(data + used, size - used), ec);
    if (ec == http::error::need_more && n == 0) break;
    if (ec && ec != http::error::need_more) return 0;
    used += n;
    if (n == 0) break;
  }
  if (!parser.is_done()) return 0;
  const Request& req = parser.get();
  (void)transfer_coding_problem(req);
  (void)origin_allowed(req, w.config);
  // A redirect's Location is made of what the client sent: never a header break or a space.
  const std::string location = https_location(req);
  if (!location.empty() && (location.rfind("https://", 0) != 0 || location.find_first_of(" \r\n\t") != std::string::npos))
    __builtin_trap();
  if (auto client = forwarded_client(req["X-Forwarded-For"], w.trusted)) (void)client_key(*client);
  // The room a WebSocket address names is a room code or nothing: letters, digits and dashes.
  if (auto hint = ws_room_hint(req.target()))
    if (hint->empty() || hint->size() > 65 || hint->find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789-") != std::string::npos)
      __builtin_trap();
  std::optional<RoomQuery> room_query;
  auto response = route(req, w.ctx, room_query);
  if (!response) {
    if (room_query) {
      answer_room_query(w.ctx, "fuzz", *room_query, w.ioc.get_executor(), [](RoomAnswer) {});
      w.ioc.restart();
      w.ioc.poll();
    }
    return 0;
  }
  // Write the response out as a session would, keeping the bytes to check them.
  http::message_generator& gen = *response;
  std::string wire;
  for (int i = 0; i < 4096; ++i) {
    beast::error_code wec;
    auto buffers = gen.prepare(wec);
    if (wec) break;
    const std::size_t n = boost::asio::buffer_size(buffers);
    for (const auto& b : beast::buffers_range(buffers)) wire.append(static_cast<const char*>(b.data()), b.size());
    if (n == 0) break;
    gen.consume(n);
    if (gen.is_done()) break;
  }
  check_answer(w, wire, req.method() == http::verb::head);
  return 0;
}
