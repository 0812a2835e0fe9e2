// Finding a room by a code a client sent. Every such lookup (the WebSocket join, spectate
// and reconnect, and every /api/rooms/{code} request) goes through lookup_room, so that
// whatever guards against people guessing codes sits in one place.
#pragma once

#include <memory>
#include <string_view>

#include "server/server_context.h"

namespace nyan::server {

class Room;

// The room `typed` names (normalized as people type codes), or nullptr when it is not a code,
// is unknown or was closed. Callers give every nullptr the same answer (`unknown_room`).
std::shared_ptr<Room> lookup_room(ServerContext& ctx, std::string_view typed);

}  // namespace nyan::server
