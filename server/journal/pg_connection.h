// One connection to PostgreSQL through libpq, used by one thread at a time: connecting with
// bounded time (and again after a failure, with the same settings, so libpq's multi-host
// lists with target_session_attrs=read-write reach whichever server now takes writes), the
// statements prepared once per connection, and round trips in pipeline mode: several
// transactions sent together and their results read back, bounded by a deadline, never
// blocking on a socket that stopped answering.
#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

typedef struct pg_conn PGconn;
typedef struct pg_result PGresult;

namespace nyan::server {

struct PgSettings {
  std::string url;            // a libpq connection string or URI, without a password
  std::string password_file;  // holds the password alone; read at every connect. Empty: libpq's own
                              // (PGPASSFILE, ~/.pgpass, PGPASSWORD)
  int connect_timeout_s = 5;  // per host tried (libpq's connect_timeout, unless the URL sets one)
  int statement_timeout_ms = 5000;  // the server's bound on one statement; a round trip gives up
                                    // two seconds after it
};

// Checks `url` before anything connects: libpq must parse it, and it must not carry a
// password (that goes in the password file). Sets `error` and returns false otherwise.
bool check_postgres_url(const std::string& url, std::string& error);
// "host=db port=5432 dbname=nyanhall user=nyanhall": what `url` names, never its password.
std::string describe_postgres_url(const std::string& url);
// A failed first connection's message with what it means in front ("wrong password: …",
// "no such database: …", "cannot reach the database server: …").
std::string explain_connect_error(const std::string& message);

class PgResult {
 public:
  PgResult() = default;
  explicit PgResult(PGresult* r);
  ~PgResult();
  PgResult(PgResult&& o) noexcept : r_(std::exchange(o.r_, nullptr)) {}
  PgResult& operator=(PgResult&& o) noexcept;
  PgResult(const PgResult&) = delete;
  PgResult& operator=(const PgResult&) = delete;

  int rows() const;
  std::string text(int row, int col) const;
  const char* data(int row, int col) const;
  int length(int row, int col) const;
  std::int64_t int64(int row, int col) const;
  bool is_null(int row, int col) const;
  PGresult* raw() const { return r_; }

 private:
  PGresult* r_ = nullptr;
};

// A bound parameter: text, or (binary) an array built by pg_array.h.
struct PgParam {
  std::string value;
  bool binary = false;
};

// A prepared statement's execution.
struct PgQuery {
  const char* statement;  // its name, as prepared
  std::vector<PgParam> params;
};

// What one transaction of a round trip answered.
struct PgReply {
  bool ok = false;
  std::vector<PgResult> results;  // one per query, in order, when ok
  std::string error;              // the first error's message, when not
  std::string sqlstate;           // and its SQLSTATE
};

class PgConnection {
 public:
  // `statements`: (name, SQL) pairs prepared on every connection.
  PgConnection(PgSettings settings, std::vector<std::pair<const char*, const char*>> statements);
  ~PgConnection();
  PgConnection(const PgConnection&) = delete;
  PgConnection& operator=(const PgConnection&) = delete;

  // Connects (closing any connection before), sets the session's timeouts, prepares the
  // statements and enters pipeline mode. On failure sets `error` (the first line of libpq's
  // message) and returns false.
  bool connect(std::string& error);
  bool connected() const { return conn_ != nullptr; }
  void close();

  // Sends every transaction (each a list of queries, run as one implicit transaction that a
  // failed query rolls back whole) and reads their replies, in one round trip. False when the
  // connection failed or the deadline passed: the connection is closed then, and whether the
  // transactions committed is not known. A transaction that failed on its own (an SQL error)
  // is a reply that is not ok; the connection goes on.
  bool round_trip(const std::vector<std::vector<PgQuery>>& transactions, std::vector<PgReply>& replies,
                  std::string& error);

  // Runs `sql` (several statements allowed, one implicit transaction) outside pipeline mode and
  // waits for it: the schema's migrations, on a connection of their own with no statements to
  // prepare (they name the tables the migrations make). False with `error` on failure.
  bool execute_plain(const std::string& sql, std::string& error, PgResult* last = nullptr);

  // Where the connection went ("host=… port=…"), for the log.
  std::string where() const;

 private:
  bool wait_socket(bool for_write, std::chrono::steady_clock::time_point deadline);
  PGresult* next_result(std::chrono::steady_clock::time_point deadline, bool& failed);
  bool fail(std::string& error, const std::string& what);

  PgSettings settings_;
  std::vector<std::pair<const char*, const char*>> statements_;
  PGconn* conn_ = nullptr;
};

}  // namespace nyan::server
