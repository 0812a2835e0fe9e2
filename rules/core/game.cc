#include "rules/core/game.h"

#include <algorithm>

namespace nyan {

Result Game::normalize_options(const Json& given, Json& out) const {
  Json normalized;
  if (Result r = nyan::normalize_options(option_schema(), given, normalized); !r) return r;
  if (Result r = check_options(normalized); !r) return r;
  out = std::move(normalized);
  return Result::ok();
}

int Game::seat_count(const Json& options) const {
  if (min_seats() == max_seats()) return min_seats();
  auto it = options.find("players");
  if (it == options.end() || !it->is_number_integer()) return min_seats();
  return it->get<int>();
}

Json Game::catalog_entry() const {
  Json schema = Json::array();
  for (const auto& spec : option_schema()) schema.push_back(spec.to_json());
  const std::vector<ActionForm> forms = action_forms();
  Json side = Json::array();
  for (const ActionForm& f : forms)
    if (f.side && std::find(side.begin(), side.end(), f.type) == side.end()) side.push_back(f.type);
  Json reasons = Json::array();
  for (const Reason& r : outcome_reasons()) reasons.push_back({{"reason", r.reason}, {"meaning", r.meaning}});
  return {{"id", id()},
          {"title", title()},
          {"title_ja", title_ja()},
          {"summary", summary()},
          {"min_seats", min_seats()},
          {"max_seats", max_seats()},
          {"options", schema},
          {"actions", action_schema(forms)},
          {"side_actions", side},
          {"outcome_reasons", reasons}};
}

}  // namespace nyan
