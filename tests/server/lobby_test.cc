// Rooms: codes, the host's commands (kick, start, close), a rematch, leaving, reconnecting
// with a token, the grace period, spectators, resync after a corrupted local view, and
// graceful shutdown. (Seats arranged, stand-ins, opened seats and rematch votes:
// seating_test.cc.)
#include <catch2/catch.hpp>

#include <regex>

#include "tests/server/harness.h"
#include "tests/server/server_process.h"

using namespace nyan;
using namespace nyan::test;
using namespace std::chrono_literals;

namespace {

std::string seat_state(const Player& p, int seat) {
  return p.client.room_info()["seats"][seat]["state"];
}

// Plays an Oikake game under way to its end with random moves.
void finish_game(std::vector<Player*> seats, std::vector<Player*> others, SplitMix& rng) {
  play_until_over(seats, others, rng, {}, 30);
}

}  // namespace

TEST_CASE("server: room codes are pronounceable and case-insensitive", "[server][lobby]") {
  ServerProcess server({"--journal", "none"});
  auto a = connect_player(server.port());
  auto created = a->client.create("oikake", Json::object(), "Aki");
  const std::string code = (*created)["room"];
  CHECK(std::regex_match(code, std::regex("([bdfghkmnprstz][aeiou]){3}(-([bdfghkmnprstz][aeiou]){3}){2}")));
  auto b = connect_player(server.port());
  std::string typed = code;
  for (char& c : typed) c = static_cast<char>(std::toupper(c));
  auto joined = b->client.join("  " + typed + " ", "Bo");
  REQUIRE(joined);
  CHECK((*joined)["type"] == "joined");
  CHECK((*joined)["token"].get<std::string>().size() == 32);  // 128 bits, hex
}

TEST_CASE("server: lobby commands, leave, kick, close", "[server][lobby]") {
  ServerProcess server({"--journal", "none"});
  auto host = connect_player(server.port());
  auto b = connect_player(server.port());
  const std::string code = open_room({host.get(), b.get()}, {}, "oikake", Json::object());
  settle({host.get(), b.get()});
  CHECK(host->client.room_info()["status"] == "lobby");
  CHECK(seat_state(*host, 1) == "connected");
  CHECK(host->client.room_info()["seats"][1]["name"] == "player1");

  // Kick seat 1: it is told, the seat is free again.
  REQUIRE((*host->client.request({{"type", "kick"}, {"seat", 1}}))["type"] == "ok");
  settle({host.get(), b.get()});
  bool kicked = false;
  for (const Json& m : b->client.messages()) kicked = kicked || m["type"] == "kicked";
  CHECK(kicked);
  CHECK(seat_state(*host, 1) == "empty");
  CHECK((*host->client.request({{"type", "start"}}))["code"] == "bad_state");

  // A new player takes the seat, leaves, comes back.
  auto c = connect_player(server.port());
  REQUIRE((*c->client.join(code, "Chi"))["seat"] == 1);
  REQUIRE((*c->client.request({{"type", "leave"}}))["type"] == "left");
  settle({host.get(), c.get()});
  CHECK(seat_state(*host, 1) == "empty");
  REQUIRE((*c->client.join(code, "Chi"))["seat"] == 1);

  // Close: everyone is told, and the code now answers exactly like one that never existed.
  REQUIRE((*host->client.request({{"type", "close"}}))["type"] == "ok");
  settle({host.get(), c.get()});
  auto d = connect_player(server.port());
  const Json closed = *d->client.join(code, "Dai");
  const Json never = *d->client.join("zazaza-zazaza-zazaza", "Dai");
  CHECK(closed["code"] == "unknown_room");
  CHECK(closed["message"] == never["message"]);
}

TEST_CASE("server: reconnect with the token mid-game, others see it, a wrong token is refused", "[server][lobby]") {
  ServerProcess server({"--journal", "none"});
  auto a = connect_player(server.port());
  auto b = connect_player(server.port());
  const std::string code = open_room({a.get(), b.get()}, {}, "oikake", {{"first_seat", 0}});
  REQUIRE((*a->client.request({{"type", "start"}}))["type"] == "ok");
  settle({a.get(), b.get()});
  // One move, then seat 1 drops.
  auto r = a->client.act(a->client.tracker().legal()[0]);
  REQUIRE((*r)["type"] == "ack");
  settle({a.get(), b.get()});
  const std::string token = b->client.token();
  b->conn.drop();
  settle({a.get()}, 200);
  CHECK(seat_state(*a, 1) == "disconnected");

  auto thief = connect_player(server.port());
  CHECK((*thief->client.reconnect(code, "ffffffffffffffffffffffffffffffff"))["code"] == "bad_token");
  CHECK((*thief->client.join(code, "x"))["code"] == "room_full");

  auto back = connect_player(server.port());
  auto joined = back->client.reconnect(code, token);
  REQUIRE(joined);
  CHECK((*joined)["type"] == "joined");
  CHECK((*joined)["seat"] == 1);
  settle({a.get(), back.get()});
  CHECK(seat_state(*a, 1) == "connected");
  CHECK(back->client.tracker().version() == 1);  // the snapshot brought the game so far
  SplitMix rng(4);
  finish_game({a.get(), back.get()}, {}, rng);
  CHECK(back->client.problems() == 0);
}

TEST_CASE("server: after the grace period a lobby seat is freed and a game seat is played by its bot, kept for its player",
          "[server][lobby]") {
  ServerProcess server({"--journal", "none", "--grace-ms", "300"});
  auto a = connect_player(server.port());
  auto b = connect_player(server.port());
  const std::string code = open_room({a.get(), b.get()}, {}, "oikake", {{"first_seat", 0}});
  b->conn.drop();
  std::this_thread::sleep_for(600ms);
  settle({a.get()});
  CHECK(seat_state(*a, 1) == "empty");

  auto c = connect_player(server.port());
  REQUIRE((*c->client.join(code, "Chi"))["seat"] == 1);
  REQUIRE((*a->client.request({{"type", "start"}}))["type"] == "ok");
  settle({a.get(), c.get()});
  CHECK(a->client.room_info()["options"]["drop_policy"] == "bot");  // the default, without a clock too
  c->conn.drop();
  std::this_thread::sleep_for(600ms);
  settle({a.get()});
  // The seat is still Chi's: disconnected, its bot playing, and nobody else may take it.
  CHECK(seat_state(*a, 1) == "disconnected");
  CHECK(a->client.room_info()["seats"][1].value("bot", false));
  CHECK(a->client.room_info()["seats"][1]["name"] == "Chi");
  auto stranger = connect_player(server.port());
  CHECK((*stranger->client.join(code, "Dai"))["code"] == "room_full");
  CHECK((*stranger->client.join(code, "Dai", 1))["code"] == "seat_taken");
  CHECK((*a->client.request({{"type", "open_seat"}, {"seat", 1}}))["code"] == "bad_state");  // this room never opens it
  // Chi comes back with the token and plays on.
  rejoin(*c, server.port());
  settle({a.get(), c.get()});
  CHECK(seat_state(*a, 1) == "connected");
  CHECK_FALSE(a->client.room_info()["seats"][1].contains("bot"));
  SplitMix rng(5);
  finish_game({a.get(), c.get()}, {}, rng);
  CHECK(c->client.problems() == 0);
}

TEST_CASE("server: spectators see the public view and cannot act", "[server][lobby]") {
  ServerProcess server({"--journal", "none"});
  auto a = connect_player(server.port());
  auto b = connect_player(server.port());
  auto s = connect_player(server.port());
  open_room({a.get(), b.get()}, {s.get()}, "oikake", Json::object());
  REQUIRE((*a->client.request({{"type", "start"}}))["type"] == "ok");
  settle({a.get(), b.get(), s.get()});
  const Json& v = s->client.tracker().view();
  CHECK(v["you"].is_null());
  CHECK_FALSE(v["players"][0].contains("hand"));
  CHECK_FALSE(v["players"][1].contains("hand"));
  CHECK(s->client.tracker().legal().empty());
  CHECK(a->client.room_info()["spectators"] == 1);
  CHECK((*s->client.act({{"type", "choose"}, {"pick", "up"}}))["code"] == "wrong_seat");
}

TEST_CASE("server: a corrupted local view is detected on the next update and repaired by resync", "[server][lobby]") {
  ServerProcess server({"--journal", "none"});
  auto a = connect_player(server.port());
  auto b = connect_player(server.port());
  open_room({a.get(), b.get()}, {}, "oikake", {{"first_seat", 0}});
  REQUIRE((*a->client.request({{"type", "start"}}))["type"] == "ok");
  settle({a.get(), b.get()});
  b->client.tracker().mutable_view()["turn"] = 99;  // a buggy client damages its copy
  auto r = a->client.act(a->client.tracker().legal()[0]);
  REQUIRE((*r)["type"] == "ack");
  settle({a.get(), b.get()});
  CHECK(b->client.problems() == 1);  // the hash of the next update did not match
  CHECK(b->client.resyncs() == 1);   // so it asked for a snapshot
  CHECK(b->client.tracker().view()["turn"] == 1);
  SplitMix rng(6);
  finish_game({a.get(), b.get()}, {}, rng);
  CHECK(b->client.problems() == 1);  // nothing else went wrong after the resync
}

TEST_CASE("server: rematch keeps the seats and deals a new game from a new seed", "[server][lobby]") {
  ServerProcess server({"--journal", "none"});
  auto a = connect_player(server.port());
  auto b = connect_player(server.port());
  open_room({a.get(), b.get()}, {}, "oikake", {{"mode", "short"}});
  SplitMix rng(7);
  play_to_end({a.get(), b.get()}, {}, rng);
  const std::string first_seed = *a->client.tracker().seed();
  // Each player says yes (the guest first: a rematch is not the host's alone).
  REQUIRE((*b->client.request({{"type", "rematch"}}))["type"] == "ok");
  REQUIRE((*a->client.request({{"type", "rematch"}}))["type"] == "ok");
  settle({a.get(), b.get()});
  CHECK(a->client.tracker().game_no() == 2);
  CHECK(a->client.tracker().version() == 0);
  CHECK(!a->client.tracker().seed());
  finish_game({a.get(), b.get()}, {}, rng);
  CHECK(*a->client.tracker().seed() != first_seed);
  CHECK(check_frames(a->client.messages(), 0, a->client.tracker().record()) > 0);
}

TEST_CASE("server: SIGTERM closes every WebSocket with 1001 and exits 0", "[server][shutdown]") {
  ServerProcess server({"--journal", "none"});
  auto a = connect_player(server.port());
  auto b = connect_player(server.port());
  open_room({a.get(), b.get()}, {}, "oikake", Json::object());
  const int status = server.terminate(10s);
  CHECK(status == 0);
  for (Player* p : {a.get(), b.get()}) {
    while (p->client.pump(1s)) {
    }
    CHECK(p->conn.closed());
    CHECK(p->conn.close_code() == 1001);
  }
}
