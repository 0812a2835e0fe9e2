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
// and adds every room option, filled with its default, to `out`. `drop_policy` left out (or
// null) follows the clock: "bot" for a room with a clock, "open" without one.
Result normalize_room_options(const Json& given, Json& out);

// The room options of normalized options, as the server uses them.
struct RoomRules {
  enum class Clock { off, move, bank };
  Clock clock = Clock::off;
  std::int64_t move_ms = 0;       // clock move: the time for each decision
  std::int64_t bank_ms = 0;       // clock bank: each seat's reserve at the start of a game
  std::int64_t increment_ms = 0;  // clock bank: added after each decision a seat makes
  bool forfeit_on_timeout = false;  // on_timeout "forfeit" (else the seat's bot decides)
  bool bot_for_dropped = false;     // drop_policy "bot" (else the seat opens to anyone)

  // Options that lack a room option (a record from before they existed) read as the defaults.
  static RoomRules of(const Json& normalized_options);
};

}  // namespace nyan
