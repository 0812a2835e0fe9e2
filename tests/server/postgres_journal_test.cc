// The PostgreSQL journal on its own, against a real PostgreSQL 15 started for each test:
// records come back byte for byte, many rooms share one statement, a lease fences out a
// replica that lost it (also while it is writing), renewals keep a lease, a release hands a
// room over at once, and a database restart fails appends without losing one that was
// reported durable.
#include <catch2/catch.hpp>

#include <algorithm>
#include <atomic>
#include <future>
#include <map>
#include <mutex>
#include <thread>

#include "rules/core/canonical_text.h"
#include "server/journal/pg_journal.h"
#include "server/journal/pg_schema.h"
#include "server/common/metrics.h"
#include "tests/server/postgres_cluster.h"

using namespace nyan;
using namespace nyan::server;
using namespace std::chrono_literals;

namespace {

// Each test's own cluster, and a database of its own in it.
struct FreshDatabase {
  test::PostgresCluster pg;
  const std::string db = pg.new_database();
};

struct Replica {
  std::unique_ptr<PostgresJournal> journal;
  std::mutex mu;
  std::vector<std::string> lost;  // rooms reported lost, in order
};

std::unique_ptr<Replica> open_replica(const test::PostgresCluster& pg, const std::string& db, const std::string& node,
                                      int ttl_ms = 10'000, int renew_every_ms = 0, const std::string& address = "") {
  PgJournalOptions o;
  o.database.url = pg.url(db);
  o.database.password_file = pg.password_file();
  o.node = node;
  o.address = address;
  o.lease_ttl_ms = ttl_ms;
  o.renew_every_ms = renew_every_ms;
  o.group_commit_us = 0;
  std::string error;
  auto r = std::make_unique<Replica>();
  r->journal = open_postgres_journal(o, error);
  INFO(error);
  REQUIRE(r->journal);
  r->journal->on_lost([p = r.get()](const std::string& code) {
    std::lock_guard<std::mutex> lock(p->mu);
    p->lost.push_back(code);
  });
  return r;
}

std::string record(const std::string& by, int i) {
  return journal_record({{"kind", "test"}, {"by", by}, {"i", i}, {"text", "\"quoted\" \\ back, 日本語, \u0001"}});
}

bool append_now(Journal& j, const std::string& code, std::vector<std::string> records) {
  std::promise<bool> done;
  j.append(code, std::move(records), [&done](bool ok) { done.set_value(ok); });
  return done.get_future().get();
}

Claim claim_now(Leases& leases, const std::string& code) {
  std::promise<Claim> done;
  leases.claim(code, [&done](Claim&& c) { done.set_value(std::move(c)); });
  return done.get_future().get();
}

// Whether every one of `part` is in `whole`, in the same order.
bool in_order_within(const std::vector<std::string>& part, const std::vector<std::string>& whole) {
  auto at = whole.begin();
  for (const std::string& s : part)
    if ((at = std::find(at, whole.end(), s)) == whole.end()) return false;
  return true;
}

// Rooms "<prefix>0", "<prefix>1", …, each written by a thread of its own, one record after
// another as rooms write, until stop(); what each room was told is stored is kept, in order.
// A refused append goes to `refused` (with how long the refusal took): true tries the same
// room again, false ends its thread.
class RoomWriters {
 public:
  using Refused = std::function<bool(const std::string& code, std::chrono::milliseconds took)>;
  RoomWriters(Journal& j, const std::string& prefix, int rooms, Refused refused) : acked(rooms) {
    for (int room = 0; room < rooms; ++room)
      threads_.emplace_back([this, &j, refused, room, code = prefix + std::to_string(room)] {
        for (int i = 0; !stop_;) {
          const std::string r = record(code, i);
          const auto start = std::chrono::steady_clock::now();
          if (append_now(j, code, {r})) {
            acked[room].push_back(r);
            ++i;
          } else if (!refused(code, std::chrono::duration_cast<std::chrono::milliseconds>(
                                         std::chrono::steady_clock::now() - start))) {
            return;
          }
        }
      });
  }
  ~RoomWriters() { stop(); }
  void stop() {
    stop_ = true;
    for (auto& t : threads_)
      if (t.joinable()) t.join();
  }
  std::vector<std::vector<std::string>> acked;

 private:
  std::atomic<bool> stop_{false};
  std::vector<std::thread> threads_;
};

std::vector<std::string> texts(const std::vector<Json>& records) {
  std::vector<std::string> out;
  for (const Json& r : records) out.push_back(canonical_json(r));
  return out;
}

}  // namespace

TEST_CASE_METHOD(FreshDatabase,
                 "postgres journal: records come back byte for byte, and a restarted node takes its rooms back",
                 "[journal][postgres]") {
  std::map<std::string, std::vector<std::string>> written;
  {
    auto a = open_replica(pg, db, "a");
    // Three rooms writing at once, each one record at a time (as rooms do).
    std::vector<std::thread> rooms;
    std::mutex mu;
    for (const std::string code : {"a-kasumi", "a-norepa", "a-hodute"})
      rooms.emplace_back([&, code] {
        for (int i = 0; i < 5; ++i) {
          const std::string r = record("a", i);
          REQUIRE(append_now(*a->journal, code, {r}));
          std::lock_guard<std::mutex> lock(mu);
          written[code].push_back(r);
        }
      });
    for (auto& t : rooms) t.join();
    CHECK(a->journal->held() == 3);
  }  // closed cleanly: its leases are released
  CHECK(pg.column(db, "SELECT DISTINCT epoch FROM records") == std::vector<std::string>{"1"});
  for (const auto& [code, bodies] : written)
    CHECK(pg.column(db, "SELECT body FROM records WHERE room = '" + code + "' ORDER BY seq") == bodies);

  auto a2 = open_replica(pg, db, "a");
  std::map<std::string, std::vector<std::string>> loaded;
  a2->journal->load([&](StoredRoom&& room) { loaded[room.code] = texts(room.records); });
  CHECK(loaded == written);
  CHECK(a2->journal->held() == 3);
  CHECK(metrics().leases_held == 3);
  // Another node's replica loads none of them, and finds each held by a2, which it can name.
  auto b = open_replica(pg, db, "b");
  int b_loaded = 0;
  b->journal->load([&](StoredRoom&&) { ++b_loaded; });
  CHECK(b_loaded == 0);
  const Claim held = claim_now(*b->journal, "a-kasumi");
  CHECK(held.outcome == Claim::Outcome::held_elsewhere);
  CHECK(held.owner == a2->journal->replica());
  CHECK(held.owner_node == "a");
  // Records appended after the restart follow the earlier ones, at the new epoch.
  REQUIRE(append_now(*a2->journal, "a-kasumi", {record("a2", 5)}));
  CHECK(pg.column(db, "SELECT seq || ':' || epoch FROM records WHERE room = 'a-kasumi' ORDER BY seq").back() == "5:2");
  // Closed and broken rooms are nobody's to claim; an unknown code is unknown.
  a2->journal->forget("a-norepa");
  a2->journal->mark_broken("a-hodute");
  a2->journal->flush();
  CHECK(claim_now(*b->journal, "a-norepa").outcome == Claim::Outcome::unknown);
  CHECK(claim_now(*b->journal, "a-hodute").outcome == Claim::Outcome::unknown);
  CHECK(claim_now(*b->journal, "a-nosuch").outcome == Claim::Outcome::unknown);
  CHECK(pg.column(db, "SELECT code || '=' || state FROM rooms ORDER BY code") ==
        std::vector<std::string>{"a-hodute=broken", "a-kasumi=live", "a-norepa=closed"});
  CHECK(pg.column(db, "SELECT version FROM schema_version") ==
        std::vector<std::string>{std::to_string(postgres_schema_version())});
}

TEST_CASE_METHOD(FreshDatabase,
                 "postgres journal: the appends of fifty rooms waiting together are one statement",
                 "[journal][postgres]") {
  auto a = open_replica(pg, db, "a");
  // Hold the records table so that both writers' first batches wait, and the next fifty rooms'
  // first records queue behind them.
  pg.query(db, "SELECT pg_stat_statements_reset()");
  const long batches = metrics().journal_batches;
  test::PostgresSession holder = pg.session(db);
  holder.query("BEGIN; LOCK TABLE records IN SHARE MODE");
  std::atomic<int> ok{0};
  for (const char* code : {"first", "second"}) {
    a->journal->append(code, {record("a", 0)}, [&](bool r) { ok += r; });
    std::this_thread::sleep_for(100ms);  // a writer takes it and waits
  }
  for (int room = 0; room < 50; ++room)
    a->journal->append("room" + std::to_string(room), {record("a", 0), record("a", 1)}, [&](bool r) { ok += r; });
  std::this_thread::sleep_for(100ms);
  holder.query("COMMIT");
  a->journal->flush();
  CHECK(ok == 52);
  CHECK(metrics().journal_batches - batches == 3);
  // The batch statement ran three times: for one room, one room, and the fifty (its rows are
  // the rooms written).
  CHECK(pg.query(db, "SELECT calls, rows FROM pg_stat_statements WHERE query LIKE 'WITH created AS%'") ==
        std::vector<std::vector<std::string>>{{"3", "52"}});
  CHECK(pg.column(db, "SELECT count(*) FROM records") == std::vector<std::string>{"102"});
}

TEST_CASE_METHOD(FreshDatabase,
                 "postgres journal: a lapsed lease is taken over and its old holder's next append is refused",
                 "[journal][postgres][lease]") {
  // a renews nothing: a server that stopped running (paused, cut off) while it held the room.
  auto a = open_replica(pg, db, "a", 1000, -1);
  auto b = open_replica(pg, db, "b");
  std::vector<std::string> by_a;
  for (int i = 0; i < 3; ++i) {
    by_a.push_back(record("a", i));
    REQUIRE(append_now(*a->journal, "a-room", {by_a.back()}));
  }
  const long takeovers = metrics().lease_takeovers, fenced = metrics().fenced_appends;
  CHECK(claim_now(*b->journal, "a-room").outcome == Claim::Outcome::held_elsewhere);
  std::this_thread::sleep_for(1100ms);
  Claim c = claim_now(*b->journal, "a-room");
  REQUIRE(c.outcome == Claim::Outcome::claimed);
  CHECK(c.epoch == 2);
  CHECK(c.took_over);
  CHECK(texts(c.records) == by_a);
  REQUIRE(append_now(*b->journal, "a-room", {record("b", 3)}));
  // a still believes it holds the room at epoch 1: the fence refuses it, and says so first.
  std::vector<std::string> lost_at_done;
  std::promise<bool> done;
  a->journal->append("a-room", {record("a", 3)}, [&](bool ok) {
    std::lock_guard<std::mutex> lock(a->mu);
    lost_at_done = a->lost;
    done.set_value(ok);
  });
  CHECK_FALSE(done.get_future().get());
  CHECK(lost_at_done == std::vector<std::string>{"a-room"});
  CHECK(a->journal->held() == 0);
  CHECK(metrics().lease_takeovers - takeovers == 1);
  CHECK(metrics().fenced_appends - fenced == 1);
  // One writer per epoch: a's three records at 1, b's at 2; a's refused record is nowhere.
  CHECK(pg.column(db, "SELECT seq || ':' || epoch || ':' || (body::json->>'by') FROM records ORDER BY seq") ==
        std::vector<std::string>{"0:1:a", "1:1:a", "2:1:a", "3:2:b"});
}

TEST_CASE_METHOD(FreshDatabase,
                 "postgres journal: a node's new run takes its rooms over while the old run writes: none of the "
                 "old run's later appends is stored, none it was told was stored is lost",
                 "[journal][postgres][lease]") {
  auto old_run = open_replica(pg, db, "n");
  constexpr int kRooms = 8;
  // A room stops writing once its append is refused: it lost its lease.
  std::atomic<int> refused{0};
  RoomWriters writers(*old_run->journal, "n-room", kRooms, [&](const std::string&, auto) {
    ++refused;
    return false;
  });
  const auto& acked = writers.acked;
  std::this_thread::sleep_for(300ms);
  auto new_run = open_replica(pg, db, "n");
  std::map<std::string, std::vector<std::string>> loaded;
  new_run->journal->load([&](StoredRoom&& room) { loaded[room.code] = texts(room.records); });
  std::this_thread::sleep_for(200ms);
  writers.stop();
  REQUIRE(loaded.size() == kRooms);
  CHECK(refused == kRooms);  // every room's writer met the fence
  for (int room = 0; room < kRooms; ++room) {
    const std::string code = "n-room" + std::to_string(room);
    INFO(code);
    // What the new run restored is exactly what the old run was told is stored...
    CHECK(loaded[code] == acked[room]);
    const std::string by_new = record("new", 0);
    REQUIRE(append_now(*new_run->journal, code, {by_new}));
    // ...and the table holds that and the new run's record, at epochs 1 then 2.
    std::vector<std::string> expected = acked[room];
    expected.push_back(by_new);
    CHECK(pg.column(db, "SELECT body FROM records WHERE room = '" + code + "' ORDER BY seq") == expected);
    CHECK(pg.column(db, "SELECT DISTINCT epoch FROM records WHERE room = '" + code + "' AND body::json->>'by' = 'new'") ==
          std::vector<std::string>{"2"});
    CHECK(pg.column(db, "SELECT count(*) FROM records WHERE room = '" + code + "' AND epoch = 2 AND body::json->>'by' <> 'new'") ==
          std::vector<std::string>{"0"});
  }
}

TEST_CASE_METHOD(FreshDatabase,
                 "postgres journal: renewals keep a lease past its time to live, and a release hands the room "
                 "over at once",
                 "[journal][postgres][lease]") {
  auto a = open_replica(pg, db, "a", 600, 0, "10.1.2.3:8080");
  auto b = open_replica(pg, db, "b", 600);
  REQUIRE(append_now(*a->journal, "a-kept", {record("a", 0)}));
  REQUIRE(append_now(*a->journal, "a-given", {record("a", 0)}));
  std::this_thread::sleep_for(1500ms);  // more than twice the time to live
  Claim held = claim_now(*b->journal, "a-kept");
  REQUIRE(held.outcome == Claim::Outcome::held_elsewhere);
  CHECK(held.owner == a->journal->replica());
  CHECK(held.owner_address == "10.1.2.3:8080");
  CHECK(append_now(*a->journal, "a-kept", {record("a", 1)}));
  CHECK(a->lost.empty());

  std::promise<bool> released;
  a->journal->release({"a-given"}, [&](bool ok) { released.set_value(ok); });
  CHECK(released.get_future().get());
  CHECK(a->journal->held() == 1);
  Claim given = claim_now(*b->journal, "a-given");  // no waiting for a time to live
  REQUIRE(given.outcome == Claim::Outcome::claimed);
  CHECK(given.epoch == 2);
  CHECK(given.took_over);
  CHECK(given.records.size() == 1);
  CHECK_FALSE(append_now(*a->journal, "a-given", {record("a", 1)}));
  CHECK(append_now(*b->journal, "a-given", {record("b", 1)}));
  // b claiming a room it already holds keeps its epoch.
  Claim again = claim_now(*b->journal, "a-given");
  CHECK(again.outcome == Claim::Outcome::claimed);
  CHECK(again.epoch == 2);
  CHECK_FALSE(again.took_over);
  CHECK(again.records.size() == 2);
}

TEST_CASE_METHOD(FreshDatabase,
                 "postgres journal: a database restart fails appends at once, the journal comes back by itself, "
                 "and nothing reported durable is missing",
                 "[journal][postgres][restart]") {
  auto a = open_replica(pg, db, "a");
  constexpr int kRooms = 4;
  std::atomic<int> failed{0};
  std::atomic<bool> saw_unhealthy{false};
  std::atomic<long> slowest_failure_ms{0};
  auto lost = [&](const std::string& code) {
    std::lock_guard<std::mutex> lock(a->mu);
    return std::find(a->lost.begin(), a->lost.end(), code) != a->lost.end();
  };
  // A refused record is tried again (a client retrying), unless its room was lost.
  RoomWriters rooms(*a->journal, "a-room", kRooms, [&](const std::string& code, std::chrono::milliseconds took) {
    ++failed;
    long seen = slowest_failure_ms;
    while (took.count() > seen && !slowest_failure_ms.compare_exchange_weak(seen, took.count())) {
    }
    if (!a->journal->healthy()) saw_unhealthy = true;
    std::this_thread::sleep_for(20ms);
    return !lost(code);
  });
  const auto& acked = rooms.acked;
  std::this_thread::sleep_for(500ms);
  pg.restart();
  // Back by itself: appends succeed again and the journal says it is healthy. (A room whose last
  // commit before the restart is in doubt may have been reported lost: it writes no more, and
  // is not waited for. The bound is generous: a busy machine restarts PostgreSQL slowly.)
  const auto deadline = std::chrono::steady_clock::now() + 30s;
  std::vector<std::size_t> before(kRooms);
  for (int room = 0; room < kRooms; ++room) before[room] = acked[room].size();
  for (;;) {
    std::this_thread::sleep_for(100ms);
    bool all_moved = true;
    for (int room = 0; room < kRooms; ++room)
      all_moved = all_moved && (lost("a-room" + std::to_string(room)) || acked[room].size() > before[room] + 5);
    if (all_moved && a->journal->healthy()) break;
    std::string where = a->journal->healthy() ? "healthy;" : "unhealthy;";
    for (int room = 0; room < kRooms; ++room)
      where += " room " + std::to_string(room) + ": " + std::to_string(before[room]) + " -> " +
               std::to_string(acked[room].size()) + (lost("a-room" + std::to_string(room)) ? " (lost)" : "");
    INFO(where);
    REQUIRE(std::chrono::steady_clock::now() < deadline);
  }
  rooms.stop();
  CHECK(failed > 0);
  CHECK(saw_unhealthy);
  CHECK(slowest_failure_ms < 3000);
  for (int room = 0; room < kRooms; ++room) {
    const std::string code = "a-room" + std::to_string(room);
    INFO(code);
    const auto stored = pg.column(db, "SELECT body FROM records WHERE room = '" + code + "' ORDER BY seq");
    // Every acknowledged record is there, in order; a record whose commit was made although
    // its append failed is there only for a room reported lost (restored from the database).
    if (!lost(code)) CHECK(stored == acked[room]);
    else CHECK(in_order_within(acked[room], stored));
  }
}

TEST_CASE_METHOD(FreshDatabase,
                 "postgres journal: a room whose records went further than the journal knows is reported lost, "
                 "and the other rooms go on",
                 "[journal][postgres][restart]") {
  auto a = open_replica(pg, db, "a");
  REQUIRE(append_now(*a->journal, "a-ahead", {record("a", 0)}));
  REQUIRE(append_now(*a->journal, "a-other", {record("a", 0)}));
  // As when a commit was made although its answer never came: a record the journal does not
  // know of is stored after the room's last.
  pg.query(db, "INSERT INTO records(room, seq, epoch, body) VALUES ('a-ahead', 1, 1, '{\"kind\":\"unknown\"}')");
  CHECK_FALSE(append_now(*a->journal, "a-ahead", {record("a", 1)}));  // its seq is taken: the batch fails
  // The writer finds out before its next batch (or within a second): the room is lost, to be
  // restored from the database; the other room writes on.
  CHECK(append_now(*a->journal, "a-other", {record("a", 1)}));
  const auto deadline = std::chrono::steady_clock::now() + 5s;
  for (;;) {
    {
      std::lock_guard<std::mutex> lock(a->mu);
      if (a->lost == std::vector<std::string>{"a-ahead"}) break;
    }
    REQUIRE(std::chrono::steady_clock::now() < deadline);
    std::this_thread::sleep_for(20ms);
  }
  CHECK(a->journal->held() == 1);
  CHECK(a->journal->healthy());
  Claim again = claim_now(*a->journal, "a-ahead");  // its lease is still this replica's: taken back as it is
  REQUIRE(again.outcome == Claim::Outcome::claimed);
  CHECK(again.records.size() == 2);
  CHECK(append_now(*a->journal, "a-ahead", {record("a", 2)}));
  CHECK(pg.column(db, "SELECT seq FROM records WHERE room = 'a-ahead' ORDER BY seq") ==
        std::vector<std::string>{"0", "1", "2"});
}
