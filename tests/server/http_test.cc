// The HTTP endpoints on the same port: health, readiness, metrics, catalog, transcript.
#include <catch2/catch.hpp>

#include "tests/server/harness.h"
#include "tests/server/server_process.h"

using namespace nyan;
using namespace nyan::test;

TEST_CASE("server: health, readiness, metrics and the game catalog", "[server][http]") {
  ServerProcess server({"--journal", "none"});
  CHECK(server.http_get("/healthz") == std::make_pair(200, std::string("ok\n")));
  CHECK(server.http_get("/readyz").first == 200);
  CHECK(server.http_get("/no/such/page").first == 404);
  CHECK(server.http_get("/../../etc/passwd").first >= 400);

  auto [status, body] = server.http_get("/api/games");
  REQUIRE(status == 200);
  const Json catalog = Json::parse(body);
  bool found = false;
  for (const Json& g : catalog["games"])
    if (g["id"] == "oikake") {
      found = true;
      CHECK(g["title_ja"] == "おいかけにゃんず");
      CHECK(g["min_seats"] == 2);
      CHECK(g["options"][0]["name"] == "mode");
    }
  CHECK(found);

  auto a = connect_player(server.port());
  auto b = connect_player(server.port());
  const std::string code = open_room({a.get(), b.get()}, {}, "oikake", Json::object());
  // Before the game ends the transcript endpoint reveals nothing (rooms_http_test.cc).
  CHECK(server.http_get("/api/rooms/" + code + "/transcript").first == 404);
  a->client.request({{"type", "dance"}});
  const std::string m = server.http_get("/metrics").second;
  CHECK(m.find("nyanhall_connections 2") != std::string::npos);
  CHECK(m.find("nyanhall_rooms{game=\"oikake\",state=\"lobby\"} 1") != std::string::npos);
  CHECK(m.find("nyanhall_errors_total{code=\"unknown_type\"} 1") != std::string::npos);
  CHECK(m.find("nyanhall_action_seconds_bucket") != std::string::npos);

  SplitMix rng(11);
  play_to_end({a.get(), b.get()}, {}, rng);
  auto [tstatus, tbody] = server.http_get("/api/rooms/" + code + "/transcript");
  REQUIRE(tstatus == 200);
  CHECK(Json::parse(tbody) == a->client.tracker().record());
  const std::string after = server.http_get("/metrics").second;
  CHECK(after.find("nyanhall_rooms{game=\"oikake\",state=\"over\"} 1") != std::string::npos);
  CHECK(after.find("nyanhall_actions_total 0") == std::string::npos);
}
