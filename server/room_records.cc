// The records of a room's finished games: kept when a game ends (and rebuilt from the journal
// on restore), served to the transcript and replay endpoints, and dropped past the retention.
// The room message lists which games are kept, so a page can offer them.
#include <algorithm>
#include <boost/asio/post.hpp>

#include "server/room.h"

namespace nyan::server {

void Room::keep_record(std::int64_t finished_at_ms) {
  if (!match_ || !match_->over()) return;
  if (!finished_.empty() && finished_.back().game_no == match_->game_no()) return;
  finished_.push_back({match_->game_no(), finished_at_ms ? finished_at_ms : journal_time_ms(), match_->record_text()});
  if (finished_.size() > kKeptGames) finished_.erase(finished_.begin());
}

void Room::forget_expired_records() {
  const std::int64_t oldest = journal_time_ms() - ctx_.config.retention_ms;
  // Oldest first, so the expired ones are a prefix.
  const auto kept = std::find_if(finished_.begin(), finished_.end(),
                                 [oldest](const FinishedGame& g) { return g.finished_at_ms >= oldest; });
  finished_.erase(finished_.begin(), kept);
}

Json Room::kept_game_numbers() const {
  Json out = Json::array();
  for (const FinishedGame& g : finished_) out.push_back(g.game_no);
  return out;
}

void Room::transcript(int game_no, std::function<void(std::string)> reply_fn) {
  net::post(strand_, [self = shared_from_this(), game_no, reply_fn = std::move(reply_fn)] {
    if (self->status_ == Status::closed) return reply_fn({});
    self->forget_expired_records();
    const auto& kept = self->finished_;
    if (kept.empty()) return reply_fn({});
    if (game_no == 0) return reply_fn(kept.back().record);
    for (const FinishedGame& g : kept)
      if (g.game_no == game_no) return reply_fn(g.record);
    reply_fn({});
  });
}

void Room::describe(std::function<void(std::string)> reply_fn) {
  net::post(strand_, [self = shared_from_this(), reply_fn = std::move(reply_fn)] {
    if (self->status_ == Status::closed) return reply_fn({});
    self->forget_expired_records();
    reply_fn(self->room_info().dump());
  });
}

}  // namespace nyan::server
