// A room's timer for its turn clocks: armed for the earliest deadline the room has not acted
// on, it runs the room's work on the room's strand once the record in flight is done. The
// deadlines acted on (Timeouts) and the pause of a stopping server live here too: they are
// this server's business, not the room's records.
#pragma once

#include <boost/asio/steady_timer.hpp>
#include <cstdint>
#include <functional>
#include <memory>

#include "server/room/record_queue.h"
#include "server/room/turn_clocks.h"

namespace nyan::server {

class ClockTimer {
 public:
  ClockTimer(RecordQueue::Strand& strand, RecordQueue& queue) : timer_(strand), queue_(queue) {}

  // Arms the timer for the earliest deadline of `clocks` not acted on yet (none while paused):
  // `expired` runs then, unless the timer was armed again or cancelled meanwhile. `owner` (the
  // room) lives until then.
  void arm(const TurnClocks& clocks, std::shared_ptr<void> owner, std::function<void()> expired);
  void cancel();

  // The server stops: no deadline is acted on from now.
  void pause() {
    paused_ = true;
    cancel();
  }
  bool paused() const { return paused_; }

  Timeouts& timeouts() { return timeouts_; }
  const Timeouts& timeouts() const { return timeouts_; }

 private:
  boost::asio::steady_timer timer_;
  RecordQueue& queue_;
  std::uint64_t generation_ = 0;  // a timer that fires after it was armed again is stale
  bool paused_ = false;
  Timeouts timeouts_;
};

}  // namespace nyan::server
