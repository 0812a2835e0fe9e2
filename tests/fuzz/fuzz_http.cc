// libFuzzer target: the HTTP request path without the socket. The input is the bytes a client
// sends; they go through Beast's parser with the server's limits, then through what a session
// does with a request: the transfer-coding and origin checks, the client named by a trusted
// proxy, the https:// address a plain request on a TLS port is redirected to, the route (static files under the browser client, the API, share links) and a room
// lookup, and the response is written out. Nothing may crash, throw or read outside the web
// root.
#include <boost/asio/io_context.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <cstddef>
#include <cstdint>

#include "rules/core/registry.h"
#include "server/client_address.h"
#include "server/http_checks.h"
#include "server/http_rooms.h"
#include "server/http_routes.h"
#include "server/room_manager.h"

namespace beast = boost::beast;
namespace http = beast::http;
using namespace nyan::server;

namespace {

struct World {
  Config config;
  boost::asio::io_context ioc;
  std::unique_ptr<Journal> journal = make_memory_journal();
  RoomManager rooms{ioc, *journal, config};
  ServerContext ctx{config, rooms, *journal, NYAN_WEB_ROOT};
  std::vector<AddressRange> trusted = *parse_ranges("10.0.0.0/8, fd00::/8");
  World() {
    nyan::register_all_games();
    config.allowed_origins = "https://games.example";
    // Every lookup is answered, so that the answers are fuzzed too (limits_test covers the limit).
    config.max_client_lookup_failures_per_minute = 1 << 30;
  }
};

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
  std::optional<RoomQuery> room_query;
  auto response = route(req, w.ctx, room_query);
  if (!response) {
    if (room_query) {
      answer_room_query(w.ctx, "fuzz", *room_query, w.ioc.get_executor(), [](http::status, std::string) {});
      w.ioc.restart();
      w.ioc.poll();
    }
    return 0;
  }
  // Write the response out as a session would (file bodies are read here).
  http::message_generator& gen = *response;
  for (int i = 0; i < 64; ++i) {
    beast::error_code wec;
    auto buffers = gen.prepare(wec);
    if (wec) break;
    const std::size_t n = boost::asio::buffer_size(buffers);
    if (n == 0) break;
    gen.consume(n);
    if (gen.is_done()) break;
  }
  return 0;
}
