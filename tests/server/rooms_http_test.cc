// The room endpoints: the room shown before joining, every finished game's record, replays
// of finished games, and the one answer every miss gets.
#include <catch2/catch.hpp>

#include "protocol/canonical.h"
#include "tests/server/harness.h"
#include "tests/server/server_process.h"

using namespace nyan;
using namespace nyan::test;

namespace {

const std::pair<int, std::string> kMiss{404, R"({"error":"unknown_room"})"};

// Every view a replay answer describes, from its first view and patches.
std::vector<Json> replay_views(const Json& replay) {
  std::vector<Json> views = {replay["view"]};
  for (const Json& patch : replay["patches"]) views.push_back(views.back().patch(patch));
  return views;
}

// The view hashes one connection was sent, by version, for game `game_no`.
std::map<int, std::string> hashes_seen(const std::vector<Json>& messages, int game_no) {
  std::map<int, std::string> out;
  for (const Json& m : messages)
    if ((m.value("type", "") == "update" || m.value("type", "") == "snapshot") && m.value("game_no", 0) == game_no)
      out[m["version"].get<int>()] = m["hash"].get<std::string>();
  return out;
}

}  // namespace

TEST_CASE("rooms: an unknown code, a closed room, an unfinished or unknown game all get one answer", "[server][http]") {
  ServerProcess server({"--journal", "none"});
  auto a = connect_player(server.port());
  auto b = connect_player(server.port());
  const std::string code = open_room({a.get(), b.get()}, {}, "oikake", Json::object());
  CHECK(server.http_get("/api/rooms/nonono-nonono-nonono") == kMiss);
  CHECK(server.http_get("/api/rooms/nonono-nonono-nonono/transcript") == kMiss);
  CHECK(server.http_get("/api/rooms/nonono-nonono-nonono/replay?game=1") == kMiss);
  CHECK(server.http_get("/api/rooms/%21%21/transcript") == kMiss);  // nothing of a code in it
  CHECK(server.http_get("/api/rooms/" + std::string(70, 'a')) == kMiss);  // too long to be one
  // In the lobby, and while the game is on: no game of this room is finished yet.
  CHECK(server.http_get("/api/rooms/" + code + "/transcript") == kMiss);
  REQUIRE((*a->client.request({{"type", "start"}}))["type"] == "ok");
  settle({a.get(), b.get()});
  CHECK(server.http_get("/api/rooms/" + code + "/transcript") == kMiss);
  CHECK(server.http_get("/api/rooms/" + code + "/transcript?game=1") == kMiss);
  CHECK(server.http_get("/api/rooms/" + code + "/replay?game=1") == kMiss);
  // A malformed query is refused before any lookup, alike for every code.
  CHECK(server.http_get("/api/rooms/" + code + "/transcript?game=x").first == 400);
  CHECK(server.http_get("/api/rooms/nonono/transcript?game=x").first == 400);

  SplitMix rng(3);
  play_until_over({a.get(), b.get()}, {}, rng);
  CHECK(server.http_get("/api/rooms/" + code + "/transcript?game=1").first == 200);
  CHECK(server.http_get("/api/rooms/" + code + "/transcript?game=2") == kMiss);
  CHECK(server.http_get("/api/rooms/" + code + "/replay?game=1&seat=2") == kMiss);  // no such seat
  CHECK(server.http_get("/api/rooms/" + code + "/replay?game=1&from=100000") == kMiss);
  // Closed: the code is unknown again, whatever is asked.
  REQUIRE((*a->client.request({{"type", "close"}}))["type"] == "ok");
  CHECK(server.http_get("/api/rooms/" + code) == kMiss);
  CHECK(server.http_get("/api/rooms/" + code + "/transcript?game=1") == kMiss);
  CHECK(server.http_get("/api/rooms/" + code + "/replay?game=1") == kMiss);
}

TEST_CASE("rooms: the room as the join page shows it, for a code typed any way", "[server][http]") {
  ServerProcess server({"--journal", "none"});
  auto a = connect_player(server.port());
  const auto created = a->client.create("hinode", {{"players", 3}}, "Aki");
  REQUIRE(created);
  REQUIRE((*created)["type"] == "joined");
  const std::string code = (*created)["room"];
  auto b = connect_player(server.port());
  REQUIRE((*b->client.join(code, "", std::nullopt))["type"] == "joined");  // no name given
  // Upper case, and runs of other characters for the dashes, as people type it.
  std::string typed;
  for (char c : code) typed += c == '-' ? std::string("__ ") : std::string(1, static_cast<char>(std::toupper(c)));
  typed += "!!";
  std::string escaped;
  for (char c : typed) escaped += c == ' ' ? std::string("%20") : c == '!' ? std::string("%21") : std::string(1, c);
  auto [status, body] = server.http_get("/api/rooms/" + escaped);
  REQUIRE(status == 200);
  const Json room = Json::parse(body);
  CHECK(room["room"] == code);
  CHECK(room["game"] == "hinode");
  CHECK(room["options"]["players"] == 3);
  CHECK(room["options"]["map"] == "hinode6");  // the normalized options, defaults filled in
  CHECK(room["status"] == "lobby");
  CHECK(room["host"] == 0);
  REQUIRE(room["seats"].size() == 3);
  CHECK(room["seats"][0]["name"] == "Aki");
  CHECK(room["seats"][1]["name"] == "");  // the page labels it in its own language
  CHECK(room["seats"][1]["state"] == "connected");
  CHECK(room["seats"][2]["state"] == "empty");
  CHECK(room["finished"] == Json::array());
  // Nothing secret of the room is in it.
  CHECK(body.find("token") == std::string::npos);
  CHECK(body.find("secret") == std::string::npos);
}

TEST_CASE("rooms: a replay gives every view each seat and the spectators saw, step by step", "[server][http]") {
  ServerProcess server({"--journal", "none"});
  for (const std::string game : {"oikake", "doublehunt"}) {
    INFO(game);
    auto a = connect_player(server.port());
    auto b = connect_player(server.port());
    std::vector<std::unique_ptr<Player>> more;
    std::vector<Player*> seats = {a.get(), b.get()};
    if (game == "doublehunt")
      for (int i = 0; i < 2; ++i) {
        more.push_back(connect_player(server.port()));
        seats.push_back(more.back().get());
      }
    auto watcher = connect_player(server.port());
    const Json options = game == "doublehunt" ? Json{{"target_score", 40}, {"max_turns", 60}} : Json::object();
    const std::string code = open_room(seats, {watcher.get()}, game, options);
    SplitMix rng(5);
    play_to_end(seats, {watcher.get()}, rng);
    const Json record = a->client.tracker().record();
    const int steps = static_cast<int>(record["moves"].size()) + 1;

    std::vector<Player*> audiences = seats;
    audiences.push_back(watcher.get());
    for (std::size_t i = 0; i < audiences.size(); ++i) {
      const bool spectator = i == seats.size();
      const std::string seat = spectator ? "spectator" : std::to_string(i);
      INFO("seat " << seat);
      auto [status, body] = server.http_get("/api/rooms/" + code + "/replay?game=1&seat=" + seat);
      REQUIRE(status == 200);
      const Json replay = Json::parse(body);
      CHECK(replay["steps"] == steps);
      CHECK(replay["from"] == 0);
      CHECK(replay["outcome"] == record["outcome"]);
      CHECK(replay["moves"] == record["moves"]);
      const std::vector<Json> views = replay_views(replay);
      REQUIRE(static_cast<int>(views.size()) == steps);
      // Each view is the one that connection was sent at that version, hash for hash, and
      // the last is the board it ended on.
      const auto seen = hashes_seen(audiences[i]->client.messages(), 1);
      int compared = 0;
      for (int k = 0; k < steps; ++k) {
        CHECK(view_hash(views[k]) == replay["hashes"][k]);
        if (auto it = seen.find(k); it != seen.end()) {
          CHECK(it->second == replay["hashes"][k]);
          ++compared;
        }
      }
      CHECK(compared >= steps - 1);  // every update; step 0 is in the snapshot
      CHECK(views.back() == audiences[i]->client.tracker().view());
      // A window starting later gives the same views from there.
      auto [s2, tail] = server.http_get("/api/rooms/" + code + "/replay?game=1&seat=" + seat + "&from=" +
                                        std::to_string(steps - 2));
      REQUIRE(s2 == 200);
      const std::vector<Json> late = replay_views(Json::parse(tail));
      REQUIRE(late.size() == 2);
      CHECK(late[0] == views[steps - 2]);
      CHECK(late[1] == views.back());
    }
  }
}
