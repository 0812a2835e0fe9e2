#include "rules/core/room_options.h"

#include <algorithm>

namespace nyan {

namespace {
constexpr std::int64_t kDay = 24 * 60 * 60;
}  // namespace

const std::vector<OptionSpec>& room_option_schema() {
  // One second is allowed for a decision: too short for people, right for a test or a bot
  // table that should not linger.
  static const std::vector<OptionSpec> schema = {
      OptionSpec::choice("clock", {"off", "move", "bank"}, "off",
                         "turn clock: off; move (move_seconds for each decision); bank (bank_seconds of reserve "
                         "per seat plus increment_seconds after each decision, like a chess clock)"),
      OptionSpec::integer("move_seconds", 1, kDay, 60, "clock move: seconds for each decision"),
      OptionSpec::integer("bank_seconds", 1, 7 * kDay, 600, "clock bank: each seat's reserve for the game, in seconds"),
      OptionSpec::integer("increment_seconds", 0, 3600, 10, "clock bank: seconds added after each decision"),
      OptionSpec::choice("on_timeout", {"bot", "forfeit"}, "bot",
                         "when a clock runs out: the seat's bot makes that decision, or the seat forfeits the "
                         "game (in games without a forfeit, team and co-operative ones, the bot decides)"),
      OptionSpec::choice("drop_policy", {"bot", "host"}, "bot",
                         "a seat whose player is gone after the grace period is played by its bot until the player "
                         "comes back; with host, the host may also open it to anyone with the room's link"),
  };
  return schema;
}

bool is_room_option(const std::string& name) {
  const auto& s = room_option_schema();
  return std::any_of(s.begin(), s.end(), [&](const OptionSpec& o) { return o.name == name; });
}

Result normalize_room_options(const Json& given, Json& out) {
  Json mine = Json::object();
  if (given.is_object())
    for (const auto& [key, value] : given.items())
      if (is_room_option(key)) mine[key] = value;
  // The drop policies of older releases: null (which followed the clock) is today's default,
  // and "open" (seats opened by themselves) is the nearest a private table now offers, the
  // host opening them.
  if (auto d = mine.find("drop_policy"); d != mine.end()) {
    if (d->is_null()) mine.erase(d);
    else if (*d == "open") *d = "host";
  }
  Json normalized;
  if (Result r = normalize_options(room_option_schema(), mine, normalized); !r) return r;
  for (auto& [key, value] : normalized.items()) out[key] = std::move(value);
  return Result::ok();
}

RoomRules RoomRules::of(const Json& options) {
  RoomRules r;
  const std::string clock = options.value("clock", "off");
  r.clock = clock == "move" ? Clock::move : clock == "bank" ? Clock::bank : Clock::off;
  r.move_ms = options.value("move_seconds", std::int64_t{60}) * 1000;
  r.bank_ms = options.value("bank_seconds", std::int64_t{600}) * 1000;
  r.increment_ms = options.value("increment_seconds", std::int64_t{10}) * 1000;
  r.forfeit_on_timeout = options.value("on_timeout", "bot") == "forfeit";
  const Json drop = options.value("drop_policy", Json());
  r.host_opens_seats = drop == "host" || drop == "open";
  return r;
}

}  // namespace nyan
