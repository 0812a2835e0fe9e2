#include "tests/server/postgres_cluster.h"

#include <catch2/catch.hpp>
#include <libpq-fe.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>

#include "tests/server/program.h"

namespace nyan::test {

namespace {

ProgramResult cluster(const std::string& command, const std::string& dir) {
  return run_program({NYANHALL_PG_CLUSTER, command, dir}, {"NYANHALL_PG_TEMPLATE=" NYANHALL_PG_TEMPLATE},
                     std::chrono::seconds(60));
}

}  // namespace

PostgresCluster::PostgresCluster() : dir_((parent_.path / "pg").string()) {
  // The cluster runs as postgres when the test is root: it must reach the directory.
  if (::geteuid() == 0) std::filesystem::permissions(parent_.path, std::filesystem::perms::owner_all |
                                                                        std::filesystem::perms::others_exec);
  const ProgramResult started = cluster("start", dir_);
  if (started.exit == 77) {
    std::fprintf(stderr, "skipped: %s", started.err.c_str());
    std::exit(77);
  }
  INFO(started.err);
  REQUIRE(started.exit == 0);
  port_ = static_cast<unsigned short>(std::atoi(started.out.c_str()));
  REQUIRE(port_ > 0);
}

PostgresCluster::~PostgresCluster() { cluster("stop", dir_); }

std::string PostgresCluster::url(const std::string& database) const {
  return "host=127.0.0.1 port=" + std::to_string(port_) + " dbname=" + database + " user=nyanhall";
}

std::string PostgresCluster::password_file() const { return dir_ + "/password"; }

std::string PostgresCluster::new_database() {
  const std::string name = "test" + std::to_string(++databases_);
  query("postgres", "CREATE DATABASE " + name + " OWNER nyanhall");
  return name;
}

void PostgresCluster::restart() {
  const ProgramResult r = cluster("restart", dir_);
  INFO(r.err);
  REQUIRE(r.exit == 0);
}

std::vector<std::vector<std::string>> PostgresCluster::query(const std::string& database, const std::string& sql) const {
  return session(database).query(sql);
}

PostgresSession::PostgresSession(const std::string& socket_dir, unsigned short port, const std::string& database)
    : conn_(PQconnectdb(("host=" + socket_dir + " port=" + std::to_string(port) + " dbname=" + database +
                         " user=postgres")
                            .c_str())) {
  INFO(PQerrorMessage(conn_));
  REQUIRE(PQstatus(conn_) == CONNECTION_OK);
}

PostgresSession::~PostgresSession() { PQfinish(conn_); }

std::vector<std::vector<std::string>> PostgresSession::query(const std::string& sql) {
  PGresult* r = PQexec(conn_, sql.c_str());
  const ExecStatusType status = PQresultStatus(r);
  INFO(sql << ": " << PQresultErrorMessage(r));
  std::vector<std::vector<std::string>> rows;
  for (int i = 0; i < PQntuples(r); ++i) {
    rows.emplace_back();
    for (int c = 0; c < PQnfields(r); ++c) rows.back().emplace_back(PQgetvalue(r, i, c));
  }
  PQclear(r);
  REQUIRE((status == PGRES_TUPLES_OK || status == PGRES_COMMAND_OK));
  return rows;
}

std::vector<std::string> PostgresCluster::column(const std::string& database, const std::string& sql) const {
  std::vector<std::string> out;
  for (auto& row : query(database, sql)) out.push_back(row.empty() ? "" : row[0]);
  return out;
}

}  // namespace nyan::test
