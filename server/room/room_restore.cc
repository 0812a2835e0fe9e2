// Rebuilding a room from its journal (at start, or when a room moves to this server): every
// record read and applied in order, exactly as the live room applied it. RoomState::apply
// checks each against the room (an action the engine accepts at the version journaled, a seat
// in range, a game in order), and the views reached must have the hashes journaled with each
// game's last action (the views the clients hold): checked once per game rather than after
// every action, since building every seat's view for every action made a restart with 10,000
// rooms several times longer, and an engine that replays every action to the same final
// views cannot have diverged in a way any client can observe. Anything else marks the room
// broken (the caller logs it once and leaves the room out).
#include <boost/asio/post.hpp>

#include "server/room/room.h"

namespace nyan::server {

bool Room::restore(const std::vector<Json>& records, std::string& problem) {
  for (std::size_t i = 0; i < records.size(); ++i) {
    Record record;
    std::string why;
    if (!read_record(records[i], record, why) || !apply(record, nullptr, why)) {
      problem = "record " + std::to_string(i + 1) + ": " + (why.empty() ? std::string(kind_of(record)) : why);
      return false;
    }
    if (state_.status() == RoomStatus::closed) {
      problem = "record " + std::to_string(i + 1) + ": the room was closed";
      return false;
    }
  }
  if (!state_.finish_restore(problem)) return false;
  if (state_.status() == RoomStatus::over && !state_.finished().empty() &&
      journal_time_ms() - state_.finished().back().finished_at_ms > ctx_.config.retention_ms) {
    problem = "retention expired";
    expired_ = true;
    return false;
  }
  // Nobody is connected yet: every seat is in its grace period again, the clocks run again
  // from the times journaled, and a bot to act thinks again (on the room's strand, as always).
  for (Seat s = 0; s < state_.seat_count(); ++s)
    if (state_.seat(s).claimed) seat_dropped(s);
  arm_idle_timer();
  net::post(strand_, [self = shared_from_this()] {
    self->arm_clock();
    self->ask_bots();
  });
  return true;
}

}  // namespace nyan::server
