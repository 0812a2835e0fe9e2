// The server with --journal postgres, against a real PostgreSQL 15: a bad configuration stops
// it at start with exit code 2 and one line that says which, and a game goes on across a
// restart of the server (stopped cleanly, or killed).
#include <catch2/catch.hpp>

#include <sstream>

#include "server/journal/pg_schema.h"
#include "tests/server/harness.h"
#include "tests/server/postgres_cluster.h"
#include "tests/server/program.h"
#include "tests/server/server_process.h"

using namespace nyan;
using namespace nyan::test;
using namespace std::chrono_literals;

namespace {

std::vector<std::string> postgres_args(const PostgresCluster& pg, const std::string& db, const std::string& node) {
  return {"--journal", "postgres", "--postgres", pg.url(db), "--postgres-password-file", pg.password_file(),
          "--node", node, "--group-commit-us", "500", "--drain-ms", "200"};
}

// The lines of `text` that contain `part`.
std::vector<std::string> lines_with(const std::string& text, const std::string& part) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);)
    if (line.find(part) != std::string::npos) out.push_back(line);
  return out;
}

// Plays `moves` actions of the game between a and b (whoever's turn it is).
void play_some(Player& a, Player& b, int moves) {
  for (int i = 0; i < moves && !a.client.game_over(); ++i) {
    Player* p = a.client.my_turn() ? &a : &b;
    REQUIRE((*p->client.act(p->client.tracker().legal()[0]))["type"] == "ack");
    settle({&a, &b});
  }
}

}  // namespace

TEST_CASE("postgres server: a bad configuration stops it at start with exit code 2 and one line saying which",
          "[server][postgres][startup]") {
  PostgresCluster pg;
  TempDir tmp;
  const std::string wrong_password = tmp.write("wrong", "not-the-password\n").string();
  // A database whose schema a newer release wrote.
  const std::string newer = pg.new_database();
  {
    ServerProcess server(postgres_args(pg, newer, "a"));
    REQUIRE(server.terminate() == 0);
  }
  pg.query(newer, "UPDATE schema_version SET version = " + std::to_string(postgres_schema_version() + 1));
  struct Case {
    std::vector<std::string> args;
    std::string says;
  };
  const std::string pw = pg.password_file();
  const std::vector<Case> cases = {
      {{"--postgres", "host=127.0.0.1 port=1 dbname=nyanhall user=nyanhall", "--postgres-password-file", pw},
       "cannot reach the database server"},
      {{"--postgres", pg.url(), "--postgres-password-file", wrong_password}, "wrong password"},
      {{"--postgres", pg.url("nosuch"), "--postgres-password-file", pw}, "no such database"},
      {{"--postgres", pg.url(newer), "--postgres-password-file", pw}, "newer than this server's"},
      {{"--postgres", pg.url() + " password=secret"}, "carries a password"},
      {{"--postgres", "postgresql://nyanhall:secret@127.0.0.1/nyanhall"}, "carries a password"},
      {{"--postgres", pg.url(), "--postgres-password-file", (tmp.path / "missing").string()}, "password file"},
  };
  for (const Case& c : cases) {
    std::vector<std::string> argv = {server_binary(), "--bind", "127.0.0.1", "--port", "0", "--journal", "postgres"};
    argv.insert(argv.end(), c.args.begin(), c.args.end());
    const ProgramResult r = run_program(argv);
    const std::string all = r.out + r.err;
    INFO(all);
    CHECK(r.exit == 2);
    const auto lines = lines_with(all, "bad_config");
    REQUIRE(lines.size() == 1);
    CHECK(lines[0].find(c.says) != std::string::npos);
    CHECK(all.find("secret") == std::string::npos);  // a password is never shown
    CHECK(lines_with(all, "error").size() == 1);
  }
  // Without a URL the flags themselves are refused.
  const ProgramResult r = run_program({server_binary(), "--bind", "127.0.0.1", "--port", "0", "--journal", "postgres"});
  CHECK(r.exit == 2);
  CHECK(r.err.find("--journal postgres needs --postgres") != std::string::npos);
}

TEST_CASE("postgres server: a game goes on after the server is stopped, and after it is killed", "[server][postgres]") {
  PostgresCluster pg;
  const std::string db = pg.new_database();
  auto server = std::make_unique<ServerProcess>(postgres_args(pg, db, "a"));
  CHECK(lines_with(server->log(), "backend=\"postgres ").at(0).find("host=127.0.0.1") != std::string::npos);
  auto a = connect_player(server->port());
  auto b = connect_player(server->port());
  const std::string code = open_room({a.get(), b.get()}, {}, "oikake", {{"first_seat", 0}});
  REQUIRE((*a->client.request({{"type", "start"}}))["type"] == "ok");
  settle({a.get(), b.get()});
  play_some(*a, *b, 3);

  // Stopped cleanly: its lease is released and the next run takes the room back.
  REQUIRE(server->terminate() == 0);
  server = std::make_unique<ServerProcess>(postgres_args(pg, db, "a"));
  CHECK(lines_with(server->log(), "rooms_restored").at(0).find("restored=1") != std::string::npos);
  const std::string metrics = server->http_get("/metrics").second;
  CHECK(metrics.find("\nnyanhall_leases_held 1\n") != std::string::npos);
  CHECK(metrics.find("\nnyanhall_lease_takeovers_total 1\n") != std::string::npos);  // it had been released
  CHECK(metrics.find("\nnyanhall_fenced_appends_total 0\n") != std::string::npos);
  CHECK(metrics.find("\nnyanhall_journal_round_trip_seconds_count ") != std::string::npos);
  rejoin(*a, server->port());
  rejoin(*b, server->port());
  settle({a.get(), b.get()});
  play_some(*a, *b, 3);

  // Killed: the lease of the run before is still live, and the next run of the same node takes
  // the room back all the same (a new epoch).
  server->kill_hard();
  server = std::make_unique<ServerProcess>(postgres_args(pg, db, "a"));
  CHECK(lines_with(server->log(), "rooms_restored").at(0).find("restored=1") != std::string::npos);
  rejoin(*a, server->port());
  rejoin(*b, server->port());
  SplitMix rng(7);
  a->acted_version = b->acted_version = -1;
  play_until_over({a.get(), b.get()}, {}, rng);
  for (Player* p : {a.get(), b.get()}) {
    CHECK(p->client.problems() == 0);
    CHECK(check_frames(p->client.messages(), *p->client.seat(), p->client.tracker().record()) > 0);
  }
  // Every record of the room, one run after another: epochs 1, 2 and 3, in order.
  CHECK(pg.column(db, "SELECT DISTINCT epoch FROM records WHERE room = '" + code + "' ORDER BY epoch") ==
        std::vector<std::string>{"1", "2", "3"});
  CHECK(pg.column(db, "SELECT count(*) FROM records r1 JOIN records r2 ON r1.room = r2.room AND r2.seq > r1.seq"
                      " AND r2.epoch < r1.epoch") == std::vector<std::string>{"0"});
  CHECK(server->terminate() == 0);
}

TEST_CASE("postgres server: a libpq multi-host URL finds the read-write server when the first host is down",
          "[server][postgres]") {
  PostgresCluster pg;
  const std::string db = pg.new_database();
  // The first host refuses connections (port 1), as a primary that went away; libpq tries the
  // next one, and target_session_attrs=read-write takes only a server that accepts writes.
  const std::string url = "host=127.0.0.1,127.0.0.1 port=1," + std::to_string(pg.port()) + " dbname=" + db +
                          " user=nyanhall target_session_attrs=read-write connect_timeout=5";
  ServerProcess server({"--journal", "postgres", "--postgres", url, "--postgres-password-file", pg.password_file(),
                        "--node", "a", "--group-commit-us", "500", "--drain-ms", "200"});
  CHECK(lines_with(server.log(), "backend=\"postgres ").at(0).find("target_session_attrs=read-write") !=
        std::string::npos);
  auto a = connect_player(server.port());
  auto b = connect_player(server.port());
  const std::string code = open_room({a.get(), b.get()}, {}, "oikake", {{"first_seat", 0}});
  REQUIRE((*a->client.request({{"type", "start"}}))["type"] == "ok");
  settle({a.get(), b.get()});
  play_some(*a, *b, 2);
  // The records are in the database the second host serves.
  CHECK(pg.column(db, "SELECT count(*) > 2 FROM records WHERE room = '" + code + "'") == std::vector<std::string>{"t"});
  const int status = server.terminate();
  INFO(server.log());
  CHECK(status == 0);
}
