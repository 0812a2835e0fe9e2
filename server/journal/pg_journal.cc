#include "server/journal/pg_journal.h"

#include <openssl/rand.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <mutex>
#include <thread>
#include <unordered_map>
#include <unordered_set>

#include "server/journal/pg_array.h"
#include "server/journal/pg_claims.h"
#include "server/journal/pg_schema.h"
#include "server/journal/pg_sql.h"
#include "server/log.h"
#include "server/metrics.h"

namespace nyan::server {

namespace {

using PgTime = std::chrono::steady_clock;
using std::chrono::milliseconds;

// This run's name in the leases: the node's name and 8 random hex digits.
std::string new_replica_name(const std::string& node) {
  unsigned char bytes[4] = {};
  RAND_bytes(bytes, sizeof bytes);
  static const char* hex = "0123456789abcdef";
  std::string name = (node.empty() ? std::string("server") : node) + "-";
  for (unsigned char b : bytes) name += {hex[b >> 4], hex[b & 15]};
  return name;
}

double seconds_since(PgTime::time_point start) {
  return std::chrono::duration<double>(PgTime::now() - start).count();
}

class PgJournal final : public PostgresJournal {
 public:
  PgJournal(const PgJournalOptions& o, std::string replica, std::vector<std::unique_ptr<PgConnection>> writers,
            std::unique_ptr<PgConnection> control)
      : o_(o),
        me_{std::move(replica), o.node, o.lease_ttl_ms},
        renew_every_(o.renew_every_ms == 0 ? o.lease_ttl_ms / 3 : o.renew_every_ms),
        address_(o.address),
        control_conn_(std::move(control)) {
    for (auto& conn : writers) writers_.push_back(std::make_unique<Writer>(Writer{std::move(conn), {}, {}}));
    for (auto& w : writers_) w->thread = std::thread([this, w = w.get()] { write_loop(*w); });
    control_ = std::thread([this] { control_loop(); });
  }

  ~PgJournal() override {
    flush();
    bool holding;
    {
      std::lock_guard<std::mutex> lock(mu_);
      holding = !held_.empty();
    }
    if (holding) release_all();  // the next server (or this one restarted) takes them at once
    {
      std::lock_guard<std::mutex> lock(cmu_);
      cstop_ = true;
    }
    ccv_.notify_all();
    control_.join();
    {
      std::lock_guard<std::mutex> lock(qmu_);
      stop_ = true;
    }
    cv_.notify_all();
    for (auto& w : writers_) w->thread.join();
  }

  // --- Journal ---

  std::string describe() const override {
    return "postgres " + describe_postgres_url(o_.database.url) + " (replica " + me_.replica + ", leases " +
           std::to_string(o_.lease_ttl_ms) + " ms)";
  }
  bool healthy() const override { return writer_ok_ && control_ok_; }

  void append(const std::string& code, std::vector<std::string> records, Done done) override {
    enqueue(Item{Item::Kind::append, code, std::move(records), std::move(done)});
  }
  void forget(const std::string& code) override { enqueue(Item{Item::Kind::closed, code, {}, nullptr}); }
  void mark_broken(const std::string& code) override { enqueue(Item{Item::Kind::broken, code, {}, nullptr}); }

  void flush() override {
    std::unique_lock<std::mutex> lock(qmu_);
    idle_cv_.wait(lock, [this] { return queue_.empty() && writing_ == 0; });
  }

  void load(const std::function<void(StoredRoom&&)>& each) override;

  // --- Leases ---

  const std::string& replica() const override { return me_.replica; }
  void on_lost(Lost lost) override {
    std::lock_guard<std::mutex> lock(mu_);
    lost_ = std::move(lost);
  }
  void claim(const std::string& code, Claimed done) override {
    {
      std::lock_guard<std::mutex> lock(cmu_);
      if (claims_.size() < kMaxClaimsQueued) {
        claims_.push_back({code, std::move(done)});
        done = nullptr;
      }
    }
    if (done) {  // outside the lock: it may claim again
      Claim c;
      c.error = "too many claims waiting";
      return done(std::move(c));
    }
    ccv_.notify_one();
  }
  void release(std::vector<std::string> codes, std::function<void(bool ok)> done) override;
  bool release_all() override;
  void set_address(std::string address) override {
    std::lock_guard<std::mutex> lock(mu_);
    address_ = std::move(address);
  }
  std::size_t held() const override {
    std::lock_guard<std::mutex> lock(mu_);
    return held_.size();
  }

 private:
  struct Held {
    std::int64_t epoch = 0;
    std::int64_t next_seq = 0;
    PgTime::time_point valid_until;  // by this replica's clock: when the lease may have lapsed
  };
  struct Item {
    enum class Kind { append, closed, broken, released };
    Kind kind;
    std::string code;
    std::vector<std::string> records;  // canonical JSON text
    Done done;
  };
  struct PendingClaim {
    std::string code;
    Claimed done;
  };

  static constexpr std::size_t kFullBatch = 256;            // items in one statement
  static constexpr std::size_t kFullBatchBytes = 4 << 20;   // their records' text
  static constexpr std::size_t kBusyBatch = 4;
  static constexpr std::size_t kMaxQueued = 100'000;        // appends waiting: beyond, refused
  static constexpr std::size_t kClaimsPerTrip = 64;
  static constexpr std::size_t kMaxClaimsQueued = 10'000;
  static constexpr auto kRetryEvery = std::chrono::seconds(1);

  // One of the writers: a thread and its connection.
  struct Writer {
    std::unique_ptr<PgConnection> conn;
    PgTime::time_point tried{};  // its last attempt to connect
    std::thread thread;
  };

  void enqueue(Item item);
  bool takes(const Item& item) const;  // under qmu_
  bool any_to_take() const;            // under qmu_
  void write_loop(Writer& w);
  void write_batch(Writer& w, std::deque<Item>& batch);
  bool writer_ready(Writer& w);
  void writer_failed(const std::string& why);
  void writer_recovered();
  void probe(Writer& w);  // one round trip, to find out whether the database is back
  void control_loop();
  bool control_ready();
  void control_failed(const std::string& why);
  bool control_round_trip(const std::vector<std::vector<PgQuery>>& transactions, std::vector<PgReply>& replies,
                          std::string& error);
  void renew();
  void sweep();
  void claim_now(std::vector<PendingClaim>& pending);
  void give_up_lapsed();
  // Takes `codes` out of the held leases and tells the listener (never under a lock).
  void report_lost(const std::vector<std::string>& codes, const char* why);
  void count_held() { metrics().leases_held = static_cast<long>(held_.size()); }  // under mu_

  const PgJournalOptions o_;
  const PgClaimant me_;
  const int renew_every_;

  mutable std::mutex mu_;  // held_, lost_, address_
  std::unordered_map<std::string, Held> held_;
  Lost lost_;
  std::string address_;

  // The writers: two threads, each with its connection, take batches from one queue, so that
  // one batch is written while the other waits for its commit. A room is in one batch at a
  // time (`busy_`), which keeps its records in order.
  std::mutex qmu_;  // everything down to writer_ok_
  std::condition_variable cv_, idle_cv_;
  std::deque<Item> queue_;
  bool stop_ = false, gathering_ = false;
  int writing_ = 0;  // writers with a batch
  std::size_t last_batch_ = 0;
  // Rooms in a batch on its way; those of a failed batch until it is known whether its commit
  // was made (with the last record number this replica knows to be stored): their appends
  // fail at once meanwhile; and whether a writer is finding that out.
  std::unordered_set<std::string> busy_;
  std::unordered_map<std::string, std::int64_t> doubt_;
  bool settling_ = false;
  std::vector<std::unique_ptr<Writer>> writers_;
  std::atomic<bool> writer_ok_{true};

  // The control thread: claims, renewals, heartbeats and the sweep, on a connection of its
  // own so that a batch never waits behind a claim of a long room.
  std::mutex cmu_;
  std::condition_variable ccv_;
  std::vector<PendingClaim> claims_;
  bool cstop_ = false;
  std::unique_ptr<PgConnection> control_conn_;
  PgTime::time_point control_tried_{};
  std::atomic<bool> control_ok_{true};

  std::thread control_;
};

// --- The writer -------------------------------------------------------------------------

void PgJournal::enqueue(Item item) {
  bool wake, refused = false;
  {
    std::lock_guard<std::mutex> lock(qmu_);
    if (queue_.size() >= kMaxQueued && item.kind == Item::Kind::append) {
      refused = true;
    } else {
      queue_.push_back(std::move(item));
    }
    wake = !gathering_ || queue_.size() >= kFullBatch;
  }
  if (refused) {
    metrics().journal_failures++;
    if (item.done) item.done(false);
    return;
  }
  if (wake) cv_.notify_one();
}

bool PgJournal::takes(const Item& item) const { return !busy_.count(item.code); }

bool PgJournal::any_to_take() const {
  for (const Item& item : queue_)
    if (takes(item)) return true;
  return false;
}

void PgJournal::write_loop(Writer& w) {
  for (;;) {
    std::deque<Item> batch, refused;
    {
      std::unique_lock<std::mutex> lock(qmu_);
      // While the database is away, try it again every second on its own, so that readiness
      // comes back with the database and not only with the next player's move.
      while (!cv_.wait_for(lock, kRetryEvery, [this] { return (stop_ && queue_.empty()) || any_to_take(); })) {
        lock.unlock();
        if (!writer_ok_) probe(w);
        lock.lock();
      }
      if (queue_.empty() && stop_) return;
      // Group commit, as the SQLite journal: after a busy batch, give others a moment to join.
      if (o_.group_commit_us > 0 && !stop_ && last_batch_ >= kBusyBatch) {
        gathering_ = true;
        cv_.wait_for(lock, std::chrono::microseconds(o_.group_commit_us),
                     [this] { return stop_ || queue_.size() >= kFullBatch; });
        gathering_ = false;
      }
      // One item per room in a statement (a room writes one at a time anyway): the statement
      // then never makes and ends a room, or writes it twice, in one go. The items of a room
      // that is busy stay, and so do the later ones of the same room, in their order.
      std::unordered_set<std::string> skipped;
      std::size_t bytes = 0;
      for (auto it = queue_.begin(); it != queue_.end() && batch.size() < kFullBatch && bytes < kFullBatchBytes;) {
        if (doubt_.count(it->code) && !skipped.count(it->code)) {
          refused.push_back(std::move(*it));
          it = queue_.erase(it);
          continue;
        }
        if (!takes(*it) || skipped.count(it->code)) {
          skipped.insert(it->code);
          ++it;
          continue;
        }
        for (const std::string& r : it->records) bytes += r.size();
        busy_.insert(it->code);
        batch.push_back(std::move(*it));
        it = queue_.erase(it);
      }
      last_batch_ = batch.size();
      ++writing_;
    }
    // A room whose last commit is in doubt answers `unavailable` until that is settled.
    for (Item& item : refused)
      if (item.done) item.done(false);
    if (!batch.empty()) write_batch(w, batch);
    {
      std::lock_guard<std::mutex> lock(qmu_);
      for (const Item& item : batch) busy_.erase(item.code);
      --writing_;
    }
    cv_.notify_all();
    idle_cv_.notify_all();
  }
}

void PgJournal::writer_failed(const std::string& why) {
  metrics().journal_failures++;
  if (writer_ok_.exchange(false)) log::error("journal_unavailable", {{"error", why}});
}

// Connected (at most one attempt a second) and every doubt of a failed batch settled.
bool PgJournal::writer_ready(Writer& w) {
  std::string error;
  if (!w.conn->connected()) {
    if (PgTime::now() - w.tried < kRetryEvery) return false;
    w.tried = PgTime::now();
    if (!w.conn->connect(error)) {
      writer_failed(error);
      return false;
    }
  }
  std::unordered_map<std::string, std::int64_t> doubts;
  {
    std::lock_guard<std::mutex> lock(qmu_);
    if (settling_) return true;  // the other writer is at it; this batch holds none of those rooms
    doubts = doubt_;
    settling_ = !doubts.empty();
  }
  if (doubts.empty()) return true;
  PgArray codes(PgArray::Of::text);
  for (const auto& [code, last] : doubts) codes.add(code);
  std::vector<PgReply> replies;
  const bool settled =
      w.conn->round_trip({{PgQuery{pg_sql::kLastSeqs, {{codes.take(), true}}}}}, replies, error) && replies[0].ok;
  {
    std::lock_guard<std::mutex> lock(qmu_);
    settling_ = false;
    if (settled)
      for (const auto& [code, last] : doubts) doubt_.erase(code);
  }
  if (!settled) {
    writer_failed(replies.empty() ? error : replies[0].error);
    return false;
  }
  std::vector<std::string> ahead;
  const PgResult& rows = replies[0].results[0];
  for (int r = 0; r < rows.rows(); ++r) {
    auto it = doubts.find(rows.text(r, 0));
    if (it != doubts.end() && rows.int64(r, 1) > it->second) ahead.push_back(it->first);
  }
  report_lost(ahead, "its records went further than this server knew (a commit whose answer was lost)");
  return true;
}

void PgJournal::writer_recovered() {
  if (!writer_ok_.exchange(true)) log::info("journal_recovered");
}

void PgJournal::probe(Writer& w) {
  PgArray none(PgArray::Of::text);
  std::vector<PgReply> replies;
  std::string error;
  if (!writer_ready(w)) return;
  if (!w.conn->round_trip({{PgQuery{pg_sql::kLastSeqs, {{none.take(), true}}}}}, replies, error) ||
      !replies[0].ok)
    return writer_failed(replies.empty() ? error : replies[0].error);
  writer_recovered();
}

void PgJournal::write_batch(Writer& w, std::deque<Item>& batch) {
  // The rooms this batch writes first, and the seq of each append's first record.
  std::vector<std::int64_t> first_seq(batch.size(), 0);
  std::vector<bool> new_room(batch.size(), false);
  auto fail_all = [&](const std::string& why, bool in_doubt) {
    writer_failed(why);
    std::lock_guard<std::mutex> lock(qmu_);
    for (std::size_t i = 0; i < batch.size(); ++i)
      if (in_doubt && batch[i].kind == Item::Kind::append) doubt_.emplace(batch[i].code, first_seq[i] - 1);
  };
  auto done_all = [&](bool ok) {
    for (Item& item : batch)
      if (item.done) item.done(ok);
  };
  if (!writer_ready(w)) {
    fail_all("the database is unavailable", false);
    return done_all(false);
  }
  PgArray new_codes(PgArray::Of::text), held_codes(PgArray::Of::text), held_epochs(PgArray::Of::int8),
      rooms(PgArray::Of::text), seqs(PgArray::Of::int8), bodies(PgArray::Of::text), end_codes(PgArray::Of::text),
      end_states(PgArray::Of::text);
  std::size_t records = 0;
  {
    std::lock_guard<std::mutex> lock(mu_);
    for (std::size_t i = 0; i < batch.size(); ++i) {
      const Item& item = batch[i];
      auto held = held_.find(item.code);
      if (held != held_.end()) {
        held_codes.add(item.code);
        held_epochs.add(held->second.epoch);
      }
      if (item.kind != Item::Kind::append) {
        if (held == held_.end()) continue;  // not this replica's room (any more): nothing to end
        end_codes.add(item.code);
        end_states.add(item.kind == Item::Kind::closed ? "closed" : item.kind == Item::Kind::broken ? "broken" : "released");
        continue;
      }
      if (held == held_.end()) {  // its first records make the room
        new_codes.add(item.code);
        new_room[i] = true;
      }
      std::int64_t seq = first_seq[i] = held == held_.end() ? 0 : held->second.next_seq;
      for (const std::string& body : item.records) {
        rooms.add(item.code);
        seqs.add(seq++);
        bodies.add(body);
      }
      records += item.records.size();
    }
  }
  const auto sent = PgTime::now();
  std::vector<PgReply> replies;
  std::string error;
  const bool answered = w.conn->round_trip(
      {{PgQuery{pg_sql::kBatch,
                {{me_.replica}, {me_.node}, {std::to_string(o_.lease_ttl_ms)}, {new_codes.take(), true},
                 {held_codes.take(), true}, {held_epochs.take(), true}, {rooms.take(), true}, {seqs.take(), true},
                 {bodies.take(), true}, {end_codes.take(), true}, {end_states.take(), true}}}}},
      replies, error);
  metrics().journal_round_trip_seconds.observe(seconds_since(sent));
  if (!answered || !replies[0].ok) {
    // Unanswered: the commit may have been made. Refused: it was not, but the refusal may
    // say that a room's records went further than this replica knows (a unique key).
    fail_all(answered ? replies[0].error : error, true);
    return done_all(false);
  }
  std::unordered_set<std::string> writable;
  const PgResult& rows = replies[0].results[0];
  for (int r = 0; r < rows.rows(); ++r) writable.insert(rows.text(r, 0));
  std::vector<std::string> fenced;
  {
    std::lock_guard<std::mutex> lock(mu_);
    for (std::size_t i = 0; i < batch.size(); ++i) {
      const Item& item = batch[i];
      if (item.kind != Item::Kind::append) {
        held_.erase(item.code);  // ended, released, or not ours in the first place
        continue;
      }
      if (!writable.count(item.code)) {
        fenced.push_back(item.code);
        continue;
      }
      auto [h, made] = held_.try_emplace(item.code);
      if (made && !new_room[i]) {
        // Reported lost while this batch was on its way (its records were written under the
        // lease all the same): the room is no longer held.
        held_.erase(h);
        continue;
      }
      if (made) h->second = Held{1, 0, sent + milliseconds(o_.lease_ttl_ms)};  // the room this batch made
      h->second.next_seq = first_seq[i] + static_cast<std::int64_t>(item.records.size());
    }
    count_held();
  }
  writer_recovered();
  metrics().journal_batches++;
  metrics().journal_records += static_cast<long>(records);
  metrics().fenced_appends += static_cast<long>(fenced.size());
  report_lost(fenced, "an append was refused by the fence");
  for (Item& item : batch)
    if (item.done) item.done(item.kind != Item::Kind::append || writable.count(item.code) > 0);
}

void PgJournal::release(std::vector<std::string> codes, std::function<void(bool ok)> done) {
  if (codes.empty()) {
    if (done) done(true);
    return;
  }
  // Each room's release goes behind its appends; `done` runs when the last one is through.
  struct Tally {
    std::atomic<std::size_t> left;
    std::atomic<bool> ok{true};
    std::function<void(bool)> done;
  };
  auto tally = std::make_shared<Tally>();
  tally->left = codes.size();
  tally->done = std::move(done);
  for (std::string& code : codes)
    enqueue(Item{Item::Kind::released, std::move(code), {}, [tally](bool ok) {
                   if (!ok) tally->ok = false;
                   if (--tally->left == 0 && tally->done) tally->done(tally->ok);
                 }});
}

bool PgJournal::release_all() {
  std::vector<std::string> codes;
  {
    std::lock_guard<std::mutex> lock(mu_);
    for (const auto& [code, h] : held_) codes.push_back(code);
  }
  auto ok = std::make_shared<std::atomic<bool>>(true);
  release(std::move(codes), [ok](bool done) { *ok = done; });
  flush();
  return *ok;
}

void PgJournal::report_lost(const std::vector<std::string>& codes, const char* why) {
  if (codes.empty()) return;
  Lost lost;
  {
    std::lock_guard<std::mutex> lock(mu_);
    for (const std::string& code : codes) held_.erase(code);
    count_held();
    lost = lost_;
  }
  log::warn("leases_lost", {{"rooms", codes.size()}, {"first", codes.front()}, {"reason", why}});
  if (lost)
    for (const std::string& code : codes) lost(code);
}

// --- Claims, renewals, the sweep ---------------------------------------------------------

void PgJournal::control_failed(const std::string& why) {
  if (control_ok_.exchange(false)) log::error("journal_unavailable", {{"error", why}, {"connection", "leases"}});
}

bool PgJournal::control_ready() {
  if (control_conn_->connected()) return true;
  if (PgTime::now() - control_tried_ < kRetryEvery) return false;
  control_tried_ = PgTime::now();
  std::string error;
  if (!control_conn_->connect(error)) {
    control_failed(error);
    return false;
  }
  return true;
}

void PgJournal::control_loop() {
  const bool renewing = renew_every_ > 0;
  auto next_renewal = PgTime::now() + milliseconds(renewing ? renew_every_ : 3'600'000);
  int renewals = 0;
  for (;;) {
    std::vector<PendingClaim> pending;
    {
      std::unique_lock<std::mutex> lock(cmu_);
      ccv_.wait_until(lock, std::min(next_renewal, PgTime::now() + kRetryEvery),
                      [this] { return cstop_ || !claims_.empty(); });
      if (cstop_) break;
      const std::size_t n = std::min(claims_.size(), kClaimsPerTrip);
      pending.assign(std::make_move_iterator(claims_.begin()), std::make_move_iterator(claims_.begin() + n));
      claims_.erase(claims_.begin(), claims_.begin() + n);
    }
    if (renewing && PgTime::now() >= next_renewal) {
      next_renewal = PgTime::now() + milliseconds(renew_every_);
      renew();
      if (++renewals % 3 == 0) sweep();
    } else if (renewing && !control_ok_) {
      renew();  // tried every second while the database is away: back, the heartbeat says so
    }
    if (!pending.empty()) claim_now(pending);
    if (renewing) give_up_lapsed();
  }
  std::vector<PendingClaim> left;
  {
    std::lock_guard<std::mutex> lock(cmu_);
    left.swap(claims_);
  }
  for (PendingClaim& p : left) {
    Claim c;
    c.error = "the journal is closing";
    p.done(std::move(c));
  }
}

// A round trip on the control connection. A connection the database ended while it was idle
// (a restart) is found out by this round trip: then it is made again at once and the trip
// sent once more, rather than reported as a failure.
bool PgJournal::control_round_trip(const std::vector<std::vector<PgQuery>>& transactions, std::vector<PgReply>& replies,
                                   std::string& error) {
  for (int attempt = 0; attempt < 2; ++attempt) {
    const bool fresh = !control_conn_->connected();
    if (!control_ready()) {
      error = "the database is unavailable";
      return false;
    }
    const auto sent = PgTime::now();
    if (control_conn_->round_trip(transactions, replies, error)) {
      metrics().journal_round_trip_seconds.observe(seconds_since(sent));
      return true;
    }
    if (fresh) break;
    control_tried_ = {};
  }
  control_failed(error);
  return false;
}

void PgJournal::renew() {
  PgArray codes(PgArray::Of::text), epochs(PgArray::Of::int8);
  std::unordered_map<std::string, std::int64_t> asked;
  std::string address;
  {
    std::lock_guard<std::mutex> lock(mu_);
    for (const auto& [code, h] : held_) {
      codes.add(code);
      epochs.add(h.epoch);
      asked.emplace(code, h.epoch);
    }
    address = address_;
  }
  const auto sent = PgTime::now();
  std::vector<PgReply> replies;
  std::string error;
  if (!control_round_trip({{PgQuery{pg_sql::kRenew,
                                    {{me_.replica}, {me_.node}, {address}, {codes.take(), true}, {epochs.take(), true},
                                     {std::to_string(o_.lease_ttl_ms)}}}}},
                          replies, error))
    return;
  if (!replies[0].ok) return control_failed(replies[0].error);
  if (!control_ok_.exchange(true)) log::info("journal_recovered", {{"connection", "leases"}});
  std::unordered_set<std::string> renewed;
  const PgResult& rows = replies[0].results[0];
  for (int r = 0; r < rows.rows(); ++r) renewed.insert(rows.text(r, 0));
  std::vector<std::string> lost;
  {
    std::lock_guard<std::mutex> lock(mu_);
    for (const auto& [code, epoch] : asked) {
      auto h = held_.find(code);
      if (h == held_.end() || h->second.epoch != epoch) continue;  // released or claimed again meanwhile
      if (renewed.count(code)) h->second.valid_until = sent + milliseconds(o_.lease_ttl_ms);
      else lost.push_back(code);
    }
  }
  report_lost(lost, "the lease could not be renewed");
}

void PgJournal::give_up_lapsed() {
  std::vector<std::string> lapsed;
  {
    std::lock_guard<std::mutex> lock(mu_);
    const auto now = PgTime::now();
    for (const auto& [code, h] : held_)
      if (h.valid_until < now) lapsed.push_back(code);
  }
  report_lost(lapsed, "no renewal within the lease's time to live");
}

void PgJournal::sweep() {
  // A few passes of 64 rooms at most, so a backlog goes down without holding the renewals.
  for (int pass = 0; pass < 4; ++pass) {
    std::vector<PgReply> replies;
    std::string error;
    if (!control_round_trip({{PgQuery{pg_sql::kSweep, {}}}}, replies, error)) return;
    if (!replies[0].ok || replies[0].results[0].rows() < 64) return;
  }
}

void PgJournal::claim_now(std::vector<PendingClaim>& pending) {
  // A room asked for twice in one trip is claimed once.
  std::vector<std::string> codes;
  std::unordered_map<std::string, std::size_t> index;
  for (const PendingClaim& p : pending)
    if (index.emplace(p.code, codes.size()).second) codes.push_back(p.code);
  std::vector<Claim> claims(codes.size());
  std::vector<std::int64_t> next_seqs;
  auto sent = PgTime::now();
  for (Claim& c : claims) c.error = "the database is unavailable";
  // As control_round_trip: a connection the database ended while idle is made again once.
  for (int attempt = 0; attempt < 2; ++attempt) {
    const bool fresh = !control_conn_->connected();
    if (!control_ready()) break;
    sent = PgTime::now();
    claims = claim_rooms(*control_conn_, codes, me_, false, next_seqs);
    metrics().journal_round_trip_seconds.observe(seconds_since(sent));
    if (claims[0].outcome != Claim::Outcome::failed || control_conn_->connected() || fresh) break;
    control_tried_ = {};
  }
  {
    std::lock_guard<std::mutex> lock(mu_);
    for (std::size_t i = 0; i < codes.size(); ++i) {
      const Claim& c = claims[i];
      if (c.outcome != Claim::Outcome::claimed) continue;
      held_[codes[i]] = Held{c.epoch, next_seqs[i], sent + milliseconds(o_.lease_ttl_ms)};
      if (c.took_over) metrics().lease_takeovers++;
    }
    count_held();
  }
  if (!claims.empty() && claims[0].outcome == Claim::Outcome::failed && !control_conn_->connected())
    control_failed(claims[0].error);
  for (PendingClaim& p : pending) {
    const std::size_t i = index.at(p.code);
    // The last caller for a room gets the records moved; any other a copy.
    const bool last = std::none_of(&p + 1, pending.data() + pending.size(),
                                   [&](const PendingClaim& q) { return q.code == p.code; });
    p.done(last ? std::move(claims[i]) : Claim(claims[i]));
  }
}

void PgJournal::load(const std::function<void(StoredRoom&&)>& each) {
  // A connection of its own: the rooms taken back are renewed by the control thread while
  // their records are read and restored, however long that takes.
  PgConnection conn(o_.database, {{pg_sql::kNodeRooms, pg_sql::kNodeRoomsSql},
                                  {pg_sql::kClaim, pg_sql::kClaimSql},
                                  {pg_sql::kClaimRecords, pg_sql::kClaimRecordsSql}});
  std::string error;
  std::vector<PgReply> replies;
  if (!conn.connect(error) ||
      !conn.round_trip({{PgQuery{pg_sql::kNodeRooms, {{me_.node}}}}}, replies, error) || !replies[0].ok) {
    log::error("journal_load_failed", {{"error", replies.empty() ? error : replies[0].error}});
    return;
  }
  std::vector<std::string> all;
  for (int r = 0; r < replies[0].results[0].rows(); ++r) all.push_back(replies[0].results[0].text(r, 0));
  for (std::size_t from = 0; from < all.size(); from += kClaimsPerTrip) {
    const std::vector<std::string> codes(all.begin() + static_cast<std::ptrdiff_t>(from),
                                         all.begin() + static_cast<std::ptrdiff_t>(std::min(all.size(), from + kClaimsPerTrip)));
    std::vector<std::int64_t> next_seqs;
    const auto sent = PgTime::now();
    std::vector<Claim> claims = claim_rooms(conn, codes, me_, true, next_seqs);
    if (!claims.empty() && claims[0].outcome == Claim::Outcome::failed) {
      log::error("journal_load_failed", {{"error", claims[0].error}, {"rooms_left", all.size() - from}});
      return;
    }
    {
      std::lock_guard<std::mutex> lock(mu_);
      for (std::size_t i = 0; i < codes.size(); ++i)
        if (claims[i].outcome == Claim::Outcome::claimed) {
          held_[codes[i]] = Held{claims[i].epoch, next_seqs[i], sent + milliseconds(o_.lease_ttl_ms)};
          if (claims[i].took_over) metrics().lease_takeovers++;
        }
      count_held();
    }
    for (std::size_t i = 0; i < codes.size(); ++i)
      if (claims[i].outcome == Claim::Outcome::claimed) each(StoredRoom{codes[i], std::move(claims[i].records)});
  }
}

}  // namespace

std::unique_ptr<PostgresJournal> open_postgres_journal(const PgJournalOptions& options, std::string& error) {
  if (!check_postgres_url(options.database.url, error)) return nullptr;
  {
    PgConnection setup(options.database, {});
    if (!setup.connect(error)) {
      error = explain_connect_error(error);
      return nullptr;
    }
    if (!migrate_postgres(setup, error)) return nullptr;
  }
  std::vector<std::unique_ptr<PgConnection>> writers;
  for (int i = 0; i < 2; ++i)
    writers.push_back(std::make_unique<PgConnection>(
        options.database, std::vector<std::pair<const char*, const char*>>{{pg_sql::kBatch, pg_sql::kBatchSql},
                                                                           {pg_sql::kLastSeqs, pg_sql::kLastSeqsSql}}));
  auto control = std::make_unique<PgConnection>(
      options.database, std::vector<std::pair<const char*, const char*>>{{pg_sql::kClaim, pg_sql::kClaimSql},
                                                                         {pg_sql::kClaimRecords, pg_sql::kClaimRecordsSql},
                                                                         {pg_sql::kRenew, pg_sql::kRenewSql},
                                                                         {pg_sql::kSweep, pg_sql::kSweepSql}});
  for (auto& conn : writers)
    if (!conn->connect(error)) {
      error = explain_connect_error(error);
      return nullptr;
    }
  if (!control->connect(error)) {
    error = explain_connect_error(error);
    return nullptr;
  }
  // The first heartbeat, so that other replicas can name this one from its first room on.
  const std::string replica = new_replica_name(options.node);
  std::vector<PgReply> replies;
  PgArray none(PgArray::Of::text), no_epochs(PgArray::Of::int8);
  if (!control->round_trip({{PgQuery{pg_sql::kRenew,
                                     {{replica}, {options.node}, {options.address}, {none.take(), true},
                                      {no_epochs.take(), true}, {std::to_string(options.lease_ttl_ms)}}}}},
                           replies, error) ||
      !replies[0].ok) {
    error = "cannot write the replicas table: " + (replies.empty() ? error : replies[0].error);
    return nullptr;
  }
  return std::make_unique<PgJournal>(options, replica, std::move(writers), std::move(control));
}

}  // namespace nyan::server
