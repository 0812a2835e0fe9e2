// Claiming rooms in the PostgreSQL journal: one transaction of two statements (the leases
// taken, then the records of the rooms taken) for any number of rooms, in one round trip.
// Used by claims as rooms are asked for, and at start for the rooms a restarted server takes
// back.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "server/journal/leases.h"

namespace nyan::server {

class PgConnection;

// Who claims: this replica's name and node, and the time to live of its leases.
struct PgClaimant {
  std::string replica;
  std::string node;
  int ttl_ms = 10'000;
};

// Claims `codes` (see pg_sql.h, kClaim). Returns one Claim per code, in order, and in
// `next_seqs` each claimed room's next record number. When the round trip or its transaction
// failed, every claim is `failed` with the error. `take_node_leases`: leases of this node's
// earlier runs are taken even while live.
std::vector<Claim> claim_rooms(PgConnection& conn, const std::vector<std::string>& codes, const PgClaimant& who,
                               bool take_node_leases, std::vector<std::int64_t>& next_seqs);

// A stored record's text as the room's restore takes it: its JSON, or the string "corrupt
// record" when it does not parse (the room's replay then reports it broken).
Json stored_record(const char* text, std::size_t size);

}  // namespace nyan::server
