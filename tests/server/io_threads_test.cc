// The I/O threads (server/net/io_pool.h): a guest who names the room as it connects
// (/ws?room=CODE, what the clients send) is moved to the thread of the room, and plays there as
// anywhere else; a connection that names no room held here, or comes over TLS, stays put.
#include <catch2/catch.hpp>
#include <regex>

#include "clients/cli/connection.h"
#include "tests/server/harness.h"
#include "tests/server/server_process.h"

using namespace nyan;
using namespace nyan::test;

namespace {

long moved(const ServerProcess& server) {
  const std::string metrics = server.http_get("/metrics").second;
  std::smatch m;
  REQUIRE(std::regex_search(metrics, m, std::regex("\nnyanhall_connections_moved_total (\\d+)\n")));
  return std::stol(m[1]);
}

// A room whose host connects and creates it, then whose guest connects at `guest_path(code)`
// and joins; the game is played to its end and every frame both received is checked.
void play_room(ServerProcess& server, const std::function<std::string(const std::string&)>& guest_path,
               std::uint64_t seed) {
  auto host = connect_player(server.port());
  auto created = host->client.create("oikake", {{"mode", "short"}}, "host");
  REQUIRE(created);
  REQUIRE((*created)["type"] == "joined");
  const std::string code = (*created)["room"];
  auto guest = connect_player(server.port(), guest_path(code));
  auto joined = guest->client.join(code, "guest");
  REQUIRE(joined);
  REQUIRE((*joined)["type"] == "joined");
  SplitMix rng(seed);
  play_to_end({host.get(), guest.get()}, {}, rng);
  const Json& record = host->client.tracker().record();
  REQUIRE(record.is_object());
  for (Player* p : {host.get(), guest.get()}) {
    INFO(p->client.last_problem());
    CHECK(p->client.problems() == 0);
    CHECK(p->client.tracker().record() == record);
    CHECK(check_frames(p->client.messages(), *p->client.seat(), record) > 0);
  }
}

}  // namespace

TEST_CASE("io threads: a guest that names its room moves to the room's thread and plays there", "[server][threads]") {
  // Two threads take accepted connections in turn: a guest that connects right after its
  // host is accepted on the other thread, so each guest naming its room is moved.
  ServerProcess server({"--journal", "none", "--threads", "2"});
  const auto named = [](const std::string& code) { return cli::ws_path(code, ""); };
  for (std::uint64_t seed = 1; seed <= 4; ++seed) play_room(server, named, seed);
  CHECK(moved(server) == 4);

  // Naming no room, a room not held here, or something that is not a room code: nobody moves.
  play_room(server, [](const std::string&) { return std::string("/ws"); }, 5);
  play_room(server, [](const std::string&) { return cli::ws_path("kagero-nobabu-zzzzzz", ""); }, 6);
  play_room(server, [](const std::string&) { return std::string("/ws?room=%00%2F..&room=x"); }, 7);
  CHECK(moved(server) == 4);
}

TEST_CASE("io threads: one thread moves nobody", "[server][threads]") {
  ServerProcess server({"--journal", "none", "--threads", "1"});
  play_room(server, [](const std::string& code) { return cli::ws_path(code, ""); }, 8);
  CHECK(moved(server) == 0);
}
