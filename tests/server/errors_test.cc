// Every kind of bad input gets its typed error (answering the request id), and the room and
// the server keep running: after all of it the game is played to the end.
#include <catch2/catch.hpp>

#include <set>

#include "tests/server/harness.h"
#include "tests/server/server_process.h"

using namespace nyan;
using namespace nyan::test;
using namespace std::chrono_literals;

namespace {

// Sends raw text and returns the next error message (skipping room/update traffic).
Json error_for(Player& p, const std::string& text) {
  REQUIRE(p.conn.send_text(text));
  for (int i = 0; i < 50; ++i) {
    auto m = p.client.pump(2s);
    REQUIRE(m);
    if ((*m)["type"] == "error") return *m;
  }
  FAIL("no error arrived");
  return {};
}

std::string code_of(Player& p, const Json& message) { return error_for(p, message.dump())["code"]; }

}  // namespace

TEST_CASE("server: typed errors for bad input, and the game goes on", "[server][errors]") {
  ServerProcess server({"--journal", "none", "--max-message-bytes", "4096"});
  auto a = connect_player(server.port());
  auto b = connect_player(server.port());
  auto watcher = connect_player(server.port());

  {  // before hello and before a room
    cli::Connection raw;
    std::string err;
    REQUIRE(raw.connect("127.0.0.1", server.port(), err));
    cli::GameClient c(raw);
    auto r = c.request({{"type", "create"}, {"game", "oikake"}});
    REQUIRE(r);
    CHECK((*r)["code"] == "hello_required");
    r = c.request({{"type", "hello"}, {"protocol", 99}});
    CHECK((*r)["code"] == "protocol_version");
    r = c.request({{"type", "hello"}, {"protocol", "1"}});
    CHECK((*r)["code"] == "bad_field");
  }

  // Shapes and envelopes.
  CHECK(error_for(*a, "{not json")["code"] == "bad_json");
  CHECK(error_for(*a, "[1,2]")["code"] == "bad_json");
  CHECK(error_for(*a, std::string(200, '[') + std::string(200, ']'))["code"] == "bad_json");
  CHECK(error_for(*a, R"({"type":"ping","id":1.5})")["code"] == "bad_field");
  CHECK(error_for(*a, R"({"id":7})")["code"] == "bad_field");
  const Json unknown = error_for(*a, R"({"type":"dance","id":"x1"})");
  CHECK(unknown["code"] == "unknown_type");
  CHECK(unknown["re"] == "x1");  // errors answer the request id
  CHECK(code_of(*a, {{"type", "action"}, {"action", {{"type", "choose"}}}}) == "not_in_room");
  CHECK(code_of(*a, {{"type", "join"}}) == "bad_field");
  CHECK(code_of(*a, {{"type", "join"}, {"room", "no-such-room"}}) == "unknown_room");
  CHECK(code_of(*a, {{"type", "join"}, {"room", "bad code!"}}) == "unknown_room");
  CHECK(code_of(*a, {{"type", "create"}, {"game", "chess"}}) == "unknown_game");
  const Json bad_options = error_for(*a, Json{{"type", "create"}, {"game", "oikake"}, {"options", {{"mode", "long"}}}}.dump());
  CHECK(bad_options["code"] == "bad_options");
  CHECK(bad_options["message"].get<std::string>().find("mode") != std::string::npos);
  CHECK(code_of(*a, {{"type", "create"}, {"game", "oikake"}, {"options", 5}}) == "bad_field");

  // Size: over the limit is refused but the connection stays; far over it is closed (1009).
  CHECK(error_for(*a, R"({"type":"ping","pad":")" + std::string(6000, 'x') + "\"}")["code"] == "too_large");

  const std::string code = open_room({a.get(), b.get()}, {watcher.get()}, "oikake", {{"first_seat", 0}});
  auto third = connect_player(server.port());
  CHECK(code_of(*third, {{"type", "join"}, {"room", code}}) == "room_full");
  CHECK(code_of(*third, {{"type", "join"}, {"room", code}, {"seat", 0}}) == "seat_taken");
  CHECK(code_of(*third, {{"type", "join"}, {"room", code}, {"seat", 7}}) == "wrong_seat");
  CHECK(code_of(*third, {{"type", "reconnect"}, {"room", code}, {"token", "00000000000000000000000000000000"}}) ==
        "bad_token");
  CHECK(code_of(*a, {{"type", "join"}, {"room", code}}) == "already_in_room");
  CHECK(code_of(*b, {{"type", "start"}}) == "not_host");
  CHECK(code_of(*b, {{"type", "kick"}, {"seat", 0}}) == "not_host");
  CHECK(code_of(*a, {{"type", "action"}, {"action", {{"type", "choose"}, {"pick", "up"}}}}) == "bad_state");
  CHECK(code_of(*a, {{"type", "resync"}}) == "bad_state");

  REQUIRE((*a->client.request({{"type", "start"}}))["type"] == "ok");
  settle({a.get(), b.get(), watcher.get()});
  CHECK(code_of(*a, {{"type", "start"}}) == "bad_state");
  // Seat 0 presents first (first_seat 0).
  CHECK(code_of(*b, {{"type", "action"}, {"action", {{"type", "choose"}, {"pick", "up"}}}}) == "not_your_turn");
  CHECK(code_of(*a, {{"type", "action"}, {"action", {{"type", "choose"}, {"pick", "up"}}}}) == "illegal_action");
  CHECK(code_of(*a, {{"type", "action"}, {"action", {{"type", "present"}}}}) == "malformed_action");
  CHECK(code_of(*a, {{"type", "action"}, {"action", "present"}}) == "bad_field");
  CHECK(code_of(*a, {{"type", "action"}, {"seat", 1}, {"action", {{"type", "present"}}}}) == "wrong_seat");
  CHECK(code_of(*watcher, {{"type", "action"}, {"action", {{"type", "choose"}, {"pick", "up"}}}}) == "wrong_seat");

  // The errors changed nothing: every client is still at version 0, and the game finishes.
  settle({a.get(), b.get(), watcher.get()});
  CHECK(a->client.tracker().version() == 0);
  SplitMix rng(3);
  a->acted_version = -1;
  // play_to_end starts the game; here it already runs, so drive the loop by hand.
  const auto deadline = std::chrono::steady_clock::now() + 30s;
  while (!a->client.game_over()) {
    REQUIRE(std::chrono::steady_clock::now() < deadline);
    for (Player* p : {a.get(), b.get(), watcher.get()})
      while (p->client.pump(1ms)) {
      }
    for (Player* p : {a.get(), b.get()})
      if (p->client.my_turn() && p->acted_version != p->client.tracker().version()) {
        p->acted_version = p->client.tracker().version();
        const Json& legal = p->client.tracker().legal();
        auto r = p->client.act(legal[rng.uniform(legal.size())]);
        REQUIRE((*r)["type"] == "ack");
      }
  }
  settle({a.get(), b.get(), watcher.get()});
  CHECK(code_of(*a, {{"type", "action"}, {"action", {{"type", "choose"}, {"pick", "up"}}}}) == "game_over");
  CHECK(a->client.problems() == 0);
  CHECK(watcher->client.problems() == 0);

  // Far over the size limit the server stops reading at the frame header and fails the
  // connection (a close frame with 1009, which a client still busy writing may not get to
  // read), without buffering the message. The server keeps running.
  (void)a->conn.send_text(std::string(64 * 1024, ' '));
  while (a->client.pump(2s)) {
  }
  CHECK(a->conn.closed());
  CHECK((a->conn.close_code() == 1009 || a->conn.close_code() == 0));
  CHECK(server.http_get("/healthz").first == 200);
}

TEST_CASE("cli: a client keeps within the announced message rate instead of being dropped", "[server][cli]") {
  ServerProcess server({"--journal", "none", "--rate-per-second", "5", "--rate-burst", "5"});
  auto a = connect_player(server.port());  // hello takes one token
  const auto t0 = std::chrono::steady_clock::now();
  int pongs = 0;
  for (int i = 0; i < 12; ++i) {
    auto r = a->client.request({{"type", "ping"}});
    REQUIRE(r);
    INFO(r->dump());
    CHECK((*r)["type"] == "pong");
    pongs += (*r)["type"] == "pong";
  }
  CHECK(pongs == 12);
  // 13 messages against 5 per second with a burst of 5: at least (13 - 5) / 5 s, not at once.
  CHECK(std::chrono::steady_clock::now() - t0 >= 1500ms);
  // Nothing else came: no rate_limited error was sent either.
  CHECK(!a->client.pump(200ms));
}

TEST_CASE("server: the message rate limit answers rate_limited and the connection survives", "[server][errors]") {
  ServerProcess server({"--journal", "none", "--rate-per-second", "5", "--rate-burst", "5"});
  auto a = connect_player(server.port());  // hello takes one token
  for (int i = 0; i < 20; ++i) a->conn.send({{"type", "ping"}, {"id", i}});
  int pongs = 0, limited = 0;
  std::set<int> answered;  // every answer names the message it answers
  while (auto m = a->client.pump(300ms)) {
    if ((*m)["type"] == "pong") ++pongs;
    if ((*m)["type"] == "error" && (*m)["code"] == "rate_limited") ++limited;
    if (m->contains("re") && (*m)["re"].is_number_integer()) answered.insert((*m)["re"].get<int>());
  }
  CHECK(pongs >= 4);
  CHECK(pongs < 20);
  // Dropped messages are answered with their id, a second's worth (5) at most: not a flood.
  CHECK(limited == 5);
  CHECK(static_cast<int>(answered.size()) == pongs + limited);
  std::this_thread::sleep_for(1200ms);  // the bucket refills
  auto r = a->client.request({{"type", "ping"}});
  REQUIRE(r);
  CHECK((*r)["type"] == "pong");
}
