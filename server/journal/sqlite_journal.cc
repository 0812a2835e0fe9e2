#include "server/journal/sqlite_journal.h"

#include <sqlite3.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <filesystem>
#include <mutex>
#include <thread>
#include <unordered_map>
#include <unordered_set>

#include "rules/core/canonical_text.h"
#include "server/common/log.h"
#include "server/common/metrics.h"

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
    // 3: records in the order they were committed (a rowid table) instead of by (room, seq).
    // A commit holds the records of many rooms: keyed by room, each room's went to a B-tree
    // page of its own and the commit wrote every one of those pages to the WAL; in commit
    // order they fill a few adjacent pages. Nothing reads one room's records by key: loading
    // sorts them once at start, and a forgotten room's records go in a sweep in rowid order.
    // rooms.forgotten: 0 kept, 1 forgotten (records may be left to sweep), 2 swept.
    "CREATE TABLE records_v3(id INTEGER PRIMARY KEY, room TEXT NOT NULL, seq INTEGER NOT NULL, body TEXT NOT NULL);"
    "INSERT INTO records_v3(room, seq, body) SELECT room, seq, body FROM records ORDER BY room, seq;"
    "DROP TABLE records;"
    "ALTER TABLE records_v3 RENAME TO records;"
    "UPDATE rooms SET forgotten = 2 WHERE forgotten = 1;",
};
constexpr int kSchemaVersion = static_cast<int>(sizeof kMigrations / sizeof kMigrations[0]);

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
  SqliteJournal(sqlite3* db, std::string path, int group_commit_us, std::int64_t sweep_min)
      : db_(db),
        path_(std::move(path)),
        group_commit_(group_commit_us),
        sweep_min_(sweep_min),
        // Prepared once: preparing them for every group cost more than the inserts.
        begin_(db, "BEGIN IMMEDIATE"),
        commit_(db, "COMMIT"),
        insert_room_(db, "INSERT OR IGNORE INTO rooms(code, created_ms) VALUES(?, ?)"),
        insert_record_(db, "INSERT INTO records(room, seq, body) VALUES(?, ?, ?)"),
        forget_room_(db, "UPDATE rooms SET forgotten = 1 WHERE code = ?"),
        sweep_scan_(db, "SELECT id, room FROM records WHERE id >= ? AND id < ?"),
        sweep_delete_(db, "DELETE FROM records WHERE id = ?"),
        sweep_done_(db, "UPDATE rooms SET forgotten = 2 WHERE code = ? AND forgotten = 1") {
    // Rooms forgotten by an earlier run whose records were not all swept: a pass starts at
    // once, since how many records they left is not known.
    Statement q(db_, "SELECT code FROM rooms WHERE forgotten = 1");
    while (q.ok() && sqlite3_step(q.get()) == SQLITE_ROW)
      pending_.emplace(reinterpret_cast<const char*>(sqlite3_column_text(q.get(), 0)));
    sweep_now_ = !pending_.empty();
    start_sweep_if_due();
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

  void append(const std::string& code, std::vector<std::string> records, Done done) override {
    // Text made by the caller's thread: a record's tree freed by the writer would send its
    // many small blocks back to the other thread's malloc arena, which cost the writer more
    // than its SQL did.
    enqueue(Item{code, std::move(records), std::move(done), false});
  }

  void forget(const std::string& code) override { enqueue(Item{code, {}, nullptr, true}); }

  void flush() override {
    std::unique_lock<std::mutex> lock(mu_);
    idle_cv_.wait(lock, [this] { return queue_.empty() && !writing_; });
  }

  void load(const std::function<void(StoredRoom&&)>& each) override {
    std::lock_guard<std::mutex> lock(db_mu_);
    StoredRoom room;
    // The records are in commit order, rooms interleaved: one sort here, at start, is what
    // lets every commit append to a few adjacent pages.
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
      ++live_records_;
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
    std::vector<std::string> records;  // canonical JSON text
    Done done;
    bool forget;
  };

  static constexpr std::size_t kFullBatch = 256;

  void enqueue(Item item) {
    bool wake;
    {
      std::lock_guard<std::mutex> lock(mu_);
      queue_.push_back(std::move(item));
      // A writer gathering a group waits for its time or a full queue: waking it for every
      // record would only put it back to sleep (a hundred futex round trips a commit).
      wake = !gathering_ || queue_.size() >= kFullBatch;
    }
    if (wake) cv_.notify_one();
  }

  std::array<Statement*, 8> statements() {
    return {&begin_, &commit_, &insert_room_, &insert_record_, &forget_room_, &sweep_scan_, &sweep_delete_, &sweep_done_};
  }

  void write_loop() {
    for (;;) {
      std::deque<Item> batch;
      {
        std::unique_lock<std::mutex> lock(mu_);
        // While writes fail, try one every second on its own, so that readiness comes back
        // when the disk does, not only when a player happens to try again. A quiet server
        // also goes on with a sweep, one slice a second.
        while (!cv_.wait_for(lock, std::chrono::seconds(1), [this] { return stop_ || !queue_.empty(); })) {
          lock.unlock();
          if (!healthy_) probe();
          else if (sweep_due()) commit(batch);
          lock.lock();
        }
        if (queue_.empty() && stop_) return;
        // Group commit: records that came during the last fsync share this one. When that
        // was several rooms' worth (a busy server), also give others a moment to join: fewer
        // fsyncs per record. A quiet server commits at once, so an answer never waits for
        // company that is not coming.
        if (group_commit_ > 0 && !stop_ && last_batch_ >= kBusyBatch) {
          gathering_ = true;
          cv_.wait_for(lock, std::chrono::microseconds(group_commit_),
                       [this] { return stop_ || queue_.size() >= kFullBatch; });
          gathering_ = false;
        }
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
    const std::string sql = "BEGIN IMMEDIATE; INSERT OR REPLACE INTO probe(id, t) VALUES(1, " + std::to_string(journal_time_ms()) +
                            "); COMMIT;";
    if (!exec(sql.c_str())) {
      exec("ROLLBACK");
      return;
    }
    if (!healthy_.exchange(true)) log::info("journal_recovered");
  }

  bool commit(std::deque<Item>& batch) {
    std::lock_guard<std::mutex> lock(db_mu_);
    // Applied only if the commit succeeds: each room's next seq, the rooms forgotten.
    std::unordered_map<std::string, std::int64_t> seqs;
    std::vector<const std::string*> forgotten;
    std::int64_t records = 0;
    bool ok = true;
    for (Statement* s : statements()) ok = ok && s->ok();
    ok = ok && begin_.run();
    const std::int64_t t = journal_time_ms();
    for (Item& item : batch) {
      if (!ok) break;
      if (item.forget) {
        bind_text(forget_room_, 1, item.code);
        ok = forget_room_.run();
        forgotten.push_back(&item.code);
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
      for (const std::string& body : item.records) {
        bind_text(insert_record_, 1, item.code);
        sqlite3_bind_int64(insert_record_.get(), 2, seq->second++);
        bind_text(insert_record_, 3, body);
        ok = ok && insert_record_.run();
      }
      records += static_cast<std::int64_t>(item.records.size());
    }
    // The sweep moves on by more rowids than this commit adds, so a pass always ends.
    std::int64_t sweep_next = 0;
    if (ok && !sweeping_.empty()) ok = sweep_step(std::max(kSweepSlice, 4 * records), sweep_next);
    ok = ok && commit_.run();
    if (!ok) {
      const std::string why = sqlite3_errmsg(db_);
      exec("ROLLBACK");
      metrics().journal_failures++;
      if (healthy_.exchange(false)) log::error("journal_unavailable", {{"error", why}});
      return false;
    }
    for (auto& [code, next] : seqs) next_seq_[code] = next;
    live_records_ += records;
    for (const std::string* code : forgotten) {
      auto known = next_seq_.find(*code);
      const std::int64_t n = known == next_seq_.end() ? 0 : known->second;
      if (known != next_seq_.end()) next_seq_.erase(known);
      live_records_ -= n;
      pending_records_ += n;
      pending_.insert(*code);
    }
    if (!sweeping_.empty()) {
      if (sweep_next > sweep_end_) sweeping_.clear();  // the pass is over
      else sweep_cursor_ = sweep_next;
    }
    start_sweep_if_due();
    if (!batch.empty()) {
      metrics().journal_batches++;
      metrics().journal_records += static_cast<long>(records);
    }
    if (!healthy_.exchange(true)) log::info("journal_recovered");
    return true;
  }

  // Forgotten rooms' records are deleted in passes over the table in rowid order, a slice of
  // rowids in each commit, so that no commit waits for a whole pass. A pass starts once the
  // forgotten rooms hold at least as many records as the rooms kept (and `sweep_min_`): each
  // pass then reads the table once to delete at least half of it, a few rows read for each
  // record ever written. Rooms forgotten during a pass wait for the next one.
  static constexpr std::int64_t kSweepSlice = 2048;  // rowids, at least, per commit

  bool sweep_due() {
    std::lock_guard<std::mutex> lock(db_mu_);
    start_sweep_if_due();
    return !sweeping_.empty();
  }

  void start_sweep_if_due() {
    if (!sweeping_.empty() || pending_.empty()) return;
    if (!sweep_now_ && (pending_records_ < sweep_min_ || pending_records_ < live_records_)) return;
    // From the first record left, not rowid 0: earlier passes emptied the table's start.
    Statement ends(db_, "SELECT (SELECT min(id) FROM records), (SELECT max(id) FROM records)");
    if (!ends.ok() || sqlite3_step(ends.get()) != SQLITE_ROW) return;
    sweep_cursor_ = sqlite3_column_int64(ends.get(), 0);
    sweep_end_ = sqlite3_column_int64(ends.get(), 1);
    sweeping_.swap(pending_);
    pending_records_ = 0;
    sweep_now_ = false;
  }

  // Deletes the swept rooms' records among the next slice of rowids; the pass's last slice
  // also marks those rooms swept. Sets `next` to where the following slice starts.
  bool sweep_step(std::int64_t slice, std::int64_t& next) {
    next = std::min(sweep_cursor_ + slice, sweep_end_ + 1);
    std::vector<std::int64_t> doomed;
    sqlite3_bind_int64(sweep_scan_.get(), 1, sweep_cursor_);
    sqlite3_bind_int64(sweep_scan_.get(), 2, next);
    int rc;
    while ((rc = sqlite3_step(sweep_scan_.get())) == SQLITE_ROW) {
      const auto* room = reinterpret_cast<const char*>(sqlite3_column_text(sweep_scan_.get(), 1));
      if (room && sweeping_.count(room)) doomed.push_back(sqlite3_column_int64(sweep_scan_.get(), 0));
    }
    sqlite3_reset(sweep_scan_.get());
    if (rc != SQLITE_DONE) return false;
    for (std::int64_t id : doomed) {
      sqlite3_bind_int64(sweep_delete_.get(), 1, id);
      if (!sweep_delete_.run()) return false;
    }
    if (next > sweep_end_)
      for (const std::string& code : sweeping_) {
        bind_text(sweep_done_, 1, code);
        if (!sweep_done_.run()) return false;
      }
    return true;
  }

  sqlite3* db_;
  std::string path_;
  int group_commit_;
  std::int64_t sweep_min_;
  static constexpr std::size_t kBusyBatch = 4;
  std::size_t last_batch_ = 0;  // items in the last commit (writer thread only)
  std::mutex mu_;  // queue_
  std::condition_variable cv_, idle_cv_;
  std::deque<Item> queue_;
  bool stop_ = false;
  bool writing_ = false;
  bool gathering_ = false;  // the writer waits for more records to share a commit
  std::mutex db_mu_;  // the connection, the statements and everything below
  Statement begin_, commit_, insert_room_, insert_record_, forget_room_, sweep_scan_, sweep_delete_, sweep_done_;
  std::unordered_map<std::string, std::int64_t> next_seq_;  // rooms with records: their next seq
  std::int64_t live_records_ = 0;  // records of the rooms in next_seq_
  std::unordered_set<std::string> pending_;  // forgotten, for the next pass
  std::int64_t pending_records_ = 0;  // their records (as far as known)
  bool sweep_now_ = false;  // pending_ holds rooms of an earlier run
  std::unordered_set<std::string> sweeping_;  // the current pass's rooms; empty between passes
  std::int64_t sweep_cursor_ = 0, sweep_end_ = 0;  // the pass's next rowid and its last
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

std::unique_ptr<Journal> open_sqlite_journal(const std::string& data_dir, int group_commit_us, std::string& error,
                                             std::int64_t sweep_min_records) {
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
  return std::make_unique<SqliteJournal>(db, path, group_commit_us, sweep_min_records);
}

}  // namespace nyan::server
