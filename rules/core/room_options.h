// The options every game's room takes besides the game's own: its turn clock and what
// happens to a seat whose clock runs out or whose player is gone. They are part of each
// game's option schema (the catalog lists them after the game's own, and
// Game::normalize_options checks and fills them), so a room's options say everything about
// how it plays. The rules engines never read them: the server runs the clocks and the bots.
#pragma once

#include <cstdint>
#include <vector>

#include "rules/core/options.h"
#include "rules/core/result.h"
#include "rules/core/types.h"

namespace nyan {

// The room options' schema, in the order the catalog lists them.
const std::vector<OptionSpec>& room_option_schema();

// Whether `name` is one of the room options.
bool is_room_option(const std::string& name);

// Checks the room options in `given` (an object; the game's own options are ignored here)
// and adds every room option, filled with its default, to `out`. The `drop_policy` values of
// older releases are read as today's: null as "bot", "open" as "host".
Result normalize_room_options(const Json& given, Json& out);

// The room options of normalized options, as the server uses them.
struct RoomRules {
  enum class Clock { off, move, bank };
  Clock clock = Clock::off;
  std::int64_t move_ms = 0;       // clock move: the time for each decision
  std::int64_t bank_ms = 0;       // clock bank: each seat's reserve at the start of a game
  std::int64_t increment_ms = 0;  // clock bank: added after each decision a seat makes
  bool forfeit_on_timeout = false;  // on_timeout "forfeit" (else the seat's bot decides)
  // drop_policy "host" (or an older room's "open"): the host may open the seat of a player
  // gone past the grace period to anyone with the link. Either way its bot plays it first.
  bool host_opens_seats = false;

  // Options that lack a room option (a record from before they existed) read as the defaults.
  static RoomRules of(const Json& normalized_options);
};

}  // namespace nyan
