// The journal: what a room writes so that nothing a player saw accepted is ever lost.
//
// A room appends records (JSON objects with a "kind" and the wall-clock time "t") in order,
// as canonical text; `done(true)` runs once they are durable, and only then does the room
// broadcast their effects. The interface knows
// nothing about games or sockets, so another backend (a networked database) can replace the
// embedded one without touching rooms.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "rules/core/types.h"

namespace nyan::server {

class Leases;

// Everything journaled about one room, in order, for recovery at start.
struct StoredRoom {
  std::string code;
  std::vector<Json> records;
};

class Journal {
 public:
  using Done = std::function<void(bool ok)>;
  virtual ~Journal() = default;

  // "sqlite <path>" / "in-memory (nothing survives a restart)".
  virtual std::string describe() const = 0;
  // Appends `records` of room `code` (each a record's canonical JSON text, with its "t"), in
  // order after that room's earlier records. `done` is called exactly once, from any thread,
  // when they are durable (true) or failed (false).
  virtual void append(const std::string& code, std::vector<std::string> records, Done done) = 0;
  // False while writes are failing (a full or read-only disk): /readyz turns unready.
  virtual bool healthy() const = 0;
  // False for the in-memory mode: there is nothing to wait for, so rooms need not write
  // records or defer their answers.
  virtual bool keeps_records() const { return true; }
  // Calls `each` with every room that still matters (not closed, not broken), one room at a
  // time with its records in order, so a large journal is never all in memory at once.
  virtual void load(const std::function<void(StoredRoom&&)>& each) = 0;
  // Marks a room's records as no longer needed (closed, or past retention).
  virtual void forget(const std::string& code) = 0;
  // Keeps a room's records but stops loading them (they failed to replay).
  virtual void mark_broken(const std::string& code) = 0;
  // Waits until everything appended so far is durable or failed.
  virtual void flush() = 0;
  // The rooms' leases when several servers share this journal (journal/leases.h); nullptr
  // when this server alone writes it, and so serves every room it holds.
  virtual Leases* leases() { return nullptr; }
};

// The wall-clock time a record carries as "t" (milliseconds since the epoch): the retention
// of finished rooms is counted from it.
std::int64_t journal_time_ms();
// `record` with its "t" (now), as the canonical text append() takes.
std::string journal_record(Json record);

// The explicit in-memory mode: every append succeeds at once and nothing is kept.
std::unique_ptr<Journal> make_memory_journal();

}  // namespace nyan::server
