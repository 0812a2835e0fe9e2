// Complete games through a real server process over real sockets. Every frame every client
// received is checked against an independent replay of the game's revealed record.
#include <catch2/catch.hpp>

#include "protocol/canonical.h"
#include "protocol/drbg.h"
#include "rules/core/registry.h"
#include "tests/server/harness.h"
#include "tests/server/server_process.h"

using namespace nyan;
using namespace nyan::test;
using namespace std::chrono_literals;

namespace {

// Plays one complete game and checks every frame of every seat and of a spectator.
void play_and_check(ServerProcess& server, const std::string& game, const Json& options, int seats,
                    std::uint64_t seed) {
  std::vector<std::unique_ptr<Player>> owned;
  std::vector<Player*> players;
  for (int i = 0; i < seats; ++i) {
    owned.push_back(connect_player(server.port()));
    players.push_back(owned.back().get());
  }
  auto spectator = connect_player(server.port());
  open_room(players, {spectator.get()}, game, options);
  SplitMix rng(seed);
  play_to_end(players, {spectator.get()}, rng);

  const Json& record = players[0]->client.tracker().record();
  REQUIRE(record.is_object());
  for (int i = 0; i < seats; ++i) {
    const auto& c = players[i]->client;
    INFO("seat " << i << ": " << c.last_problem());
    CHECK(c.problems() == 0);
    CHECK(c.tracker().record() == record);
    CHECK(c.tracker().seed());  // the seed was revealed and matched its published hash
    CHECK(check_frames(c.messages(), i, record) > 0);
  }
  CHECK(spectator->client.problems() == 0);
  CHECK(check_frames(spectator->client.messages(), kSpectator, record) > 0);
}

}  // namespace

TEST_CASE("server: complete Oikake games in both modes, every frame checked", "[server][oikake]") {
  ServerProcess server({"--journal", "none"});
  for (std::uint64_t seed = 1; seed <= 4; ++seed) {
    play_and_check(server, "oikake", {{"mode", "normal"}}, 2, seed);
    play_and_check(server, "oikake", {{"mode", "short"}}, 2, seed + 100);
  }
  // The log never carries a seed, a token or a hand.
  const std::string log = server.log();
  CHECK(log.find("token\":\"") == std::string::npos);
  CHECK(log.find("seed\":\"") == std::string::npos);
}

TEST_CASE("server: commitments open to the right seats and the seed re-derives the deal", "[server][oikake]") {
  ServerProcess server({"--journal", "none"});
  auto a = connect_player(server.port());
  auto b = connect_player(server.port());
  open_room({a.get(), b.get()}, {}, "oikake", {{"first_seat", 0}});
  SplitMix rng(9);
  play_to_end({a.get(), b.get()}, {}, rng);
  for (Player* p : {a.get(), b.get()}) {
    const auto& t = p->client.tracker();
    // Every face-down card was committed before it was opened, and every opening matched.
    CHECK(!t.commitments().empty());
    CHECK(t.openings_verified() == static_cast<int>(t.commitments().size()));
    REQUIRE(t.seed());
    // Re-derive the deal from the revealed seed and compare with the first snapshot.
    register_all_games();
    const Game* g = registry().find("oikake");
    auto state = g->start(t.record()["options"], std::make_unique<Drbg>(*seed_from_hex(*t.seed())));
    const int seat = *p->client.seat();
    Json first_snapshot;
    for (const Json& m : p->client.messages())
      if (m["type"] == "snapshot") {
        first_snapshot = m;
        break;
      }
    REQUIRE(first_snapshot.is_object());
    CHECK(first_snapshot["view"] == state->view(seat));
  }
}
