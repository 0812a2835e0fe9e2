// The text log format: logfmt, one event per line ("room_created code=n1-kasumi game=oikake").
// A value with a space, a quote, an equals sign, a control character or nothing at all is
// written in double quotes with \" \\ \n \r \t and \u00XX escapes, so that every line splits
// back into the same keys and values; anything else is written as it is.
#pragma once

#include <string>
#include <string_view>

#include "rules/core/types.h"

namespace nyan::server {

// Appends `value` to `out` as one logfmt value, quoted and escaped when it needs to be.
void append_logfmt_value(std::string& out, std::string_view value);

// "event key=value key=value": strings as they are, other JSON values (numbers, booleans,
// null, lists, objects) as their compact JSON text.
std::string logfmt_line(std::string_view event, const Json& fields);

}  // namespace nyan::server
