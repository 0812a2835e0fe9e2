#include "server/http/room_lookup.h"

#include "server/common/metrics.h"
#include "server/room/room.h"
#include "server/room/room_code.h"

namespace nyan::server {

void lookup_room(ServerContext& ctx, const std::string& client, std::string_view typed, LookupGate gate,
                 std::function<void(RoomLookup)> done) {
  auto refuse_limited = [done] {
    metrics().refused(Refusal::client_lookups);
    RoomLookup out;
    out.limited = true;
    done(out);
  };
  if (gate == LookupGate::first && !ctx.limits.may_look_up(client)) return refuse_limited();
  const auto code = normalize_room_code(typed);
  if (!code) {
    if (gate == LookupGate::when_missing && !ctx.limits.may_look_up(client)) return refuse_limited();
    lookup_missed(ctx, client);
    return done({});
  }
  ctx.rooms.acquire(*code, [&ctx, client, gate, done](RoomManager::Acquired a) {
    RoomLookup out{std::move(a.room), false, std::move(a.elsewhere), a.unavailable};
    if (!out.room && out.elsewhere.empty() && !out.unavailable) {
      if (gate == LookupGate::when_missing && !ctx.limits.may_look_up(client)) {
        metrics().refused(Refusal::client_lookups);
        out.limited = true;
        return done(out);
      }
      lookup_missed(ctx, client);
    }
    done(std::move(out));
  });
}

void lookup_missed(ServerContext& ctx, const std::string& client) { ctx.limits.lookup_failed(client); }

}  // namespace nyan::server
