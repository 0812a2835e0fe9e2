// Room membership: create, join, spectate, reconnect, leave, kick, close; seats held through
// a grace period after a drop, then played by their bots until their players are back.
#include <boost/asio/post.hpp>

#include "protocol/server_messages.h"
#include "server/common/log.h"
#include "server/common/metrics.h"
#include "server/room/room.h"
#include "server/room/room_manager.h"
#include "server/room/tokens.h"

namespace nyan::server {

namespace {
constexpr std::size_t kNameMax = 32;

// A display name as people type it: trimmed, control characters removed, at most 32 bytes
// (cut on a UTF-8 boundary). An empty name stays empty: each client labels the seat itself,
// in its own language and with the seat numbers it shows everywhere else.
std::string clean_name(const std::string& raw) {
  std::string out;
  for (unsigned char c : raw)
    if (c >= 0x20 && c != 0x7f) out += static_cast<char>(c);
  if (out.size() > kNameMax) {
    std::size_t cut = kNameMax;
    while (cut > 0 && (static_cast<unsigned char>(out[cut]) & 0xC0) == 0x80) --cut;
    out.resize(cut);
  }
  const auto first = out.find_first_not_of(' ');
  out = first == std::string::npos ? "" : out.substr(first, out.find_last_not_of(' ') - first + 1);
  return out;
}
}  // namespace

void Room::on_create(const ParticipantPtr& from, const Envelope& msg) {
  // The creator takes seat 0 and is the host; the room's creation and that claim are
  // journaled together.
  claim_seat(from, msg, 0, /*host=*/true);
}

void Room::on_join(const ParticipantPtr& from, const Envelope& msg) {
  std::optional<Seat> wanted;
  if (msg.body.contains("seat") && !msg.body["seat"].is_null()) {
    auto s = int_field(msg.body, "seat");
    if (!s) return refuse_entry(from, ProtoError::bad_field, "'seat' must be an integer", msg.id);
    if (*s < 0 || *s >= state_.seat_count()) return refuse_entry(from, ProtoError::wrong_seat, "no such seat", msg.id);
    wanted = static_cast<Seat>(*s);
  }
  // In the lobby any unclaimed seat; in a game only a seat the host opened; after a game also
  // a seat the host emptied (an absent player removed), so that someone may take it for the
  // next game.
  auto free = [&](Seat s) {
    const SeatRecord& st = state_.seat(s);
    switch (state_.status()) {
      case RoomStatus::lobby: return !st.claimed;
      case RoomStatus::over: return !st.claimed || st.open;
      default: return st.open;
    }
  };
  if (wanted) {
    if (!free(*wanted)) return refuse_entry(from, ProtoError::seat_taken, "that seat is taken", msg.id);
    return claim_seat(from, msg, *wanted, false);
  }
  for (Seat s = 0; s < state_.seat_count(); ++s)
    if (free(s)) return claim_seat(from, msg, s, false);
  refuse_entry(from, ProtoError::room_full, "every seat is taken; you can spectate", msg.id);
}

void Room::refuse_entry(const ParticipantPtr& from, ProtoError code, std::string_view message, const Json& re) {
  reply_error(from, code, message, re);
  from->left_room(this);
}

void Room::claim_seat(const ParticipantPtr& from, const Envelope& msg, Seat seat, bool host) {
  const std::string token = new_token();
  std::vector<Record> records;
  if (host)
    records.push_back(record_now(RoomCreated{code_, state_.game().type().id, state_.options(), state_.secret()}));
  records.push_back(record_now(SeatClaimed{seat, token_hash(token), clean_name(string_field(msg.body, "name", 256).value_or(""))}));
  // Nothing else runs until the record is durable, so no second join can take the seat.
  commit(std::move(records), [this, from, re = msg.id, seat, host, token](bool ok) {
    if (!ok) {
      reply_error(from, ProtoError::unavailable, "the server cannot save this room right now", re);
      from->left_room(this);
      if (host) closed_now("journal failure");  // it was never created
      return;
    }
    attach(from, seat);
    reply(from, joined_message(re, code_, seat, &token, state_.host() == seat));
    log::info(host ? "room_created" : "seat_claimed", {{"room", code_}, {"game", state_.game().type().id}, {"seat", seat}});
    broadcast_room_info();
    if (state_.match()) send_snapshot(from->participant_id(), seat);
  });
}

void Room::on_spectate(const ParticipantPtr& from, const Envelope& msg) {
  attach(from, kSpectator);
  reply(from, joined_message(msg.id, code_, std::nullopt, nullptr, false));
  broadcast_room_info();
  if (state_.match()) send_snapshot(from->participant_id(), kSpectator);
}

void Room::on_reconnect(const ParticipantPtr& from, const Envelope& msg) {
  auto token = string_field(msg.body, "token", 128);
  if (!token) return refuse_entry(from, ProtoError::bad_field, "'token' must be a string", msg.id);
  const std::string hash = token_hash(*token);
  for (Seat s = 0; s < state_.seat_count(); ++s) {
    const SeatRecord& st = state_.seat(s);
    if (!st.claimed || st.open || st.bot || !same_hash(st.token_hash, hash)) continue;
    cancel_grace(links_[s]);
    if (st.stand_in) take_seat_back(s);
    attach(from, s);
    reply(from, joined_message(msg.id, code_, s, nullptr, state_.host() == s));
    log::info("seat_reconnected", {{"room", code_}, {"seat", s}});
    broadcast_room_info();
    if (state_.match()) send_snapshot(from->participant_id(), s);
    return;
  }
  // A wrong token is one more failed lookup; past the limit it is answered as an unknown code
  // is, so that a guesser cannot tell a room's code from a made-up one.
  const bool limited = from->lookups_limited();
  from->lookup_failed();
  if (limited) return refuse_entry(from, ProtoError::rate_limited, "too many unknown room codes from your address; wait a minute", msg.id);
  refuse_entry(from, ProtoError::bad_token, "that token holds no seat in this room", msg.id);
}

void Room::on_leave(const ParticipantPtr& from, const Envelope& msg) {
  const auto seat = seat_of(from->participant_id());
  reply(from, left_message(msg.id, code_));
  from->left_room(this);
  detach(from->participant_id());
  if (!seat || *seat == kSpectator || !links_[*seat].connections.empty()) return;
  // Leaving the lobby gives the seat up at once. A player who leaves a game under way is gone
  // now: the table does not wait through a grace period, their bot plays the seat at once,
  // and their token takes it back. After a game the seat is held like a drop.
  if (state_.status() == RoomStatus::lobby) return release_seat(*seat, "left");
  if (state_.status() == RoomStatus::playing && !state_.seat(*seat).stand_in) stand_in(*seat, "left");
}

bool Room::absent(Seat seat) const { return state_.seat(seat).open || links_[seat].connections.empty(); }

void Room::on_kick(const ParticipantPtr& from, const Envelope& msg) {
  if (!is_host(from->participant_id())) return reply_error(from, ProtoError::not_host, "only the host can kick", msg.id);
  if (state_.status() == RoomStatus::playing)
    return reply_error(from, ProtoError::bad_state, "players can only be removed in the lobby or after a game", msg.id);
  const auto seat = seat_field(from, msg, "seat");
  if (!seat) return;
  const SeatRecord& st = state_.seat(*seat);
  if (!st.claimed) return reply_error(from, ProtoError::wrong_seat, "nobody sits there", msg.id);
  if (st.bot) return reply_error(from, ProtoError::wrong_seat, "a bot sits there: use remove_bot", msg.id);
  if (*seat == state_.host()) return reply_error(from, ProtoError::wrong_seat, "the host cannot kick themself", msg.id);
  // After a game the host may free the seat of a player who is not there, so that the next
  // game can go on without them; a player at the table says yes or no for themself.
  if (state_.status() == RoomStatus::over && !absent(*seat))
    return reply_error(from, ProtoError::bad_state, "after a game only a player who is away can be removed", msg.id);
  release_seat(*seat, "kicked", [this, from, re = msg.id, seat = *seat] {
    if (state_.seat(seat).claimed)  // not released: the journal could not write
      return reply_error(from, ProtoError::unavailable, "the server cannot save this room right now", re);
    reply(from, ok_message(re));
  });
}

void Room::on_close(const ParticipantPtr& from, const Envelope& msg) {
  if (!is_host(from->participant_id()))
    return reply_error(from, ProtoError::not_host, "only the host can close the room", msg.id);
  close_room("closed by the host", [this, from, re = msg.id](bool ok) {
    if (!ok) return reply_error(from, ProtoError::unavailable, "the server cannot save this room right now", re);
    reply(from, ok_message(re));
  });
}

void Room::release_seat(Seat seat, const char* reason, std::function<void()> then) {
  Seat next_host = state_.host();
  if (next_host == seat) {
    next_host = -1;
    for (Seat s = 0; s < state_.seat_count(); ++s)
      if (s != seat && state_.seat(s).claimed && !state_.seat(s).bot) {
        next_host = s;
        break;
      }
  }
  commit({record_now(SeatReleased{seat, next_host})}, [this, seat, reason, then = std::move(then)](bool ok) {
    SeatLink& link = links_[seat];
    if (ok) {
      // Whoever still sits there (a kicked player's connections) is told and goes.
      const Frame kicked = std::make_shared<const std::string>(kicked_message(code_));
      for (std::uint64_t pid : std::vector<std::uint64_t>(link.connections)) {
        if (auto p = conns_[pid].participant.lock()) {
          p->deliver(kicked);
          p->left_room(this);
        }
        conns_.erase(pid);
      }
      cancel_grace(link);
      link.connections.clear();
      log::info("seat_released", {{"room", code_}, {"seat", seat}, {"reason", reason}});
      broadcast_room_info();
    } else if (link.connections.empty()) {
      seat_dropped(seat);  // not saved: the seat stays, and the grace period tries again
    }
    if (then) then();
  });
}

void Room::seat_dropped(Seat seat) {
  const SeatRecord& st = state_.seat(seat);
  if (!st.claimed || st.bot) return;
  log::info("seat_disconnected", {{"room", code_}, {"seat", seat}});
  SeatLink& link = links_[seat];
  if (!link.grace) link.grace = std::make_unique<net::steady_timer>(strand_);
  link.grace->expires_after(std::chrono::milliseconds(ctx_.config.grace_ms));
  link.grace->async_wait([self = shared_from_this(), seat, round = ++link.grace_round](boost::system::error_code ec) {
    if (ec) return;
    self->when_idle([self, seat, round] {
      if (self->links_[seat].grace_round == round) self->grace_expired(seat);
    });
  });
}

void Room::cancel_grace(SeatLink& link) {
  ++link.grace_round;
  if (link.grace) link.grace->cancel();
}

void Room::grace_expired(Seat seat) {
  const SeatRecord& st = state_.seat(seat);
  if (!st.claimed || st.bot || !links_[seat].connections.empty() || state_.status() == RoomStatus::closed) return;
  if (state_.status() == RoomStatus::lobby) return release_seat(seat, "grace expired");
  // A private table never gives a seat to someone else by itself: the seat stays the
  // player's (the token still works) and its bot plays until they are back. The host of a
  // room with drop_policy "host" may open it (open_seat). (A seat that an older release opened
  // by itself gets its bot too, rather than holding the game up until someone joins.)
  if (!st.stand_in) stand_in(seat, "grace expired");
}

void Room::stand_in(Seat seat, const char* why) {
  // Nobody can come back while the record is written (their reconnect waits in the queue),
  // so the seat is still empty when it is applied.
  commit({record_now(StandIn{seat})}, [this, seat, why](bool ok) {
    if (!ok) {
      if (links_[seat].connections.empty()) seat_dropped(seat);  // tried again after another grace period
      return;
    }
    log::info("bot_stands_in", {{"room", code_}, {"seat", seat}, {"reason", why}});
    // After a game the bot's yes to the next one is given at once: it may have been the last.
    if (state_.status() == RoomStatus::over) return rematch_if_ready(nullptr, nullptr);
    broadcast_room_info();
    ask_bots();
  });
}

void Room::close_room(const char* reason, std::function<void(bool ok)> then) {
  if (state_.status() == RoomStatus::closed) return;
  commit({record_now(Closed{reason})}, [this, reason, then = std::move(then)](bool ok) {
    if (then) then(ok);
    // A room closed by its timers closes even when the record failed: nobody is in it, and
    // if it comes back after a restart it closes again the same way.
    if (ok || !then) closed_now(reason);
  });
}

void Room::closed_now(const std::string& reason) {
  if (closed_) return;
  const Frame f = std::make_shared<const std::string>(closed_message(code_, reason));
  for (auto& [pid, conn] : conns_)
    if (auto p = conn.participant.lock()) {
      p->deliver(f);
      p->left_room(this);
    }
  conns_.clear();
  log::info("room_closed", {{"room", code_}, {"reason", reason}});
  ctx_.journal.forget(code_);
  stop_here(nullptr);
}

void Room::lease_lost() {
  net::post(strand_, [self = shared_from_this()] {
    if (self->closed_) return;
    for (auto& [pid, conn] : self->conns_)
      if (auto p = conn.participant.lock()) p->room_moved(self.get());
    self->conns_.clear();
    self->stop_timers("room_moved_away");
    // It writes nothing more (commit refuses), and leaves once the write in flight, if any, is
    // answered: only then may this server claim the room again, or that write could land in
    // the journal under the new claim's epoch, beside the new room's.
    self->queue_.when_idle([self] { self->ctx_.manager.left(self->code_, self.get()); });
  });
}

void Room::stop_here(const char* why) {
  stop_timers(why);
  ctx_.manager.remove(code_);
}

void Room::stop_timers(const char* why) {
  closed_ = true;
  for (SeatLink& link : links_) cancel_grace(link);
  idle_timer_.cancel();
  bots_.cancel();
  clock_.cancel();
  if (counted_) metrics().room_left(state_.game().type().id, phase_of(state_.status()));
  counted_ = false;
  if (why) log::info(why, {{"room", code_}});
}

void Room::arm_idle_timer() {
  // An abandoned room closes; a finished one stays for the retention time.
  const bool over = state_.status() == RoomStatus::over;
  idle_timer_.expires_after(std::chrono::milliseconds(over ? ctx_.config.retention_ms : ctx_.config.room_idle_ms));
  idle_timer_.async_wait([self = shared_from_this()](boost::system::error_code ec) {
    if (ec) return;
    self->when_idle([self] {
      if (self->conns_.empty())
        self->close_room(self->state_.status() == RoomStatus::over ? "retention expired" : "idle");
    });
  });
}

}  // namespace nyan::server
