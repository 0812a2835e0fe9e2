#include "protocol/errors.h"

#include <array>

namespace nyan {

namespace {
constexpr std::array<std::string_view, kProtoErrorCount> kNames = {
    "bad_json",      "too_large",       "rate_limited",   "protocol_version", "hello_required",
    "unknown_type",  "bad_field",       "unknown_game",   "bad_options",      "unknown_room",
    "room_full",     "seat_taken",      "bad_token",      "wrong_seat",       "not_in_room",
    "already_in_room", "not_host",      "bad_state",      "not_your_turn",    "illegal_action",
    "malformed_action", "game_over",    "id_reused",      "out_of_time",      "unavailable",
    "internal",
};
}  // namespace

std::string_view to_string(ProtoError e) { return kNames[static_cast<int>(e)]; }

std::optional<ProtoError> proto_error_from_string(std::string_view s) {
  for (int i = 0; i < kProtoErrorCount; ++i)
    if (kNames[i] == s) return static_cast<ProtoError>(i);
  return std::nullopt;
}

ProtoError from_rule_error(RuleError e) {
  switch (e) {
    case RuleError::malformed_action: return ProtoError::malformed_action;
    case RuleError::illegal_action: return ProtoError::illegal_action;
    case RuleError::not_your_turn: return ProtoError::not_your_turn;
    case RuleError::game_over: return ProtoError::game_over;
    case RuleError::invalid_seat: return ProtoError::wrong_seat;
    case RuleError::bad_option: return ProtoError::bad_options;
    case RuleError::internal: return ProtoError::internal;
  }
  return ProtoError::internal;
}

}  // namespace nyan
