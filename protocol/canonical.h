// Canonical JSON and view hashes (PROTOCOL.md, "Canonical JSON" and "View hash").
#pragma once

#include <string>

#include "rules/core/types.h"

namespace nyan {

// Compact, object keys sorted by their UTF-8 bytes, integers only, UTF-8 with minimal
// escapes: exactly what nlohmann's dump() writes for a json without floats.
std::string canonical_json(const Json& j);
// Appends canonical_json of the string `s`: for text that is built piece by piece (patches).
void append_canonical_string(std::string& out, const std::string& s);

// True when `j` contains no floating-point number anywhere (views, actions and sealed
// values must not).
bool integers_only(const Json& j);

// Lowercase hex SHA-256 of canonical_json(view).
std::string view_hash(const Json& view);

}  // namespace nyan
