// The turn clocks of one game: how much time each seat has left, and whose clocks run. A
// value the room keeps beside its match; an action is worked out against a copy (which the
// journal record carries), and the copy becomes the room's when the action is durable.
//
// The seats the game waits for (State::to_act) have running clocks. A seat's decision ends
// when it acts with an action that moves the game on (a side action, such as Kushine's talk,
// ends nothing and stops no clock), or when the game stops waiting for it. Mode `move`: each
// decision has the same time, and the next one starts full. Mode `bank`: a seat spends one
// reserve over the game, and gets the increment back after each decision it makes.
//
// Times are kept as the time left when the clock last stopped or started (`left_ms`) and,
// for a running clock, the steady-clock instant it started: the time left at any instant
// follows, and the deadline is fixed until the decision ends.
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "rules/core/room_options.h"
#include "rules/core/types.h"

namespace nyan::server {

class TurnClocks {
 public:
  using Time = std::chrono::steady_clock::time_point;

  TurnClocks() = default;  // off
  TurnClocks(const RoomRules& rules, int seats);

  bool on() const { return mode_ != RoomRules::Clock::off; }

  // A new game: every seat's full time; the seats in `to_act` start at `now`.
  void start(const std::vector<Seat>& to_act, Time now);
  // An accepted action of `actor` at `at` (when it reached the server): if it was a decision
  // (not a side action) the actor's decision ends; then the clocks follow `to_act`, the
  // seats the game waits for after it.
  void acted(Seat actor, bool decision, const std::vector<Seat>& to_act, Time at);
  // After a restart: each seat's time left as journaled (`left_ms`, one per seat; a missing
  // or malformed list keeps the full times), running from `now` for the seats in `to_act`.
  void resume(const Json& left_ms, const std::vector<Seat>& to_act, Time now);

  // The time each seat has left at `now`, never below zero.
  std::vector<std::int64_t> left(Time now) const;
  std::vector<Seat> running() const;
  // The running seat whose time runs out first and when, ignoring seats already out of time.
  struct Deadline {
    Seat seat;
    Time at;
  };
  std::optional<Deadline> next_deadline() const;
  // Whether the seat's time for its decision had run out at `at`.
  bool expired(Seat seat, Time at) const;
  // Marks the seat's time as run out (its clock shows 0 and no deadline is given for it again
  // until its decision ends). False if the seat's clock is not running or has time left.
  bool run_out(Seat seat, Time now);
  bool out_of_time(Seat seat) const {
    return seat >= 0 && seat < static_cast<Seat>(seats_.size()) && seats_[seat].out;
  }

  // The frame member, without braces around it: "clock":{"left":[...],"mode":..,"now":..,
  // "running":[...]} with `now_ms` the server's wall-clock time in ms since the epoch.
  std::string frame_member(Time now, std::int64_t now_ms) const;

 private:
  struct SeatClock {
    std::int64_t left_ms = 0;  // when it last started or stopped
    bool running = false;
    bool out = false;  // ran out during the current decision
    Time since{};      // when it started running
  };
  std::int64_t left_at(const SeatClock& c, Time now) const;
  void stop(Seat seat, Time at, bool decision);
  void begin(Seat seat, Time at);

  RoomRules::Clock mode_ = RoomRules::Clock::off;
  std::int64_t move_ms_ = 0;
  std::int64_t bank_ms_ = 0;
  std::int64_t increment_ms_ = 0;
  std::vector<SeatClock> seats_;
};

}  // namespace nyan::server
