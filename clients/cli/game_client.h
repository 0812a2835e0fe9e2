// One player's (or spectator's) session with a server, on top of a Connection: the hello
// handshake, requests that wait for their answer, and a pump that keeps the local view in
// step (checking every hash and commitment and asking for a resync on any mismatch).
#pragma once

#include <chrono>
#include <optional>
#include <string>
#include <vector>

#include "clients/cli/connection.h"
#include "protocol/rate_limit.h"
#include "protocol/view_tracker.h"

namespace nyan::cli {

// 64 random bits as hex.
std::string random_id_prefix();

class GameClient {
 public:
  explicit GameClient(Connection& connection) : c_(&connection) {}

  // hello/welcome. False with `error` set when refused.
  bool hello(std::string& error);

  // Sends `message` (with a fresh id unless it carries one) and waits for the reply that
  // answers it ("re"). Other messages that arrive meanwhile are absorbed. nullopt on timeout
  // or close. Requests keep within the message rate the server announced in its welcome:
  // one that would exceed it waits (still absorbing messages) instead of being dropped.
  std::optional<Json> request(Json message, std::chrono::milliseconds timeout = std::chrono::seconds(10));

  // Convenience requests; each returns the reply (a "joined", "ok", "ack" or "error" message).
  std::optional<Json> create(const std::string& game, const Json& options, const std::string& name);
  std::optional<Json> join(const std::string& room, const std::string& name, std::optional<int> seat = {});
  std::optional<Json> spectate(const std::string& room);
  std::optional<Json> reconnect(const std::string& room, const std::string& token);
  std::optional<Json> act(const Json& action);

  // Receives and absorbs one message (snapshot, update, room, ...). On a hash or commitment
  // mismatch it sends resync itself. nullopt on timeout or close.
  std::optional<Json> pump(std::chrono::milliseconds timeout);

  // True when this seat is expected to act in the current view.
  bool my_turn() const;
  bool game_over() const;

  const ViewTracker& tracker() const { return tracker_; }
  ViewTracker& tracker() { return tracker_; }
  const Json& room_info() const { return room_info_; }
  std::optional<int> seat() const { return seat_; }
  const std::string& room() const { return room_; }
  const std::string& token() const { return token_; }
  Connection& connection() { return *c_; }
  // After a reconnect on a new Connection.
  void rebind(Connection& connection) { c_ = &connection; }
  // A fresh request id: "<random prefix>-<n>", unique across connections and runs (the
  // server remembers each seat's action ids for the whole game).
  Json next_id() { return id_prefix_ + "-" + std::to_string(next_id_++); }

  // Every message received, in order (a transcript for `verify`), when recording is on.
  void record_messages(bool on) { recording_ = on; }
  const std::vector<Json>& messages() const { return messages_; }
  // What `--save` writes: room, seat and every message, without the seat's reconnect token
  // (a transcript is shared for verification; the token would hand the seat over).
  Json transcript() const;

  // The turn clocks (rooms with a clock): each seat's time left now, counted down from the
  // last snapshot or update by this process's own elapsed time; empty without a clock.
  std::vector<std::int64_t> clock_left() const;
  bool clock_running(int seat) const;
  std::string clock_mode() const { return clock_.value("mode", ""); }

  int problems() const { return problems_; }      // verification failures seen
  int resyncs() const { return resyncs_; }        // resyncs requested
  const std::string& last_problem() const { return last_problem_; }

 private:
  void absorb(const Json& msg);
  // Waits, pumping, until the announced rate allows one more message, and counts it.
  void pace();

  std::optional<TokenBucket> budget_;  // from the server's welcome.limits

  Connection* c_;
  ViewTracker tracker_;
  Json room_info_ = Json::object();
  std::optional<int> seat_;
  std::string room_, token_;
  std::string id_prefix_ = random_id_prefix();
  long next_id_ = 1;
  bool recording_ = false;
  std::vector<Json> messages_;
  int problems_ = 0, resyncs_ = 0;
  std::string last_problem_;
  Json clock_;  // the last frame's clock member (null without a clock)
  std::chrono::steady_clock::time_point clock_at_{};
};

}  // namespace nyan::cli
