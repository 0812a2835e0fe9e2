// A private room on this server: its state (RoomState, what its records made it) and its
// life here: the connections in it, the grace periods of dropped seats, the turn clocks'
// timer, the bots thinking, the record in flight. Everything runs on the room's strand;
// connections reach it only through RoomLink and it reaches them only through Participant.
//
// A handler checks a request against the state and, when it changes the room, makes a record
// and commits it: the record goes to the journal, and once it is durable apply() changes the
// room and the handler's continuation answers and broadcasts. Until then the room is as it
// was (and stays so if the write fails), and everything else that may write waits in the
// record queue. A restore applies the journaled records the same way, without the handlers.
//
// The parts: room.cc (messages in, records applied, frames out), room_entry.cc (create, join,
// spectate, reconnect, leave, kick, close; grace periods and stand-ins), room_seats.cc (seats
// moved and swapped in the lobby, a gone player's seat opened), room_play.cc (start, rematch
// votes, actions, resync, clocks running out, forfeits), room_bots.cc (bot seats and the bots'
// turns), room_queries.cc (the HTTP endpoints' reads), room_restore.cc.
#pragma once

#include <boost/asio/any_io_executor.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "rules/core/game.h"
#include "server/common/config.h"
#include "server/journal/journal.h"
#include "server/room/bot_turns.h"
#include "server/room/clock_timer.h"
#include "server/room/participant.h"
#include "server/room/record_queue.h"
#include "server/room/records.h"
#include "server/room/room_state.h"

namespace nyan::server {

namespace net = boost::asio;

class RoomManager;

class Room : public RoomLink, public std::enable_shared_from_this<Room> {
 public:
  struct Context {
    RoomManager& manager;
    Journal& journal;
    const Config& config;
  };

  Room(net::any_io_executor executor, Context context, std::string code, const Game& game, Json options,
       std::string secret);
  ~Room() override;

  const std::string& code() const { return code_; }
  // The I/O context's executor the room's strand runs on (a connection that names the room is
  // placed there).
  net::any_io_executor home() const { return strand_.get_inner_executor(); }
  // What the room's records made it (tests compare it with a room rebuilt from its journal).
  const RoomState& state() const { return state_; }

  void handle(ParticipantPtr from, Envelope msg, Clock::time_point received) override;
  void disconnected(std::uint64_t participant_id) override;

  // The server stops: journals the time every running clock has left, so that the room
  // resumes there wherever it is served next (the time no server holds it is nobody's), and
  // stops the clock timer. `done` runs once the record is durable or failed, or at once with
  // nothing to write.
  void pause_clocks(std::function<void()> done);

  // This server no longer serves the room (its lease was taken over or lapsed): its
  // connections are told to reconnect, its timers stop, and it leaves memory; its records stay
  // in the journal for the replica that serves it now.
  void lease_lost();

  // Rebuilds the room by applying its journaled records (at start, before any connection).
  // False with a reason when a record is corrupt or does not fit the room, or when the
  // finished game is past its retention (then expired() is true).
  bool restore(const std::vector<Json>& records, std::string& problem);
  bool expired() const { return expired_; }

  // room_queries.cc: what the /api/rooms/{code} endpoints read. Each calls `reply` on the
  // room's strand, with an empty string for anything that is not there (an unfinished or
  // unknown game, one past its retention, a closed room), so that every miss looks alike.
  // The verifiable record of finished game `game_no` (0: the latest finished game):
  void transcript(int game_no, std::function<void(std::string)> reply);
  // The room message (game, options, host, seats, status, finished games):
  void describe(std::function<void(std::string)> reply);

 private:
  // A seat's life on this server: who is connected to it and its grace period after a drop.
  struct SeatLink {
    std::vector<std::uint64_t> connections;
    std::unique_ptr<net::steady_timer> grace;
    // Counts the grace periods armed and cancelled: a timer's end that was already on its way
    // when its period was cancelled (the player came back, the seat moved) finds another
    // round and does nothing.
    std::uint64_t grace_round = 0;
  };
  struct Conn {
    std::weak_ptr<Participant> participant;
    Seat seat = kSpectator;
  };

  // room.cc: messages in, records committed and applied, frames out.
  void dispatch(const ParticipantPtr& from, Envelope& msg, Clock::time_point received);
  // Writes `records`, then (once durable) applies them and runs `then(true)`; `then(false)`
  // when the write failed, the room unchanged. `live`: what the live room worked out for an
  // action's record (RoomState::Live).
  void commit(std::vector<Record> records, std::function<void(bool ok)> then,
              std::shared_ptr<RoomState::Live> live = nullptr);
  // The only way the room's state changes.
  bool apply(const Record& record, RoomState::Live* live, std::string& problem);
  void count_status(RoomStatus before);
  // Whether the room is gone: closed by its record, or on this server without one.
  bool gone() const { return closed_ || state_.status() == RoomStatus::closed; }
  void attach(const ParticipantPtr& p, Seat seat);
  void detach(std::uint64_t participant_id);
  std::optional<Seat> seat_of(std::uint64_t participant_id) const;
  bool is_host(std::uint64_t participant_id) const;
  std::string room_message() const;
  void broadcast_room_info();
  void send(std::uint64_t participant_id, const Frame& frame);
  void reply(const ParticipantPtr& p, std::string message);
  void reply_error(const ParticipantPtr& p, ProtoError code, std::string_view message, const Json& re);
  void when_idle(std::function<void()> work) { queue_.when_idle(std::move(work)); }

  // room_entry.cc: membership and the host's commands; grace periods.
  void on_create(const ParticipantPtr& from, const Envelope& msg);
  void on_join(const ParticipantPtr& from, const Envelope& msg);
  void on_spectate(const ParticipantPtr& from, const Envelope& msg);
  void on_reconnect(const ParticipantPtr& from, const Envelope& msg);
  void on_leave(const ParticipantPtr& from, const Envelope& msg);
  void on_kick(const ParticipantPtr& from, const Envelope& msg);
  void on_close(const ParticipantPtr& from, const Envelope& msg);
  void refuse_entry(const ParticipantPtr& from, ProtoError code, std::string_view message, const Json& re);
  void claim_seat(const ParticipantPtr& from, const Envelope& msg, Seat seat, bool host);
  // Journals the release, then frees the seat (and passes the host on); `then` runs after.
  void release_seat(Seat seat, const char* reason, std::function<void()> then = {});
  void seat_dropped(Seat seat);
  void cancel_grace(SeatLink& link);
  void grace_expired(Seat seat);
  // Journals that the seat's bot plays for its player, who is gone (`why`: left, or past the
  // grace period); a failed record is tried again after another grace period.
  void stand_in(Seat seat, const char* why);
  // Whether the seat's player is away: no connection holds the seat (or it was opened).
  bool absent(Seat seat) const;
  // Journals the close, then closes (`then(ok)` runs first: a host's close is answered).
  void close_room(const char* reason, std::function<void(bool ok)> then = {});
  void closed_now(const std::string& reason);
  // The room stops on this server: its timers, the gauge, the manager's map (`why`: the log
  // line's event, or none).
  void stop_here(const char* why);
  void stop_timers(const char* why);
  void arm_idle_timer();

  // room_seats.cc: seats arranged in the lobby; a gone player's seat opened by the host.
  void on_sit(const ParticipantPtr& from, const Envelope& msg);
  void on_swap_seats(const ParticipantPtr& from, const Envelope& msg);
  void on_open_seat(const ParticipantPtr& from, const Envelope& msg);
  // A seat number from the request's member `name`, answered with an error (and nullopt) when
  // it is not an integer (bad_field) or no seat of the room (wrong_seat).
  std::optional<Seat> seat_field(const ParticipantPtr& from, const Envelope& msg, const char* name);
  // Seats `a` and `b` changed hands (a move is a swap with an empty seat): their connections
  // and grace periods go with them, and each connection is told its new seat.
  void seats_exchanged(Seat a, Seat b);

  // room_play.cc: the match.
  void on_start(const ParticipantPtr& from, const Envelope& msg);
  void on_rematch(const ParticipantPtr& from, const Envelope& msg);
  // After a game: starts the next one when every seat said yes (answering `from`, if any, once
  // it has started); otherwise answers `from` with ok and tells everyone who said yes.
  void rematch_if_ready(const ParticipantPtr& from, const Json& re);
  void on_action(const ParticipantPtr& from, const Envelope& msg, Clock::time_point received);
  void on_resync(const ParticipantPtr& from, const Envelope& msg);
  void start_match(const ParticipantPtr& from, const Json& re);
  // Commits `action` of `seat` (received at `at`), then broadcasts it; `from` is answered, or
  // is null for the seat's bot. With `forfeit` the action is the server's forfeit of the seat
  // (its clock ran out). Everything that acts goes through here.
  void apply_action(Seat seat, const Json& action, const ParticipantPtr& from, const Json& re, Clock::time_point at,
                    bool forfeit = false);
  void finish_action(const Match::Update& update, const ParticipantPtr& from, const Json& re, Clock::time_point received);
  // The answer to an action whose id this seat used before in this game, if it did.
  bool answer_retry(const ParticipantPtr& from, Seat seat, const Json& id, const Json& action);
  void send_snapshot(std::uint64_t participant_id, Seat seat, const Json& re = nullptr);
  // The clocks' frame member ("clock":{...}) now, or empty when the room has no clock.
  std::string clock_member() const;
  // Whether `seat`'s clock had run out when its message arrived at `at`.
  bool late(Seat seat, Clock::time_point at) const;
  void arm_clock();
  // The timer fired: every running clock that has run out is out of time.
  void clock_expired();
  // What happens when `seat`'s clock runs out: its bot decides, or it forfeits.
  void out_of_time(Seat seat);

  // room_bots.cc: bot seats and bot decisions.
  void on_add_bot(const ParticipantPtr& from, const Envelope& msg);
  void on_remove_bot(const ParticipantPtr& from, const Envelope& msg);
  // The checks both share: the host, in the lobby or after a game, a seat number in range.
  std::optional<Seat> bot_seat_request(const ParticipantPtr& from, const Envelope& msg);
  // The name of a bot put in a seat now: "Bot N" with the smallest N no other bot seat has.
  // Clients see state "bot" and may show their own word instead (the browser: ボットN).
  std::string next_bot_name() const;
  // Whether the seat's moves are the bot's now: a bot seat, a seat whose bot stands in for
  // a player who is gone, or a seat whose clock ran out on this decision.
  bool bot_plays(Seat seat) const;
  void ask_bots();
  void bot_answered(Seat seat, int game_no, int version, Json action);
  // The player of a seat whose bot stands in for them is back: the seat is theirs again
  // from the next decision (journaled; a bot answer still under way is dropped).
  void take_seat_back(Seat seat);

  net::strand<net::any_io_executor> strand_;
  Context ctx_;
  const std::string code_;
  RoomState state_;
  bool counted_ = false;  // in the rooms gauge
  std::vector<SeatLink> links_;
  std::map<std::uint64_t, Conn> conns_;
  int spectators_ = 0;
  bool expired_ = false;
  bool closed_ = false;  // closed on this server (with its record, or without when it could not be written)
  RecordQueue queue_;
  net::steady_timer idle_timer_;
  ClockTimer clock_;
  BotTurns bots_;
};

}  // namespace nyan::server
