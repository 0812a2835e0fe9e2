// The records a room journals: one type per kind, each written and read in records.cc side by
// side, the kind's name spelled once (its `kind` below). A room is the result of applying its
// records in order (RoomState::apply), live as each becomes durable and on restore or
// takeover record by record, so what a record says is all a room may depend on.
//
// On disk a record is one canonical JSON object with its "kind" and the wall-clock time "t"
// (ms since the epoch) beside the members below.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "protocol/drbg.h"
#include "rules/core/types.h"

namespace nyan::server {

// The room was opened: its game, its normalised options and its secret (the key of its
// commitments' nonces). Always the first record of a room.
struct RoomCreated {
  static constexpr std::string_view kind = "room_created";
  std::string code, game;
  Json options;
  std::string secret;
};

// A player took a seat; only the hash of its reconnect token is kept.
struct SeatClaimed {
  static constexpr std::string_view kind = "seat_claimed";
  Seat seat = 0;
  std::string token_hash, name;
};

// A seat was given up (left or kicked in the lobby, its player gone past the grace period
// there, or an absent player removed by the host after a game); `host` is the host after it
// (-1: nobody is).
struct SeatReleased {
  static constexpr std::string_view kind = "seat_released";
  Seat seat = 0;
  Seat host = -1;
};

// The host opened the seat of a player gone past the grace period to anyone with the link
// (drop_policy host): the player's token no longer holds it, and its bot plays on until
// someone joins it. (Rooms of older releases opened such seats by themselves.)
struct SeatOpened {
  static constexpr std::string_view kind = "seat_opened";
  Seat seat = 0;
};

// The seat's bot plays for its player, who left the game or is gone past the grace period;
// the seat stays the player's (their token takes it back).
struct StandIn {
  static constexpr std::string_view kind = "stand_in";
  Seat seat = 0;
};

// The player whose bot stood in is back: the seat is theirs from the next decision.
struct SeatTakenBack {
  static constexpr std::string_view kind = "seat_taken_back";
  Seat seat = 0;
};

// The host put the room's bot in a seat ("Bot N"), or took it out.
struct BotAdded {
  static constexpr std::string_view kind = "bot_added";
  Seat seat = 0;
  std::string name;
};
struct BotRemoved {
  static constexpr std::string_view kind = "bot_removed";
  Seat seat = 0;
};

// In the lobby a player moved from seat `from` to the empty seat `to` (name, token and the
// host's role go with them).
struct SeatMoved {
  static constexpr std::string_view kind = "seat_moved";
  Seat from = 0, to = 0;
};

// In the lobby the host swapped what seats `a` and `b` hold (players, bots, an empty seat).
struct SeatsSwapped {
  static constexpr std::string_view kind = "seats_swapped";
  Seat a = 0, b = 0;
};

// After a game, the player of `seat` said yes to the next one.
struct RematchWanted {
  static constexpr std::string_view kind = "rematch_wanted";
  Seat seat = 0;
};

// Game `game_no` began from `seed` under rules version `rules`.
struct GameStarted {
  static constexpr std::string_view kind = "game_started";
  int game_no = 0;
  Seed seed{};
  int rules = 0;
};

// An accepted action of `seat` (its bot's when `bot`; the server's forfeit of the seat is the
// action {"type":"forfeit"}), the version it made, every seat's view hash after it, the
// client's request id (null for none), and with a clock every seat's time left (ms) when it
// arrived.
struct ActionTaken {
  static constexpr std::string_view kind = "action";
  int game_no = 0;
  Seat seat = 0;
  Json action;
  bool bot = false;
  std::vector<std::int64_t> clock;  // empty: the room has no clock
  std::vector<std::string> hashes;
  Json request;
  int version = 0;
};

// Game `game_no` ended with `outcome` (the engine's, as JSON).
struct GameOver {
  static constexpr std::string_view kind = "game_over";
  int game_no = 0;
  Json outcome;
};

// The server stopped with game `game_no`'s clocks running: each seat's time left (ms).
struct ClockPaused {
  static constexpr std::string_view kind = "clock_paused";
  int game_no = 0;
  std::vector<std::int64_t> left;
};

// The room closed (by its host, idle, past its retention).
struct Closed {
  static constexpr std::string_view kind = "closed";
  std::string reason;
};

using RecordBody = std::variant<RoomCreated, SeatClaimed, SeatReleased, SeatOpened, StandIn, SeatTakenBack, BotAdded,
                                BotRemoved, SeatMoved, SeatsSwapped, RematchWanted, GameStarted, ActionTaken, GameOver,
                                ClockPaused, Closed>;

struct Record {
  RecordBody body;
  std::int64_t t = 0;  // wall clock, ms since the epoch: the retention counts from it
};

// A record of `body` made now.
Record record_now(RecordBody body);

std::string_view kind_of(const Record& record);

// The record as the journal keeps it: canonical JSON text with its "kind" and "t".
std::string record_text(const Record& record);

// Reads a journaled record. False with `problem` naming the kind and what is wrong (an unknown
// kind, a missing or mistyped member); never throws.
bool read_record(const Json& json, Record& out, std::string& problem);

// Every kind's name, for the checks that each is spelled once.
std::vector<std::string_view> record_kinds();

}  // namespace nyan::server
