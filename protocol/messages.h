// Message envelopes (PROTOCOL.md, "Messages"): parsing untrusted text into a typed envelope,
// and building the server's messages. Every message is one JSON object in one text frame.
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

// A parsed client message: its type, its request id (a string or an integer, or null when
// the client sent none) and the whole object.
struct Envelope {
  std::string type;
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

// {"type":"error","code":..,"message":..,"re":id}
Json error_message(ProtoError code, std::string_view message, const Json& re);

}  // namespace nyan
