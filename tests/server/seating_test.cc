// Who sits where: a player who leaves a game under way hands the seat to its bot at once and
// takes it back with the token; a private table never gives a gone player's seat to anyone else
// by itself (drop_policy "bot"), and with drop_policy "host" only once the host opens it; in the
// lobby players move to empty seats (sit) and the host swaps seats (swap_seats), keeping their
// tokens, names and the host's role, and every seat sees its own view in the game that follows;
// a crash in the middle keeps the moves (they are journaled).
#include <catch2/catch.hpp>

#include "tests/server/harness.h"
#include "tests/server/server_process.h"
#include "tests/server/temp_dir.h"

using namespace nyan;
using namespace nyan::test;
using namespace std::chrono_literals;

namespace {

const Json& seat_info(const Player& p, int seat) { return p.client.room_info()["seats"][seat]; }

}  // namespace

TEST_CASE("seating: a player who leaves a game hands the seat to its bot at once, and the token takes it back",
          "[server][seating]") {
  // The grace period is long: nothing here waits for it.
  ServerProcess server({"--journal", "none", "--bot-budget-ms", "5", "--bot-playouts", "10"});
  auto a = connect_player(server.port());
  auto b = connect_player(server.port());
  const std::string code = open_room({a.get(), b.get()}, {}, "oikake", {{"first_seat", 0}});
  REQUIRE(answer_to(*a, {{"type", "start"}}) == "ok");
  settle({a.get(), b.get()});
  const std::string token = b->client.token();
  REQUIRE(answer_to(*b, {{"type", "leave"}}) == "left");
  settle({a.get()}, 200);
  CHECK(seat_info(*a, 1)["state"] == "disconnected");
  CHECK(seat_info(*a, 1).value("bot", false));
  CHECK(seat_info(*a, 1)["name"] == "player1");  // still the player's seat
  // The table does not wait: when seat 1 is to decide, its bot does.
  SplitMix rng(41);
  const int before = a->client.tracker().version();
  const auto until = std::chrono::steady_clock::now() + 20s;
  while (a->client.tracker().version() < before + 3 && !a->client.game_over()) {
    REQUIRE(std::chrono::steady_clock::now() < until);
    if (a->client.my_turn()) REQUIRE((*a->client.act(a->client.tracker().legal()[rng.uniform(a->client.tracker().legal().size())]))["type"] == "ack");
    a->client.pump(20ms);
  }
  bool bot_moved = false;
  for (const Json& m : a->client.messages())
    if (m["type"] == "update" && m["version"].get<int>() > before) bot_moved = true;
  CHECK(bot_moved);
  // Nobody else may sit there; the player comes back with the token.
  auto stranger = connect_player(server.port());
  CHECK((*stranger->client.join(code, "Dai", 1))["code"] == "seat_taken");
  auto back = connect_player(server.port());
  auto joined = back->client.reconnect(code, token);
  REQUIRE(joined);
  REQUIRE((*joined)["seat"] == 1);
  settle({a.get(), back.get()});
  CHECK(seat_info(*a, 1)["state"] == "connected");
  CHECK_FALSE(seat_info(*a, 1).contains("bot"));
  if (!a->client.game_over()) play_until_over({a.get(), back.get()}, {}, rng);
  CHECK(back->client.problems() == 0);
}

TEST_CASE("seating: with drop_policy host nobody takes a gone player's seat until the host opens it",
          "[server][seating]") {
  ServerProcess server({"--journal", "none", "--grace-ms", "300", "--bot-budget-ms", "5", "--bot-playouts", "10"});
  auto a = connect_player(server.port());
  auto b = connect_player(server.port());
  auto s = connect_player(server.port());
  const std::string code = open_room({a.get(), b.get()}, {s.get()}, "oikake", {{"first_seat", 0}, {"drop_policy", "host"}});
  settle({a.get(), b.get()});
  CHECK(a->client.room_info()["options"]["drop_policy"] == "host");
  REQUIRE(answer_to(*a, {{"type", "start"}}) == "ok");
  settle({a.get(), b.get(), s.get()});
  // Not before the player is gone: the seat is still theirs to come back to.
  CHECK(answer_to(*a, {{"type", "open_seat"}, {"seat", 1}}) == "error:bad_state");
  const std::string token = b->client.token();
  b->conn.drop();
  std::this_thread::sleep_for(600ms);
  settle({a.get(), s.get()});
  REQUIRE(seat_info(*a, 1).value("bot", false));  // past the grace period its bot plays
  auto stranger = connect_player(server.port());
  CHECK((*stranger->client.join(code, "Dai"))["code"] == "room_full");

  // Only the host opens it, and only a gone player's seat.
  CHECK(answer_to(*s, {{"type", "open_seat"}, {"seat", 1}}) == "error:not_host");
  CHECK(answer_to(*a, {{"type", "open_seat"}, {"seat", "1"}}) == "error:bad_field");
  CHECK(answer_to(*a, {{"type", "open_seat"}, {"seat", 2}}) == "error:wrong_seat");
  CHECK(answer_to(*a, {{"type", "open_seat"}, {"seat", 0}}) == "error:bad_state");  // the host is here
  REQUIRE(answer_to(*a, {{"type", "open_seat"}, {"seat", 1}}) == "ok");
  settle({a.get(), s.get()});
  CHECK(seat_info(*a, 1)["state"] == "open");
  CHECK_FALSE(seat_info(*a, 1).contains("name"));
  CHECK(answer_to(*a, {{"type", "open_seat"}, {"seat", 1}}) == "error:bad_state");  // open already
  // The old token no longer holds it; someone with the link takes it, with the seat's view.
  auto late = connect_player(server.port());
  CHECK((*late->client.reconnect(code, token))["code"] == "bad_token");
  auto d = connect_player(server.port());
  auto joined = d->client.join(code, "Dai");
  REQUIRE(joined);
  REQUIRE((*joined)["seat"] == 1);
  settle({a.get(), d.get(), s.get()});
  CHECK(seat_info(*a, 1)["state"] == "connected");
  CHECK(seat_info(*a, 1)["name"] == "Dai");
  SplitMix rng(42);
  play_until_over({a.get(), d.get()}, {s.get()}, rng);
  CHECK(check_frames(d->client.messages(), 1, d->client.tracker().record()) > 0);
  CHECK(check_frames(s->client.messages(), kSpectator, s->client.tracker().record()) > 0);
}

TEST_CASE("seating: a room of an older release with drop_policy open reads as host", "[server][seating]") {
  ServerProcess server({"--journal", "none"});
  auto a = connect_player(server.port());
  auto created = a->client.create("oikake", {{"drop_policy", "open"}}, "Aki");
  REQUIRE(created);
  REQUIRE((*created)["type"] == "joined");
  settle({a.get()});
  CHECK(a->client.room_info()["options"]["drop_policy"] == "host");
  auto b = connect_player(server.port());
  CHECK((*b->client.create("oikake", {{"drop_policy", "anyone"}}, "Bo"))["code"] == "bad_options");
}

TEST_CASE("seating: in the lobby players sit where they like and the host swaps seats (tokens, names and the "
          "host's role go with them)",
          "[server][seating]") {
  ServerProcess server({"--journal", "none", "--bot-budget-ms", "5", "--bot-playouts", "10"});
  auto a = connect_player(server.port());
  auto b = connect_player(server.port());
  auto s = connect_player(server.port());
  const std::string code = open_room({a.get(), b.get()}, {s.get()}, "doublehunt", Json::object());
  settle({a.get(), b.get(), s.get()});

  // The errors of sit, each changing nothing.
  CHECK(answer_to(*b, {{"type", "sit"}}) == "error:bad_field");
  CHECK(answer_to(*b, {{"type", "sit"}, {"seat", 4}}) == "error:wrong_seat");
  CHECK(answer_to(*b, {{"type", "sit"}, {"seat", 1}}) == "error:wrong_seat");  // there already
  CHECK(answer_to(*b, {{"type", "sit"}, {"seat", 0}}) == "error:seat_taken");
  CHECK(answer_to(*s, {{"type", "sit"}, {"seat", 2}}) == "error:wrong_seat");  // a spectator joins first
  // Bo sits across from the host: partners (seats 0 and 2 are a team).
  REQUIRE(answer_to(*b, {{"type", "sit"}, {"seat", 2}}) == "ok");
  settle({a.get(), b.get(), s.get()});
  CHECK(b->client.seat() == 2);
  CHECK(seat_info(*a, 1)["state"] == "empty");
  CHECK(seat_info(*a, 2)["name"] == "player1");
  // The host moves too and stays the host.
  REQUIRE(answer_to(*a, {{"type", "sit"}, {"seat", 3}}) == "ok");
  settle({a.get(), b.get()});
  CHECK(a->client.seat() == 3);
  CHECK(a->client.room_info()["host"] == 3);
  bool told = false;
  for (const Json& m : a->client.messages()) told = told || (m["type"] == "moved" && m["seat"] == 3 && m["host"] == true);
  CHECK(told);

  // The errors of swap_seats.
  CHECK(answer_to(*b, {{"type", "swap_seats"}, {"a", 2}, {"b", 3}}) == "error:not_host");
  CHECK(answer_to(*a, {{"type", "swap_seats"}, {"a", 2}}) == "error:bad_field");
  CHECK(answer_to(*a, {{"type", "swap_seats"}, {"a", 2}, {"b", 2}}) == "error:wrong_seat");
  CHECK(answer_to(*a, {{"type", "swap_seats"}, {"a", 0}, {"b", 1}}) == "error:wrong_seat");  // both empty
  CHECK(answer_to(*a, {{"type", "swap_seats"}, {"a", -1}, {"b", 1}}) == "error:wrong_seat");
  // A bot is seated, then the host swaps it with Bo, and its own seat with an empty one.
  REQUIRE(answer_to(*a, {{"type", "add_bot"}, {"seat", 0}}) == "ok");
  REQUIRE(answer_to(*a, {{"type", "swap_seats"}, {"a", 0}, {"b", 2}}) == "ok");
  REQUIRE(answer_to(*a, {{"type", "swap_seats"}, {"a", 3}, {"b", 1}}) == "ok");
  settle({a.get(), b.get(), s.get()});
  CHECK(a->client.seat() == 1);
  CHECK(b->client.seat() == 0);
  CHECK(a->client.room_info()["host"] == 1);
  CHECK(seat_info(*a, 2)["state"] == "bot");
  CHECK(seat_info(*a, 3)["state"] == "empty");
  // Bo's token holds the seat Bo sits in now.
  b->conn.drop();
  settle({a.get()}, 200);
  auto back = connect_player(server.port());
  auto joined = back->client.reconnect(code, b->client.token());
  REQUIRE(joined);
  CHECK((*joined)["seat"] == 0);
  CHECK((*joined)["host"] == false);

  // The game: seats are fixed, and each player sees its own seat's view.
  REQUIRE(answer_to(*a, {{"type", "add_bot"}, {"seat", 3}}) == "ok");
  REQUIRE(answer_to(*a, {{"type", "start"}}) == "ok");
  CHECK(answer_to(*back, {{"type", "sit"}, {"seat", 3}}) == "error:bad_state");
  CHECK(answer_to(*a, {{"type", "swap_seats"}, {"a", 0}, {"b", 1}}) == "error:bad_state");
  SplitMix rng(43);
  play_until_over({a.get(), back.get()}, {s.get()}, rng, {}, 180);
  CHECK(check_frames(a->client.messages(), 1, a->client.tracker().record()) > 0);
  CHECK(check_frames(back->client.messages(), 0, back->client.tracker().record()) > 0);
  CHECK(check_frames(s->client.messages(), kSpectator, s->client.tracker().record()) > 0);
}

TEST_CASE("seating: a crash after a seat move keeps it: the token reconnects to the new seat", "[server][seating][journal]") {
  TempDir dir;
  const std::vector<std::string> args = {"--data-dir", dir.path.string(), "--group-commit-us", "500"};
  auto server = std::make_unique<ServerProcess>(args);
  auto a = connect_player(server->port());
  auto b = connect_player(server->port());
  open_room({a.get(), b.get()}, {}, "doublehunt", Json::object());
  REQUIRE(answer_to(*b, {{"type", "sit"}, {"seat", 2}}) == "ok");
  REQUIRE(answer_to(*a, {{"type", "swap_seats"}, {"a", 0}, {"b", 3}}) == "ok");
  server->kill_hard();
  server = std::make_unique<ServerProcess>(args);
  rejoin(*a, server->port());
  rejoin(*b, server->port());
  settle({a.get(), b.get()});
  CHECK(a->client.seat() == 3);
  CHECK(b->client.seat() == 2);
  CHECK(a->client.room_info()["host"] == 3);
  CHECK(seat_info(*b, 0)["state"] == "empty");
  CHECK(seat_info(*b, 1)["state"] == "empty");
}
