// Canonical JSON and view hashes (PROTOCOL.md, "Canonical JSON" and "View hash"). The writer
// itself is in rules/core, where engines can write their views with it.
#pragma once

#include <string>

#include "rules/core/canonical_text.h"
#include "rules/core/types.h"

namespace nyan {

// True when `j` contains no floating-point number anywhere (views, actions and sealed
// values must not).
bool integers_only(const Json& j);

// Lowercase hex SHA-256 of canonical_json(view).
std::string view_hash(const Json& view);

}  // namespace nyan
