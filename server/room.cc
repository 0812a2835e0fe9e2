// Room membership: create, join, spectate, reconnect, leave, kick, close; seats held through
// a grace period after a drop.
#include "server/room.h"

#include <boost/asio/post.hpp>

#include "server/log.h"
#include "server/room_manager.h"
#include "server/tokens.h"

namespace nyan::server {

namespace {
constexpr std::size_t kNameMax = 32;
constexpr std::size_t kQueueMax = 256;

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

Room::Room(net::any_io_executor executor, Context context, std::string code, const Game& game, Json options,
           std::string secret)
    : strand_(net::make_strand(executor)),
      ctx_(context),
      code_(std::move(code)),
      game_(game),
      options_(std::move(options)),
      secret_(std::move(secret)),
      seats_(static_cast<std::size_t>(game.type().seat_count(options_))),
      idle_timer_(strand_),
      bot_retry_(strand_),
      rules_(RoomRules::of(options_)),
      clock_timer_(strand_) {
  for (const ActionForm& f : game_.type().action_forms)
    if (f.side) side_types_.push_back(f.type);
  metrics().room_entered(game_.type().id, RoomPhase::lobby);
  counted_ = true;
}

Room::~Room() {
  if (counted_) {
    const RoomPhase p = status_ == Status::playing ? RoomPhase::playing
                        : status_ == Status::over  ? RoomPhase::over
                                                   : RoomPhase::lobby;
    metrics().room_left(game_.type().id, p);
  }
}

void Room::handle(ParticipantPtr from, Envelope msg, Clock::time_point received) {
  net::post(strand_, [self = shared_from_this(), from = std::move(from), msg = std::move(msg), received]() mutable {
    if (!self->busy_) return self->dispatch(from, msg, received);
    const auto waiting = std::count_if(self->queue_.begin(), self->queue_.end(), [](const Queued& q) { return q.message; });
    if (static_cast<std::size_t>(waiting) >= kQueueMax)
      return self->reply_error(from, ProtoError::unavailable, "the room is busy; try again", msg.id);
    self->queue_.push_back(Queued{[self, from = std::move(from), msg = std::move(msg), received]() mutable {
                                    self->dispatch(from, msg, received);
                                  },
                                  true});
  });
}

void Room::disconnected(std::uint64_t participant_id) {
  net::post(strand_, [self = shared_from_this(), participant_id] { self->detach(participant_id); });
}

void Room::dispatch(const ParticipantPtr& from, Envelope& msg, Clock::time_point received) {
  if (status_ == Status::closed)  // the same answer as for a code that never existed
    return refuse_entry(from, ProtoError::unknown_room, "no such room", msg.id);
  const std::string& t = msg.type;
  const bool member = conns_.count(from->participant_id()) > 0;
  if (t == "create") return on_create(from, msg);
  if (t == "join" || t == "spectate" || t == "reconnect") {
    if (member) return reply_error(from, ProtoError::already_in_room, "you are already in this room", msg.id);
    if (t == "join") return on_join(from, msg);
    if (t == "spectate") return on_spectate(from, msg);
    return on_reconnect(from, msg);
  }
  if (!member) {
    reply_error(from, ProtoError::not_in_room, "join a room first", msg.id);
    return;
  }
  if (t == "leave") return on_leave(from, msg);
  if (t == "kick") return on_kick(from, msg);
  if (t == "add_bot") return on_add_bot(from, msg);
  if (t == "remove_bot") return on_remove_bot(from, msg);
  if (t == "close") return on_close(from, msg);
  if (t == "start") return on_start(from, msg);
  if (t == "rematch") return on_rematch(from, msg);
  if (t == "action") return on_action(from, msg, received);
  if (t == "resync") return on_resync(from, msg);
  reply_error(from, ProtoError::unknown_type, "unknown message type", msg.id);
}

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
    if (*s < 0 || *s >= static_cast<std::int64_t>(seats_.size()))
      return refuse_entry(from, ProtoError::wrong_seat, "no such seat", msg.id);
    wanted = static_cast<Seat>(*s);
  }
  // In the lobby any unclaimed seat; in a game only a seat given up after its grace period.
  auto free = [&](Seat s) {
    const SeatState& st = seats_[s];
    return status_ == Status::lobby ? !st.claimed : st.open;
  };
  if (wanted) {
    if (!free(*wanted)) return refuse_entry(from, ProtoError::seat_taken, "that seat is taken", msg.id);
    return claim_seat(from, msg, *wanted, false);
  }
  for (Seat s = 0; s < static_cast<Seat>(seats_.size()); ++s)
    if (free(s)) return claim_seat(from, msg, s, false);
  refuse_entry(from, ProtoError::room_full, "every seat is taken; you can spectate", msg.id);
}

void Room::refuse_entry(const ParticipantPtr& from, ProtoError code, std::string_view message, const Json& re) {
  reply_error(from, code, message, re);
  from->left_room(this);
}

void Room::claim_seat(const ParticipantPtr& from, const Envelope& msg, Seat seat, bool host) {
  const std::string token = new_token();
  std::string name = clean_name(string_field(msg.body, "name", 256).value_or(""));
  std::vector<Json> records;
  if (host)
    records.push_back({{"kind", "room_created"}, {"code", code_}, {"game", game_.type().id},
                       {"options", options_}, {"secret", secret_}});
  records.push_back({{"kind", "seat_claimed"}, {"seat", seat}, {"token_hash", token_hash(token)}, {"name", name}});
  // Nothing else runs until the record is durable, so no second join can take the seat.
  journal_then(std::move(records), [this, from, re = msg.id, seat, host, token, name](bool ok) {
    if (!ok) {
      reply_error(from, ProtoError::unavailable, "the server cannot save this room right now", re);
      from->left_room(this);
      if (host) closed_now("journal failure");  // it was never created
      return;
    }
    SeatState& s = seats_[seat];
    s.claimed = true;
    s.open = false;
    s.name = name;
    s.token_hash = token_hash(token);
    s.requests.clear();
    if (host) host_ = seat;
    if (host_ < 0) host_ = seat;
    attach(from, seat);
    reply(from, {{"type", "joined"}, {"re", re}, {"room", code_}, {"seat", seat}, {"token", token},
                 {"host", host_ == seat}});
    log::info(host ? "room_created" : "seat_claimed", {{"room", code_}, {"game", game_.type().id}, {"seat", seat}});
    broadcast_room_info();
    if (match_) send_snapshot(from->participant_id(), seat);
  });
}

void Room::on_spectate(const ParticipantPtr& from, const Envelope& msg) {
  attach(from, kSpectator);
  reply(from, {{"type", "joined"}, {"re", msg.id}, {"room", code_}, {"seat", nullptr}, {"host", false}});
  broadcast_room_info();
  if (match_) send_snapshot(from->participant_id(), kSpectator);
}

void Room::on_reconnect(const ParticipantPtr& from, const Envelope& msg) {
  auto token = string_field(msg.body, "token", 128);
  if (!token) return refuse_entry(from, ProtoError::bad_field, "'token' must be a string", msg.id);
  const std::string hash = token_hash(*token);
  for (Seat s = 0; s < static_cast<Seat>(seats_.size()); ++s) {
    SeatState& st = seats_[s];
    if (!st.claimed || st.open || st.bot || !same_hash(st.token_hash, hash)) continue;
    if (st.grace) st.grace->cancel();
    if (st.stand_in) take_seat_back(s);
    attach(from, s);
    reply(from, {{"type", "joined"}, {"re", msg.id}, {"room", code_}, {"seat", s}, {"host", host_ == s}});
    log::info("seat_reconnected", {{"room", code_}, {"seat", s}});
    broadcast_room_info();
    if (match_) send_snapshot(from->participant_id(), s);
    return;
  }
  refuse_entry(from, ProtoError::bad_token, "that token holds no seat in this room", msg.id);
}

void Room::on_leave(const ParticipantPtr& from, const Envelope& msg) {
  const auto seat = seat_of(from->participant_id());
  reply(from, {{"type", "left"}, {"re", msg.id}, {"room", code_}});
  from->left_room(this);
  detach(from->participant_id());
  // Leaving the lobby gives the seat up at once; in a game the seat is held like a drop.
  if (seat && *seat != kSpectator && status_ == Status::lobby && seats_[*seat].connections.empty())
    release_seat(*seat, "left");
}

void Room::on_kick(const ParticipantPtr& from, const Envelope& msg) {
  if (!is_host(from->participant_id())) return reply_error(from, ProtoError::not_host, "only the host can kick", msg.id);
  if (status_ != Status::lobby) return reply_error(from, ProtoError::bad_state, "players can only be kicked from the lobby", msg.id);
  auto s = int_field(msg.body, "seat");
  if (!s) return reply_error(from, ProtoError::bad_field, "'seat' must be an integer", msg.id);
  if (*s < 0 || *s >= static_cast<std::int64_t>(seats_.size()) || !seats_[*s].claimed)
    return reply_error(from, ProtoError::wrong_seat, "nobody sits there", msg.id);
  if (seats_[*s].bot) return reply_error(from, ProtoError::wrong_seat, "a bot sits there: use remove_bot", msg.id);
  const Seat seat = static_cast<Seat>(*s);
  if (seat == host_) return reply_error(from, ProtoError::wrong_seat, "the host cannot kick themself", msg.id);
  release_seat(seat, "kicked", [this, from, re = msg.id, seat] {
    if (seats_[seat].claimed)  // not released: the journal could not write
      return reply_error(from, ProtoError::unavailable, "the server cannot save this room right now", re);
    reply(from, {{"type", "ok"}, {"re", re}});
  });
}

void Room::on_close(const ParticipantPtr& from, const Envelope& msg) {
  if (!is_host(from->participant_id())) return reply_error(from, ProtoError::not_host, "only the host can close the room", msg.id);
  close_room("closed by the host", [this, from, re = msg.id](bool ok) {
    if (!ok) return reply_error(from, ProtoError::unavailable, "the server cannot save this room right now", re);
    reply(from, {{"type", "ok"}, {"re", re}});
  });
}

void Room::release_seat(Seat seat, const char* reason, std::function<void()> then) {
  Seat next_host = host_;
  if (host_ == seat) {
    next_host = -1;
    for (Seat s = 0; s < static_cast<Seat>(seats_.size()); ++s)
      if (s != seat && seats_[s].claimed && !seats_[s].bot) {
        next_host = s;
        break;
      }
  }
  journal_then({{{"kind", "seat_released"}, {"seat", seat}, {"host", next_host}}},
               [this, seat, reason, next_host, then = std::move(then)](bool ok) {
                 SeatState& st = seats_[seat];
                 if (ok) {
                   // Whoever still sits there (a kicked player's connections) is told and goes.
                   const Json kicked = {{"type", "kicked"}, {"room", code_}};
                   for (std::uint64_t pid : std::vector<std::uint64_t>(st.connections)) {
                     if (auto p = conns_[pid].participant.lock()) {
                       p->deliver(std::make_shared<const std::string>(kicked.dump()));
                       p->left_room(this);
                     }
                     conns_.erase(pid);
                   }
                   if (st.grace) st.grace->cancel();
                   st = SeatState{};
                   host_ = next_host;
                   log::info("seat_released", {{"room", code_}, {"seat", seat}, {"reason", reason}});
                   broadcast_room_info();
                 } else if (st.connections.empty()) {
                   seat_dropped(seat);  // not saved: the seat stays, and the grace period tries again
                 }
                 if (then) then();
               });
}

void Room::attach(const ParticipantPtr& p, Seat seat) {
  conns_[p->participant_id()] = Conn{p, seat};
  if (seat == kSpectator) ++spectators_;
  else seats_[seat].connections.push_back(p->participant_id());
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
    auto& c = seats_[seat].connections;
    c.erase(std::remove(c.begin(), c.end(), participant_id), c.end());
    if (c.empty()) seat_dropped(seat);
  }
  broadcast_room_info();
  if (conns_.empty()) arm_idle_timer();
}

void Room::seat_dropped(Seat seat) {
  SeatState& st = seats_[seat];
  if (!st.claimed || st.bot) return;
  log::info("seat_disconnected", {{"room", code_}, {"seat", seat}});
  if (!st.grace) st.grace = std::make_unique<net::steady_timer>(strand_);
  st.grace->expires_after(std::chrono::milliseconds(ctx_.config.grace_ms));
  st.grace->async_wait([self = shared_from_this(), seat](boost::system::error_code ec) {
    if (!ec) self->when_idle([self, seat] { self->grace_expired(seat); });
  });
}

void Room::grace_expired(Seat seat) {
  SeatState& st = seats_[seat];
  if (!st.claimed || !st.connections.empty() || status_ == Status::closed) return;
  if (status_ == Status::lobby) return release_seat(seat, "grace expired");
  if (rules_.bot_for_dropped && !st.stand_in) {
    // The seat stays the player's (the token still works); its bot plays until they are back.
    return give_up_seat(seat, "stand_in", [this, seat] {
      seats_[seat].stand_in = true;
      log::info("bot_stands_in", {{"room", code_}, {"seat", seat}});
      broadcast_room_info();
      ask_bots();
    });
  }
  if (status_ == Status::playing && !st.open && !rules_.bot_for_dropped) {
    // The token stops working; anyone with the room code may take the seat over.
    give_up_seat(seat, "seat_opened", [this, seat] {
      seats_[seat].open = true;
      log::info("seat_opened", {{"room", code_}, {"seat", seat}});
      broadcast_room_info();
    });
  }
}

void Room::give_up_seat(Seat seat, const char* kind, std::function<void()> then) {
  journal_then({{{"kind", kind}, {"seat", seat}}}, [this, seat, then = std::move(then)](bool ok) {
    SeatState& s = seats_[seat];
    if (!ok) {
      if (s.connections.empty()) seat_dropped(seat);  // tried again after another grace period
      return;
    }
    if (s.claimed && s.connections.empty()) then();  // unless the player came back meanwhile
  });
}

void Room::close_room(const char* reason, std::function<void(bool ok)> then) {
  if (status_ == Status::closed) return;
  journal_then({{{"kind", "closed"}, {"reason", reason}}}, [this, reason, then = std::move(then)](bool ok) {
    if (then) then(ok);
    // A room closed by its timers closes even when the record failed: nobody is in it, and
    // if it comes back after a restart it closes again the same way.
    if (ok || !then) closed_now(reason);
  });
}

void Room::closed_now(const char* reason) {
  if (status_ == Status::closed) return;
  const Json closed = {{"type", "closed"}, {"room", code_}, {"reason", reason}};
  const Frame f = std::make_shared<const std::string>(closed.dump());
  for (auto& [pid, conn] : conns_)
    if (auto p = conn.participant.lock()) {
      p->deliver(f);
      p->left_room(this);
    }
  conns_.clear();
  for (SeatState& st : seats_)
    if (st.grace) st.grace->cancel();
  idle_timer_.cancel();
  bot_retry_.cancel();
  clock_timer_.cancel();
  set_status(Status::closed);
  log::info("room_closed", {{"room", code_}, {"reason", reason}});
  ctx_.journal.forget(code_);
  ctx_.manager.remove(code_);
}

void Room::arm_idle_timer() {
  // An abandoned room closes; a finished one stays for the retention time.
  const int ms = status_ == Status::over ? ctx_.config.retention_ms : ctx_.config.room_idle_ms;
  idle_timer_.expires_after(std::chrono::milliseconds(ms));
  idle_timer_.async_wait([self = shared_from_this()](boost::system::error_code ec) {
    if (ec) return;
    self->when_idle([self] {
      if (self->conns_.empty()) self->close_room(self->status_ == Status::over ? "retention expired" : "idle");
    });
  });
}

std::optional<Seat> Room::seat_of(std::uint64_t participant_id) const {
  auto it = conns_.find(participant_id);
  if (it == conns_.end()) return std::nullopt;
  return it->second.seat;
}

bool Room::is_host(std::uint64_t participant_id) const {
  auto s = seat_of(participant_id);
  return s && *s != kSpectator && *s == host_;
}

}  // namespace nyan::server
