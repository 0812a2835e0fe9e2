// The room endpoints under /api/rooms/{code}: the room as the join page shows it, the records
// of its finished games, and their replays. A code that is not a room, a closed room, a game
// number that is not a finished game of the room within the retention: every miss gets the
// same answer (404 {"error":"unknown_room"}), so a guesser learns nothing from which it was.
#pragma once

#include <boost/asio/any_io_executor.hpp>
#include <boost/beast/http/status.hpp>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include "rules/core/types.h"
#include "server/http/server_context.h"

namespace nyan::server {

struct RoomQuery {
  enum class Kind { info, transcript, replay };
  Kind kind = Kind::info;
  std::string code;      // as it came in the path; lookup_room normalizes it
  int game_no = 0;       // ?game=N; 0: the latest finished game
  Seat seat = kSpectator;  // ?seat=N (replay); absent or "spectator": the public view
  int from = 0;          // ?from=N (replay): the first step of the window
};

// The query a target under /api/rooms/ asks; nullopt when the target is not a room endpoint.
// A malformed query string sets `bad` (answered 400, before any lookup).
std::optional<RoomQuery> parse_room_query(std::string_view target, bool& bad);

// The answer to a room query: a status and a JSON body; with another replica serving the
// room, 307 and `replica`, which the caller adds to the request's own address as
// `replica=NAME` (the proxy routes by it).
struct RoomAnswer {
  boost::beast::http::status status;
  std::string body;
  std::string replica;
};

// Looks the room up for `client` (room_lookup.h) and answers; `done` is called on `executor`
// (429 when the client has used up its failed lookups, 503 when a shared journal cannot be
// asked). A replay is computed there too, never on the room's strand.
void answer_room_query(ServerContext& ctx, const std::string& client, const RoomQuery& query,
                       boost::asio::any_io_executor executor, std::function<void(RoomAnswer)> done);

}  // namespace nyan::server
