#include "rules/core/state.h"

#include <algorithm>
#include <exception>


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

  const Json canonical = canonical_action(seat, action);
  const ActionList legal(*this, seat);
  if (legal.empty()) return Result::fail(RuleError::not_your_turn, "it is not your turn");
  if (!legal.find(canonical)) return Result::fail(explain_rejection(seat, action));

  try {
    do_apply(seat, canonical);
  } catch (const std::exception&) {
    // Only an engine bug gets here: the action was one the engine itself listed.
    return Result::fail(RuleError::internal, "engine error");
  }
  return Result::ok();
}

Result State::forfeit(Seat seat) {
  if (seat < 0 || seat >= seat_count()) return Result::fail(RuleError::invalid_seat, "no such seat");
  if (over()) return Result::fail(RuleError::game_over, "the game is over");
  try {
    if (!do_forfeit(seat)) return Result::fail(RuleError::illegal_action, "this game has no forfeit");
  } catch (const std::exception&) {
    return Result::fail(RuleError::internal, "engine error");  // an engine bug, as in apply()
  }
  return Result::ok();
}

std::vector<Json> State::legal_actions(Seat seat) const { return ActionList(*this, seat).parse_all(); }

std::string State::legal_text(Seat seat) const { return std::string(ActionList(*this, seat).text()); }

const std::string& State::outcome_text() const {
  if (outcome_final_) return outcome_text_;
  outcome_text_ = canonical_json_fitted(outcome().to_json());
  outcome_final_ = over();
  return outcome_text_;
}

std::string State::view_text(Seat seat) const {
  std::string out;
  out.reserve(1024);
  TextWriter w(out);
  write_view(w, seat);
  return out;
}

std::vector<std::string> State::view_texts(const std::vector<Seat>& viewers) const {
  std::vector<std::string> out;
  for (const Seat viewer : viewers) out.push_back(view_text(viewer));
  return out;
}

Json State::view(Seat seat) const { return Json::parse(view_text(seat)); }

Error State::explain_rejection(Seat, const Json& action) const {
  std::string type = action.at("type").get<std::string>();
  if (type.size() > 40) type = type.substr(0, 40) + "...";
  return Error{RuleError::illegal_action,
               "'" + type + "' with these fields is not a legal action now"};
}

}  // namespace nyan
