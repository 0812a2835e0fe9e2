#include "server/http/room_lookup.h"

#include "server/common/metrics.h"
#include "server/room/room.h"
#include "server/room/room_code.h"

namespace nyan::server {

RoomLookup lookup_room(ServerContext& ctx, const std::string& client, std::string_view typed) {
  RoomLookup out;
  if (!ctx.limits.may_look_up(client)) {
    metrics().refused(Refusal::client_lookups);
    out.limited = true;
    return out;
  }
  if (const auto code = normalize_room_code(typed)) out.room = ctx.rooms.find(*code);
  if (!out.room) lookup_missed(ctx, client);
  return out;
}

void lookup_missed(ServerContext& ctx, const std::string& client) { ctx.limits.lookup_failed(client); }

}  // namespace nyan::server
