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
// follows, and the deadline is fixed until the decision ends. What the room did when a
// deadline passed is not the clocks' business (Timeouts, below).
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
  // After a record: each seat's time left as journaled (`left_ms`, one per seat; a list of
  // another length keeps the times the clocks have), running from `now` for the seats in
  // `to_act`.
  void resume(const std::vector<std::int64_t>& left_ms, const std::vector<Seat>& to_act, Time now);

  // The time each seat has left at `now`, never below zero.
  std::vector<std::int64_t> left(Time now) const;
  std::vector<Seat> running() const;
  // When each running seat's time runs out.
  struct Deadline {
    Seat seat;
    Time at;
  };
  std::vector<Deadline> deadlines() const;
  // Whether the seat's time for its decision had run out at `at`.
  bool expired(Seat seat, Time at) const;

  // The frame member, without braces around it: "clock":{"left":[...],"mode":..,"now":..,
  // "running":[...]} with `now_ms` the server's wall-clock time in ms since the epoch.
  std::string frame_member(Time now, std::int64_t now_ms) const;

 private:
  struct SeatClock {
    std::int64_t left_ms = 0;  // when it last started or stopped
    bool running = false;
    Time since{};  // when it started running
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

// The deadlines a room has acted on: a clock runs out once per decision (its bot decides, or
// the seat forfeits), however often the room looks. Kept beside the clocks on one server and
// never journaled: after a restore a deadline that has passed is acted on again.
class Timeouts {
 public:
  // The earliest deadline of `clocks` not acted on yet.
  std::optional<TurnClocks::Deadline> next(const TurnClocks& clocks) const;
  // Marks the seat's current deadline as acted on if it had passed at `now`; false when it had
  // not, when the seat's clock is not running, or when it was marked already.
  bool run_out(const TurnClocks& clocks, Seat seat, TurnClocks::Time now);
  // Whether the seat's current deadline was acted on (its bot makes this decision).
  bool out_of_time(const TurnClocks& clocks, Seat seat) const;

 private:
  std::optional<TurnClocks::Time> deadline_of(const TurnClocks& clocks, Seat seat) const;
  std::vector<TurnClocks::Time> marked_;  // per seat: the deadline acted on
};

}  // namespace nyan::server
