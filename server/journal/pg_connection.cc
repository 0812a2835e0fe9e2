#include "server/journal/pg_connection.h"

#include <libpq-fe.h>
#include <poll.h>

#include <cstdlib>
#include <fstream>
#include <sstream>

namespace nyan::server {

namespace {

using PgClock = std::chrono::steady_clock;

// libpq's messages run over several lines (a hint after a tab); the first says what happened.
std::string first_line(const char* message) {
  std::string s = message ? message : "";
  if (auto nl = s.find('\n'); nl != std::string::npos) s.resize(nl);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\r')) s.pop_back();
  return s.empty() ? "unknown error" : s;
}

// The options libpq parsed from `url` (nullptr when it could not), freed by the deleter.
struct ConninfoFree {
  void operator()(PQconninfoOption* o) const { PQconninfoFree(o); }
};
using Conninfo = std::unique_ptr<PQconninfoOption, ConninfoFree>;

Conninfo parse_url(const std::string& url, std::string* error) {
  char* message = nullptr;
  Conninfo options(PQconninfoParse(url.c_str(), &message));
  if (!options && error) *error = first_line(message);
  PQfreemem(message);
  return options;
}

// The password file's first line, or nullopt with `error` when it cannot be read.
bool read_password(const std::string& path, std::string& password, std::string& error) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    error = "cannot read the password file " + path;
    return false;
  }
  std::getline(in, password);
  if (!password.empty() && password.back() == '\r') password.pop_back();
  return true;
}

}  // namespace

bool check_postgres_url(const std::string& url, std::string& error) {
  if (url.empty()) {
    error = "no database named: give --postgres (NYANHALL_POSTGRES) a libpq connection string or URI";
    return false;
  }
  std::string why;
  Conninfo options = parse_url(url, &why);
  if (!options) {
    error = "not a libpq connection string or URI: " + why;
    return false;
  }
  for (PQconninfoOption* o = options.get(); o->keyword; ++o)
    if (std::string(o->keyword) == "password" && o->val && *o->val) {
      error = "the URL carries a password: put it in --postgres-password-file (or PGPASSFILE) instead";
      return false;
    }
  return true;
}

std::string describe_postgres_url(const std::string& url) {
  Conninfo options = parse_url(url, nullptr);
  if (!options) return "(unparsable)";
  std::string out;
  for (PQconninfoOption* o = options.get(); o->keyword; ++o) {
    const std::string key = o->keyword;
    if ((key == "host" || key == "hostaddr" || key == "port" || key == "dbname" || key == "user" ||
         key == "target_session_attrs") &&
        o->val && *o->val)
      out += (out.empty() ? "" : " ") + key + "=" + o->val;
  }
  return out.empty() ? "(libpq defaults)" : out;
}

std::string explain_connect_error(const std::string& message) {
  // libpq's and the server's messages in English (the server's language may differ; then
  // the message is shown as it is).
  auto has = [&](const char* part) { return message.find(part) != std::string::npos; };
  const char* what = "cannot connect";
  if (has("password authentication failed")) what = "wrong password";
  else if (has("no password supplied")) what = "no password given (--postgres-password-file or PGPASSFILE)";
  else if (has("database \"") && has("does not exist")) what = "no such database";
  else if (has("role \"") && has("does not exist")) what = "no such user";
  else if (has("Connection refused") || has("could not translate host name") || has("timeout expired") ||
           has("No route to host") || has("Network is unreachable") || has("could not connect"))
    what = "cannot reach the database server";
  else if (has("password file")) what = "password file";
  return std::string(what) + ": " + message;
}

PgResult::PgResult(PGresult* r) : r_(r) {}
PgResult::~PgResult() { PQclear(r_); }
PgResult& PgResult::operator=(PgResult&& o) noexcept {
  if (this != &o) {
    PQclear(r_);
    r_ = std::exchange(o.r_, nullptr);
  }
  return *this;
}
int PgResult::rows() const { return r_ ? PQntuples(r_) : 0; }
const char* PgResult::data(int row, int col) const { return PQgetvalue(r_, row, col); }
int PgResult::length(int row, int col) const { return PQgetlength(r_, row, col); }
std::string PgResult::text(int row, int col) const { return std::string(data(row, col), length(row, col)); }
std::int64_t PgResult::int64(int row, int col) const { return std::strtoll(data(row, col), nullptr, 10); }
bool PgResult::is_null(int row, int col) const { return PQgetisnull(r_, row, col) != 0; }

PgConnection::PgConnection(PgSettings settings, std::vector<std::pair<const char*, const char*>> statements)
    : settings_(std::move(settings)), statements_(std::move(statements)) {}

PgConnection::~PgConnection() { close(); }

void PgConnection::close() {
  if (conn_) PQfinish(conn_);
  conn_ = nullptr;
}

bool PgConnection::fail(std::string& error, const std::string& what) {
  const std::string why = conn_ ? first_line(PQerrorMessage(conn_)) : "";
  error = what.empty() ? why : why.empty() ? what : what + ": " + why;
  close();
  return false;
}

bool PgConnection::connect(std::string& error) {
  close();
  std::string password;
  if (!settings_.password_file.empty() && !read_password(settings_.password_file, password, error)) return false;
  // Our defaults come before the URL, which may override them; the password file's comes after.
  // Keepalives and tcp_user_timeout bound what a silent network costs (a send that is never
  // acknowledged fails after 10 s instead of the kernel's quarter of an hour).
  const std::string connect_timeout = std::to_string(settings_.connect_timeout_s);
  std::vector<const char*> keys = {"connect_timeout", "application_name", "keepalives", "keepalives_idle",
                                   "keepalives_interval", "keepalives_count", "tcp_user_timeout", "dbname"};
  std::vector<const char*> values = {connect_timeout.c_str(), "nyanhall", "1", "10", "3", "3", "10000",
                                     settings_.url.c_str()};
  if (!password.empty()) {
    keys.push_back("password");
    values.push_back(password.c_str());
  }
  keys.push_back(nullptr);
  values.push_back(nullptr);
  conn_ = PQconnectdbParams(keys.data(), values.data(), 1);
  if (!conn_ || PQstatus(conn_) != CONNECTION_OK) return fail(error, "");  // libpq says what failed
  // The server's notices ("relation … already exists, skipping") would go to stderr, outside
  // the log's format: they say nothing an operator needs.
  PQsetNoticeProcessor(conn_, [](void*, const char*) {}, nullptr);
  // A statement that waits (a lock held by a stuck transaction, a slow disk) ends on the
  // server after statement_timeout; one that waits for a lock gives up sooner.
  const std::string timeout = std::to_string(settings_.statement_timeout_ms);
  if (!execute_plain("SET statement_timeout = " + timeout + "; SET lock_timeout = " + timeout +
                         "; SET idle_in_transaction_session_timeout = " + timeout,
                     error))
    return false;
  for (const auto& [name, sql] : statements_) {
    PgResult prepared(PQprepare(conn_, name, sql, 0, nullptr));
    if (PQresultStatus(prepared.raw()) != PGRES_COMMAND_OK)
      return fail(error, std::string("cannot prepare ") + name + ": " + first_line(PQresultErrorMessage(prepared.raw())));
  }
  if (PQsetnonblocking(conn_, 1) != 0 || PQenterPipelineMode(conn_) != 1) return fail(error, "cannot enter pipeline mode");
  return true;
}

bool PgConnection::execute_plain(const std::string& sql, std::string& error, PgResult* last) {
  if (!conn_) {
    error = "not connected";
    return false;
  }
  if (PQpipelineStatus(conn_) != PQ_PIPELINE_OFF && PQexitPipelineMode(conn_) != 1)
    return fail(error, "cannot leave pipeline mode");
  if (PQsetnonblocking(conn_, 0) != 0) return fail(error, "cannot wait for the server");
  PgResult r(PQexec(conn_, sql.c_str()));
  const ExecStatusType status = PQresultStatus(r.raw());
  if (status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK) {
    error = first_line(r.raw() ? PQresultErrorMessage(r.raw()) : PQerrorMessage(conn_));
    if (PQstatus(conn_) != CONNECTION_OK) close();
    return false;
  }
  if (last) *last = std::move(r);
  return true;
}

bool PgConnection::wait_socket(bool for_write, PgClock::time_point deadline) {
  const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - PgClock::now()).count();
  if (left <= 0) return false;
  pollfd p{PQsocket(conn_), static_cast<short>(POLLIN | (for_write ? POLLOUT : 0)), 0};
  const int n = ::poll(&p, 1, static_cast<int>(left));
  return n > 0;
}

// The next result, reading from the socket while libpq needs more; nullptr with `failed` set
// when the connection broke or the deadline passed, nullptr alone at the end of a query.
PGresult* PgConnection::next_result(PgClock::time_point deadline, bool& failed) {
  while (PQisBusy(conn_)) {
    if (!wait_socket(false, deadline) || PQconsumeInput(conn_) != 1) {
      failed = true;
      return nullptr;
    }
  }
  return PQgetResult(conn_);
}

bool PgConnection::round_trip(const std::vector<std::vector<PgQuery>>& transactions, std::vector<PgReply>& replies,
                              std::string& error) {
  replies.clear();
  if (!conn_) {
    error = "not connected";
    return false;
  }
  const auto deadline = PgClock::now() + std::chrono::milliseconds(settings_.statement_timeout_ms + 2000);
  std::vector<const char*> values;
  std::vector<int> lengths, formats;
  for (const std::vector<PgQuery>& queries : transactions) {
    for (const PgQuery& q : queries) {
      values.clear();
      lengths.clear();
      formats.clear();
      for (const PgParam& p : q.params) {
        values.push_back(p.value.data());
        lengths.push_back(static_cast<int>(p.value.size()));
        formats.push_back(p.binary ? 1 : 0);
      }
      if (PQsendQueryPrepared(conn_, q.statement, static_cast<int>(values.size()), values.data(), lengths.data(),
                              formats.data(), 0) != 1)
        return fail(error, "cannot send");
    }
    // The sync ends the implicit transaction: its queries commit together, or none does.
    if (PQpipelineSync(conn_) != 1) return fail(error, "cannot send");
  }
  for (int sent; (sent = PQflush(conn_)) != 0;) {
    // While our bytes wait, the server's answers are read too: neither side stalls on a full
    // buffer.
    if (sent < 0 || !wait_socket(true, deadline) || PQconsumeInput(conn_) != 1) return fail(error, "cannot send");
  }
  bool failed = false;
  for (const std::vector<PgQuery>& queries : transactions) {
    PgReply reply;
    reply.ok = true;
    for (std::size_t i = 0; i < queries.size(); ++i) {
      PgResult result(next_result(deadline, failed));
      if (failed) return fail(error, PgClock::now() >= deadline ? "no answer in time" : "connection lost");
      if (!result.raw()) return fail(error, "connection lost");
      const ExecStatusType status = PQresultStatus(result.raw());
      if (status == PGRES_FATAL_ERROR && reply.ok) {
        reply.ok = false;
        reply.error = first_line(PQresultErrorMessage(result.raw()));
        const char* state = PQresultErrorField(result.raw(), PG_DIAG_SQLSTATE);
        reply.sqlstate = state ? state : "";
      } else if (status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK && reply.ok) {
        reply.ok = false;  // PGRES_PIPELINE_ABORTED: an earlier query failed
        reply.error = "aborted";
      }
      reply.results.push_back(std::move(result));
      // Each query's results end with a null.
      if (PGresult* end = next_result(deadline, failed)) {
        PQclear(end);
        return fail(error, "unexpected result");
      }
      if (failed) return fail(error, "connection lost");
    }
    PgResult sync(next_result(deadline, failed));
    if (failed || PQresultStatus(sync.raw()) != PGRES_PIPELINE_SYNC) return fail(error, "connection lost");
    if (!reply.ok) reply.results.clear();
    replies.push_back(std::move(reply));
  }
  return true;
}

}  // namespace nyan::server
