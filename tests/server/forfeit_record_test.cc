// A game that ends with a seat's forfeit, as the server keeps it: the journal's moves rebuild
// it (Match::replay), its record holds the forfeit as a move, the replay endpoint recomputes
// its views from that record, and `nyanhall-cli verify` checks the record, refusing one whose
// outcome was changed. Forfeit: the decisions are in the engine headers.
#include <catch2/catch.hpp>

#include "protocol/drbg.h"
#include "protocol/sha256.h"
#include "rules/core/registry.h"
#include "server/room/match.h"
#include "server/room/replay.h"
#include "tests/server/program.h"
#include "tests/server/temp_dir.h"
#include "tests/support/playout.h"

using namespace nyan;
using nyan::test::run_program;

namespace {

// Game `id` from `seed` rebuilt as the journal rebuilds one: `steps` random moves, then the
// seat to act forfeits.
std::unique_ptr<server::Match> forfeited_match(const std::string& id, std::uint64_t seed, int steps) {
  const Game& g = test::game(id);
  auto m = std::make_unique<server::Match>(g, test::options(g, nullptr), "kasumi-norepa-hodute", "room secret", 1,
                                           seed_from_number(seed), /*replaying=*/true);
  SplitMix rng(seed);
  for (int i = 0; i < steps; ++i) {
    const auto move = random_move(m->state(), rng);
    REQUIRE(move);
    REQUIRE(m->replay(move->seat, move->action));
  }
  REQUIRE_FALSE(m->over());
  REQUIRE(m->replay(m->state().to_act().front(), forfeit_action()));
  REQUIRE(m->over());
  return m;
}

struct Verified {
  int exit = -1;
  std::string out;
};

Verified verify(const test::TempDir& dir, const Json& record) {
  const auto r = run_program({NYANHALL_CLI, "verify", dir.write("record.json", record.dump()).string()});
  return {r.exit, r.out};
}

}  // namespace

TEST_CASE("forfeit records: rebuilt from the journal, replayed for the replay viewer, verified by the client",
          "[forfeit][replay]") {
  test::TempDir dir;
  register_all_games();
  for (const Game* game : registry().games()) {  // every game with forfeits (GameType::forfeits)
    if (!game->type().forfeits) continue;
    const std::string& id = game->type().id;
    INFO(id);
    const auto m = forfeited_match(id, 11, 5);
    const Seat seat = m->moves().back().seat;
    const Json record = m->record();
    REQUIRE(record["moves"].size() == 6);
    CHECK(record["moves"].back() == Json{{"seat", seat}, {"action", {{"type", "forfeit"}}}});
    CHECK(record["outcome"]["reason"] == "forfeit");
    CHECK(record["outcome"]["details"]["forfeit"] == seat);

    // The replay endpoint's last step is the view the match ends with, for every audience.
    for (Seat audience = kSpectator; audience < m->seat_count(); ++audience) {
      const auto text = server::replay_views(m->record_text(), audience, 0);
      REQUIRE(text);
      const Json replay = Json::parse(*text);
      CHECK(replay["steps"] == 7);
      CHECK(replay["moves"].back() == record["moves"].back());
      CHECK(replay["hashes"].back() == sha256_hex(m->state().view_text(audience)));
      CHECK(replay["to_act"].back() == Json::array());
    }

    const Verified ok = verify(dir, record);
    INFO(ok.out);
    CHECK(ok.exit == 0);
    CHECK(ok.out.find("moves re-derived from the seed: 6\n") != std::string::npos);
    CHECK(ok.out.find("\nverified\n") != std::string::npos);

    // The seat that forfeited claims the win: the replay says otherwise.
    Json tampered = record;
    tampered["outcome"]["winners"] = Json::array({seat});
    const Verified bad = verify(dir, tampered);
    INFO(bad.out);
    CHECK(bad.exit == 1);
    CHECK(bad.out.find("PROBLEM: the replayed outcome differs from the recorded one") != std::string::npos);

    // A forfeit spelled otherwise is an action, and no engine lists it.
    Json spelled = record;
    spelled["moves"].back()["action"]["seat"] = seat;
    const Verified refused = verify(dir, spelled);
    CHECK(refused.exit == 1);
    CHECK(refused.out.find("PROBLEM: move 6 is not legal in the replay") != std::string::npos);
  }
}

TEST_CASE("forfeit records: a game without forfeits neither rebuilds nor verifies one", "[forfeit][replay]") {
  // Double Hunt: the server makes a bot move for a seat whose clock ran out, never a forfeit.
  const Game& g = test::game("doublehunt");
  server::Match m(g, test::options(g, nullptr), "kasumi-norepa-hodute", "room secret", 1, seed_from_number(3), true);
  const Seat seat = m.state().to_act().front();
  Result r = m.replay(seat, forfeit_action());
  REQUIRE_FALSE(r.is_ok());
  CHECK(r.error().code == RuleError::illegal_action);
  CHECK(m.version() == 0);
  Json record = m.record();
  record["moves"].push_back({{"seat", seat}, {"action", forfeit_action()}});
  CHECK_FALSE(server::replay_views(record.dump(), kSpectator, 0));
  test::TempDir dir;
  const Verified refused = verify(dir, record);
  CHECK(refused.exit == 1);
  CHECK(refused.out.find("PROBLEM: move 1 is not legal in the replay") != std::string::npos);
}
