// The two small interfaces rooms and connections talk through. A room never sees a socket;
// a connection never sees game state. Every call is thread-safe: implementations post the
// work onto their own strand.
#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <string>

#include "protocol/messages.h"

namespace nyan::server {

using Clock = std::chrono::steady_clock;
using Frame = std::shared_ptr<const std::string>;

class RoomLink;

// A connection as a room sees it.
class Participant {
 public:
  virtual ~Participant() = default;
  virtual std::uint64_t participant_id() const = 0;
  // Queues one frame for the client.
  virtual void deliver(Frame frame) = 0;
  // Queues two frames in this order (an ack and its update): one hop onto the connection's
  // strand instead of two, as this happens for every move.
  virtual void deliver(Frame first, Frame second) = 0;
  // The connection is no longer in `room` (it left, was kicked, the room closed, or its
  // join failed). Ignored when the connection has moved on to another room since.
  virtual void left_room(const RoomLink* room) = 0;
  // This server no longer serves `room` (another replica took it over): the connection
  // closes with the reconnect code, and its client comes back through the proxy to the one
  // that serves it now.
  virtual void room_moved(const RoomLink* room) = 0;
  // Whether the client has used up its failed lookups (a guesser): a reconnect with a wrong
  // token then gets the answer an unknown code gets, and every wrong token is one more failure.
  virtual bool lookups_limited() const = 0;
  virtual void lookup_failed() = 0;
};
using ParticipantPtr = std::shared_ptr<Participant>;

// A room as a connection sees it.
class RoomLink {
 public:
  virtual ~RoomLink() = default;
  // A client message for this room (create, join, action, ...), received at `received`.
  virtual void handle(ParticipantPtr from, Envelope msg, Clock::time_point received) = 0;
  // The connection closed.
  virtual void disconnected(std::uint64_t participant_id) = 0;
};

}  // namespace nyan::server
