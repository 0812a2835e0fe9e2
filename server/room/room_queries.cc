// What the /api/rooms/{code} endpoints read from a room: a finished game's record (the
// transcript and the replay are made from it) and the room message. Finished games past the
// retention are not shown; the room itself closes once its retention is over.
#include <boost/asio/post.hpp>

#include "server/room/room.h"

namespace nyan::server {

void Room::transcript(int game_no, std::function<void(std::string)> reply_fn) {
  net::post(strand_, [self = shared_from_this(), game_no, reply_fn = std::move(reply_fn)] {
    if (self->gone()) return reply_fn({});
    const std::int64_t oldest = journal_time_ms() - self->ctx_.config.retention_ms;
    const auto& kept = self->state_.finished();
    for (auto it = kept.rbegin(); it != kept.rend(); ++it)
      if (it->finished_at_ms >= oldest && (game_no == 0 || it->game_no == game_no)) return reply_fn(it->record);
    reply_fn({});
  });
}

void Room::describe(std::function<void(std::string)> reply_fn) {
  net::post(strand_, [self = shared_from_this(), reply_fn = std::move(reply_fn)] {
    if (self->gone()) return reply_fn({});
    reply_fn(self->room_message());
  });
}

}  // namespace nyan::server
