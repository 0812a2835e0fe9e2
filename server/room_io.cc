// Sending to a room's connections, the room-info message, journaling with ordered
// continuation, and the status gauge.
#include <boost/asio/post.hpp>

#include "server/room.h"

namespace nyan::server {

const char* Room::status_name(Status s) {
  switch (s) {
    case Status::lobby: return "lobby";
    case Status::playing: return "playing";
    case Status::over: return "over";
    case Status::closed: return "closed";
  }
  return "lobby";
}

Json Room::room_info() const {
  Json seats = Json::array();
  for (Seat s = 0; s < static_cast<Seat>(seats_.size()); ++s) {
    const SeatState& st = seats_[s];
    const char* state = !st.claimed                ? "empty"
                        : st.bot                   ? "bot"
                        : st.open                  ? "open"
                        : st.connections.empty()   ? "disconnected"
                                                   : "connected";
    Json j = {{"seat", s}, {"state", state}};
    if (st.claimed && !st.open) j["name"] = st.name;
    if (st.bot || st.stand_in) j["bot"] = true;  // its moves are the bot's
    seats.push_back(std::move(j));
  }
  return {{"type", "room"},         {"room", code_},     {"game", game_.type().id},   {"options", options_},
          {"status", status_name(status_)}, {"host", host_}, {"game_no", game_no_},
          {"seats", seats},         {"spectators", spectators_}, {"finished", kept_game_numbers()}};
}

void Room::broadcast_room_info() {
  const Frame f = std::make_shared<const std::string>(room_info().dump());
  for (const auto& [pid, conn] : conns_) send(pid, f);
}

void Room::send(std::uint64_t participant_id, const Frame& frame) {
  auto it = conns_.find(participant_id);
  if (it == conns_.end()) return;
  if (auto p = it->second.participant.lock()) p->deliver(frame);
}

void Room::reply(const ParticipantPtr& p, const Json& message) {
  p->deliver(std::make_shared<const std::string>(message.dump()));
}

void Room::reply_error(const ParticipantPtr& p, ProtoError code, std::string_view message, const Json& re) {
  metrics().error(code);
  p->deliver(std::make_shared<const std::string>(error_message(code, message, re).dump()));
}

void Room::journal_then(std::vector<Json> records, std::function<void(bool ok)> then) {
  std::vector<std::string> texts;
  if (ctx_.journal.keeps_records())
    for (Json& r : records) texts.push_back(journal_record(std::move(r)));
  journal_texts_then(std::move(texts), std::move(then));
}

void Room::journal_texts_then(std::vector<std::string> records, std::function<void(bool ok)> then) {
  if (!ctx_.journal.keeps_records()) return then(true);
  busy_ = true;
  ctx_.journal.append(code_, std::move(records),
                      [self = shared_from_this(), then = std::move(then)](bool ok) mutable {
                        net::post(self->strand_, [self, then = std::move(then), ok] {
                          self->busy_ = false;
                          then(ok);
                          self->drain_queue();
                        });
                      });
}

void Room::when_idle(std::function<void()> work) {
  if (!busy_) return work();
  queue_.push_back(Queued{std::move(work), false});
}

void Room::drain_queue() {
  while (!busy_ && !queue_.empty()) {
    Queued q = std::move(queue_.front());
    queue_.pop_front();
    q.run();
  }
}

void Room::set_status(Status s) {
  auto phase = [](Status st) {
    return st == Status::playing ? RoomPhase::playing : st == Status::over ? RoomPhase::over : RoomPhase::lobby;
  };
  if (counted_) metrics().room_left(game_.type().id, phase(status_));
  status_ = s;
  counted_ = s != Status::closed;
  if (counted_) metrics().room_entered(game_.type().id, phase(status_));
}

}  // namespace nyan::server
