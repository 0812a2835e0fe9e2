// Client message envelopes (PROTOCOL.md, "Messages"): parsing untrusted text into a typed
// envelope, its kind decided here once. Every message is one JSON object in one text frame;
// the server's own messages are written by server_messages.h.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "protocol/errors.h"
#include "rules/core/types.h"

namespace nyan {

inline constexpr int kProtocolVersion = 1;
inline constexpr int kMaxJsonDepth = 32;

// What a client may send. `unknown` is a well-formed message of a type the server does not
// know (answered unknown_type).
enum class MessageKind {
  unknown,
  hello,
  ping,
  create,
  join,
  spectate,
  reconnect,
  leave,
  kick,
  add_bot,
  remove_bot,
  sit,
  swap_seats,
  open_seat,
  start,
  close,
  rematch,
  action,
  resync,
};

// A parsed client message: its kind, its request id (a string or an integer, or null when
// the client sent none) and the whole object.
struct Envelope {
  MessageKind kind = MessageKind::unknown;
  Json id;
  Json body;
};

struct ParseError {
  ProtoError code;
  std::string message;
  Json id;  // the request id when it could be read
};

// Parses one client frame. Never throws.
bool parse_envelope(std::string_view text, Envelope& out, ParseError& error);

// The deepest nesting of arrays/objects in `text` (strings skipped), stopping early once
// it exceeds `limit`. Used to refuse hostile nesting before the parser sees it.
int json_depth(std::string_view text, int limit);

// Field access for validated messages: nullopt when missing or of the wrong type.
std::optional<std::string> string_field(const Json& body, const char* name, std::size_t max_len);
std::optional<std::int64_t> int_field(const Json& body, const char* name);

}  // namespace nyan
