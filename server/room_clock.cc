// The turn clocks of a room's game (room option `clock`): started with each game, charged as
// actions arrive (the journal record of each action carries every seat's time left, so a
// restart resumes them), shown in every snapshot and update, and acted on when one runs out:
// the seat's bot makes that decision (`on_timeout` "bot"), or the seat forfeits where the
// game has a forfeit ("forfeit"; elsewhere the bot decides).
#include <boost/asio/post.hpp>

#include "server/log.h"
#include "server/room.h"

namespace nyan::server {

namespace {
std::int64_t wall_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
      .count();
}
}  // namespace

void Room::start_clocks() {
  clocks_ = TurnClocks(rules_, static_cast<int>(seats_.size()));
  clocks_.start(match_->state().to_act(), Clock::now());
  arm_clock();
}

void Room::resume_clocks(const Json& left_ms) {
  clocks_ = TurnClocks(rules_, static_cast<int>(seats_.size()));
  if (match_->over()) return;
  clocks_.start(match_->state().to_act(), Clock::now());
  if (!left_ms.is_null()) clocks_.resume(left_ms, match_->state().to_act(), Clock::now());
  arm_clock();
}

std::string Room::clock_member() const {
  if (!clocks_.on() || !match_) return {};
  return clocks_.frame_member(Clock::now(), wall_ms());
}

bool Room::late(Seat seat, Clock::time_point at) const {
  return clocks_.on() && !clocks_paused_ && clocks_.expired(seat, at);
}

void Room::arm_clock() {
  ++clock_generation_;
  clock_timer_.cancel();
  if (clocks_paused_ || status_ != Status::playing) return;
  const auto next = clocks_.next_deadline();
  if (!next) return;
  clock_timer_.expires_at(next->at);
  clock_timer_.async_wait([self = shared_from_this(), generation = clock_generation_](boost::system::error_code ec) {
    if (ec || generation != self->clock_generation_) return;
    self->when_idle([self, generation] {
      if (generation == self->clock_generation_) self->clock_expired();
    });
  });
}

void Room::clock_expired() {
  if (status_ != Status::playing || clocks_paused_) return;
  const auto now = Clock::now();
  for (Seat s = 0; s < static_cast<Seat>(seats_.size()); ++s)
    if (clocks_.run_out(s, now)) out_of_time(s);
  arm_clock();
}

void Room::out_of_time(Seat seat) {
  metrics().clock_timeouts++;
  log::info("clock_ran_out", {{"room", code_}, {"game_no", game_no_}, {"seat", seat}, {"version", match_->version()}});
  if (rules_.forfeit_on_timeout && game_.type().forfeits) {
    // After anything in flight (another seat's forfeit may already have ended the game).
    return when_idle([this, seat, game_no = game_no_] {
      if (status_ != Status::playing || game_no != game_no_ || !clocks_.out_of_time(seat)) return;
      log::info("forfeit", {{"room", code_}, {"game_no", game_no_}, {"seat", seat}});
      apply_action(seat, forfeit_action(), nullptr, nullptr, Clock::now(), /*forfeit=*/true);
    });
  }
  // The seat's bot makes this one decision (bot_plays sees the clock out of time); the seat
  // stays the player's for the next. Team and co-operative games have no forfeit: the same.
  ask_bots();
}

void Room::pause_clocks(std::function<void()> done) {
  net::post(strand_, [self = shared_from_this(), done = std::move(done)]() mutable {
    self->when_idle([self, done = std::move(done)] {
      const bool running = self->status_ == Status::playing && self->clocks_.on() && !self->clocks_paused_;
      self->clocks_paused_ = true;
      self->arm_clock();  // cancels the timer
      if (!running || !self->ctx_.journal.keeps_records()) return done();
      self->journal_then({{{"kind", "clock_paused"},
                           {"game_no", self->game_no_},
                           {"left", self->clocks_.left(Clock::now())}}},
                         [done](bool) { done(); });
    });
  });
}

}  // namespace nyan::server
