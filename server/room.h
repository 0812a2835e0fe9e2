// A private room: seats and their reconnect tokens, spectators, the host's commands, and
// the match being played. Everything runs on the room's strand; connections reach it only
// through RoomLink and it reaches them only through Participant.
//
// Every change that must survive a crash (creation, seat claims and releases, game starts,
// actions, timers' decisions) is journaled first and made only once the journal says it is
// durable: until then the room is as it was, and if the write fails it stays so. One record
// is in flight at a time: while it is, the room queues everything else that may write (client
// messages and its own timers) and runs it in order afterwards.
#pragma once

#include <boost/asio/any_io_executor.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "rules/core/game.h"
#include "server/config.h"
#include "server/fifo.h"
#include "server/journal.h"
#include "server/match.h"
#include "server/metrics.h"
#include "server/participant.h"
#include "server/turn_clocks.h"

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

  void handle(ParticipantPtr from, Envelope msg, Clock::time_point received) override;
  void disconnected(std::uint64_t participant_id) override;

  // The server stops: journals the time every running clock has left, so that a restart
  // resumes it there (the time the server is down is nobody's), and stops the clock timer.
  // `done` runs once the record is durable or failed, or at once with nothing to write.
  void pause_clocks(std::function<void()> done);

  // Rebuilds the room from its journal records (at start, before any connection). Returns
  // false with a reason when the records are corrupt or do not replay to the same hashes, or
  // when the finished game is past its retention (then expired() is true).
  bool restore(const std::vector<Json>& records, std::string& problem);
  bool expired() const { return expired_; }

  // room_records.cc: what the /api/rooms/{code} endpoints read. Each calls `reply` on the
  // room's strand, with an empty string for anything that is not there (an unfinished or
  // unknown game, one past its retention, a closed room), so that every miss looks alike.
  // The verifiable record of finished game `game_no` (0: the latest finished game):
  void transcript(int game_no, std::function<void(std::string)> reply);
  // The room message (game, options, host, seats, status, finished games):
  void describe(std::function<void(std::string)> reply);
  // At most this many finished games are kept per room (the oldest go first).
  static constexpr std::size_t kKeptGames = 50;

 private:
  enum class Status { lobby, playing, over, closed };

  struct SeatState {
    bool claimed = false;
    bool open = false;  // given up mid-game after the grace period: anyone may take it
    bool bot = false;   // the room's bot holds the seat (put there by the host; no player)
    // The player is gone past the grace period and the room's drop_policy is "bot": the
    // seat's bot plays until the player comes back with the token.
    bool stand_in = false;
    std::string name;
    std::string token_hash;
    std::vector<std::uint64_t> connections;
    std::unique_ptr<net::steady_timer> grace;
    // This game's accepted request ids (as JSON text) and the version each one made: a retry
    // with the same id and action gets the first answer; the same id with another action is
    // refused. At most one per action of the game, which the engine bounds.
    std::unordered_map<std::string, int> requests;
    // The bot decision asked for this seat and not yet answered: its game and version.
    int asked_game = 0;
    int asked_version = -1;
  };

  struct Conn {
    std::weak_ptr<Participant> participant;
    Seat seat = kSpectator;
  };

  // Work waiting for the record in flight: a client message, or a timer's decision.
  struct Queued {
    std::function<void()> run;
    bool message = false;  // counted against kQueueMax; a timer's work is never refused
  };

  // room.cc: membership and the host's commands.
  void dispatch(const ParticipantPtr& from, Envelope& msg, Clock::time_point received);
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
  void attach(const ParticipantPtr& p, Seat seat);
  void detach(std::uint64_t participant_id);
  void seat_dropped(Seat seat);
  void grace_expired(Seat seat);
  // Journals `kind` ("stand_in", "seat_opened") for a seat whose player is gone, then runs
  // `then` unless they came back meanwhile; a failed record is tried again after another
  // grace period.
  void give_up_seat(Seat seat, const char* kind, std::function<void()> then);
  // Journals the close, then closes (`then(ok)` runs first: a host's close is answered).
  void close_room(const char* reason, std::function<void(bool ok)> then = {});
  void closed_now(const char* reason);
  void arm_idle_timer();
  std::optional<Seat> seat_of(std::uint64_t participant_id) const;
  bool is_host(std::uint64_t participant_id) const;

  // room_play.cc: the match.
  void on_start(const ParticipantPtr& from, const Envelope& msg);
  void on_rematch(const ParticipantPtr& from, const Envelope& msg);
  void on_action(const ParticipantPtr& from, const Envelope& msg, Clock::time_point received);
  void on_resync(const ParticipantPtr& from, const Envelope& msg);
  void start_match(const ParticipantPtr& from, const Json& re);
  void finish_action(const Match::Update& update, const ParticipantPtr& from, Seat actor, const Json& re,
                     Clock::time_point received);
  // The answer to an action whose id this seat used before in this game, if it did.
  bool answer_retry(const ParticipantPtr& from, Seat seat, const Json& id, const Json& action);
  void send_snapshot(std::uint64_t participant_id, Seat seat, const Json& re = nullptr);
  // Journals `action` of `seat` (received at `at`), then commits and broadcasts it; `from`
  // is answered, or is null for the seat's bot. With `forfeit` the action is the server's
  // forfeit of the seat (its clock ran out). Everything that acts goes through here.
  void apply_action(Seat seat, const Json& action, const ParticipantPtr& from, const Json& re, Clock::time_point at,
                    bool forfeit = false);
  // Whether the action is a side action of this game (free, open to any seat, no decision).
  bool side_action(const Json& action) const;

  // room_bots.cc: bot seats and bot decisions.
  void on_add_bot(const ParticipantPtr& from, const Envelope& msg);
  void on_remove_bot(const ParticipantPtr& from, const Envelope& msg);
  // The lobby checks both share: the host, in the lobby, a seat number in range.
  std::optional<Seat> bot_seat_request(const ParticipantPtr& from, const Envelope& msg);
  // The name of a bot put in a seat now: "Bot N" with the smallest N no other bot seat has.
  // Clients see state "bot" and may show their own word instead (the browser: ボットN).
  std::string next_bot_name() const;
  // Whether the seat's moves are the bot's now: a bot seat, a seat whose bot stands in for
  // a player who is gone, or a seat whose clock ran out on this decision.
  bool bot_plays(Seat seat) const;
  // Asks the pool for a decision of every seat to act that its bot plays, unless one is
  // already being thought about.
  void ask_bots();
  void bot_answered(Seat seat, int game_no, int version, Json action);
  void retry_bots_later();
  // The player of a seat whose bot stands in for them is back: the seat is theirs again
  // from the next decision (journaled; a bot answer still under way is dropped).
  void take_seat_back(Seat seat);

  // room_clock.cc: the turn clocks.
  // The clocks of a new game, and after a restore, from the last times journaled.
  void start_clocks();
  void resume_clocks(const Json& left_ms);
  // Sets the timer for the next deadline (or none).
  void arm_clock();
  // The timer fired: every running clock that has run out is out of time.
  void clock_expired();
  // What happens when `seat`'s clock runs out: its bot decides, or it forfeits.
  void out_of_time(Seat seat);
  // The clocks' frame member ("clock":{...}) now, or empty when the room has no clock.
  std::string clock_member() const;
  // Whether `seat`'s clock had run out when its message arrived at `at`.
  bool late(Seat seat, Clock::time_point at) const;


  // room_records.cc: the finished games' records.
  struct FinishedGame {
    int game_no = 0;
    std::int64_t finished_at_ms = 0;  // wall clock, for the retention
    std::string record;               // canonical text (Match::record_text)
  };
  void keep_record(std::int64_t finished_at_ms);  // the match just ended
  void forget_expired_records();
  Json kept_game_numbers() const;

  // room_io.cc: sending, journaling, room info.
  Json room_info() const;
  void broadcast_room_info();
  void send(std::uint64_t participant_id, const Frame& frame);
  void reply(const ParticipantPtr& p, const Json& message);
  void reply_error(const ParticipantPtr& p, ProtoError code, std::string_view message, const Json& re);
  // Writes `records` (nothing else is in flight: callers run from dispatch or the queue),
  // then runs `then(ok)` on the strand, then whatever queued meanwhile.
  void journal_then(std::vector<Json> records, std::function<void(bool ok)> then);
  // The same for records already written as text (journal_record, or an action's record).
  void journal_texts_then(std::vector<std::string> records, std::function<void(bool ok)> then);
  // Runs `work` now, or after the record in flight and the work queued before it.
  void when_idle(std::function<void()> work);
  void drain_queue();
  void set_status(Status s);
  static const char* status_name(Status s);

  net::strand<net::any_io_executor> strand_;
  Context ctx_;
  const std::string code_;
  const Game& game_;
  const Json options_;
  const std::string secret_;
  Status status_ = Status::lobby;
  bool counted_ = false;  // in the rooms gauge
  Seat host_ = 0;
  std::vector<SeatState> seats_;
  std::map<std::uint64_t, Conn> conns_;
  int spectators_ = 0;
  std::unique_ptr<Match> match_;
  std::vector<FinishedGame> finished_;  // oldest first, at most kKeptGames
  int game_no_ = 0;
  bool busy_ = false;  // a journal write is in flight
  bool expired_ = false;
  Fifo<Queued> queue_;
  net::steady_timer idle_timer_;
  net::steady_timer bot_retry_;  // the pool was full or a bot's move could not be saved
  bool bot_retry_armed_ = false;
  const RoomRules rules_;  // the room options: clock, on_timeout, drop_policy
  TurnClocks clocks_;      // of the game being played (off without a clock)
  net::steady_timer clock_timer_;
  std::uint64_t clock_generation_ = 0;  // a timer that fires after it was re-armed is stale
  bool clocks_paused_ = false;          // the server is stopping
  std::vector<std::string> side_types_;  // the game's side action types
};

}  // namespace nyan::server
