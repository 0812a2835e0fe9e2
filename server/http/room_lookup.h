// Finding a room by a code a client sent. Every such lookup (the WebSocket join, spectate
// and reconnect, and every /api/rooms/{code} request) goes through lookup_room, so that the
// limit on failed lookups per client address holds everywhere: once a client has used up its
// failed lookups, a lookup is refused, found or not (answering the found ones would tell a
// guesser which codes exist), except a reconnect to a room that exists, whose token decides
// (a player's own seat is never refused because others at their address mistyped codes; a
// wrong token counts as a failure and, past the limit, is answered like an unknown code).
//
// With a shared journal a room this server does not hold is claimed from it and restored
// (RoomManager::acquire), or found served by another replica, whose name the answer carries.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <string_view>

#include "server/http/server_context.h"

namespace nyan::server {

class Room;

struct RoomLookup {
  std::shared_ptr<Room> room;  // null: not a code, unknown, closed, elsewhere or unavailable
  bool limited = false;        // refused: `client` has used up its failed lookups
  std::string elsewhere;       // another replica serves the room: its --node name
  bool unavailable = false;    // the shared journal could not be asked
};

// Whether the limit is checked before the room is looked for (joins, spectators, the HTTP
// endpoints) or only when it is not there (a reconnect, which carries its seat's token).
enum class LookupGate { first, when_missing };

// Looks up the room `typed` names (normalized as people type codes) for `client`
// (client_key()); `done` runs once, on any thread. A miss uses up one of the client's failed
// lookups; callers give every miss the same answer (`unknown_room`), and call lookup_missed()
// for a later miss of the same kind (a room that exists but has no such finished game), so
// that the two cannot be told apart.
void lookup_room(ServerContext& ctx, const std::string& client, std::string_view typed, LookupGate gate,
                 std::function<void(RoomLookup)> done);
void lookup_missed(ServerContext& ctx, const std::string& client);

}  // namespace nyan::server
