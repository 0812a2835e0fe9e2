#include "server/journal/pg_claims.h"

#include <unordered_map>

#include "server/journal/pg_array.h"
#include "server/journal/pg_connection.h"
#include "server/journal/pg_sql.h"

namespace nyan::server {

Json stored_record(const char* text, std::size_t size) {
  Json j = Json::parse(text, text + size, nullptr, false);
  return j.is_discarded() ? Json("corrupt record") : j;
}

std::vector<Claim> claim_rooms(PgConnection& conn, const std::vector<std::string>& codes, const PgClaimant& who,
                               bool take_node_leases, std::vector<std::int64_t>& next_seqs) {
  std::vector<Claim> claims(codes.size());
  next_seqs.assign(codes.size(), 0);
  if (codes.empty()) return claims;
  PgArray array(PgArray::Of::text);
  for (const std::string& code : codes) array.add(code);
  const std::string code_array = array.take();
  std::vector<PgReply> replies;
  std::string error;
  const bool sent = conn.round_trip(
      {{PgQuery{pg_sql::kClaim, {{code_array, true}, {who.replica}, {who.node}, {std::to_string(who.ttl_ms)},
                                 {take_node_leases ? "true" : "false"}}},
        PgQuery{pg_sql::kClaimRecords, {{code_array, true}, {who.replica}}}}},
      replies, error);
  if (sent && !replies.at(0).ok) error = replies[0].error;
  if (!sent || !replies[0].ok) {
    for (Claim& c : claims) c.error = error;
    return claims;
  }
  std::unordered_map<std::string, std::size_t> by_code;
  for (std::size_t i = 0; i < codes.size(); ++i) {
    claims[i].outcome = Claim::Outcome::unknown;  // unless the lease has a row
    by_code.emplace(codes[i], i);
  }
  const PgResult& leases = replies[0].results[0];
  for (int row = 0; row < leases.rows(); ++row) {
    auto it = by_code.find(leases.text(row, 0));
    if (it == by_code.end()) continue;
    Claim& c = claims[it->second];
    if (!leases.is_null(row, 1)) {
      c.outcome = Claim::Outcome::claimed;
      c.epoch = leases.int64(row, 1);
      c.took_over = leases.text(row, 2) == "t";
    } else {
      c.outcome = Claim::Outcome::held_elsewhere;
      c.owner = leases.text(row, 3);
      c.owner_node = leases.text(row, 4);
      c.owner_address = leases.text(row, 5);
    }
  }
  // The records come ordered by room and seq: each room's in one run.
  const PgResult& records = replies[0].results[1];
  std::size_t room = codes.size();  // none yet
  for (int row = 0; row < records.rows(); ++row) {
    if (room == codes.size() || records.text(row, 0) != codes[room]) {
      auto it = by_code.find(records.text(row, 0));
      if (it == by_code.end()) continue;
      room = it->second;
    }
    claims[room].records.push_back(stored_record(records.data(row, 2), static_cast<std::size_t>(records.length(row, 2))));
    next_seqs[room] = records.int64(row, 1) + 1;
  }
  return claims;
}

}  // namespace nyan::server
