#include "rules/core/game_type.h"

#include <algorithm>

#include "rules/core/room_options.h"

namespace nyan {

int GameType::seat_count(const Json& options) const {
  if (min_seats == max_seats) return min_seats;
  auto it = options.find("players");
  if (it == options.end() || !it->is_number_integer()) return min_seats;
  return it->get<int>();
}

std::vector<std::string> GameType::side_actions() const {
  std::vector<std::string> out;
  for (const ActionForm& f : action_forms)
    if (f.side && std::find(out.begin(), out.end(), f.type) == out.end()) out.push_back(f.type);
  return out;
}

const OutcomeReason* GameType::outcome_reason(const std::string& reason) const {
  for (const OutcomeReason& r : outcome_reasons)
    if (r.reason == reason) return &r;
  return nullptr;
}

Json catalog_entry(const GameType& type) {
  Json schema = Json::array();
  for (const auto& spec : type.options) schema.push_back(spec.to_json());
  for (const auto& spec : room_option_schema()) {
    Json j = spec.to_json();
    j["room"] = true;  // the same for every game: clients may show them apart
    schema.push_back(std::move(j));
  }
  Json reasons = Json::array();
  for (const OutcomeReason& r : type.outcome_reasons) reasons.push_back({{"reason", r.reason}, {"meaning", r.meaning}});
  return {{"id", type.id},
          {"title", type.title},
          {"title_ja", type.title_ja},
          {"summary", type.summary},
          {"min_seats", type.min_seats},
          {"max_seats", type.max_seats},
          {"options", schema},
          {"actions", action_schema(type.action_forms)},
          {"side_actions", type.side_actions()},
          {"outcome_reasons", reasons}};
}

}  // namespace nyan
