#include "server/room_lookup.h"

#include "server/room.h"
#include "server/room_code.h"

namespace nyan::server {

std::shared_ptr<Room> lookup_room(ServerContext& ctx, std::string_view typed) {
  const auto code = normalize_room_code(typed);
  if (!code) return nullptr;
  return ctx.rooms.find(*code);
}

}  // namespace nyan::server
