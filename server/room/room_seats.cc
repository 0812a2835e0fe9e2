// Seats arranged by the people at the table: in the lobby a player moves to an empty seat
// (sit) and the host swaps two seats (swap_seats), so that friends pick their partners in a
// team game; during a game the host of a room with drop_policy "host" opens the seat of a
// player who is gone (open_seat). A moved player keeps their token, name and the host's role.
#include "protocol/server_messages.h"
#include "server/common/log.h"
#include "server/room/room.h"

namespace nyan::server {

std::optional<Seat> Room::seat_field(const ParticipantPtr& from, const Envelope& msg, const char* name) {
  const auto s = int_field(msg.body, name);
  if (!s) {
    reply_error(from, ProtoError::bad_field, "'" + std::string(name) + "' must be an integer", msg.id);
    return std::nullopt;
  }
  if (*s < 0 || *s >= state_.seat_count()) {
    reply_error(from, ProtoError::wrong_seat, "no such seat", msg.id);
    return std::nullopt;
  }
  return static_cast<Seat>(*s);
}

void Room::on_sit(const ParticipantPtr& from, const Envelope& msg) {
  const Seat seat = *seat_of(from->participant_id());
  if (state_.status() != RoomStatus::lobby)
    return reply_error(from, ProtoError::bad_state, "seats are chosen in the lobby", msg.id);
  const auto to = seat_field(from, msg, "seat");
  if (!to) return;
  if (seat == kSpectator) return reply_error(from, ProtoError::wrong_seat, "join the room to take a seat", msg.id);
  if (*to == seat) return reply_error(from, ProtoError::wrong_seat, "you sit there already", msg.id);
  if (state_.seat(*to).claimed) return reply_error(from, ProtoError::seat_taken, "that seat is taken", msg.id);
  commit({record_now(SeatMoved{seat, *to})}, [this, from, re = msg.id, seat, to = *to](bool ok) {
    if (!ok) return reply_error(from, ProtoError::unavailable, "the server cannot save this room right now", re);
    log::info("seat_moved", {{"room", code_}, {"from", seat}, {"to", to}});
    reply(from, ok_message(re));
    seats_exchanged(seat, to);
  });
}

void Room::on_swap_seats(const ParticipantPtr& from, const Envelope& msg) {
  if (!is_host(from->participant_id()))
    return reply_error(from, ProtoError::not_host, "only the host can swap seats", msg.id);
  if (state_.status() != RoomStatus::lobby)
    return reply_error(from, ProtoError::bad_state, "seats are swapped in the lobby", msg.id);
  const auto a = seat_field(from, msg, "a");
  if (!a) return;
  const auto b = seat_field(from, msg, "b");
  if (!b) return;
  if (*a == *b) return reply_error(from, ProtoError::wrong_seat, "two different seats are swapped", msg.id);
  if (!state_.seat(*a).claimed && !state_.seat(*b).claimed)
    return reply_error(from, ProtoError::wrong_seat, "nobody sits in either seat", msg.id);
  commit({record_now(SeatsSwapped{*a, *b})}, [this, from, re = msg.id, a = *a, b = *b](bool ok) {
    if (!ok) return reply_error(from, ProtoError::unavailable, "the server cannot save this room right now", re);
    log::info("seats_swapped", {{"room", code_}, {"a", a}, {"b", b}});
    reply(from, ok_message(re));
    seats_exchanged(a, b);
  });
}

void Room::seats_exchanged(Seat a, Seat b) {
  std::swap(links_[a], links_[b]);
  for (const Seat s : {a, b}) {
    SeatLink& link = links_[s];
    cancel_grace(link);
    const Frame moved = std::make_shared<const std::string>(moved_message(code_, s, state_.host() == s));
    for (const std::uint64_t pid : link.connections) {
      conns_[pid].seat = s;
      send(pid, moved);
    }
    // A player who is away has their grace period again where they now sit (a lobby seat is
    // given up at its end).
    const SeatRecord& st = state_.seat(s);
    if (st.claimed && !st.bot && link.connections.empty()) seat_dropped(s);
  }
  broadcast_room_info();
}

void Room::on_open_seat(const ParticipantPtr& from, const Envelope& msg) {
  if (!is_host(from->participant_id()))
    return reply_error(from, ProtoError::not_host, "only the host can open a seat", msg.id);
  if (!state_.rules().host_opens_seats)
    return reply_error(from, ProtoError::bad_state,
                       "this room keeps a gone player's seat for them (its bot plays it until they are back)", msg.id);
  if (state_.status() != RoomStatus::playing)
    return reply_error(from, ProtoError::bad_state, "seats are opened during a game", msg.id);
  const auto seat = seat_field(from, msg, "seat");
  if (!seat) return;
  const SeatRecord& st = state_.seat(*seat);
  if (!st.claimed || st.bot) return reply_error(from, ProtoError::wrong_seat, "no player's seat is there", msg.id);
  if (st.open) return reply_error(from, ProtoError::bad_state, "that seat is open already", msg.id);
  // Only a seat whose player is gone: their bot plays it (they left, or the grace period
  // ended) and nobody holds it now.
  if (!st.stand_in || !links_[*seat].connections.empty())
    return reply_error(from, ProtoError::bad_state, "only the seat of a player who is gone can be opened", msg.id);
  commit({record_now(SeatOpened{*seat})}, [this, from, re = msg.id, seat = *seat](bool ok) {
    if (!ok) return reply_error(from, ProtoError::unavailable, "the server cannot save this room right now", re);
    log::info("seat_opened", {{"room", code_}, {"seat", seat}});
    reply(from, ok_message(re));
    broadcast_room_info();
  });
}

}  // namespace nyan::server
