#include "server/common/log.h"

#include <spdlog/sinks/stdout_sinks.h>
#include <spdlog/spdlog.h>

#include "server/common/logfmt.h"

namespace nyan::server::log {

namespace {

bool g_json = false;

std::string format_line(std::string_view event, const Json& fields) {
  if (g_json) {
    Json j = fields.is_object() ? fields : Json::object();
    j["event"] = std::string(event);
    std::string s = j.dump(-1, ' ', false, Json::error_handler_t::replace);
    // The pattern supplies the opening brace with ts and level; drop ours.
    return s.substr(1, s.size() - 2);
  }
  return logfmt_line(event, fields);
}

void write(spdlog::level::level_enum level, std::string_view event, const Json& fields) {
  auto logger = spdlog::default_logger_raw();
  if (!logger->should_log(level)) return;
  logger->log(level, "{}", format_line(event, fields));
}

}  // namespace

bool setup(const std::string& format, const std::string& level) {
  if (format != "text" && format != "json") return false;
  const auto lvl = spdlog::level::from_str(level);
  if (lvl == spdlog::level::off && level != "off") return false;
  g_json = format == "json";
  auto logger = spdlog::stdout_logger_mt("nyanhall");
  spdlog::set_default_logger(logger);
  spdlog::set_level(lvl);
  if (g_json)
    spdlog::set_pattern(R"({"ts":"%Y-%m-%dT%H:%M:%S.%fZ","level":"%l",%v})", spdlog::pattern_time_type::utc);
  else
    spdlog::set_pattern("%Y-%m-%d %H:%M:%S.%e %^%l%$ %v", spdlog::pattern_time_type::utc);
  spdlog::flush_on(spdlog::level::info);
  return true;
}

void debug(std::string_view event, const Json& fields) { write(spdlog::level::debug, event, fields); }
void info(std::string_view event, const Json& fields) { write(spdlog::level::info, event, fields); }
void warn(std::string_view event, const Json& fields) { write(spdlog::level::warn, event, fields); }
void error(std::string_view event, const Json& fields) { write(spdlog::level::err, event, fields); }

}  // namespace nyan::server::log
