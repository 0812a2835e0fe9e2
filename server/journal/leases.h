// Who serves a room when several servers share one journal.
//
// A room is served by at most one replica at a time: the one holding its lease (owner, epoch,
// expiry) in the shared journal. A new room's lease is made with its first records, at epoch
// 1. A replica asked for a room it does not serve claims it: the lease is taken if it is free
// (released), lapsed, or already this replica's, the epoch going up by one whenever it
// changes hands or lapsed, and the room's records come back for restore. Every later append
// is fenced by that epoch in the journal's own transaction, so a replica that lost the lease
// (paused, cut off, slower than the lease) never writes another record of the room. The
// journal renews this replica's leases in batches; a room whose lease could not be renewed,
// or whose append was refused by the fence, is reported once to `on_lost`, and the replica
// must stop serving it (close its connections with "reconnect" and drop it from memory).
//
// Every decision about expiry is the database's (its clock, now()): the replicas' clocks never
// enter it. A replica only uses its own monotonic clock to give up its leases early: when no
// renewal has succeeded for a lease's whole time to live since the renewal was sent, it
// reports the lease lost although the database may still count it as held.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "rules/core/types.h"

namespace nyan::server {

// What claiming a room found.
struct Claim {
  enum class Outcome {
    claimed,         // this replica serves the room now: `epoch`, `records`
    held_elsewhere,  // a live lease of another replica: `owner`, `owner_node`, `owner_address`
    unknown,         // no such room, or it was closed or marked broken: nothing to serve
    failed,          // the journal could not be asked (`error`); try again later
  };
  Outcome outcome = Outcome::failed;
  std::int64_t epoch = 0;
  // Claimed from another replica, or after its lease lapsed or was released: the epoch went
  // up (the room is taken over). False when the lease was already this replica's.
  bool took_over = false;
  std::vector<Json> records;  // every record of the room, in order, as Journal::load gives them
  std::string owner;          // the holding replica's name (unique to one run of one server)
  std::string owner_node;     // its --node name
  std::string owner_address;  // where it said it can be reached (a routing hint); may be empty
  std::string error;
};

class Leases {
 public:
  using Lost = std::function<void(const std::string& code)>;
  using Claimed = std::function<void(Claim&&)>;
  virtual ~Leases() = default;

  // This replica's name in the leases: its --node name and a part that is new in every run, so
  // a restarted server is never mistaken for the one before it.
  virtual const std::string& replica() const = 0;

  // Called for each room this replica lost (its lease taken over or lapsed, or an append
  // refused by the fence; for a refused append, before that append's `done(false)`), from one
  // of the journal's threads: once when it is found out, and again for every append the room
  // still sends after it (a listener ignores a room it no longer serves). Set it before the
  // first append or claim.
  virtual void on_lost(Lost lost) = 0;

  // Claims room `code` (see the top of this file). `done` runs once, on one of the journal's
  // threads. Claims that wait together share one round trip to the database.
  virtual void claim(const std::string& code, Claimed done) = 0;

  // Gives up the leases of `codes` after every record appended so far for them (they are
  // queued behind the appends): another replica may claim them at once. `done(false)` when
  // the database could not be told; the leases then lapse on their own.
  virtual void release(std::vector<std::string> codes, std::function<void(bool ok)> done) = 0;
  // Releases every lease this replica holds and waits for it (a draining server, after its
  // rooms stopped writing). False when the database could not be told.
  virtual bool release_all() = 0;

  // Where the proxy or another replica can reach this one ("10.0.0.7:8080"), given to the
  // replicas that find one of its rooms held: sent with the next heartbeat.
  virtual void set_address(std::string address) = 0;

  // The rooms whose leases this replica holds now.
  virtual std::size_t held() const = 0;
};

}  // namespace nyan::server
