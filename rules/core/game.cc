#include "rules/core/game.h"

#include <algorithm>

#include "rules/core/room_options.h"

namespace nyan {

Result Game::normalize_options(const Json& given, Json& out) const {
  // The room options (clock, on_timeout, drop_policy) are every game's, checked apart.
  Json own = given;
  if (own.is_object())
    for (auto it = own.begin(); it != own.end();) it = is_room_option(it.key()) ? own.erase(it) : std::next(it);
  Json normalized;
  if (Result r = nyan::normalize_options(option_schema(), own, normalized); !r) return r;
  if (Result r = check_options(normalized); !r) return r;
  if (Result r = normalize_room_options(given, normalized); !r) return r;
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
  for (const auto& spec : room_option_schema()) {
    Json j = spec.to_json();
    j["room"] = true;  // the same for every game: clients may show them apart
    schema.push_back(std::move(j));
  }
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
