// Bots in a room. The host seats them in the lobby, or after a game in a seat it emptied; a bot
// also stands in for a player who left a game or is gone past the grace period, and makes the
// decision of a seat whose clock ran out (on_timeout "bot"). The bots think on the pool (BotTurns); an answer goes through
// the same path as a client's action (checked by the engine again, journaled, broadcast), and
// one for a version that is no longer current, or for a seat its bot no longer plays, is
// dropped.
#include "protocol/server_messages.h"
#include "server/common/log.h"
#include "server/common/metrics.h"
#include "server/room/room.h"
#include "server/room/room_manager.h"

namespace nyan::server {

std::string Room::next_bot_name() const {
  for (int n = 1;; ++n) {
    const std::string name = "Bot " + std::to_string(n);
    if (std::none_of(state_.seats().begin(), state_.seats().end(),
                     [&](const SeatRecord& st) { return st.bot && st.name == name; }))
      return name;
  }
}

std::optional<Seat> Room::bot_seat_request(const ParticipantPtr& from, const Envelope& msg) {
  if (!is_host(from->participant_id())) {
    reply_error(from, ProtoError::not_host, "only the host can seat or remove bots", msg.id);
    return std::nullopt;
  }
  if (state_.status() == RoomStatus::playing) {
    reply_error(from, ProtoError::bad_state, "bots are seated and removed in the lobby or after a game", msg.id);
    return std::nullopt;
  }
  return seat_field(from, msg, "seat");
}

void Room::on_add_bot(const ParticipantPtr& from, const Envelope& msg) {
  const auto seat = bot_seat_request(from, msg);
  if (!seat) return;
  if (state_.seat(*seat).claimed) return reply_error(from, ProtoError::seat_taken, "that seat is taken", msg.id);
  commit({record_now(BotAdded{*seat, next_bot_name()})}, [this, from, re = msg.id, seat = *seat](bool ok) {
    if (!ok) return reply_error(from, ProtoError::unavailable, "the server cannot save this room right now", re);
    log::info("bot_added", {{"room", code_}, {"seat", seat}});
    reply(from, ok_message(re));
    // After a game the bot says yes to the next one at once: it may have been the last.
    if (state_.status() == RoomStatus::over) return rematch_if_ready(nullptr, nullptr);
    broadcast_room_info();
  });
}

void Room::on_remove_bot(const ParticipantPtr& from, const Envelope& msg) {
  const auto seat = bot_seat_request(from, msg);
  if (!seat) return;
  if (!state_.seat(*seat).bot) return reply_error(from, ProtoError::wrong_seat, "no bot sits there", msg.id);
  commit({record_now(BotRemoved{*seat})}, [this, from, re = msg.id, seat = *seat](bool ok) {
    if (!ok) return reply_error(from, ProtoError::unavailable, "the server cannot save this room right now", re);
    log::info("bot_removed", {{"room", code_}, {"seat", seat}});
    reply(from, ok_message(re));
    broadcast_room_info();
  });
}

bool Room::bot_plays(Seat seat) const {
  const SeatRecord& st = state_.seat(seat);
  // A seat out of time forfeits instead where the room says so and the game has forfeits.
  const bool bot_on_timeout = !(state_.rules().forfeit_on_timeout && state_.game().type().forfeits);
  return st.claimed &&
         (st.bot || st.stand_in || (bot_on_timeout && clock_.timeouts().out_of_time(state_.clocks(), seat)));
}

void Room::take_seat_back(Seat seat) {
  commit({record_now(SeatTakenBack{seat})}, [this, seat](bool ok) {
    if (!ok) return log::warn("seat_not_taken_back", {{"room", code_}, {"seat", seat}});
    log::info("seat_taken_back", {{"room", code_}, {"seat", seat}});
    broadcast_room_info();
  });
}

void Room::ask_bots() {
  if (clock_.paused()) return;
  const bot::Budget budget{.playouts = ctx_.config.bot_playouts, .time_ms = ctx_.config.bot_budget_ms};
  bots_.ask(state_, [this](Seat s) { return bot_plays(s); }, ctx_.manager.bots(), budget, shared_from_this(),
            [this](Seat seat, int game_no, int version, Json action) { bot_answered(seat, game_no, version, std::move(action)); },
            [this] { ask_bots(); });
}

void Room::bot_answered(Seat seat, int game_no, int version, Json action) {
  bots_.answered(seat, game_no, version);
  const Match* match = state_.match();
  const bool current = state_.status() == RoomStatus::playing && match && game_no == state_.game_no() &&
                       version == match->version();
  // The state moved on while the bot thought (another seat acted, or the seat's player came
  // back): that answer is for a position that no longer exists.
  if (!current || !bot_plays(seat)) return ask_bots();
  metrics().bot_moves++;
  apply_action(seat, action, nullptr, nullptr, Clock::now());
}

}  // namespace nyan::server
