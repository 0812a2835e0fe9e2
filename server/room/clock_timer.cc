#include "server/room/clock_timer.h"

namespace nyan::server {

void ClockTimer::arm(const TurnClocks& clocks, std::shared_ptr<void> owner, std::function<void()> expired) {
  cancel();
  if (paused_) return;
  const auto next = timeouts_.next(clocks);
  if (!next) return;
  timer_.expires_at(next->at);
  timer_.async_wait([this, generation = generation_, owner = std::move(owner),
                     expired = std::move(expired)](boost::system::error_code ec) mutable {
    if (ec || generation != generation_) return;
    queue_.when_idle([this, generation, owner = std::move(owner), expired = std::move(expired)] {
      if (generation == generation_) expired();
    });
  });
}

void ClockTimer::cancel() {
  ++generation_;
  timer_.cancel();
}

}  // namespace nyan::server
