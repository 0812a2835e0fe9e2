// The journal: rooms survive restarts and SIGKILL, a corrupt room stays alone, a full disk
// refuses actions instead of losing them, retried requests are answered once, transcripts.
#include <catch2/catch.hpp>
#include <sqlite3.h>
#include <sys/resource.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>

#include "clients/cli/verifier.h"
#include "rules/core/canonical_text.h"
#include "tests/server/harness.h"
#include "tests/server/journal_db.h"
#include "tests/server/server_process.h"
#include "tests/server/temp_dir.h"

using namespace nyan;
using namespace nyan::test;
using namespace std::chrono_literals;

namespace {

std::vector<std::string> journal_args(const TempDir& dir, std::vector<std::string> more = {}) {
  std::vector<std::string> a = {"--data-dir", dir.path.string(), "--group-commit-us", "500"};
  a.insert(a.end(), more.begin(), more.end());
  return a;
}

// What each player saw accepted: (game_no, version) -> the action it sent.
using Accepted = std::map<std::pair<int, int>, Json>;

}  // namespace

TEST_CASE("journal: a restart brings the room back: tokens, commitments and hashes are the same", "[server][journal]") {
  TempDir dir;
  auto server = std::make_unique<ServerProcess>(journal_args(dir));
  auto a = connect_player(server->port());
  auto b = connect_player(server->port());
  auto s = connect_player(server->port());
  const std::string code = open_room({a.get(), b.get()}, {s.get()}, "oikake", {{"first_seat", 0}});
  REQUIRE((*a->client.request({{"type", "start"}}))["type"] == "ok");
  settle({a.get(), b.get(), s.get()});
  for (int i = 0; i < 3 && !a->client.game_over(); ++i) {
    Player* p = a->client.my_turn() ? a.get() : b.get();
    REQUIRE((*p->client.act(p->client.tracker().legal()[0]))["type"] == "ack");
    settle({a.get(), b.get(), s.get()});
  }
  const int version = a->client.tracker().version();
  const auto commitments = a->client.tracker().commitments();
  const std::string hash_a = a->client.tracker().hashes().at(version);
  REQUIRE(server->terminate() == 0);
  // The records on disk: each one canonical JSON (an action's is written as text at once,
  // not from a tree), with its wall-clock time and, for an action, what it answered.
  int actions = 0;
  for (const std::string& body : journal_column(dir.path / "nyanhall.db", "SELECT body FROM records ORDER BY rowid")) {
    const Json r = Json::parse(body);
    INFO(body);
    CHECK(canonical_json(r) == body);
    CHECK(r.at("t").is_number_integer());
    if (r.at("kind") != "action") continue;
    ++actions;
    CHECK(r.at("seat").is_number_integer());
    CHECK(r.at("action").at("type").is_string());
    CHECK(r.at("hashes").size() == 2);
    CHECK(r.at("version").get<int>() == actions);
    CHECK(r.contains("request"));
  }
  CHECK(actions == version);

  server = std::make_unique<ServerProcess>(journal_args(dir));
  CHECK(std::regex_search(server->log(), std::regex("rooms_restored broken=0 ms=\\d+ restored=1")));
  rejoin(*a, server->port());
  rejoin(*b, server->port());
  std::string error;
  REQUIRE(s->conn.connect("127.0.0.1", server->port(), error));
  REQUIRE(s->client.hello(error));
  REQUIRE((*s->client.spectate(code))["type"] == "joined");
  settle({a.get(), b.get(), s.get()});
  CHECK(a->client.tracker().version() == version);
  CHECK(a->client.tracker().hashes().at(version) == hash_a);  // the same view, byte for byte
  CHECK(a->client.tracker().commitments() == commitments);    // (the tracker refuses changed ones)
  SplitMix rng(1);
  a->acted_version = b->acted_version = -1;
  std::vector<Player*> seats = {a.get(), b.get()};
  const auto deadline = std::chrono::steady_clock::now() + 30s;
  while (!a->client.game_over()) {
    REQUIRE(std::chrono::steady_clock::now() < deadline);
    settle({a.get(), b.get(), s.get()}, 5);
    for (Player* p : seats)
      if (p->client.my_turn() && p->acted_version != p->client.tracker().version()) {
        p->acted_version = p->client.tracker().version();
        REQUIRE((*p->client.act(p->client.tracker().legal()[0]))["type"] == "ack");
      }
  }
  settle({a.get(), b.get(), s.get()});
  for (Player* p : {a.get(), b.get()}) {
    CHECK(p->client.problems() == 0);
    CHECK(check_frames(p->client.messages(), *p->client.seat(), p->client.tracker().record()) > 0);
  }
}

TEST_CASE("journal: SIGKILL at random moments, 20 times: every accepted action survives exactly once",
          "[server][journal][crash]") {
  TempDir dir;
  auto server = std::make_unique<ServerProcess>(journal_args(dir));
  constexpr int kGames = 4;
  std::vector<std::unique_ptr<Player>> owned;
  std::vector<std::vector<Player*>> games(kGames);
  std::vector<Player*> all;
  for (int g = 0; g < kGames; ++g) {
    for (int i = 0; i < 2; ++i) {
      owned.push_back(connect_player(server->port()));
      games[g].push_back(owned.back().get());
      all.push_back(owned.back().get());
    }
    open_room(games[g], {}, "oikake", {{"mode", "normal"}});
    REQUIRE((*games[g][0]->client.request({{"type", "start"}}))["type"] == "ok");
  }
  std::map<Player*, Accepted> accepted;
  std::map<Player*, Json> pending;  // an action sent whose answer never came
  SplitMix rng(2024);
  int kills = 0, actions_since_kill = 0;
  int next_kill = 1 + static_cast<int>(rng.uniform(4));
  const auto deadline = std::chrono::steady_clock::now() + 240s;
  auto all_over = [&] {
    for (Player* p : all)
      if (!p->client.game_over() || !p->client.tracker().record().is_object()) return false;
    return true;
  };
  // Games are replayed (rematch) until the server has been killed 20 times.
  while (!all_over() || kills < 20) {
    REQUIRE(std::chrono::steady_clock::now() < deadline);
    if (all_over()) {
      // Both players say yes; the second yes starts the game.
      for (auto& g : games)
        for (Player* p : g) REQUIRE((*p->client.request({{"type", "rematch"}}, 10s))["type"] == "ok");
      // The new games' snapshots follow the answers. Until they arrive the clients still see
      // the old games over, and the next pass would ask for a second rematch.
      const auto until = std::chrono::steady_clock::now() + 10s;
      for (Player* p : all)
        while (p->client.game_over()) {
          REQUIRE(std::chrono::steady_clock::now() < until);
          p->client.pump(10ms);
        }
    }
    if (kills < 20 && actions_since_kill >= next_kill) {
      server->kill_hard();
      ++kills;
      actions_since_kill = 0;
      next_kill = 1 + static_cast<int>(rng.uniform(4));
      server = std::make_unique<ServerProcess>(journal_args(dir));
      for (Player* p : all) rejoin(*p, server->port());
    }
    for (Player* p : all) {
      while (p->client.pump(1ms)) {
      }
      if (p->conn.closed()) rejoin(*p, server->port());
      if (pending.count(p)) {
        // Retry with the same request id: applied at most once, answered either way.
        auto r = p->client.request(pending[p], 5s);
        if (!r) continue;
        if ((*r)["type"] == "ack") accepted[p][{(*r)["game_no"], (*r)["version"]}] = pending[p]["action"];
        pending.erase(p);
        continue;
      }
      const auto& t = p->client.tracker();
      if (!p->client.my_turn() || (p->acted_version == t.version() && p->acted_game == t.game_no())) continue;
      p->acted_version = t.version();
      p->acted_game = t.game_no();
      Json msg = {{"type", "action"}, {"id", p->client.next_id()}, {"action", t.legal()[rng.uniform(t.legal().size())]}};
      auto r = p->client.request(msg, 5s);
      if (!r) {
        pending[p] = msg;  // the server died before answering
        continue;
      }
      if ((*r)["type"] == "ack") {
        accepted[p][{(*r)["game_no"], (*r)["version"]}] = msg["action"];
        ++actions_since_kill;
      }
    }
    // Kill mid-write too: sometimes without waiting for an action.
    if (kills < 20 && rng.uniform(40) == 0) actions_since_kill = next_kill;
  }
  CHECK(kills == 20);
  for (Player* p : all) {
    // The final record of every game this player played, by game number.
    std::map<int, Json> records;
    for (const Json& m : p->client.messages())
      if (m.contains("record")) records[m["record"]["game_no"]] = m["record"];
    const int seat = *p->client.seat();
    for (const auto& [key, action] : accepted[p]) {
      const auto [game_no, version] = key;
      REQUIRE(records.count(game_no));
      const Json& record = records[game_no];
      REQUIRE(version >= 1);
      REQUIRE(version <= static_cast<int>(record["moves"].size()));
      const Json& move = record["moves"][version - 1];
      CHECK(move["seat"] == seat);
      CHECK(move["action"] == action);
    }
    // Exactly once: each accepted action sits at the version its ack named (versions are
    // unique), and every record replays from its seed to the same outcome.
    for (const auto& [game_no, record] : records) CHECK(cli::verify_game(record, {}, seat).ok());
    CHECK(p->client.problems() == 0);
  }
}

TEST_CASE("journal: a corrupt record breaks only its own room", "[server][journal]") {
  TempDir dir;
  std::string good, bad;
  std::string bad_token;
  {
    ServerProcess server(journal_args(dir));
    auto a = connect_player(server.port());
    auto b = connect_player(server.port());
    bad = open_room({a.get(), b.get()}, {}, "oikake", Json::object());
    auto c = connect_player(server.port());
    auto d = connect_player(server.port());
    good = open_room({c.get(), d.get()}, {}, "oikake", Json::object());
    bad_token = b->client.token();
    REQUIRE(server.terminate() == 0);
  }
  {
    sqlite3* db = nullptr;
    REQUIRE(sqlite3_open((dir.path / "nyanhall.db").c_str(), &db) == SQLITE_OK);
    const std::string sql = "UPDATE records SET body = '{\"kind\": \"seat_cla' WHERE room = '" + bad + "' AND seq = 2";  // the third record
    REQUIRE(sqlite3_exec(db, sql.c_str(), nullptr, nullptr, nullptr) == SQLITE_OK);
    sqlite3_close(db);
  }
  ServerProcess server(journal_args(dir));
  const std::string log = server.log();
  std::size_t lines = 0;
  for (std::size_t at = log.find("room_broken"); at != std::string::npos; at = log.find("room_broken", at + 1)) ++lines;
  CHECK(lines == 1);
  INFO(log);
  // One clear line naming the room and what is wrong with it.
  CHECK(std::regex_search(log, std::regex("room_broken reason=\"record 3: [^\"\\n]*\" room=" + bad)));
  auto p = connect_player(server.port());
  CHECK((*p->client.reconnect(bad, bad_token))["code"] == "unknown_room");
  auto q = connect_player(server.port());
  auto joined = q->client.spectate(good);
  REQUIRE(joined);
  CHECK((*joined)["type"] == "joined");
  CHECK(server.http_get("/metrics").second.find("nyanhall_rooms{game=\"oikake\",state=\"broken\"} 1") !=
        std::string::npos);
}

TEST_CASE("journal: a broken room does not hold up the rooms after it, even on one thread", "[server][journal]") {
  // Rooms are replayed while the journal is still being read; marking the broken room must
  // not wait for the read to finish. The broken room is the first one read, and more rooms
  // follow it than the replay keeps queued.
  TempDir dir;
  std::vector<std::string> codes;
  {
    ServerProcess server(journal_args(dir, {"--max-client-rooms-per-minute", "1000"}));  // 80 rooms from one address
    for (int i = 0; i < 80; ++i) {
      auto p = connect_player(server.port());
      auto joined = p->client.create("oikake", Json::object(), "host");
      REQUIRE(joined);
      REQUIRE((*joined)["type"] == "joined");
      codes.push_back(p->client.room());
    }
    REQUIRE(server.terminate() == 0);
  }
  const std::string first = *std::min_element(codes.begin(), codes.end());
  {
    sqlite3* db = nullptr;
    REQUIRE(sqlite3_open((dir.path / "nyanhall.db").c_str(), &db) == SQLITE_OK);
    const std::string sql = "UPDATE records SET body = 'not json' WHERE room = '" + first + "' AND seq = 1";
    REQUIRE(sqlite3_exec(db, sql.c_str(), nullptr, nullptr, nullptr) == SQLITE_OK);
    sqlite3_close(db);
  }
  ServerProcess server(journal_args(dir, {"--threads", "1"}));
  INFO(server.log());
  CHECK(std::regex_search(server.log(), std::regex("rooms_restored broken=1 ms=\\d+ restored=79")));
}

TEST_CASE("journal: a full disk refuses actions (not accepts and loses them), then recovers", "[server][journal]") {
  TempDir dir;
  ServerProcess server(journal_args(dir));
  auto a = connect_player(server.port());
  auto b = connect_player(server.port());
  open_room({a.get(), b.get()}, {}, "oikake", {{"first_seat", 0}});
  REQUIRE((*a->client.request({{"type", "start"}}))["type"] == "ok");
  settle({a.get(), b.get()});
  const Json before_b = b->client.tracker().view();

  // Every file write of the server beyond its first byte now fails (EFBIG), as on a full disk.
  rlimit tiny{1, RLIM_INFINITY};  // the soft limit: raising it back needs no privilege
  REQUIRE(prlimit(server.pid(), RLIMIT_FSIZE, &tiny, nullptr) == 0);
  const Json action = a->client.tracker().legal()[0];
  auto refused = a->client.act(action);
  REQUIRE(refused);
  CHECK((*refused)["code"] == "unavailable");
  CHECK(server.http_get("/readyz").first == 503);
  settle({a.get(), b.get()});
  CHECK(a->client.tracker().version() == 0);  // nothing was accepted
  CHECK(b->client.tracker().view() == before_b);
  CHECK(server.http_get("/healthz").first == 200);

  rlimit unlimited{RLIM_INFINITY, RLIM_INFINITY};
  REQUIRE(prlimit(server.pid(), RLIMIT_FSIZE, &unlimited, nullptr) == 0);
  // Ready again once the disk takes writes, before anyone writes: the journal probes it.
  const auto deadline = std::chrono::steady_clock::now() + 5s;
  while (server.http_get("/readyz").first != 200 && std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(100ms);
  CHECK(server.http_get("/readyz").first == 200);
  auto accepted = a->client.act(action);
  REQUIRE(accepted);
  CHECK((*accepted)["type"] == "ack");
  CHECK((*accepted)["version"] == 1);
  CHECK(server.http_get("/readyz").first == 200);
  settle({a.get(), b.get()});
  CHECK(b->client.tracker().version() == 1);
  CHECK(a->client.problems() == 0);
}

TEST_CASE("journal: a retried request id is answered, not applied twice (also after a restart)", "[server][journal]") {
  TempDir dir;
  auto server = std::make_unique<ServerProcess>(journal_args(dir));
  auto a = connect_player(server->port());
  auto b = connect_player(server->port());
  open_room({a.get(), b.get()}, {}, "oikake", {{"first_seat", 0}});
  REQUIRE((*a->client.request({{"type", "start"}}))["type"] == "ok");
  settle({a.get(), b.get()});
  const Json msg = {{"type", "action"}, {"id", "move-1"}, {"action", a->client.tracker().legal()[0]}};
  auto first = a->client.request(msg);
  REQUIRE((*first)["type"] == "ack");
  auto again = a->client.request(msg);
  REQUIRE((*again)["type"] == "ack");
  CHECK((*again)["version"] == (*first)["version"]);
  CHECK((*again)["duplicate"] == true);
  settle({a.get(), b.get()});
  CHECK(b->client.tracker().version() == 1);

  REQUIRE(server->terminate() == 0);
  server = std::make_unique<ServerProcess>(journal_args(dir));
  rejoin(*a, server->port());
  auto after = a->client.request(msg);
  REQUIRE((*after)["type"] == "ack");
  CHECK((*after)["version"] == 1);
  CHECK((*after)["duplicate"] == true);
}

TEST_CASE("journal: transcripts of finished games, verified by nyanhall-cli", "[server][journal]") {
  TempDir dir;
  ServerProcess server(journal_args(dir, {"--retention-ms", "1500"}));
  auto a = connect_player(server.port());
  auto b = connect_player(server.port());
  const std::string code = open_room({a.get(), b.get()}, {}, "oikake", Json::object());
  CHECK(server.http_get("/api/rooms/" + code + "/transcript").first == 404);  // as for no room at all
  SplitMix rng(8);
  play_to_end({a.get(), b.get()}, {}, rng);
  auto [status, body] = server.http_get("/api/rooms/" + code + "/transcript");
  REQUIRE(status == 200);
  const std::filesystem::path file = dir.path / "transcript.json";
  { std::ofstream(file) << body; }
  const std::string cmd = std::string(NYANHALL_CLI) + " verify " + file.string() + " > /dev/null";
  CHECK(std::system(cmd.c_str()) == 0);
  // Tampering with one move is caught.
  Json tampered = Json::parse(body);
  tampered["moves"][0]["seat"] = 1 - tampered["moves"][0]["seat"].get<int>();
  { std::ofstream(file) << tampered.dump(); }
  CHECK(std::system(cmd.c_str()) != 0);

  // After the retention time, with nobody connected, the finished game is gone.
  a->conn.close();
  b->conn.close();
  std::this_thread::sleep_for(2500ms);
  CHECK(server.http_get("/api/rooms/" + code + "/transcript").first == 404);
}

TEST_CASE("journal: every finished game of a room stays fetchable, also after a restart", "[server][journal]") {
  TempDir dir;
  auto server = std::make_unique<ServerProcess>(journal_args(dir));
  auto a = connect_player(server->port());
  auto b = connect_player(server->port());
  const std::string code = open_room({a.get(), b.get()}, {}, "oikake", {{"mode", "short"}});
  SplitMix rng(21);
  play_to_end({a.get(), b.get()}, {}, rng);
  const Json first = a->client.tracker().record();
  REQUIRE((*a->client.request({{"type", "rematch"}}))["type"] == "ok");
  REQUIRE((*b->client.request({{"type", "rematch"}}))["type"] == "ok");
  play_until_over({a.get(), b.get()}, {}, rng);
  const Json second = a->client.tracker().record();
  REQUIRE(first["game_no"] == 1);
  REQUIRE(second["game_no"] == 2);
  REQUIRE(first != second);
  auto check_both = [&](const ServerProcess& s) {
    CHECK(Json::parse(s.http_get("/api/rooms/" + code + "/transcript?game=1").second) == first);
    CHECK(Json::parse(s.http_get("/api/rooms/" + code + "/transcript?game=2").second) == second);
    CHECK(Json::parse(s.http_get("/api/rooms/" + code + "/transcript").second) == second);  // the latest
    CHECK(s.http_get("/api/rooms/" + code + "/transcript?game=3").first == 404);
    CHECK(Json::parse(s.http_get("/api/rooms/" + code).second)["finished"] == Json::array({1, 2}));
    // The first game replays from its record as well as the last.
    auto [status, body] = s.http_get("/api/rooms/" + code + "/replay?game=1&seat=0");
    REQUIRE(status == 200);
    CHECK(Json::parse(body)["steps"] == first["moves"].size() + 1);
  };
  check_both(*server);
  REQUIRE(server->terminate() == 0);
  // The records are rebuilt from the journal: the room replays every game.
  server = std::make_unique<ServerProcess>(journal_args(dir));
  check_both(*server);
}

TEST_CASE("journal: the in-memory mode is explicit", "[server][journal]") {
  ServerProcess none({"--journal", "none"});
  CHECK(none.log().find("in-memory") != std::string::npos);
  ServerProcess empty({"--data-dir", ""});
  CHECK(empty.log().find("in-memory") != std::string::npos);
}
