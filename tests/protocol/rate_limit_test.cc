#include <catch2/catch.hpp>

#include "protocol/rate_limit.h"

using namespace nyan;
using namespace std::chrono_literals;

TEST_CASE("rate limit: a bucket gives its burst at once, then one token per 1/rate", "[protocol][rate]") {
  TokenBucket b(10, 3);
  const auto t = TokenBucket::Clock::now();
  CHECK(b.take(t));
  CHECK(b.take(t));
  CHECK(b.take(t));
  CHECK_FALSE(b.take(t));
  CHECK(b.until_token(t) > 99ms);
  CHECK(b.until_token(t) <= 101ms);
  CHECK_FALSE(b.take(t + 50ms));
  CHECK(b.take(t + 101ms));
  // A message that had to go out anyway puts the bucket in debt: the next waits longer.
  // (0.01 token left after the take at 101 ms, minus one: 1.99 tokens to wait for.)
  b.spend();
  CHECK(b.until_token(t + 101ms) >= 198ms);
  CHECK(b.until_token(t + 101ms) <= 200ms);
  // Never more than the burst, however long it rests.
  CHECK(b.until_token(t + 1h) == TokenBucket::Clock::duration::zero());
  CHECK(b.take(t + 1h));
  CHECK(b.take(t + 1h));
  CHECK(b.take(t + 1h));
  CHECK_FALSE(b.take(t + 1h));
}

TEST_CASE("rate limit: a client's budget stays under the limits its server announces", "[protocol][rate]") {
  CHECK_FALSE(client_budget(Json{{"type", "welcome"}}).has_value());
  CHECK_FALSE(client_budget(Json{{"type", "welcome"}, {"limits", {{"rate_per_second", 0}}}}).has_value());
  const auto before = TokenBucket::Clock::now();
  auto budget = client_budget(Json{{"type", "welcome"}, {"limits", {{"rate_per_second", 30}, {"rate_burst", 60}}}});
  REQUIRE(budget.has_value());
  // Half the burst, less the hello that the welcome answers: 29 at once, not 30.
  const auto t = TokenBucket::Clock::now() + 1ms;
  int taken = 0;
  while (taken < 100 && budget->take(t)) ++taken;
  CHECK(taken == 29);
  // Then 90 % of the announced rate: a token every 1/27 s (37.04 ms), not 1/30 s (33.3 ms),
  // less what the bucket refilled between its making (after `before`) and t.
  const auto refilled = std::chrono::duration_cast<std::chrono::microseconds>(t - before);
  CHECK(budget->until_token(t) >= 37ms - refilled);
  CHECK(budget->until_token(t) <= 37038us - 1ms);
}
