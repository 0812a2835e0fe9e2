#include "server/sqlite_journal.h"

#include <sqlite3.h>

#include <array>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <filesystem>
#include <mutex>
#include <thread>
#include <unordered_map>

#include "rules/core/canonical_text.h"
#include "server/log.h"
#include "server/metrics.h"

namespace nyan::server {

namespace {

// Each step upgrades the schema by one version; a database is brought up to date on open.
const char* const kMigrations[] = {
    // 1: rooms and their records.
    "CREATE TABLE rooms(code TEXT PRIMARY KEY, created_ms INTEGER NOT NULL, forgotten INTEGER NOT NULL DEFAULT 0,"
    " broken INTEGER NOT NULL DEFAULT 0);"
    "CREATE TABLE records(room TEXT NOT NULL, seq INTEGER NOT NULL, body TEXT NOT NULL, PRIMARY KEY(room, seq))"
    " WITHOUT ROWID;",
    // 2: a row the writer rewrites to find out whether the disk takes writes again.
    "CREATE TABLE probe(id INTEGER PRIMARY KEY, t INTEGER NOT NULL);",
};
constexpr int kSchemaVersion = static_cast<int>(sizeof kMigrations / sizeof kMigrations[0]);

std::int64_t now_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
      .count();
}

class Statement {
 public:
  Statement(sqlite3* db, const char* sql) { sqlite3_prepare_v2(db, sql, -1, &s_, nullptr); }
  ~Statement() { finalize(); }
  Statement(const Statement&) = delete;
  Statement& operator=(const Statement&) = delete;
  sqlite3_stmt* get() { return s_; }
  bool ok() const { return s_ != nullptr; }
  void finalize() {
    sqlite3_finalize(s_);
    s_ = nullptr;
  }
  // Runs a bound write and makes the statement ready for the next bindings.
  bool run() {
    const bool done = sqlite3_step(s_) == SQLITE_DONE;
    sqlite3_reset(s_);
    return done;
  }

 private:
  sqlite3_stmt* s_ = nullptr;
};

// Binds text that stays alive and unchanged until the statement has run: SQLite reads it in
// place instead of copying it.
void bind_text(Statement& s, int i, const std::string& text) {
  sqlite3_bind_text(s.get(), i, text.data(), static_cast<int>(text.size()), SQLITE_STATIC);
}

class SqliteJournal : public Journal {
 public:
  SqliteJournal(sqlite3* db, std::string path, int group_commit_us)
      : db_(db),
        path_(std::move(path)),
        group_commit_(group_commit_us),
        // Prepared once: preparing them for every group cost more than the inserts.
        begin_(db, "BEGIN IMMEDIATE"),
        commit_(db, "COMMIT"),
        insert_room_(db, "INSERT OR IGNORE INTO rooms(code, created_ms) VALUES(?, ?)"),
        insert_record_(db, "INSERT INTO records(room, seq, body) VALUES(?, ?, ?)"),
        forget_records_(db, "DELETE FROM records WHERE room = ?"),
        forget_room_(db, "UPDATE rooms SET forgotten = 1 WHERE code = ?") {
    writer_ = std::thread([this] { write_loop(); });
  }

  ~SqliteJournal() override {
    {
      std::lock_guard<std::mutex> lock(mu_);
      stop_ = true;
    }
    cv_.notify_all();
    writer_.join();
    for (Statement* s : statements()) s->finalize();
    sqlite3_close(db_);
  }

  std::string describe() const override { return "sqlite " + path_; }
  bool healthy() const override { return healthy_; }

  void append(const std::string& code, std::vector<Json> records, Done done) override {
    {
      std::lock_guard<std::mutex> lock(mu_);
      queue_.push_back(Item{code, std::move(records), std::move(done), false});
    }
    cv_.notify_one();
  }

  void forget(const std::string& code) override {
    {
      std::lock_guard<std::mutex> lock(mu_);
      queue_.push_back(Item{code, {}, nullptr, true});
    }
    cv_.notify_one();
  }

  void flush() override {
    std::unique_lock<std::mutex> lock(mu_);
    idle_cv_.wait(lock, [this] { return queue_.empty() && !writing_; });
  }

  void load(const std::function<void(StoredRoom&&)>& each) override {
    std::lock_guard<std::mutex> lock(db_mu_);
    StoredRoom room;
    Statement q(db_,
                "SELECT r.room, r.seq, r.body FROM records r JOIN rooms m ON m.code = r.room"
                " WHERE m.forgotten = 0 AND m.broken = 0 ORDER BY r.room, r.seq");
    while (q.ok() && sqlite3_step(q.get()) == SQLITE_ROW) {
      const std::string code = reinterpret_cast<const char*>(sqlite3_column_text(q.get(), 0));
      const std::int64_t seq = sqlite3_column_int64(q.get(), 1);
      const char* body = reinterpret_cast<const char*>(sqlite3_column_text(q.get(), 2));
      if (room.code != code) {
        if (!room.code.empty()) each(std::move(room));
        room = StoredRoom{code, {}};
      }
      // A record that does not parse stays as a string; the room's replay reports it.
      Json j = Json::parse(body ? body : "", nullptr, false);
      room.records.push_back(j.is_discarded() ? Json("corrupt record") : std::move(j));
      next_seq_[code] = seq + 1;
    }
    if (!room.code.empty()) each(std::move(room));
  }

  void mark_broken(const std::string& code) override {
    std::lock_guard<std::mutex> lock(db_mu_);
    Statement q(db_, "UPDATE rooms SET broken = 1 WHERE code = ?");
    sqlite3_bind_text(q.get(), 1, code.c_str(), -1, SQLITE_TRANSIENT);
    sqlite3_step(q.get());
  }

 private:
  struct Item {
    std::string code;
    std::vector<Json> records;
    Done done;
    bool forget;
  };

  std::array<Statement*, 6> statements() {
    return {&begin_, &commit_, &insert_room_, &insert_record_, &forget_records_, &forget_room_};
  }

  void write_loop() {
    for (;;) {
      std::deque<Item> batch;
      {
        std::unique_lock<std::mutex> lock(mu_);
        // While writes fail, try one every second on its own, so that readiness comes back
        // when the disk does, not only when a player happens to try again.
        while (!cv_.wait_for(lock, std::chrono::seconds(1), [this] { return stop_ || !queue_.empty(); }))
          if (!healthy_) {
            lock.unlock();
            probe();
            lock.lock();
          }
        if (queue_.empty() && stop_) return;
        // Group commit: records that came during the last fsync share this one. When that
        // was several rooms' worth (a busy server), also give others a moment to join: fewer
        // fsyncs per record. A quiet server commits at once, so an answer never waits for
        // company that is not coming.
        if (group_commit_ > 0 && !stop_ && last_batch_ >= kBusyBatch)
          cv_.wait_for(lock, std::chrono::microseconds(group_commit_), [this] { return stop_ || queue_.size() >= 256; });
        batch.swap(queue_);
        last_batch_ = batch.size();
        writing_ = true;
      }
      const bool ok = commit(batch);
      for (Item& item : batch)
        if (item.done) item.done(ok);
      {
        std::lock_guard<std::mutex> lock(mu_);
        writing_ = false;
      }
      idle_cv_.notify_all();
    }
  }

  bool exec(const char* sql) { return sqlite3_exec(db_, sql, nullptr, nullptr, nullptr) == SQLITE_OK; }

  void probe() {
    std::lock_guard<std::mutex> lock(db_mu_);
    const std::string sql = "BEGIN IMMEDIATE; INSERT OR REPLACE INTO probe(id, t) VALUES(1, " + std::to_string(now_ms()) +
                            "); COMMIT;";
    if (!exec(sql.c_str())) {
      exec("ROLLBACK");
      return;
    }
    if (!healthy_.exchange(true)) log::info("journal_recovered");
  }

  bool commit(std::deque<Item>& batch) {
    std::lock_guard<std::mutex> lock(db_mu_);
    std::unordered_map<std::string, std::int64_t> seqs;  // applied only if the commit succeeds
    bool ok = true;
    for (Statement* s : statements()) ok = ok && s->ok();
    ok = ok && begin_.run();
    const std::int64_t t = now_ms();
    for (Item& item : batch) {
      if (!ok) break;
      if (item.forget) {
        for (Statement* s : {&forget_records_, &forget_room_}) {
          bind_text(*s, 1, item.code);
          ok = ok && s->run();
        }
        continue;
      }
      auto seq = seqs.find(item.code);
      if (seq == seqs.end()) {
        auto known = next_seq_.find(item.code);
        if (known == next_seq_.end()) {  // the room's first records: its row too
          bind_text(insert_room_, 1, item.code);
          sqlite3_bind_int64(insert_room_.get(), 2, t);
          ok = ok && insert_room_.run();
        }
        seq = seqs.emplace(item.code, known == next_seq_.end() ? 0 : known->second).first;
      }
      for (Json& r : item.records) {
        r["t"] = t;  // wall-clock time of the commit, for retention
        const std::string body = canonical_json(r);  // dump()'s bytes, written faster
        bind_text(insert_record_, 1, item.code);
        sqlite3_bind_int64(insert_record_.get(), 2, seq->second++);
        bind_text(insert_record_, 3, body);
        ok = ok && insert_record_.run();
      }
    }
    ok = ok && commit_.run();
    if (!ok) {
      const std::string why = sqlite3_errmsg(db_);
      exec("ROLLBACK");
      metrics().journal_failures++;
      if (healthy_.exchange(false)) log::error("journal_unavailable", {{"error", why}});
      return false;
    }
    for (auto& [code, next] : seqs) next_seq_[code] = next;
    for (const Item& item : batch)
      if (item.forget) next_seq_.erase(item.code);
    metrics().journal_batches++;
    std::size_t n = 0;
    for (const Item& item : batch) n += item.records.size();
    metrics().journal_records += static_cast<long>(n);
    if (!healthy_.exchange(true)) log::info("journal_recovered");
    return true;
  }

  sqlite3* db_;
  std::string path_;
  int group_commit_;
  static constexpr std::size_t kBusyBatch = 4;
  std::size_t last_batch_ = 0;  // items in the last commit (writer thread only)
  std::mutex mu_;  // queue_
  std::condition_variable cv_, idle_cv_;
  std::deque<Item> queue_;
  bool stop_ = false;
  bool writing_ = false;
  std::mutex db_mu_;  // the connection and the statements
  Statement begin_, commit_, insert_room_, insert_record_, forget_records_, forget_room_;
  std::unordered_map<std::string, std::int64_t> next_seq_;  // rooms with records: their next seq
  std::atomic<bool> healthy_{true};
  std::thread writer_;
};

bool migrate(sqlite3* db, std::string& error) {
  sqlite3_stmt* s = nullptr;
  int version = 0;
  if (sqlite3_prepare_v2(db, "PRAGMA user_version", -1, &s, nullptr) == SQLITE_OK && sqlite3_step(s) == SQLITE_ROW)
    version = sqlite3_column_int(s, 0);
  sqlite3_finalize(s);
  if (version > kSchemaVersion) {
    error = "the database has schema version " + std::to_string(version) + ", newer than this server's " +
            std::to_string(kSchemaVersion);
    return false;
  }
  for (int v = version; v < kSchemaVersion; ++v) {
    const std::string sql = std::string("BEGIN;") + kMigrations[v] + "PRAGMA user_version = " + std::to_string(v + 1) +
                            ";COMMIT;";
    char* msg = nullptr;
    if (sqlite3_exec(db, sql.c_str(), nullptr, nullptr, &msg) != SQLITE_OK) {
      error = std::string("migration to schema ") + std::to_string(v + 1) + " failed: " + (msg ? msg : "?");
      sqlite3_free(msg);
      sqlite3_exec(db, "ROLLBACK", nullptr, nullptr, nullptr);
      return false;
    }
  }
  return true;
}

}  // namespace

int sqlite_schema_version() { return kSchemaVersion; }

std::unique_ptr<Journal> open_sqlite_journal(const std::string& data_dir, int group_commit_us, std::string& error) {
  std::error_code ec;
  std::filesystem::create_directories(data_dir, ec);
  const std::string path = (std::filesystem::path(data_dir) / "nyanhall.db").string();
  sqlite3* db = nullptr;
  if (sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, nullptr) !=
      SQLITE_OK) {
    error = "cannot open " + path + ": " + (db ? sqlite3_errmsg(db) : "out of memory");
    sqlite3_close(db);
    return nullptr;
  }
  sqlite3_busy_timeout(db, 5000);
  // WAL with synchronous=FULL: a commit is on disk (fsync) before the journal says so. The
  // writer only appends, so a small page cache serves it (the default 2 MB would be a tenth of
  // a busy server's memory).
  char* msg = nullptr;
  if (sqlite3_exec(db, "PRAGMA journal_mode=WAL; PRAGMA synchronous=FULL; PRAGMA cache_size=-256;", nullptr, nullptr,
                   &msg) != SQLITE_OK) {
    error = std::string("cannot set WAL mode: ") + (msg ? msg : "?");
    sqlite3_free(msg);
    sqlite3_close(db);
    return nullptr;
  }
  if (!migrate(db, error)) {
    sqlite3_close(db);
    return nullptr;
  }
  return std::make_unique<SqliteJournal>(db, path, group_commit_us);
}

}  // namespace nyan::server
