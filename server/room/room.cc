// The room's core: messages in (one at a time, queued behind the record in flight), records
// committed and applied, frames out.
#include "server/room/room.h"

#include <boost/asio/post.hpp>

#include "protocol/server_messages.h"
#include "server/common/log.h"
#include "server/common/metrics.h"
#include "server/room/room_manager.h"

namespace nyan::server {

namespace {
constexpr std::size_t kQueueMax = 256;

}  // namespace

Room::Room(net::any_io_executor executor, Context context, std::string code, const Game& game, Json options,
           std::string secret)
    : strand_(net::make_strand(executor)),
      ctx_(context),
      code_(code),
      state_(game, std::move(options), std::move(code), std::move(secret)),
      links_(static_cast<std::size_t>(state_.seat_count())),
      queue_(ctx_.journal, code_, strand_),
      idle_timer_(strand_),
      clock_(strand_, queue_),
      bots_(strand_, queue_, state_.seat_count()) {
  metrics().room_entered(game.type().id, RoomPhase::lobby);
  counted_ = true;
}

Room::~Room() {
  if (counted_) metrics().room_left(state_.game().type().id, phase_of(state_.status()));
}

void Room::handle(ParticipantPtr from, Envelope msg, Clock::time_point received) {
  net::post(strand_, [self = shared_from_this(), from = std::move(from), msg = std::move(msg), received]() mutable {
    if (!self->queue_.busy()) return self->dispatch(from, msg, received);
    auto run = [self, from, msg = std::move(msg), received]() mutable { self->dispatch(from, msg, received); };
    if (!self->queue_.queue_message(std::move(run), kQueueMax))
      self->reply_error(from, ProtoError::unavailable, "the room is busy; try again", msg.id);
  });
}

void Room::disconnected(std::uint64_t participant_id) {
  net::post(strand_, [self = shared_from_this(), participant_id] { self->detach(participant_id); });
}

void Room::dispatch(const ParticipantPtr& from, Envelope& msg, Clock::time_point received) {
  if (gone())  // the same answer as for a code that never existed
    return refuse_entry(from, ProtoError::unknown_room, "no such room", msg.id);
  const bool member = conns_.count(from->participant_id()) > 0;
  switch (msg.kind) {
    case MessageKind::create: return on_create(from, msg);
    case MessageKind::join:
    case MessageKind::spectate:
    case MessageKind::reconnect:
      if (member) return reply_error(from, ProtoError::already_in_room, "you are already in this room", msg.id);
      if (msg.kind == MessageKind::join) return on_join(from, msg);
      if (msg.kind == MessageKind::spectate) return on_spectate(from, msg);
      return on_reconnect(from, msg);
    default: break;
  }
  if (!member) return reply_error(from, ProtoError::not_in_room, "join a room first", msg.id);
  switch (msg.kind) {
    case MessageKind::leave: return on_leave(from, msg);
    case MessageKind::kick: return on_kick(from, msg);
    case MessageKind::add_bot: return on_add_bot(from, msg);
    case MessageKind::remove_bot: return on_remove_bot(from, msg);
    case MessageKind::sit: return on_sit(from, msg);
    case MessageKind::swap_seats: return on_swap_seats(from, msg);
    case MessageKind::open_seat: return on_open_seat(from, msg);
    case MessageKind::close: return on_close(from, msg);
    case MessageKind::start: return on_start(from, msg);
    case MessageKind::rematch: return on_rematch(from, msg);
    case MessageKind::action: return on_action(from, msg, received);
    case MessageKind::resync: return on_resync(from, msg);
    default: return reply_error(from, ProtoError::unknown_type, "unknown message type", msg.id);
  }
}

void Room::commit(std::vector<Record> records, std::function<void(bool ok)> then, std::shared_ptr<RoomState::Live> live) {
  // A room that stopped here (closed, or moved to another replica) writes nothing more.
  if (gone()) return then(false);
  std::vector<std::string> texts;
  if (queue_.keeps_records()) {
    texts.reserve(records.size());
    for (const Record& r : records) texts.push_back(record_text(r));
  }
  queue_.write(std::move(texts), shared_from_this(),
               [this, records = std::move(records), then = std::move(then), live = std::move(live)](bool ok) {
                 // Not durable, so not made: the room stays as it was.
                 if (ok)
                   for (const Record& r : records) {
                     std::string problem;
                     // A durable record the room cannot apply is a bug: said once, loudly.
                     if (!apply(r, live.get(), problem))
                       log::error("record_not_applied", {{"room", code_}, {"record", kind_of(r)}, {"problem", problem}});
                   }
                 then(ok);
               });
}

bool Room::apply(const Record& record, RoomState::Live* live, std::string& problem) {
  const RoomStatus before = state_.status();
  const bool ok = state_.apply(record, live, problem);
  if (state_.status() != before) count_status(before);
  if (ctx_.manager.applied) ctx_.manager.applied(*this, record);
  return ok;
}

void Room::count_status(RoomStatus before) {
  if (counted_) metrics().room_left(state_.game().type().id, phase_of(before));
  counted_ = state_.status() != RoomStatus::closed;
  if (counted_) metrics().room_entered(state_.game().type().id, phase_of(state_.status()));
}

void Room::attach(const ParticipantPtr& p, Seat seat) {
  conns_[p->participant_id()] = Conn{p, seat};
  if (seat == kSpectator) ++spectators_;
  else links_[seat].connections.push_back(p->participant_id());
  idle_timer_.cancel();
}

void Room::detach(std::uint64_t participant_id) {
  auto it = conns_.find(participant_id);
  if (it == conns_.end()) return;
  const Seat seat = it->second.seat;
  conns_.erase(it);
  if (seat == kSpectator) {
    --spectators_;
  } else {
    auto& c = links_[seat].connections;
    c.erase(std::remove(c.begin(), c.end(), participant_id), c.end());
    if (c.empty()) seat_dropped(seat);
  }
  broadcast_room_info();
  if (conns_.empty()) arm_idle_timer();
}

std::optional<Seat> Room::seat_of(std::uint64_t participant_id) const {
  auto it = conns_.find(participant_id);
  if (it == conns_.end()) return std::nullopt;
  return it->second.seat;
}

bool Room::is_host(std::uint64_t participant_id) const {
  auto s = seat_of(participant_id);
  return s && *s != kSpectator && *s == state_.host();
}

std::string Room::room_message() const {
  std::vector<RoomSeat> seats;
  seats.reserve(state_.seats().size());
  for (Seat s = 0; s < state_.seat_count(); ++s) {
    const SeatRecord& st = state_.seat(s);
    const SeatPresence presence = !st.claimed                          ? SeatPresence::empty
                                  : st.bot                             ? SeatPresence::bot
                                  : st.open                            ? SeatPresence::open
                                  : links_[s].connections.empty()      ? SeatPresence::disconnected
                                                                       : SeatPresence::connected;
    seats.push_back(RoomSeat{s, presence, st.claimed && !st.open ? &st.name : nullptr, st.bot || st.stand_in});
  }
  std::vector<int> finished;
  const std::int64_t oldest = journal_time_ms() - ctx_.config.retention_ms;
  for (const FinishedGame& g : state_.finished())
    if (g.finished_at_ms >= oldest) finished.push_back(g.game_no);
  const std::vector<int> rematch = state_.rematch_votes();
  return nyan::room_message({code_, state_.game().type().id, state_.options(), status_name(state_.status()), state_.host(),
                             state_.game_no(), seats, spectators_, finished, rematch});
}

void Room::broadcast_room_info() {
  const Frame f = std::make_shared<const std::string>(room_message());
  for (const auto& [pid, conn] : conns_) send(pid, f);
}

void Room::send(std::uint64_t participant_id, const Frame& frame) {
  auto it = conns_.find(participant_id);
  if (it == conns_.end()) return;
  if (auto p = it->second.participant.lock()) p->deliver(frame);
}

void Room::reply(const ParticipantPtr& p, std::string message) {
  p->deliver(std::make_shared<const std::string>(std::move(message)));
}

void Room::reply_error(const ParticipantPtr& p, ProtoError code, std::string_view message, const Json& re) {
  metrics().error(code);
  reply(p, error_message(code, message, re));
}

}  // namespace nyan::server
