// Every message the server sends, one writer each (PROTOCOL.md, "Messages"; asyncapi.yaml's
// server messages): the only place that spells a server message's type and puts its members
// together. Each returns the message's text, compact JSON with its keys sorted.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "protocol/errors.h"
#include "rules/core/canonical_text.h"
#include "rules/core/types.h"

namespace nyan {

// The WebSocket close code that says "this server no longer serves your room: reconnect".
// The room was taken over by another replica (this one lost its lease); the close reason,
// when not empty, names the replica that serves it, which the client names on its next
// connection (/ws?room=CODE&replica=NAME) for the proxy. Clients treat 1012 (service
// restart: the server hands its rooms over as it stops) and 1001 alike: reconnect at once,
// with backoff and jitter.
inline constexpr int kCloseReconnect = 4100;

// welcome: the answer to hello, with the limits a client should keep to.
struct WelcomeLimits {
  std::size_t max_message_bytes = 0;
  int rate_per_second = 0, rate_burst = 0, idle_timeout_ms = 0, grace_ms = 0;
};
std::string welcome_message(const Json& re, std::string_view server, const WelcomeLimits& limits);

// pong: the answer to ping.
std::string pong_message(const Json& re);

// joined: a seat claimed (with its reconnect token), taken back by its token (no token), or
// a spectator's place (no seat).
std::string joined_message(const Json& re, std::string_view room, std::optional<Seat> seat,
                           const std::string* token, bool host);

// room: the room as everyone in it sees it.
enum class SeatPresence { empty, bot, open, disconnected, connected };
struct RoomSeat {
  Seat seat = 0;
  SeatPresence presence = SeatPresence::empty;
  const std::string* name = nullptr;  // null: not shown (an empty or open seat)
  bool bot = false;                   // its moves are the bot's
};
struct RoomInfo {
  std::string_view room, game;
  const Json& options;
  std::string_view status;
  Seat host;
  int game_no;
  const std::vector<RoomSeat>& seats;
  int spectators;
  const std::vector<int>& finished;  // the finished games kept
  const std::vector<int>& rematch;   // after a game, the seats whose players said yes to the next
};
std::string room_message(const RoomInfo& info);

// moved: the seat this connection holds is now `seat` (the player moved, or the host swapped
// seats, in the lobby); `host` as in joined.
std::string moved_message(std::string_view room, Seat seat, bool host);

// ack: an action accepted at `version` of game `game_no`; `duplicate` for a retry's answer.
std::string ack_message(const Json& re, int game_no, int version, bool duplicate);

// ok: a host's command done.
std::string ok_message(const Json& re);

// left: the answer to leave.
std::string left_message(const Json& re, std::string_view room);

// kicked: the host released this seat.
std::string kicked_message(std::string_view room);

// closed: the room closed, and why.
std::string closed_message(std::string_view room, std::string_view reason);

// error: a request refused, with its code and a message for people; `re` when it had an id.
std::string error_message(ProtoError code, std::string_view message, const Json& re);

// update and snapshot, the frames about a match, are written as text: the view and the patch
// already are text, and a tree would be built only to be dumped again. A match works a frame
// out in pieces (server/room/match.cc): the members for one audience (its commitments, view
// hash, legal actions, openings and the patch or view), then the members every audience
// shares (match_members), then whatever the room adds as it sends it (its clocks). The members
// come out in key order, as canonical JSON has them.
// The members every frame about the match carries, without braces: game_no, record (once
// over), room, seed (once over), seed_hash, to_act, version.
std::string match_members(int game_no, std::string_view record, std::string_view room, std::string_view seed,
                          std::string_view seed_hash, const std::vector<Seat>& to_act, int version);

// An update for one audience up to its shared members; `rest` is the size of what follows,
// so that the frame is allocated once.
std::string update_start(std::string_view commitments, std::string_view hash, std::string_view legal,
                         std::string_view openings, std::string_view patch, std::size_t rest);
// A snapshot for one audience up to its shared members; `re` answers a resync (null: none).
std::string snapshot_start(std::string_view commitments, std::string_view hash, std::string_view legal,
                           std::string_view openings, const Json& re, std::string_view view, std::size_t rest);
// Ends a frame begun by update_start or snapshot_start with the shared members and the
// room's own (`extra`: members without braces, or empty).
std::string finish_frame(std::string start, std::string_view shared, std::string_view extra);

// One entry of a frame's "commitments" and of its "openings" lists.
void write_commitment(TextWriter& w, std::string_view slot, std::string_view commitment);
void write_opening(TextWriter& w, std::string_view nonce, std::string_view slot, const Json& value);

// Every server message's type, for the checks that each is spelled once.
std::vector<std::string_view> server_message_types();

}  // namespace nyan
