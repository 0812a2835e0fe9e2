#include <algorithm>

#include "server/journal/pg_array.h"
#include "server/journal/pg_journal_impl.h"
#include "server/journal/pg_sql.h"
#include "server/common/log.h"

namespace nyan::server::pg_detail {

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


}  // namespace nyan::server::pg_detail
