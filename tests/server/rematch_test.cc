// The next game by agreement: after a game every player says yes (`rematch`), bots and the bots
// of gone players say it at once, and the room starts the next game when the last yes comes;
// the host may remove a player who is away and seat a bot (or let someone take the seat) so
// that the others can play on; the yeses are journaled and survive a crash.
#include <catch2/catch.hpp>

#include "tests/server/harness.h"
#include "tests/server/server_process.h"
#include "tests/server/temp_dir.h"

using namespace nyan;
using namespace nyan::test;
using namespace std::chrono_literals;

namespace {

Json rematch_list(const Player& p) { return p.client.room_info().value("rematch", Json::array()); }

}  // namespace

TEST_CASE("rematch: the next game waits for every player's yes, and a bot says yes at once", "[server][rematch]") {
  ServerProcess server({"--journal", "none", "--bot-budget-ms", "5", "--bot-playouts", "10"});
  auto a = connect_player(server.port());
  auto b = connect_player(server.port());
  auto s = connect_player(server.port());
  open_room({a.get(), b.get()}, {s.get()}, "daihugo", {{"players", 3}, {"match", "single_round"}});
  REQUIRE(answer_to(*a, {{"type", "add_bot"}, {"seat", 2}}) == "ok");
  SplitMix rng(31);
  play_to_end({a.get(), b.get()}, {s.get()}, rng, {}, 120);
  settle({a.get(), b.get(), s.get()});
  REQUIRE(a->client.room_info()["status"] == "over");
  CHECK_FALSE(a->client.room_info().contains("rematch"));  // nobody has said yes yet

  // Only a player says yes, and only after a game.
  CHECK(answer_to(*s, {{"type", "rematch"}}) == "error:wrong_seat");
  // The host's yes is one yes: the room waits for the other player (the bot's is given).
  REQUIRE(answer_to(*a, {{"type", "rematch"}}) == "ok");
  settle({a.get(), b.get(), s.get()});
  CHECK(a->client.room_info()["status"] == "over");
  CHECK(rematch_list(*b) == Json::array({0}));
  CHECK(rematch_list(*s) == Json::array({0}));
  CHECK(b->client.tracker().game_no() == 1);
  // A yes said again changes nothing.
  REQUIRE(answer_to(*a, {{"type", "rematch"}}) == "ok");
  settle({a.get(), b.get()});
  CHECK(a->client.room_info()["status"] == "over");

  // The last yes starts the game: its sender gets ok, everyone the room and a snapshot.
  REQUIRE(answer_to(*b, {{"type", "rematch"}}) == "ok");
  settle({a.get(), b.get(), s.get()});
  for (Player* p : {a.get(), b.get(), s.get()}) {
    CHECK(p->client.room_info()["status"] == "playing");
    CHECK_FALSE(p->client.room_info().contains("rematch"));  // cleared by the start
    CHECK(p->client.tracker().game_no() == 2);
  }
  CHECK(answer_to(*a, {{"type", "rematch"}}) == "error:bad_state");  // not during a game
  play_until_over({a.get(), b.get()}, {s.get()}, rng, {}, 120);
  for (Player* p : {a.get(), b.get()}) CHECK(check_frames(p->client.messages(), *p->client.seat(), p->client.tracker().record()) > 0);
}

TEST_CASE("rematch: after a game the host removes a player who is away, seats a bot, and the next game starts",
          "[server][rematch]") {
  ServerProcess server({"--journal", "none", "--bot-budget-ms", "5", "--bot-playouts", "10"});
  auto a = connect_player(server.port());
  auto b = connect_player(server.port());
  const std::string code = open_room({a.get(), b.get()}, {}, "oikake", {{"mode", "short"}});
  SplitMix rng(32);
  play_to_end({a.get(), b.get()}, {}, rng);
  REQUIRE(answer_to(*a, {{"type", "rematch"}}) == "ok");

  // A player at the table answers for themself: the host cannot remove them.
  CHECK(answer_to(*a, {{"type", "kick"}, {"seat", 1}}) == "error:bad_state");
  b->conn.drop();  // gone, within the grace period (two minutes by default)
  settle({a.get()}, 200);
  REQUIRE(a->client.room_info()["seats"][1]["state"] == "disconnected");
  CHECK(a->client.room_info()["status"] == "over");  // the room still waits for them
  // Bad requests change nothing.
  CHECK(answer_to(*a, {{"type", "kick"}, {"seat", "one"}}) == "error:bad_field");
  CHECK(answer_to(*a, {{"type", "kick"}, {"seat", 7}}) == "error:wrong_seat");
  CHECK(answer_to(*a, {{"type", "add_bot"}, {"seat", 1}}) == "error:seat_taken");
  REQUIRE(answer_to(*a, {{"type", "kick"}, {"seat", 1}}) == "ok");
  settle({a.get()});
  CHECK(a->client.room_info()["seats"][1]["state"] == "empty");
  CHECK(a->client.room_info()["status"] == "over");
  // The removed player's token holds nothing now.
  auto late = connect_player(server.port());
  CHECK((*late->client.reconnect(code, b->client.token()))["code"] == "bad_token");

  // The host seats a bot there: its yes was the last one.
  REQUIRE(answer_to(*a, {{"type", "add_bot"}, {"seat", 1}}) == "ok");
  settle({a.get()});
  CHECK(a->client.room_info()["status"] == "playing");
  CHECK(a->client.room_info()["seats"][1]["state"] == "bot");
  CHECK(a->client.tracker().game_no() == 2);
  play_until_over({a.get()}, {}, rng, {}, 60);
  CHECK(a->client.problems() == 0);
}

TEST_CASE("rematch: after a game a seat the host emptied may be taken by someone with the link", "[server][rematch]") {
  ServerProcess server({"--journal", "none"});
  auto a = connect_player(server.port());
  auto b = connect_player(server.port());
  const std::string code = open_room({a.get(), b.get()}, {}, "oikake", {{"mode", "short"}});
  SplitMix rng(33);
  play_to_end({a.get(), b.get()}, {}, rng);
  b->conn.drop();
  settle({a.get()}, 200);
  REQUIRE(answer_to(*a, {{"type", "kick"}, {"seat", 1}}) == "ok");
  auto c = connect_player(server.port());
  auto joined = c->client.join(code, "Chi");
  REQUIRE(joined);
  REQUIRE((*joined)["seat"] == 1);
  settle({a.get(), c.get()});
  // The newcomer sees the finished game (its seed is public now) and says yes for themself.
  CHECK(c->client.game_over());
  REQUIRE(answer_to(*c, {{"type", "rematch"}}) == "ok");
  REQUIRE(answer_to(*a, {{"type", "rematch"}}) == "ok");
  settle({a.get(), c.get()});
  CHECK(c->client.tracker().game_no() == 2);
  play_until_over({a.get(), c.get()}, {}, rng);
  CHECK(check_frames(c->client.messages(), 1, c->client.tracker().record()) > 0);
}

TEST_CASE("rematch: a player gone past the grace period after a game says yes through their bot", "[server][rematch]") {
  ServerProcess server({"--journal", "none", "--grace-ms", "300", "--bot-budget-ms", "5", "--bot-playouts", "10"});
  auto a = connect_player(server.port());
  auto b = connect_player(server.port());
  open_room({a.get(), b.get()}, {}, "oikake", {{"mode", "short"}});
  SplitMix rng(34);
  play_to_end({a.get(), b.get()}, {}, rng);
  b->conn.drop();
  std::this_thread::sleep_for(600ms);
  settle({a.get()});
  // Nobody at the table asked for another game yet: a table of bots does not play by itself.
  CHECK(a->client.room_info()["status"] == "over");
  CHECK(a->client.room_info()["seats"][1].value("bot", false));
  REQUIRE(answer_to(*a, {{"type", "rematch"}}) == "ok");
  settle({a.get()});
  CHECK(a->client.room_info()["status"] == "playing");
  // The player comes back to their seat in the new game.
  rejoin(*b, server.port());
  settle({a.get(), b.get()});
  CHECK(b->client.tracker().game_no() == 2);
  CHECK_FALSE(a->client.room_info()["seats"][1].contains("bot"));
}

TEST_CASE("rematch: the yeses are journaled: a crash in the middle of the vote keeps them", "[server][rematch][journal]") {
  TempDir dir;
  const std::vector<std::string> args = {"--data-dir", dir.path.string(), "--group-commit-us", "500"};
  auto server = std::make_unique<ServerProcess>(args);
  auto a = connect_player(server->port());
  auto b = connect_player(server->port());
  open_room({a.get(), b.get()}, {}, "oikake", {{"mode", "short"}});
  SplitMix rng(35);
  play_to_end({a.get(), b.get()}, {}, rng);
  REQUIRE(answer_to(*a, {{"type", "rematch"}}) == "ok");
  server->kill_hard();
  server = std::make_unique<ServerProcess>(args);
  rejoin(*a, server->port());
  rejoin(*b, server->port());
  settle({a.get(), b.get()});
  CHECK(a->client.room_info()["status"] == "over");
  CHECK(rematch_list(*b) == Json::array({0}));  // the host's yes came through the crash
  REQUIRE(answer_to(*b, {{"type", "rematch"}}) == "ok");
  settle({a.get(), b.get()});
  CHECK(a->client.tracker().game_no() == 2);
  CHECK(b->client.tracker().game_no() == 2);
  play_until_over({a.get(), b.get()}, {}, rng);
  CHECK(a->client.problems() == 0);
}
