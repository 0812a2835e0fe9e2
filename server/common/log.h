// Structured logging over spdlog: an event name and fields, written as logfmt text
// ("room_created code=... game=...", see logfmt.h) or as one JSON object per line. Callers
// pass only what may be logged: never a hidden value, a token or a seed of an unfinished game.
#pragma once

#include <string>
#include <string_view>

#include "rules/core/types.h"

namespace nyan::server::log {

// Returns false for an unknown format or level.
bool setup(const std::string& format, const std::string& level);

void debug(std::string_view event, const Json& fields = Json::object());
void info(std::string_view event, const Json& fields = Json::object());
void warn(std::string_view event, const Json& fields = Json::object());
void error(std::string_view event, const Json& fields = Json::object());

}  // namespace nyan::server::log
