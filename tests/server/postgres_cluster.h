// A real PostgreSQL 15 cluster for one test (tests/support/pg_cluster.sh): made in a temporary
// directory and started on a free port of 127.0.0.1, stopped and removed at the end. A test
// whose machine has no PostgreSQL 15 exits with 77, which ctest reports as skipped.
#pragma once

#include <string>
#include <vector>

#include "tests/server/temp_dir.h"

typedef struct pg_conn PGconn;

namespace nyan::test {

// A superuser's connection to one database of a cluster, over its socket, kept open (a test
// holds a lock with it).
class PostgresSession {
 public:
  PostgresSession(const std::string& socket_dir, unsigned short port, const std::string& database);
  ~PostgresSession();
  PostgresSession(const PostgresSession&) = delete;
  PostgresSession& operator=(const PostgresSession&) = delete;
  // Runs `sql` and returns every row's columns as text (fails the test on an error).
  std::vector<std::vector<std::string>> query(const std::string& sql);

 private:
  PGconn* conn_;
};

class PostgresCluster {
 public:
  PostgresCluster();
  ~PostgresCluster();
  PostgresCluster(const PostgresCluster&) = delete;
  PostgresCluster& operator=(const PostgresCluster&) = delete;

  unsigned short port() const { return port_; }
  // The role nyanhall's connection string for `database` (no password: see password_file).
  std::string url(const std::string& database = "nyanhall") const;
  // A file holding the role nyanhall's password alone.
  std::string password_file() const;
  // A new empty database owned by nyanhall; returns its name.
  std::string new_database();
  // `pg_ctl restart -m fast`: every connection is ended, and the server is back when it returns.
  void restart();

  PostgresSession session(const std::string& database) const { return {dir_, port_, database}; }
  // Runs `sql` in `database` as the superuser and returns every row's columns as text (fails
  // the test on an error).
  std::vector<std::vector<std::string>> query(const std::string& database, const std::string& sql) const;
  // The first column of every row.
  std::vector<std::string> column(const std::string& database, const std::string& sql) const;

 private:
  TempDir parent_;  // holds the cluster's directory, so that it goes even if stop fails
  std::string dir_;
  unsigned short port_ = 0;
  int databases_ = 0;
};

}  // namespace nyan::test
