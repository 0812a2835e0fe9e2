// Finding a room by a code a client sent. Every such lookup (the WebSocket join, spectate
// and reconnect, and every /api/rooms/{code} request) goes through lookup_room, so that the
// limit on failed lookups per client address holds everywhere: once a client has used up its
// failed lookups, every lookup is refused, found or not (answering the found ones would tell
// a guesser which codes exist).
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "server/http/server_context.h"

namespace nyan::server {

class Room;

struct RoomLookup {
  std::shared_ptr<Room> room;  // null: not a code, unknown, or closed
  bool limited = false;        // refused: `client` has used up its failed lookups
};

// The room `typed` names (normalized as people type codes) for `client` (client_key()). A
// miss uses up one of the client's failed lookups; callers give every miss the same answer
// (`unknown_room`), and call lookup_missed() for a later miss of the same kind (a room that
// exists but has no such finished game), so that the two cannot be told apart.
RoomLookup lookup_room(ServerContext& ctx, const std::string& client, std::string_view typed);
void lookup_missed(ServerContext& ctx, const std::string& client);

}  // namespace nyan::server
