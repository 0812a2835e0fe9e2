// The statements of the PostgreSQL journal, prepared on each connection. Why they are safe
// together (the fence against a takeover) is told at each; pg_schema.h describes the tables.
//
// Lock order: every statement that locks several lease rows locks them in code order, in one
// step (a MATERIALIZED common table expression sorted by code, FOR UPDATE), so the writer's
// batches, the renewals and other replicas' claims never wait on each other in a cycle.
#pragma once

namespace nyan::server::pg_sql {

// One group commit, all rooms' records in one statement (one round trip):
//   $1 owner, $2 node, $3 lease time to live (ms),
//   $4 codes of new rooms (their first records are in this batch),
//   $5, $6 codes and epochs of the held rooms this batch writes or ends,
//   $7, $8, $9 the records: room, seq, body,
//   $10, $11 rooms that end here and how: closed, broken, or released (the lease only).
// Returns the rooms it could write: the new rooms it made (a code that exists is not
// made) and the held rooms whose lease is still this replica's, at that epoch and live.
// The fence: the lease rows are locked (FOR UPDATE) before anything is written and stay
// locked until the commit. A claim by another replica locks the same row, so it either
// comes first (the epoch then no longer matches when this statement gets the row, and the
// room's records are not written: PostgreSQL checks the locked row's newest version against
// the condition again) or waits until this commit and then reads these records too.
inline constexpr const char* kBatch = "batch";
inline constexpr const char* kBatchSql =
    "WITH created AS ("
    "  INSERT INTO rooms(code) SELECT unnest($4::text[]) ON CONFLICT DO NOTHING RETURNING code),"
    " new_leases AS ("
    "  INSERT INTO leases(code, owner, node, epoch, expires_at)"
    "  SELECT code, $1, $2, 1, now() + $3::bigint * interval '1 millisecond' FROM created RETURNING code, epoch),"
    " fence AS MATERIALIZED ("
    "  SELECT l.code, l.epoch FROM leases l JOIN unnest($5::text[], $6::bigint[]) AS h(code, epoch)"
    "    ON l.code = h.code AND l.epoch = h.epoch"
    "  WHERE l.owner = $1 AND l.expires_at > now() ORDER BY l.code FOR UPDATE OF l),"
    " writable AS (SELECT code, epoch FROM fence UNION ALL SELECT code, epoch FROM new_leases),"
    " written AS ("
    "  INSERT INTO records(room, seq, epoch, body)"
    "  SELECT r.room, r.seq, w.epoch, r.body FROM unnest($7::text[], $8::bigint[], $9::text[]) AS r(room, seq, body)"
    "  JOIN writable w ON w.code = r.room),"
    " ending AS MATERIALIZED ("
    "  SELECT e.code, e.state FROM unnest($10::text[], $11::text[]) AS e(code, state) JOIN fence f ON f.code = e.code),"
    " ended AS ("
    "  UPDATE rooms m SET state = e.state, finished = now() FROM ending e"
    "  WHERE m.code = e.code AND e.state <> 'released'),"
    " dropped AS ("
    "  DELETE FROM leases l USING ending e WHERE l.code = e.code AND e.state <> 'released'),"
    " released AS ("
    "  UPDATE leases l SET expires_at = '-infinity' FROM ending e WHERE l.code = e.code AND e.state = 'released')"
    " SELECT code FROM writable";

// After a batch failed (its commit perhaps made, perhaps not): the last seq stored of each
// room it held. $1 codes.
inline constexpr const char* kLastSeqs = "last_seqs";
inline constexpr const char* kLastSeqsSql =
    "SELECT room, max(seq) FROM records WHERE room = ANY($1::text[]) GROUP BY room";

// Claims rooms: $1 codes, $2 owner, $3 node, $4 time to live (ms), $5 whether leases of this
// node's earlier runs are taken even while live (a restarted server taking back its rooms).
// A lease is taken when it is ours, lapsed, or released; the epoch goes up unless it was ours
// and live. Rows: code, epoch (null: not taken), took_over, holder, holder's node and address.
// A code without a row is no live room. Run with kClaimRecords after it, in one transaction.
inline constexpr const char* kClaim = "claim";
inline constexpr const char* kClaimSql =
    "WITH cur AS MATERIALIZED ("
    "  SELECT l.code, l.owner, l.node, l.epoch, l.expires_at > now() AS live FROM leases l"
    "  WHERE l.code = ANY($1::text[]) ORDER BY l.code FOR UPDATE OF l),"
    " taken AS ("
    "  UPDATE leases l SET owner = $2, node = $3, expires_at = now() + $4::bigint * interval '1 millisecond',"
    "    epoch = l.epoch + CASE WHEN c.owner = $2 AND c.live THEN 0 ELSE 1 END"
    "  FROM cur c WHERE l.code = c.code AND (c.owner = $2 OR NOT c.live OR ($5::boolean AND c.node = $3))"
    "  RETURNING l.code, l.epoch, NOT (c.owner = $2 AND c.live) AS took_over)"
    " SELECT c.code, t.epoch, t.took_over, c.owner, c.node, coalesce(p.address, '') FROM cur c"
    " LEFT JOIN taken t ON t.code = c.code LEFT JOIN replicas p ON p.name = c.owner";

// The records of the rooms just claimed: $1 codes, $2 owner. A statement of its own, after the
// claim: its snapshot is taken once the claim holds the lease rows, so it sees every record
// committed under the earlier epoch, even one whose commit the claim waited for.
inline constexpr const char* kClaimRecords = "claim_records";
inline constexpr const char* kClaimRecordsSql =
    "SELECT r.room, r.seq, r.body FROM records r JOIN leases l ON l.code = r.room AND l.owner = $2"
    " WHERE r.room = ANY($1::text[]) ORDER BY r.room, r.seq";

// The live rooms whose lease names node $1: what a restarted server takes back at start.
inline constexpr const char* kNodeRooms = "node_rooms";
inline constexpr const char* kNodeRoomsSql = "SELECT code FROM leases WHERE node = $1 ORDER BY code";

// The heartbeat and the renewal of every lease held, one statement: $1 owner, $2 node,
// $3 address, $4, $5 codes and epochs held, $6 time to live (ms). Returns the codes renewed;
// a lease that lapsed or changed hands is not (the room is lost).
inline constexpr const char* kRenew = "renew";
inline constexpr const char* kRenewSql =
    "WITH beat AS ("
    "  INSERT INTO replicas(name, node, address) VALUES ($1, $2, $3)"
    "  ON CONFLICT (name) DO UPDATE SET heartbeat = now(), address = excluded.address),"
    " mine AS MATERIALIZED ("
    "  SELECT l.code FROM leases l JOIN unnest($4::text[], $5::bigint[]) AS h(code, epoch)"
    "    ON l.code = h.code AND l.epoch = h.epoch"
    "  WHERE l.owner = $1 AND l.expires_at > now() ORDER BY l.code FOR UPDATE OF l)"
    " UPDATE leases l SET expires_at = now() + $6::bigint * interval '1 millisecond' FROM mine"
    " WHERE l.code = mine.code RETURNING l.code";

// Deletes the records of up to 64 closed rooms (the oldest first), and replicas silent for a
// day that hold no lease. Several replicas sweep at once without waiting on each other.
inline constexpr const char* kSweep = "sweep";
inline constexpr const char* kSweepSql =
    "WITH doomed AS MATERIALIZED ("
    "  SELECT code FROM rooms WHERE state = 'closed' AND NOT swept ORDER BY finished LIMIT 64"
    "  FOR UPDATE SKIP LOCKED),"
    " gone AS (DELETE FROM records r USING doomed d WHERE r.room = d.code),"
    " silent AS (DELETE FROM replicas p WHERE p.heartbeat < now() - interval '1 day'"
    "  AND NOT EXISTS (SELECT 1 FROM leases l WHERE l.owner = p.name))"
    " UPDATE rooms m SET swept = true FROM doomed d WHERE m.code = d.code RETURNING m.code";

}  // namespace nyan::server::pg_sql
