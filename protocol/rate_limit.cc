#include "protocol/rate_limit.h"

namespace nyan {

std::optional<TokenBucket> client_budget(const Json& welcome) {
  const Json limits = welcome.value("limits", Json::object());
  const double rate = limits.is_object() ? limits.value("rate_per_second", 0.0) : 0.0;
  if (rate <= 0) return std::nullopt;
  TokenBucket budget(0.9 * rate, std::max(1.0, limits.value("rate_burst", 0.0) / 2));
  budget.spend();  // the hello
  return budget;
}

}  // namespace nyan
