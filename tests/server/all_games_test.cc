// Every registered game, with its default options (the full-length game a room gets when
// nobody changes anything) and with every sample option set (each player count and variant),
// played to the end through a real server by verifying clients and a spectator; every frame
// each of them received is checked against a replay of the game's revealed record.
#include <catch2/catch.hpp>

#include "rules/core/registry.h"
#include "tests/server/harness.h"
#include "tests/server/server_process.h"

using namespace nyan;
using namespace nyan::test;

TEST_CASE("server: complete games of every registered game and player count", "[server][games]") {
  register_all_games();
  // Every client here is 127.0.0.1: one address opening a room per game and player count.
  ServerProcess server({"--journal", "none", "--rate-per-second", "1000", "--rate-burst", "1000", "--max-client-rooms-per-minute", "1000"});
  std::uint64_t seed = 1;
  for (const Game* g : registry().games()) {
    std::vector<Json> option_sets = {Json::object()};
    for (const Json& o : g->type().sample_options) option_sets.push_back(o);
    for (const Json& given : option_sets) {
      Json options;
      REQUIRE(g->normalize_options(given, options));
      const int seats = g->type().seat_count(options);
      DYNAMIC_SECTION(g->type().id << " " << options.dump()) {
        std::vector<std::unique_ptr<Player>> owned;
        std::vector<Player*> players;
        for (int i = 0; i < seats; ++i) {
          owned.push_back(connect_player(server.port()));
          players.push_back(owned.back().get());
        }
        auto spectator = connect_player(server.port());
        open_room(players, {spectator.get()}, g->type().id, given);
        SplitMix rng(seed++);
        play_to_end(players, {spectator.get()}, rng, {}, 300);
        const Json& record = players[0]->client.tracker().record();
        REQUIRE(record.is_object());
        for (int i = 0; i < seats; ++i) {
          INFO("seat " << i << ": " << players[i]->client.last_problem());
          CHECK(players[i]->client.problems() == 0);
          CHECK(check_frames(players[i]->client.messages(), i, record) > 0);
        }
        CHECK(check_frames(spectator->client.messages(), kSpectator, record) > 0);
      }
    }
  }
}
