// The PostgreSQL journal's insides, shared by its files: the writers (pg_writer.cc: group
// commit, fencing, doubts after a failure), the leases' thread (pg_leases.cc: claims,
// renewals, the heartbeat, the sweep, the rooms taken back at start) and the opening
// (pg_journal.cc). pg_journal.h says what it does; this says how it is kept.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <mutex>
#include <thread>
#include <unordered_map>
#include <unordered_set>

#include "server/journal/pg_claims.h"
#include "server/journal/pg_journal.h"
#include "server/common/metrics.h"

namespace nyan::server::pg_detail {

using PgTime = std::chrono::steady_clock;
using std::chrono::milliseconds;

inline double seconds_since(PgTime::time_point start) {
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

}  // namespace nyan::server::pg_detail
