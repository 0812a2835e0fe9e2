// The PostgreSQL journal's tables, made and upgraded by migrations when a server opens the
// database (several replicas starting at once take turns under an advisory lock).
//
//   schema_version  one row: the migrations applied. A server refuses a database whose version
//                   is newer than the last migration it knows (one that an upgrade wrote).
//   rooms           code (key), state live | closed | broken, created, finished (when it was
//                   closed or marked broken), swept (a closed room's records deleted).
//   records         room, seq (0, 1, 2, … per room; the key is (room, seq), so two writers can
//                   never both write a room's n-th record), epoch (the lease's epoch the record
//                   was written under), body (the record's canonical JSON text, byte for byte as
//                   the room gave it), t (the database's time of the commit).
//   leases          code (key; one row per live room), owner (the holding replica's name, new in
//                   every run of a server), node (its --node name), epoch (1 when the room was
//                   made; one more every time the lease changes hands or is taken after it
//                   lapsed or was released), expires_at (the database's clock; '-infinity' once
//                   released).
//   replicas        name (key), node, address (where the replica says it can be reached: the
//                   routing hint for its rooms), started, heartbeat (renewed with its leases).
//
// A closed or broken room has no lease: nobody writes it again. No foreign keys: the rows
// that belong together (a room, its lease, its first records) are written by one statement.
#pragma once

#include <string>

namespace nyan::server {

class PgConnection;

// The schema version this build writes.
int postgres_schema_version();

// Brings the database up to this build's schema on `conn` (a connection with no prepared
// statements). False with `error` when the database is newer than this build or a migration
// failed.
bool migrate_postgres(PgConnection& conn, std::string& error);

}  // namespace nyan::server
