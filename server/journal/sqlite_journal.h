// The embedded journal backend: one SQLite database (WAL mode, synchronous=FULL) in the data
// directory. A single writer thread commits records from every room in batches (group
// commit): records that arrive while one commit is being fsynced share the next, and while
// commits are busy a batch also waits up to `group_commit_us` for more. A failed
// commit (full or read-only disk) rolls back, fails that batch's records and marks the journal
// unhealthy; every later batch tries again, so the server recovers when space returns.
// Records are stored in commit order; a forgotten room's records are deleted later, by a
// sweep that starts once forgotten rooms hold as many records as the others (and at least
// `sweep_min_records`).
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "server/journal/journal.h"

namespace nyan::server {

// nullptr with `error` set when the database cannot be opened or migrated.
std::unique_ptr<Journal> open_sqlite_journal(const std::string& data_dir, int group_commit_us, std::string& error,
                                             std::int64_t sweep_min_records = 20000);

// The schema version this build writes (PRAGMA user_version).
int sqlite_schema_version();

}  // namespace nyan::server
