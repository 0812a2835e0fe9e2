// A token bucket: `rate` messages per second sustained, `burst` at once.
#pragma once

#include <algorithm>
#include <chrono>

namespace nyan::server {

class TokenBucket {
 public:
  using Clock = std::chrono::steady_clock;
  TokenBucket(double rate, double burst) : rate_(rate), burst_(burst), tokens_(burst), last_(Clock::now()) {}

  // Takes one token; false when the bucket is empty.
  bool take(Clock::time_point now = Clock::now()) {
    const double elapsed = std::chrono::duration<double>(now - last_).count();
    last_ = now;
    tokens_ = std::min(burst_, tokens_ + elapsed * rate_);
    if (tokens_ < 1.0) return false;
    tokens_ -= 1.0;
    return true;
  }

 private:
  double rate_, burst_, tokens_;
  Clock::time_point last_;
};

}  // namespace nyan::server
