// Journals written by older servers still restore.
//
// A journal written before rules version 2, when uniform(1) drew nothing (PROTOCOL.md,
// "Randomness"): its games still restore, replay and finish under the rules they were played
// with, and their records say which, so that nyanhall-cli verify replays them the same way.
//
// The journal is made the way an old server made it: a real server opens the room (its
// records are the same in both versions), and the game's records are written here from the
// engine under rules version 1, without the `rules` member the old server did not write. The
// game is a Double Hunt game in which a Bandit raids a one-card hand or a Necromancer raises
// from a one-card pile, so that it replays differently under version 2.
//
// A journal of schema version 2, whose records were keyed by (room, seq): a server migrates
// it to records kept in commit order, brings its rooms back and goes on writing after them.
#include <catch2/catch.hpp>
#include <sqlite3.h>
#include <stdlib.h>

#include <filesystem>
#include <regex>

#include "clients/cli/verifier.h"
#include "protocol/drbg.h"
#include "protocol/sha256.h"
#include "tests/server/harness.h"
#include "tests/server/journal_db.h"
#include "tests/server/server_process.h"
#include "tests/server/temp_dir.h"
#include "tests/support/playout.h"

using namespace nyan;
using namespace nyan::test;

namespace {

struct LegacyGame {
  Seed seed{};
  std::vector<Move> moves;
  std::vector<Json> hashes;  // after each move: every seat's view hash under version 1
};

// The first Double Hunt game (seeds 1, 2, ..., random moves) that the current rules cannot
// replay: its moves up to and including the first one they refuse, the game still going.
LegacyGame find_legacy_game(const Game& g, const Json& options) {
  const int seats = g.type().seat_count(options);
  for (std::uint64_t n = 1; n <= 400; ++n) {
    LegacyGame out;
    out.seed = seed_from_number(n);
    auto old_rules = g.start(options, std::make_unique<Drbg>(out.seed, 1));
    auto new_rules = g.start(options, std::make_unique<Drbg>(out.seed));
    SplitMix rng(n);
    while (!old_rules->over()) {
      auto move = random_move(*old_rules, rng);
      REQUIRE(move);
      must_apply(*old_rules, move->seat, move->action);
      out.moves.push_back(*move);
      Json hashes = Json::array();
      for (Seat s = 0; s < seats; ++s) hashes.push_back(sha256_hex(old_rules->view_text(s)));
      out.hashes.push_back(std::move(hashes));
      if (new_rules->apply(move->seat, move->action)) continue;
      if (old_rules->over()) break;  // a room that is still playing is wanted
      return out;
    }
  }
  FAIL("none of 400 games needed the old uniform(1)");
  return {};
}

// Appends the game's records after the room's own, as the old server journaled them;
// `rules`, when set, is written into game_started as the current server does.
void append_game(const std::filesystem::path& db_path, const std::string& room, const LegacyGame& game,
                 std::optional<int> rules) {
  sqlite3* db = nullptr;
  REQUIRE(sqlite3_open(db_path.c_str(), &db) == SQLITE_OK);
  sqlite3_stmt* last = nullptr;
  REQUIRE(sqlite3_prepare_v2(db, "SELECT MAX(seq) FROM records WHERE room = ?", -1, &last, nullptr) == SQLITE_OK);
  sqlite3_bind_text(last, 1, room.c_str(), -1, SQLITE_TRANSIENT);
  REQUIRE(sqlite3_step(last) == SQLITE_ROW);
  int seq = sqlite3_column_int(last, 0);
  sqlite3_finalize(last);

  Json started = {{"kind", "game_started"}, {"game_no", 1}, {"seed", seed_hex(game.seed)}};
  if (rules) started["rules"] = *rules;
  std::vector<Json> records = {started};
  for (std::size_t i = 0; i < game.moves.size(); ++i) {
    Json action = {{"kind", "action"},    {"game_no", 1},   {"version", static_cast<int>(i + 1)},
                   {"seat", game.moves[i].seat}, {"action", game.moves[i].action}, {"request", nullptr},
                   {"hashes", game.hashes[i]}};
    records.push_back(std::move(action));
  }
  sqlite3_stmt* insert = nullptr;
  REQUIRE(sqlite3_prepare_v2(db, "INSERT INTO records(room, seq, body) VALUES(?, ?, ?)", -1, &insert, nullptr) ==
          SQLITE_OK);
  for (const Json& r : records) {
    const std::string body = r.dump();
    sqlite3_bind_text(insert, 1, room.c_str(), -1, SQLITE_TRANSIENT);
    sqlite3_bind_int(insert, 2, ++seq);
    sqlite3_bind_text(insert, 3, body.c_str(), -1, SQLITE_TRANSIENT);
    REQUIRE(sqlite3_step(insert) == SQLITE_DONE);
    sqlite3_reset(insert);
  }
  sqlite3_finalize(insert);
  sqlite3_close(db);
}

// The schema as a server of schema version 2 created it (its migrations 1 and 2).
constexpr const char* kSchemaV2 =
    "CREATE TABLE rooms(code TEXT PRIMARY KEY, created_ms INTEGER NOT NULL, forgotten INTEGER NOT NULL DEFAULT 0,"
    " broken INTEGER NOT NULL DEFAULT 0);"
    "CREATE TABLE records(room TEXT NOT NULL, seq INTEGER NOT NULL, body TEXT NOT NULL, PRIMARY KEY(room, seq))"
    " WITHOUT ROWID;"
    "CREATE TABLE probe(id INTEGER PRIMARY KEY, t INTEGER NOT NULL);"
    "PRAGMA user_version = 2;";

// A journal of schema version 2 at `to` with the rooms and records of the journal at `from`,
// and a room that server had forgotten (its records deleted, as that server did at once).
void copy_as_schema_2(const std::filesystem::path& from, const std::filesystem::path& to) {
  sqlite3* db = nullptr;
  REQUIRE(sqlite3_open(to.c_str(), &db) == SQLITE_OK);
  const std::string sql = std::string("PRAGMA journal_mode=WAL;") + kSchemaV2 + "ATTACH DATABASE '" + from.string() +
                          "' AS old;"
                          "INSERT INTO rooms SELECT code, created_ms, forgotten, broken FROM old.rooms;"
                          "INSERT INTO records(room, seq, body) SELECT room, seq, body FROM old.records;"
                          "INSERT INTO rooms(code, created_ms, forgotten) VALUES('gone', 1, 1);"
                          "DETACH DATABASE old;";
  char* error = nullptr;
  const int rc = sqlite3_exec(db, sql.c_str(), nullptr, nullptr, &error);
  INFO((error ? error : ""));
  sqlite3_free(error);
  sqlite3_close(db);
  REQUIRE(rc == SQLITE_OK);
}

}  // namespace

TEST_CASE("journal: a journal of schema version 2 (records keyed by room) is migrated, and its room plays on",
          "[server][journal]") {
  TempDir made, old;
  std::string code;
  std::unique_ptr<Player> a, b;
  int version = 0;
  std::string hash_a;
  {
    ServerProcess server({"--data-dir", made.path.string()});
    a = connect_player(server.port());
    b = connect_player(server.port());
    code = open_room({a.get(), b.get()}, {}, "oikake", {{"first_seat", 0}});
    REQUIRE((*a->client.request({{"type", "start"}}))["type"] == "ok");
    settle({a.get(), b.get()});
    for (int i = 0; i < 3; ++i) {
      Player* p = a->client.my_turn() ? a.get() : b.get();
      REQUIRE((*p->client.act(p->client.tracker().legal()[0]))["type"] == "ack");
      settle({a.get(), b.get()});
    }
    REQUIRE_FALSE(a->client.game_over());
    version = a->client.tracker().version();
    hash_a = a->client.tracker().hashes().at(version);
    REQUIRE(server.terminate() == 0);
  }
  const std::filesystem::path db = old.path / "nyanhall.db";
  copy_as_schema_2(made.path / "nyanhall.db", db);
  const auto copied = journal_column(db, "SELECT count(*) FROM records WHERE room = '" + code + "'");
  REQUIRE(copied.size() == 1);
  const std::size_t old_records = std::stoul(copied[0]);
  REQUIRE(old_records > static_cast<std::size_t>(version));  // the room's own records, then the moves

  {
    ServerProcess server({"--data-dir", old.path.string()});
    INFO(server.log());
    CHECK(std::regex_search(server.log(), std::regex("rooms_restored broken=0 ms=\\d+ restored=1")));
    rejoin(*a, server.port());
    rejoin(*b, server.port());
    settle({a.get(), b.get()});
    CHECK(a->client.tracker().version() == version);
    CHECK(a->client.tracker().hashes().at(version) == hash_a);
    a->acted_version = b->acted_version = -1;
    SplitMix rng(22);
    play_until_over({a.get(), b.get()}, {}, rng);
    for (Player* p : {a.get(), b.get()}) {
      CHECK(p->client.problems() == 0);
      CHECK(check_frames(p->client.messages(), *p->client.seat(), p->client.tracker().record()) > 0);
    }
    REQUIRE(server.terminate() == 0);
  }
  CHECK(journal_column(db, "PRAGMA user_version") != std::vector<std::string>{"2"});
  // The room forgotten under version 2 had no records left: nothing for a sweep to look for.
  CHECK(journal_column(db, "SELECT forgotten FROM rooms WHERE code = 'gone'") == std::vector<std::string>{"2"});
  // The old records first, in their order, then the new ones: one room's seqs in commit order
  // count up without a gap.
  const auto seqs = journal_column(db, "SELECT seq FROM records WHERE room = '" + code + "' ORDER BY id");
  REQUIRE(seqs.size() > old_records);
  for (std::size_t i = 0; i < seqs.size(); ++i) CHECK(seqs[i] == std::to_string(i));

  // The finished game (kept for the retention time) comes back from the migrated journal.
  ServerProcess server({"--data-dir", old.path.string()});
  CHECK(std::regex_search(server.log(), std::regex("rooms_restored broken=0 ms=\\d+ restored=1")));
}

TEST_CASE("journal: a game journaled under rules version 1 restores, finishes and verifies under it",
          "[server][journal]") {
  const Game& g = game("doublehunt");
  const Json options = test::options(g, Json::object());
  const LegacyGame legacy = find_legacy_game(g, options);
  INFO("seed " << seed_hex(legacy.seed) << ", " << legacy.moves.size() << " moves");

  char tmpl[] = "/tmp/nyanhall-test-XXXXXX";
  const std::filesystem::path old_dir = mkdtemp(tmpl), new_dir = old_dir.string() + "-rules2";
  std::string code;
  std::vector<std::string> tokens;
  {
    ServerProcess server({"--data-dir", old_dir.string()});
    std::vector<std::unique_ptr<Player>> players;
    for (int i = 0; i < 4; ++i) players.push_back(connect_player(server.port()));
    code = open_room({players[0].get(), players[1].get(), players[2].get(), players[3].get()}, {}, "doublehunt",
                     Json::object());
    for (const auto& p : players) tokens.push_back(p->client.token());
    REQUIRE(server.terminate() == 0);
  }
  std::filesystem::copy(old_dir, new_dir);
  append_game(old_dir / "nyanhall.db", code, legacy, std::nullopt);
  append_game(new_dir / "nyanhall.db", code, legacy, kRulesVersion);

  // Control: the same game marked as played under the current rules does not replay, so the
  // restore below really needs the old draw.
  {
    ServerProcess server({"--data-dir", new_dir.string()});
    CHECK(std::regex_search(server.log(), std::regex("room_broken reason=[^\\n]* room=" + code)));
    REQUIRE(server.terminate() == 0);
  }

  ServerProcess server({"--data-dir", old_dir.string()});
  CHECK(std::regex_search(server.log(), std::regex("rooms_restored broken=0 ms=\\d+ restored=1")));
  std::vector<std::unique_ptr<Player>> players;
  for (int seat = 0; seat < 4; ++seat) {
    players.push_back(connect_player(server.port()));
    auto joined = players.back()->client.reconnect(code, tokens[seat]);
    REQUIRE(joined);
    REQUIRE((*joined)["type"] == "joined");
  }
  std::vector<Player*> seats;
  for (const auto& p : players) seats.push_back(p.get());
  settle(seats);
  for (int seat = 0; seat < 4; ++seat) {
    const auto& t = players[seat]->client.tracker();
    REQUIRE(t.version() == static_cast<int>(legacy.moves.size()));
    CHECK(t.hashes().at(t.version()) == legacy.hashes.back()[seat]);  // the view the old server sent
  }
  SplitMix rng(25);
  play_until_over(seats, {}, rng);

  for (int seat = 0; seat < 4; ++seat) {
    Player& p = *players[seat];
    CHECK(p.client.problems() == 0);
    const Json& record = p.client.tracker().record();
    REQUIRE(record.is_object());
    CHECK(record["rules"] == 1);
    for (std::size_t i = 0; i < legacy.moves.size(); ++i) CHECK(record["moves"][i]["action"] == legacy.moves[i].action);
    CHECK(check_frames(p.client.messages(), seat, record) > 0);
    // The verifier follows the record's version: the same record read as version 2 fails.
    Json as_new = record;
    as_new["rules"] = kRulesVersion;
    CHECK_FALSE(cli::verify_game(as_new, {}, seat).ok());
  }
  std::error_code ec;
  std::filesystem::remove_all(old_dir, ec);
  std::filesystem::remove_all(new_dir, ec);
}
