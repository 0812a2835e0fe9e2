// Protocol error codes: every rejected message is answered with one of these (and a
// message for people). They map one-to-one to the `code` field of an `error` message.
#pragma once

#include <optional>
#include <string_view>

#include "rules/core/result.h"

namespace nyan {

enum class ProtoError {
  bad_json,          // not valid JSON, not an object, or nested too deeply
  too_large,         // the message exceeds the size limit
  rate_limited,      // too many messages per second on this connection
  protocol_version,  // hello with an unsupported protocol version
  hello_required,    // the first message must be hello
  unknown_type,      // no such message type
  bad_field,         // a missing or mistyped field
  unknown_game,      // create: no such game id
  bad_options,       // create: options rejected by the game's schema
  unknown_room,      // no such room, or the room is closed (deliberately the same error)
  room_full,         // join: every seat is taken
  seat_taken,        // join: the requested seat is taken
  bad_token,         // reconnect: the token does not hold a seat in this room
  wrong_seat,        // a seat that is not yours or does not exist
  not_in_room,       // the message needs a room and this connection has none
  already_in_room,   // create/join/spectate while in a room (leave first)
  not_host,          // host-only command
  bad_state,         // not possible in the room's current state (e.g. start while playing)
  not_your_turn,     // the seat has no legal action now
  illegal_action,    // well formed, but not legal now
  malformed_action,  // the action has the wrong shape for this game
  game_over,         // the game has ended
  id_reused,         // an action's id was used for another action in this game
  out_of_time,       // the seat's clock ran out on this decision: its bot (or a forfeit) decides
  unavailable,       // the server cannot accept this now (e.g. its journal is failing)
  internal,          // a server bug
};

std::string_view to_string(ProtoError e);
std::optional<ProtoError> proto_error_from_string(std::string_view s);
inline constexpr int kProtoErrorCount = static_cast<int>(ProtoError::internal) + 1;

// The protocol error for a rules engine's rejection.
ProtoError from_rule_error(RuleError e);

}  // namespace nyan
