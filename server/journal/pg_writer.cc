#include <algorithm>

#include "server/journal/pg_array.h"
#include "server/journal/pg_journal_impl.h"
#include "server/journal/pg_sql.h"
#include "server/common/log.h"

namespace nyan::server::pg_detail {

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
    // A room whose last commit is in doubt answers `unavailable` until that is settled. A
    // batch's writer settles doubts before it writes; when the rooms in doubt are all there is
    // to write, no batch comes, and their retries keep the wait above from ever timing out into
    // a probe: this writer settles them itself (connecting at most once a second).
    if (batch.empty() && !refused.empty()) probe(w);
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

}  // namespace nyan::server::pg_detail
