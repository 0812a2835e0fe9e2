// Bots in seats: the host's add_bot / remove_bot and their errors, tables of one player and
// bots playing whole games, and bot seats surviving a restart (SIGKILL, sqlite journal).
#include <catch2/catch.hpp>

#include <thread>

#include "tests/server/harness.h"
#include "tests/server/server_process.h"
#include "tests/server/temp_dir.h"

using namespace nyan;
using namespace nyan::test;
using namespace std::chrono_literals;

namespace {

std::string answer_of(Player& p, const Json& message) {
  auto r = p.client.request(message);
  REQUIRE(r);
  return r->value("code", r->value("type", ""));
}

Json add_bot(int seat) { return {{"type", "add_bot"}, {"seat", seat}}; }
Json remove_bot(int seat) { return {{"type", "remove_bot"}, {"seat", seat}}; }

// A room of `game` with the host in seat 0 and bots everywhere else.
std::string bot_table(Player& host, const std::string& game, const Json& options, int seats) {
  auto created = host.client.create(game, options, "host");
  REQUIRE(created);
  REQUIRE((*created)["type"] == "joined");
  for (int s = 1; s < seats; ++s) REQUIRE(answer_of(host, add_bot(s)) == "ok");
  settle({&host});
  for (int s = 1; s < seats; ++s) {  // numbered in the order they were seated
    CHECK(host.client.room_info()["seats"][s]["name"] == "Bot " + std::to_string(s));
    CHECK(host.client.room_info()["seats"][s]["state"] == "bot");
  }
  return (*created)["room"];
}

// The host plays random legal moves against its bots to the end; every frame it received is
// checked against the finished game's record, and the bots must have moved.
void play_with_bots(Player& host, int seats, std::uint64_t seed) {
  SplitMix rng(seed);
  play_to_end({&host}, {}, rng, {}, 300);
  const Json& record = host.client.tracker().record();
  REQUIRE(record.is_object());
  INFO(host.client.last_problem());
  CHECK(host.client.problems() == 0);
  CHECK(check_frames(host.client.messages(), 0, record) > 0);
  std::vector<int> moves(static_cast<std::size_t>(seats));
  for (const Json& m : record["moves"]) moves.at(m["seat"].get<std::size_t>())++;
  for (int s = 1; s < seats; ++s) CHECK(moves[static_cast<std::size_t>(s)] > 0);
}

}  // namespace

TEST_CASE("server: the host seats and removes bots in the lobby, everything else is refused", "[server][bots]") {
  ServerProcess server({"--journal", "none"});
  auto host = connect_player(server.port());
  auto guest = connect_player(server.port());
  const std::string code = open_room({host.get(), guest.get()}, {}, "hinode", {{"players", 4}});

  CHECK(answer_of(*guest, add_bot(2)) == "not_host");
  CHECK(answer_of(*guest, remove_bot(2)) == "not_host");
  CHECK(answer_of(*host, add_bot(4)) == "wrong_seat");
  CHECK(answer_of(*host, add_bot(-1)) == "wrong_seat");
  CHECK(answer_of(*host, {{"type", "add_bot"}, {"seat", "2"}}) == "bad_field");
  CHECK(answer_of(*host, {{"type", "add_bot"}}) == "bad_field");
  CHECK(answer_of(*host, add_bot(1)) == "seat_taken");  // the guest's
  CHECK(answer_of(*host, remove_bot(2)) == "wrong_seat");  // empty
  CHECK(answer_of(*host, remove_bot(1)) == "wrong_seat");  // a player's

  REQUIRE(answer_of(*host, add_bot(2)) == "ok");
  settle({host.get(), guest.get()});
  const Json seat2 = guest->client.room_info()["seats"][2];
  CHECK(seat2["state"] == "bot");
  CHECK(seat2["bot"] == true);
  CHECK(seat2["name"] == "Bot 1");  // the first bot of the room, whatever its seat
  CHECK(answer_of(*host, add_bot(2)) == "seat_taken");
  CHECK(answer_of(*host, {{"type", "kick"}, {"seat", 2}}) == "wrong_seat");
  // A joiner takes the free seat, never the bot's.
  auto third = connect_player(server.port());
  REQUIRE((*third->client.join(code, "Chi"))["seat"] == 3);
  CHECK((*connect_player(server.port())->client.join(code, "Dai", 2))["code"] == "seat_taken");
  REQUIRE(answer_of(*host, remove_bot(2)) == "ok");
  settle({host.get(), guest.get()});
  CHECK(guest->client.room_info()["seats"][2]["state"] == "empty");
  CHECK(!guest->client.room_info()["seats"][2].contains("bot"));

  REQUIRE(answer_of(*host, add_bot(2)) == "ok");
  settle({host.get(), guest.get()});
  CHECK(guest->client.room_info()["seats"][2]["name"] == "Bot 1");  // the number is free again
  REQUIRE(answer_of(*host, {{"type", "start"}}) == "ok");
  CHECK(answer_of(*host, remove_bot(2)) == "bad_state");
  CHECK(answer_of(*host, add_bot(2)) == "bad_state");
}

TEST_CASE("server: one player and three bots play Hinode to the end", "[server][bots]") {
  ServerProcess server({"--journal", "none", "--bot-budget-ms", "10"});
  auto host = connect_player(server.port());
  bot_table(*host, "hinode", {{"players", 4}}, 4);
  play_with_bots(*host, 4, 21);
}

TEST_CASE("server: one player and three bots play Double Hunt to the end", "[server][bots]") {
  ServerProcess server({"--journal", "none", "--bot-budget-ms", "10", "--bot-threads", "2"});
  auto host = connect_player(server.port());
  bot_table(*host, "doublehunt", Json::object(), 4);
  play_with_bots(*host, 4, 22);
}

TEST_CASE("server: bot seats come back after SIGKILL, and the restored table plays on", "[server][bots][journal]") {
  TempDir dir;
  const std::vector<std::string> args = {"--data-dir", dir.path.string(), "--bot-budget-ms", "10"};
  auto server = std::make_unique<ServerProcess>(args);
  auto host = connect_player(server->port());
  bot_table(*host, "oikake", Json::object(), 2);
  REQUIRE(answer_of(*host, {{"type", "start"}}) == "ok");
  settle({host.get()}, 300);
  server->kill_hard();

  server = std::make_unique<ServerProcess>(args);
  rejoin(*host, server->port());
  settle({host.get()});
  CHECK(host->client.room_info()["seats"][1]["state"] == "bot");
  SplitMix rng(23);
  play_until_over({host.get()}, {}, rng, {}, 120);
  CHECK(host->client.game_over());
}
