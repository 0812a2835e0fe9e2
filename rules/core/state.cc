#include "rules/core/state.h"

#include <algorithm>
#include <exception>

#include "rules/core/canonical_text.h"

namespace nyan {

std::string_view to_string(RuleError code) {
  switch (code) {
    case RuleError::malformed_action: return "malformed_action";
    case RuleError::illegal_action: return "illegal_action";
    case RuleError::not_your_turn: return "not_your_turn";
    case RuleError::game_over: return "game_over";
    case RuleError::invalid_seat: return "invalid_seat";
    case RuleError::bad_option: return "bad_option";
    case RuleError::internal: return "internal";
  }
  return "internal";
}

Json Outcome::to_json() const {
  Json j = {{"winners", winners}, {"reason", reason}, {"turns", turns}, {"details", details}};
  if (!scores.empty()) j["scores"] = scores;
  return j;
}

bool Sealed::known_by(Seat s) const {
  return revealed || std::find(known_to.begin(), known_to.end(), s) != known_to.end();
}

Result State::apply(Seat seat, const Json& action) {
  if (seat < 0 || seat >= seat_count())
    return Result::fail(RuleError::invalid_seat, "no such seat");
  if (over()) return Result::fail(RuleError::game_over, "the game is over");
  if (!action.is_object())
    return Result::fail(RuleError::malformed_action, "an action must be a JSON object");
  auto type = action.find("type");
  if (type == action.end() || !type->is_string())
    return Result::fail(RuleError::malformed_action, "an action needs a string field 'type'");

  bool any = false;
  const std::optional<Json> match = find_legal(seat, canonical_action(seat, action), any);
  if (!any) return Result::fail(RuleError::not_your_turn, "it is not your turn");
  if (!match) return Result::fail(explain_rejection(seat, action));

  try {
    do_apply(seat, *match);
  } catch (const std::exception&) {
    // Only an engine bug gets here: the action was one the engine itself listed.
    return Result::fail(RuleError::internal, "engine error");
  }
  return Result::ok();
}

std::optional<Json> State::find_legal(Seat seat, const Json& action, bool& any) const {
  std::vector<Json> legal = legal_actions(seat);
  any = !legal.empty();
  auto match = std::find(legal.begin(), legal.end(), action);
  if (match == legal.end()) return std::nullopt;
  return std::move(*match);
}

std::string State::view_text(Seat seat) const { return canonical_json(view(seat)); }

std::string State::legal_text(Seat seat) const { return canonical_json(Json(legal_actions(seat))); }

Error State::explain_rejection(Seat, const Json& action) const {
  std::string type = action.at("type").get<std::string>();
  if (type.size() > 40) type = type.substr(0, 40) + "...";
  return Error{RuleError::illegal_action,
               "'" + type + "' with these fields is not a legal action now"};
}

}  // namespace nyan
