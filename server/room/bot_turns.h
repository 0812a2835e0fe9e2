// The decisions a room's bots are thinking about. Whenever a seat its bot plays is to act
// (a bot seat, a seat whose bot stands in for a player who is gone, a seat whose clock ran out
// on this decision), the room asks here: the bot gets exactly what a client of that seat gets
// (its view and its legal list, from the same engine calls as the frames) and nothing else,
// thinks on the bot pool, never on the room's strand, and its answer comes back on the strand
// to go through the same path as a client's action. One question per seat and version.
#pragma once

#include <boost/asio/steady_timer.hpp>
#include <functional>
#include <memory>
#include <vector>

#include "rules/bot/bot.h"
#include "server/room/bot_pool.h"
#include "server/room/record_queue.h"
#include "server/room/room_state.h"

namespace nyan::server {

class BotTurns {
 public:
  // The bot's answer for `seat` at (`game_no`, `version`), on the room's strand once idle.
  using Answer = std::function<void(Seat seat, int game_no, int version, Json action)>;

  BotTurns(RecordQueue::Strand& strand, RecordQueue& queue, int seats)
      : strand_(strand), queue_(queue), retry_(strand), asked_(static_cast<std::size_t>(seats)) {}

  // Asks the pool for a decision of every seat to act in `room` that `plays` says its bot
  // plays, unless one is being thought about already; a full pool is asked again a little
  // later (`again`). `owner` (the room) lives until the answers are in.
  void ask(const RoomState& room, const std::function<bool(Seat)>& plays, BotPool& pool, bot::Budget budget,
           std::shared_ptr<void> owner, Answer answer, std::function<void()> again);
  // The answer for (`game_no`, `version`) of `seat` came: that question is no longer open.
  void answered(Seat seat, int game_no, int version);
  // Runs `again` (on the strand, once idle) after a short wait, once however often it is asked.
  void retry_later(std::shared_ptr<void> owner, std::function<void()> again);
  void cancel() { retry_.cancel(); }

 private:
  struct Asked {
    int game_no = 0;
    int version = -1;
  };
  RecordQueue::Strand& strand_;
  RecordQueue& queue_;
  boost::asio::steady_timer retry_;  // the pool was full or a bot's move could not be saved
  bool retry_armed_ = false;
  std::vector<Asked> asked_;  // per seat: the decision being thought about
};

}  // namespace nyan::server
