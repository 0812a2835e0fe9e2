#include "server/room/turn_clocks.h"

#include <algorithm>

#include "rules/core/canonical_text.h"

namespace nyan::server {

namespace {
bool contains(const std::vector<Seat>& seats, Seat s) { return std::find(seats.begin(), seats.end(), s) != seats.end(); }
}  // namespace

TurnClocks::TurnClocks(const RoomRules& rules, int seats)
    : mode_(rules.clock),
      move_ms_(rules.move_ms),
      bank_ms_(rules.bank_ms),
      increment_ms_(rules.increment_ms),
      seats_(static_cast<std::size_t>(seats)) {}

void TurnClocks::start(const std::vector<Seat>& to_act, Time now) {
  if (!on()) return;
  for (SeatClock& c : seats_) c = SeatClock{mode_ == RoomRules::Clock::move ? move_ms_ : bank_ms_};
  for (Seat s : to_act)
    if (s >= 0 && s < static_cast<Seat>(seats_.size())) begin(s, now);
}

void TurnClocks::begin(Seat seat, Time at) {
  SeatClock& c = seats_[seat];
  if (mode_ == RoomRules::Clock::move) c.left_ms = move_ms_;
  c.running = true;
  c.since = at;
}

void TurnClocks::stop(Seat seat, Time at, bool decision) {
  SeatClock& c = seats_[seat];
  c.left_ms = mode_ == RoomRules::Clock::move ? move_ms_ : left_at(c, at) + (decision ? increment_ms_ : 0);
  c.running = false;
}

void TurnClocks::acted(Seat actor, bool decision, const std::vector<Seat>& to_act, Time at) {
  if (!on()) return;
  if (decision && actor >= 0 && actor < static_cast<Seat>(seats_.size()) && seats_[actor].running)
    stop(actor, at, /*decision=*/true);
  for (Seat s = 0; s < static_cast<Seat>(seats_.size()); ++s) {
    const bool waited_for = contains(to_act, s);
    if (seats_[s].running && !waited_for) stop(s, at, /*decision=*/false);
    else if (!seats_[s].running && waited_for) begin(s, at);
  }
}

void TurnClocks::resume(const std::vector<std::int64_t>& left_ms, const std::vector<Seat>& to_act, Time now) {
  if (!on()) return;
  const bool usable = left_ms.size() == seats_.size();
  for (std::size_t s = 0; s < seats_.size(); ++s) {
    SeatClock& c = seats_[s];
    c.running = false;
    if (usable) c.left_ms = std::max<std::int64_t>(0, left_ms[s]);
  }
  // Running again from where they stopped: the time the server was down is nobody's.
  for (Seat s : to_act)
    if (s >= 0 && s < static_cast<Seat>(seats_.size())) {
      seats_[s].running = true;
      seats_[s].since = now;
    }
}

std::int64_t TurnClocks::left_at(const SeatClock& c, Time now) const {
  if (!c.running) return c.left_ms;
  const auto spent = std::chrono::duration_cast<std::chrono::milliseconds>(now - c.since).count();
  return std::max<std::int64_t>(0, c.left_ms - std::max<std::int64_t>(0, spent));
}

std::vector<std::int64_t> TurnClocks::left(Time now) const {
  std::vector<std::int64_t> out;
  out.reserve(seats_.size());
  for (const SeatClock& c : seats_) out.push_back(left_at(c, now));
  return out;
}

std::vector<Seat> TurnClocks::running() const {
  std::vector<Seat> out;
  for (Seat s = 0; s < static_cast<Seat>(seats_.size()); ++s)
    if (seats_[s].running) out.push_back(s);
  return out;
}

std::vector<TurnClocks::Deadline> TurnClocks::deadlines() const {
  std::vector<Deadline> out;
  for (Seat s = 0; s < static_cast<Seat>(seats_.size()); ++s)
    if (seats_[s].running) out.push_back(Deadline{s, seats_[s].since + std::chrono::milliseconds(seats_[s].left_ms)});
  return out;
}

bool TurnClocks::expired(Seat seat, Time at) const {
  if (seat < 0 || seat >= static_cast<Seat>(seats_.size())) return false;
  const SeatClock& c = seats_[seat];
  return c.running && at >= c.since + std::chrono::milliseconds(c.left_ms);
}

std::optional<TurnClocks::Time> Timeouts::deadline_of(const TurnClocks& clocks, Seat seat) const {
  for (const TurnClocks::Deadline& d : clocks.deadlines())
    if (d.seat == seat) return d.at;
  return std::nullopt;
}

std::optional<TurnClocks::Deadline> Timeouts::next(const TurnClocks& clocks) const {
  std::optional<TurnClocks::Deadline> first;
  for (const TurnClocks::Deadline& d : clocks.deadlines()) {
    const bool marked = static_cast<std::size_t>(d.seat) < marked_.size() && marked_[d.seat] == d.at;
    if (!marked && (!first || d.at < first->at)) first = d;
  }
  return first;
}

bool Timeouts::run_out(const TurnClocks& clocks, Seat seat, TurnClocks::Time now) {
  if (!clocks.expired(seat, now) || out_of_time(clocks, seat)) return false;
  if (marked_.size() <= static_cast<std::size_t>(seat)) marked_.resize(static_cast<std::size_t>(seat) + 1);
  marked_[seat] = *deadline_of(clocks, seat);
  return true;
}

bool Timeouts::out_of_time(const TurnClocks& clocks, Seat seat) const {
  if (seat < 0 || static_cast<std::size_t>(seat) >= marked_.size()) return false;
  const auto at = deadline_of(clocks, seat);
  return at && marked_[seat] == *at;
}

std::string TurnClocks::frame_member(Time now, std::int64_t now_ms) const {
  std::string out;
  TextWriter w(out);
  w.key("clock").open_object();
  w.key("left").nums(left(now));
  w.key("mode").str(mode_ == RoomRules::Clock::move ? "move" : "bank");
  w.key("now").num(now_ms);
  w.key("running").nums(running());
  w.close_object();
  return out;
}

}  // namespace nyan::server
