// The match in a room: start, the next game by agreement (every player's yes, journaled),
// actions (journaled before they are broadcast), resync;
// the turn clocks' deadlines and what happens when one passes (the seat's bot decides, or the
// seat forfeits where the game has a forfeit).
#include <boost/asio/post.hpp>

#include "protocol/drbg.h"
#include "protocol/server_messages.h"
#include "server/common/log.h"
#include "server/common/metrics.h"
#include "server/room/room.h"

namespace nyan::server {

void Room::on_start(const ParticipantPtr& from, const Envelope& msg) {
  if (!is_host(from->participant_id())) return reply_error(from, ProtoError::not_host, "only the host can start", msg.id);
  if (state_.status() != RoomStatus::lobby)
    return reply_error(from, ProtoError::bad_state, "the game has already started", msg.id);
  for (const SeatRecord& st : state_.seats())
    if (!st.claimed) return reply_error(from, ProtoError::bad_state, "every seat must be taken first", msg.id);
  start_match(from, msg.id);
}

// Each player says yes to the next game; it starts when the last one does (bots and seats whose
// bots stand in for gone players say yes at once). A yes said again (a retry) changes nothing
// and starts the game if it is ready, so a start that could not be saved is tried again.
void Room::on_rematch(const ParticipantPtr& from, const Envelope& msg) {
  const Seat seat = *seat_of(from->participant_id());
  if (seat == kSpectator) return reply_error(from, ProtoError::wrong_seat, "spectators do not play", msg.id);
  if (state_.status() != RoomStatus::over)
    return reply_error(from, ProtoError::bad_state, "a rematch follows a finished game", msg.id);
  if (state_.seat(seat).rematch) return rematch_if_ready(from, msg.id);
  commit({record_now(RematchWanted{seat})}, [this, from, re = msg.id, seat](bool ok) {
    if (!ok) return reply_error(from, ProtoError::unavailable, "the server cannot save this room right now", re);
    log::info("rematch_wanted", {{"room", code_}, {"seat", seat}});
    rematch_if_ready(from, re);
  });
}

void Room::rematch_if_ready(const ParticipantPtr& from, const Json& re) {
  if (state_.rematch_ready()) return start_match(from, re);
  if (from) reply(from, ok_message(re));
  broadcast_room_info();
}

void Room::start_match(const ParticipantPtr& from, const Json& re) {
  commit({record_now(GameStarted{state_.game_no() + 1, random_seed(), kRulesVersion})},
         [this, from, re](bool ok) {
           if (!ok) {
             if (from) reply_error(from, ProtoError::unavailable, "the server cannot save this game right now", re);
             return;
           }
           arm_clock();
           log::info("game_started", {{"room", code_}, {"game", state_.game().type().id}, {"game_no", state_.game_no()}});
           if (from) reply(from, ok_message(re));
           broadcast_room_info();
           for (const auto& [pid, conn] : conns_) send_snapshot(pid, conn.seat);
           ask_bots();
         },
         std::make_shared<RoomState::Live>());
}

void Room::on_action(const ParticipantPtr& from, const Envelope& msg, Clock::time_point received) {
  const Seat seat = *seat_of(from->participant_id());
  if (seat == kSpectator) return reply_error(from, ProtoError::wrong_seat, "spectators cannot act", msg.id);
  if (auto s = msg.body.find("seat"); s != msg.body.end() && *s != seat)
    return reply_error(from, ProtoError::wrong_seat, "you can only act for your own seat", msg.id);
  auto action = msg.body.find("action");
  if (action == msg.body.end() || !action->is_object())
    return reply_error(from, ProtoError::bad_field, "'action' must be an object", msg.id);
  if (!state_.match() || state_.status() == RoomStatus::lobby)
    return reply_error(from, ProtoError::bad_state, "the game has not started", msg.id);
  if (!msg.id.is_null() && answer_retry(from, seat, msg.id, *action)) return;
  if (state_.status() == RoomStatus::over) return reply_error(from, ProtoError::game_over, "the game is over", msg.id);
  // A decision that came after its seat's time ran out is the bot's (or a forfeit) now;
  // talk (a side action) needs no time.
  if (late(seat, received) && !state_.side_action(*action)) {
    if (clock_.timeouts().run_out(state_.clocks(), seat, received)) out_of_time(seat);
    return reply_error(from, ProtoError::out_of_time, "your time for this decision ran out", msg.id);
  }
  apply_action(seat, *action, from, msg.id, received);
}

void Room::apply_action(Seat seat, const Json& action, const ParticipantPtr& from, const Json& re, Clock::time_point at,
                        bool forfeit) {
  // Worked out as a value: the room and the match change only once the record is durable.
  auto live = std::make_shared<RoomState::Live>();
  live->at = at;
  auto pending = std::make_shared<Match::Pending>();
  live->pending = pending.get();
  Match& match = *state_.match();
  Result r = forfeit ? match.prepare_forfeit(seat, spectators_ > 0, *pending)
                     : match.prepare(seat, action, spectators_ > 0, *pending, /*by_bot=*/!from);
  if (!r) {
    if (from) return reply_error(from, from_rule_error(r.error().code), r.error().message, re);
    // A bot chose from the legal list of this very version, and the room forfeits only in
    // games with forfeits: the engine disagreeing is a bug.
    return log::error("server_move_refused", {{"room", code_}, {"seat", seat}, {"error", r.error().message}});
  }
  ActionTaken taken{state_.game_no(), seat, pending->move().action, !from && !forfeit, {}, pending->update().hashes, re,
                    pending->version()};
  if (state_.clocks().on()) taken.clock = state_.clocks_after(seat, action, pending->state().to_act(), at).left(at);
  std::vector<Record> records;  // not from a braced list, which would copy the record
  records.reserve(2);
  records.push_back(record_now(std::move(taken)));
  if (pending->over())
    records.push_back(record_now(GameOver{state_.game_no(), Json::parse(pending->state().outcome_text())}));
  commit(std::move(records),
         [this, live, pending, from, re, at](bool ok) {
           // Not durable, so not accepted: nothing changed, and the player may try again.
           if (!ok) {
             if (from) return reply_error(from, ProtoError::unavailable, "the server cannot save moves right now; try again", re);
             return bots_.retry_later(shared_from_this(), [this] { ask_bots(); });
           }
           finish_action(live->update, from, re, at);
         },
         live);
}

bool Room::answer_retry(const ParticipantPtr& from, Seat seat, const Json& id, const Json& action) {
  const std::optional<int> version = state_.seat(seat).requests.find(id.dump());
  if (!version) return false;
  // The first answer again, but only for the same action: an id used for another action is
  // a client's mistake (ids restarted after a reload), and applying nothing while answering
  // "accepted" would lose the move without a word.
  if (state_.match()->moves()[static_cast<std::size_t>(*version) - 1].action == canonical_json(action))
    reply(from, ack_message(id, state_.game_no(), *version, /*duplicate=*/true));
  else
    reply_error(from, ProtoError::id_reused, "this id was used for another action in this game; send a new id", id);
  return true;
}

void Room::finish_action(const Match::Update& update, const ParticipantPtr& from, const Json& re,
                         Clock::time_point received) {
  const Match& match = *state_.match();
  Frame ack = std::make_shared<const std::string>(ack_message(re, state_.game_no(), match.version(), /*duplicate=*/false));
  const std::size_t spectator_frame = state_.seats().size();
  for (const auto& [pid, conn] : conns_) {
    const std::size_t i = conn.seat == kSpectator ? spectator_frame : static_cast<std::size_t>(conn.seat);
    if (i >= update.frames.size()) continue;  // no spectators were expected when it was made
    if (ack && from && pid == from->participant_id()) {
      from->deliver(std::move(ack), update.frames[i]);  // the actor: its ack, then its update
      ack = nullptr;
    } else {
      send(pid, update.frames[i]);
    }
  }
  if (ack && from) from->deliver(std::move(ack));  // the actor left while the move was being saved
  metrics().actions++;
  // A client's wait from its message to its answer; a bot's thinking is no one's wait.
  if (from) metrics().action_seconds.observe(std::chrono::duration<double>(Clock::now() - received).count());
  arm_clock();
  if (state_.status() == RoomStatus::over) {
    const Outcome o = match.state().outcome();
    log::info("game_over", {{"room", code_}, {"game_no", state_.game_no()}, {"reason", o.reason}, {"winners", o.winners}});
    broadcast_room_info();
    return;
  }
  ask_bots();
}

void Room::on_resync(const ParticipantPtr& from, const Envelope& msg) {
  if (!state_.match()) return reply_error(from, ProtoError::bad_state, "there is no game to resync yet", msg.id);
  metrics().resyncs++;
  send_snapshot(from->participant_id(), *seat_of(from->participant_id()), msg.id);
}

void Room::send_snapshot(std::uint64_t participant_id, Seat seat, const Json& re) {
  send(participant_id, state_.match()->snapshot(seat, re, clock_member()));
}

// ---- the turn clocks

namespace {
std::int64_t wall_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
      .count();
}
}  // namespace

std::string Room::clock_member() const {
  if (!state_.clocks().on() || !state_.match()) return {};
  return state_.clocks().frame_member(Clock::now(), wall_ms());
}

bool Room::late(Seat seat, Clock::time_point at) const {
  return state_.clocks().on() && !clock_.paused() && state_.clocks().expired(seat, at);
}

void Room::arm_clock() {
  if (state_.status() != RoomStatus::playing) return clock_.cancel();
  clock_.arm(state_.clocks(), shared_from_this(), [this] { clock_expired(); });
}

void Room::clock_expired() {
  if (state_.status() != RoomStatus::playing || clock_.paused()) return;
  const auto now = Clock::now();
  for (Seat s = 0; s < state_.seat_count(); ++s)
    if (clock_.timeouts().run_out(state_.clocks(), s, now)) out_of_time(s);
  arm_clock();
}

void Room::out_of_time(Seat seat) {
  metrics().clock_timeouts++;
  log::info("clock_ran_out", {{"room", code_}, {"game_no", state_.game_no()}, {"seat", seat},
                              {"version", state_.match()->version()}});
  if (state_.rules().forfeit_on_timeout && state_.game().type().forfeits) {
    // After anything in flight (another seat's forfeit may already have ended the game).
    return when_idle([this, seat, game_no = state_.game_no()] {
      if (state_.status() != RoomStatus::playing || game_no != state_.game_no() ||
          !clock_.timeouts().out_of_time(state_.clocks(), seat))
        return;
      log::info("forfeit", {{"room", code_}, {"game_no", state_.game_no()}, {"seat", seat}});
      apply_action(seat, forfeit_action(), nullptr, nullptr, Clock::now(), /*forfeit=*/true);
    });
  }
  // The seat's bot makes this one decision (bot_plays sees the clock out of time); the seat
  // stays the player's for the next. Team and co-operative games have no forfeit: the same.
  ask_bots();
}

void Room::pause_clocks(std::function<void()> done) {
  net::post(strand_, [self = shared_from_this(), done = std::move(done)]() mutable {
    self->when_idle([self, done = std::move(done)] {
      const RoomState& st = self->state_;
      const bool running = st.status() == RoomStatus::playing && st.clocks().on() && !self->clock_.paused();
      self->clock_.pause();
      if (!running || !self->queue_.keeps_records()) return done();
      self->commit({record_now(ClockPaused{st.game_no(), st.clocks().left(Clock::now())})}, [done](bool) { done(); });
    });
  });
}

}  // namespace nyan::server
