// Every move counted exactly once: a retried action id gets its first answer, an id reused for
// another action is refused (never acknowledged and dropped), ids are remembered per game; and
// nothing in a room changes before its journal record is durable — a write that fails leaves
// the room as it was, and what a room's timers write waits its turn behind what is in flight.
#include <catch2/catch.hpp>
#include <sqlite3.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "tests/server/harness.h"
#include "tests/server/server_process.h"
#include "tests/server/temp_dir.h"

using namespace nyan;
using namespace nyan::test;
using namespace std::chrono_literals;

namespace {

// The fault plan the server's journal reads before every write (fault_journal.h).
struct FaultPlan {
  std::filesystem::path file;
  explicit FaultPlan(const TempDir& dir) : file(dir.path / "faults") {
    set("");
    setenv("NYANHALL_FAULT_PLAN", file.c_str(), 1);
  }
  ~FaultPlan() { unsetenv("NYANHALL_FAULT_PLAN"); }
  void set(const std::string& rules) const { std::ofstream(file) << rules; }
};

ServerProcess fault_server(const TempDir& dir, std::vector<std::string> more = {}) {
  std::vector<std::string> args = {"--data-dir", (dir.path / "data").string(), "--group-commit-us", "0"};
  args.insert(args.end(), more.begin(), more.end());
  return ServerProcess(args, fault_server_binary());
}

Json first_of_type(const Json& legal, const std::string& type) {
  for (const Json& a : legal)
    if (a["type"] == type) return a;
  FAIL("no legal action of type " << type);
  return {};
}

// The kinds of the room's journal records, in order.
std::vector<std::string> journal_kinds(const TempDir& dir) {
  sqlite3* db = nullptr;
  REQUIRE(sqlite3_open_v2((dir.path / "data" / "nyanhall.db").c_str(), &db, SQLITE_OPEN_READONLY, nullptr) == SQLITE_OK);
  std::vector<std::string> kinds;
  sqlite3_stmt* q = nullptr;
  sqlite3_prepare_v2(db, "SELECT json_extract(body, '$.kind') FROM records ORDER BY seq", -1, &q, nullptr);
  while (sqlite3_step(q) == SQLITE_ROW) kinds.emplace_back(reinterpret_cast<const char*>(sqlite3_column_text(q, 0)));
  sqlite3_finalize(q);
  sqlite3_close(db);
  return kinds;
}

// Reconnects a player on a new connection with its token.
void reconnect(Player& p, unsigned short port) {
  std::string error;
  REQUIRE(p.conn.connect("127.0.0.1", port, error));
  REQUIRE(p.client.hello(error));
  auto r = p.client.reconnect(p.client.room(), p.client.token());
  REQUIRE(r);
  REQUIRE((*r)["type"] == "joined");
}

}  // namespace

TEST_CASE("actions: an id used again for another action is refused, not acknowledged, ids live for one game",
          "[server][exactly-once]") {
  ServerProcess server({"--journal", "none"});
  auto a = connect_player(server.port());
  auto b = connect_player(server.port());
  open_room({a.get(), b.get()}, {}, "oikake", {{"first_seat", 0}, {"mode", "normal"}});
  REQUIRE((*a->client.request({{"type", "start"}, {"id", 3}}))["type"] == "ok");
  settle({a.get(), b.get()});

  const Json exchange = first_of_type(a->client.tracker().legal(), "exchange");
  auto first = a->client.request({{"type", "action"}, {"id", 4}, {"action", exchange}});
  REQUIRE(first);
  REQUIRE((*first)["type"] == "ack");
  CHECK((*first)["version"] == 1);
  CHECK_FALSE(first->contains("duplicate"));
  settle({a.get(), b.get()});

  // A reload or a reconnect that numbers its messages from the start again.
  a->conn.drop();
  reconnect(*a, server.port());
  settle({a.get(), b.get()});
  Json other;
  for (const Json& act : a->client.tracker().legal())
    if (act != exchange) other = act;
  REQUIRE(other.is_object());
  auto reused = a->client.request({{"type", "action"}, {"id", 4}, {"action", other}});
  REQUIRE(reused);
  CHECK((*reused)["type"] == "error");
  CHECK((*reused)["code"] == "id_reused");
  CHECK((*reused)["re"] == 4);
  auto resync = a->client.request({{"type", "resync"}, {"id", "r1"}});
  REQUIRE(resync);
  CHECK((*resync)["type"] == "snapshot");  // the snapshot answers its resync
  CHECK((*resync)["version"] == 1);        // nothing was applied
  // The same id with the same action is a retry: the first answer, applied once.
  auto retried = a->client.request({{"type", "action"}, {"id", 4}, {"action", exchange}});
  REQUIRE(retried);
  CHECK((*retried)["type"] == "ack");
  CHECK((*retried)["version"] == 1);
  CHECK((*retried)["duplicate"] == true);
  settle({a.get(), b.get()});
  CHECK(b->client.tracker().version() == 1);

  // Finish the game; a rematch starts with no remembered ids.
  SplitMix rng(11);
  play_until_over({a.get(), b.get()}, {}, rng);
  REQUIRE((*a->client.request({{"type", "rematch"}}))["type"] == "ok");
  REQUIRE((*b->client.request({{"type", "rematch"}}))["type"] == "ok");
  settle({a.get(), b.get()});
  Player* mover = a->client.my_turn() ? a.get() : b.get();
  auto again = mover->client.request({{"type", "action"}, {"id", 4}, {"action", mover->client.tracker().legal()[0]}});
  REQUIRE(again);
  CHECK((*again)["type"] == "ack");
  CHECK((*again)["game_no"] == 2);
  CHECK((*again)["version"] == 1);
  CHECK_FALSE(again->contains("duplicate"));
  settle({a.get(), b.get()});
  CHECK(a->client.tracker().version() == 1);
  CHECK(a->client.problems() == 0);
  CHECK(b->client.problems() == 0);
}

TEST_CASE("journal: a reveal whose record failed, retried, opens its card to both seats and the spectators",
          "[server][exactly-once][journal]") {
  TempDir dir;
  FaultPlan plan(dir);
  ServerProcess server = fault_server(dir);
  auto a = connect_player(server.port());
  auto b = connect_player(server.port());
  auto s = connect_player(server.port());
  open_room({a.get(), b.get()}, {s.get()}, "oikake", {{"first_seat", 0}});
  REQUIRE((*a->client.request({{"type", "start"}}))["type"] == "ok");
  settle({a.get(), b.get(), s.get()});
  REQUIRE((*a->client.act(first_of_type(a->client.tracker().legal(), "present")))["type"] == "ack");
  settle({a.get(), b.get(), s.get()});
  const std::size_t a_opened = a->client.tracker().opened().size();  // the presenter knows its face-down card
  const std::size_t b_opened = b->client.tracker().opened().size();
  REQUIRE(a_opened == b_opened + 1);

  plan.set("fail action:choose\n");
  const Json choose = {{"type", "action"}, {"id", "choose-1"}, {"action", first_of_type(b->client.tracker().legal(), "choose")}};
  auto refused = b->client.request(choose);
  REQUIRE(refused);
  CHECK((*refused)["code"] == "unavailable");
  settle({a.get(), b.get(), s.get()});
  CHECK(b->client.tracker().version() == 1);
  CHECK(b->client.tracker().opened().size() == b_opened);

  auto accepted = b->client.request(choose);  // the rule is spent: this write succeeds
  REQUIRE(accepted);
  CHECK((*accepted)["type"] == "ack");
  CHECK((*accepted)["version"] == 2);
  CHECK_FALSE(accepted->contains("duplicate"));
  settle({a.get(), b.get(), s.get()});
  // The revealed card's opening reached the chooser and the spectator, and the presenter has it.
  CHECK(b->client.tracker().opened().size() == b_opened + 1);
  CHECK(a->client.tracker().opened().size() == a_opened);
  CHECK(s->client.tracker().opened().size() == b_opened + 1);
  for (Player* p : {a.get(), b.get(), s.get()}) CHECK(p->client.problems() == 0);
  SplitMix rng(12);
  play_until_over({a.get(), b.get()}, {s.get()}, rng);
  for (Player* p : {a.get(), b.get()})
    CHECK(check_frames(p->client.messages(), *p->client.seat(), p->client.tracker().record()) > 0);
  CHECK(check_frames(s->client.messages(), kSpectator, s->client.tracker().record()) > 0);
}

TEST_CASE("journal: what a room's timer writes waits behind the record in flight, and holds the queue behind it",
          "[server][exactly-once][journal]") {
  TempDir dir;
  FaultPlan plan(dir);
  ServerProcess server = fault_server(dir, {"--grace-ms", "1000"});
  auto a = connect_player(server.port());
  auto b = connect_player(server.port());
  open_room({a.get(), b.get()}, {}, "oikake", {{"first_seat", 0}});
  REQUIRE((*a->client.request({{"type", "start"}}))["type"] == "ok");
  settle({a.get(), b.get()});

  // Seat 1 drops; seat 0's move is held in the journal past the end of seat 1's grace period,
  // so the timer fires while the move's record is in flight.
  plan.set("delay action 2000\n");
  b->conn.drop();
  const Json present = first_of_type(a->client.tracker().legal(), "present");
  REQUIRE(a->conn.send({{"type", "action"}, {"id", "m1"}, {"action", present}}));
  std::this_thread::sleep_for(1300ms);
  REQUIRE(a->conn.send({{"type", "resync"}, {"id", "r1"}}));  // queued behind both
  std::vector<std::string> seen;  // what seat 0 got, in order
  const auto deadline = std::chrono::steady_clock::now() + 10s;
  while (std::chrono::steady_clock::now() < deadline) {
    auto m = a->client.pump(100ms);
    if (!m) continue;
    const std::string type = (*m)["type"];
    if (type == "room")
      seen.push_back("room:" + (*m)["seats"][1]["state"].get<std::string>() + ((*m)["seats"][1].value("bot", false) ? "+bot" : ""));
    else seen.push_back(type);
    if (type == "snapshot") break;
  }
  // The move, then the timer's decision (seat 1's bot plays for its player), then the message
  // that waited behind them.
  const std::vector<std::string> expected = {"ack", "update", "room:disconnected+bot", "snapshot"};
  std::vector<std::string> tail;
  for (const std::string& t : seen)
    if (t != "room:disconnected") tail.push_back(t);
  CHECK(tail == expected);
  const std::vector<std::string> kinds = journal_kinds(dir);
  const auto stand_in = std::find(kinds.begin(), kinds.end(), "stand_in");
  REQUIRE(stand_in != kinds.end());
  CHECK(*(stand_in - 1) == "action");  // written after the move it waited behind

  // A timer's record that fails changes nothing: the bot does not stand in, and the grace
  // period is tried again.
  reconnect(*b, server.port());  // the player takes the seat back
  settle({a.get(), b.get()});
  CHECK_FALSE(a->client.room_info()["seats"][1].contains("bot"));
  plan.set("fail stand_in\n");
  b->conn.drop();
  std::this_thread::sleep_for(1500ms);  // the grace period ended; its write failed
  settle({a.get()});
  CHECK(a->client.room_info()["seats"][1]["state"] == "disconnected");
  CHECK_FALSE(a->client.room_info()["seats"][1].contains("bot"));
  std::this_thread::sleep_for(1000ms);  // the next grace period: this write succeeds
  settle({a.get()});
  CHECK(a->client.room_info()["seats"][1].value("bot", false));
  // Nobody else may take the seat: a private table keeps it for its player.
  auto d = connect_player(server.port());
  CHECK((*d->client.join(a->client.room(), "Dai"))["code"] == "room_full");
}
