// A token bucket: `rate` messages per second sustained, `burst` at once. The server limits
// each connection with one; a client keeps one of its own, made from the limits the server
// announces in `welcome`, so that it waits instead of having messages dropped.
#pragma once

#include <algorithm>
#include <chrono>
#include <optional>

#include "rules/core/types.h"

namespace nyan {

class TokenBucket {
 public:
  using Clock = std::chrono::steady_clock;
  TokenBucket(double rate, double burst) : rate_(rate), burst_(burst), tokens_(burst), last_(Clock::now()) {}

  // Takes one token; false when the bucket is empty.
  bool take(Clock::time_point now = Clock::now()) { return take_share(1.0, now); }
  // Takes `share` of a token (0 < share <= 1): something that costs less than a message.
  bool take_share(double share, Clock::time_point now = Clock::now()) {
    refill(now);
    if (tokens_ < share) return false;
    tokens_ -= share;
    return true;
  }
  // Takes one token whether or not there is one: a message that had to go out anyway.
  void spend() { tokens_ -= 1.0; }
  // How long until take() would succeed (zero when it would now).
  Clock::duration until_token(Clock::time_point now = Clock::now()) {
    refill(now);
    if (tokens_ >= 1.0) return Clock::duration::zero();
    return std::chrono::ceil<Clock::duration>(std::chrono::duration<double>((1.0 - tokens_) / rate_));
  }

 private:
  void refill(Clock::time_point now) {
    const double elapsed = std::chrono::duration<double>(now - last_).count();
    last_ = now;
    tokens_ = std::min(burst_, tokens_ + elapsed * rate_);
  }

  double rate_, burst_, tokens_;
  Clock::time_point last_;
};

// A client's budget from a `welcome` message's limits, with the welcome's hello already
// spent: a little under the announced rate (the server counts arrivals, which jitter) and
// half its burst. nullopt when the server announces no limit.
std::optional<TokenBucket> client_budget(const Json& welcome);

}  // namespace nyan
