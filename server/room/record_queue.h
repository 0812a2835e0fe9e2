// A room's records on their way to the journal, one write in flight at a time. While one is,
// everything else that may write (client messages, the room's timers, bots' answers) waits
// here and runs in order once it is done, so that nothing acts on a room its records have not
// made yet. A room applies its records in the write's completion (the commit-on-durable rule:
// until the journal says a record is durable the room is as it was, and if the write fails
// it stays so).
#pragma once

#include <boost/asio/any_io_executor.hpp>
#include <boost/asio/strand.hpp>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "server/common/fifo.h"
#include "server/journal/journal.h"

namespace nyan::server {

class RecordQueue {
 public:
  using Strand = boost::asio::strand<boost::asio::any_io_executor>;

  RecordQueue(Journal& journal, const std::string& code, Strand& strand)
      : journal_(journal), code_(code), strand_(strand) {}

  bool busy() const { return busy_; }
  // False for the in-memory mode: records need not be written out, and nothing waits.
  bool keeps_records() const { return journal_.keeps_records(); }

  // Writes `texts` (nothing else is in flight: callers run from the strand when idle), then
  // runs `done(ok)` on the strand, then whatever queued meanwhile. Without a journal that keeps
  // records `done(true)` runs at once. `owner` (the room) lives until then.
  void write(std::vector<std::string> texts, std::shared_ptr<void> owner, std::function<void(bool ok)> done);

  // Runs `work` now, or after the write in flight and the work queued before it.
  void when_idle(std::function<void()> work);
  // A client message's work, queued behind the write in flight; false when `max` messages wait
  // already (a timer's work is never refused).
  bool queue_message(std::function<void()> work, std::size_t max);

 private:
  struct Queued {
    std::function<void()> run;
    bool message = false;
  };
  void drain();

  Journal& journal_;
  const std::string& code_;
  Strand& strand_;
  bool busy_ = false;
  Fifo<Queued> queue_;
};

}  // namespace nyan::server
