// The shared journal: PostgreSQL (--journal postgres), for several servers behind one proxy.
//
// Records. Two writer threads, each with its connection, commit the records of every room
// (group commit, as the SQLite journal does): one statement per batch, so one round trip,
// whatever the number of rooms in it (pg_sql.h, kBatch). While one batch waits for its commit
// the other writer sends the next, so the rooms' pace is not one round trip per batch; a room
// is in one batch at a time, which keeps its records in order. Every append is fenced by this
// replica's lease on the room in that statement (leases.h); a room's first append makes the
// room and its lease (epoch 1). An append the fence refused calls the lease listener
// (`on_lost`) before its `done(false)`; `done(false)` alone is a failure of the database
// (nothing was written: answer `unavailable`).
//
// The database's own failures. A batch whose round trip failed (the server restarted, the
// network dropped, no answer within the statement timeout and two seconds) fails at once,
// `healthy()` turns false, and the writers connect again by themselves, at most once a second
// each, with the same settings (a multi-host URL with target_session_attrs=read-write finds the
// new primary). Whether such a batch committed is not known: its rooms' appends fail until a
// writer has asked for the last record number of each, and a room whose records went further
// than this replica believes (the commit was made although it failed here) is reported lost,
// so it is restored from the database rather than served from a memory that lacks a record.
//
// Load. Rooms are claimed on demand (Leases::claim). At start, `load` hands over only the
// live rooms whose lease names this server's --node: those it held before a restart, taken
// back at once even while the lease of the run before is live (node names are unique among
// the replicas, so that run is this server's past; if it somehow still ran, the new epoch
// fences it out). Give every replica its own --node when several share a database.
//
// Closed rooms' records are deleted by a sweep beside the renewals; broken rooms keep theirs.
// A journal closed cleanly (the server stopping) releases its leases.
#pragma once

#include <memory>
#include <string>

#include "server/journal/journal.h"
#include "server/journal/leases.h"
#include "server/journal/pg_connection.h"

namespace nyan::server {

struct PgJournalOptions {
  PgSettings database;
  std::string node;       // this server's --node name (may be empty for a lone server)
  std::string address;    // the routing hint other replicas are given for its rooms
  int lease_ttl_ms = 10'000;
  // How often the leases are renewed (and the heartbeat sent): 0 is a third of the time to
  // live. Negative: never, nor are lapsed leases given up (a test's stand-in for a server
  // that stopped running).
  int renew_every_ms = 0;
  int group_commit_us = 2'000;  // as the SQLite journal's --group-commit-us
};

class PostgresJournal : public Journal, public Leases {
 public:
  Leases* leases() override { return this; }
};

// Connects, checks and migrates the schema, and starts the journal's threads. nullptr with
// `error` (one line saying what is wrong: the URL, the password file, the server
// unreachable, the password refused, no such database, a newer schema) otherwise.
std::unique_ptr<PostgresJournal> open_postgres_journal(const PgJournalOptions& options, std::string& error);

}  // namespace nyan::server
