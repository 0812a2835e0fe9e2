#include "server/room/bot_turns.h"

#include <boost/asio/post.hpp>
#include <cstring>

#include "protocol/drbg.h"
#include "server/common/metrics.h"

namespace nyan::server {

namespace {

std::uint64_t bot_seed() {
  const Seed s = random_seed();
  std::uint64_t out = 0;
  std::memcpy(&out, s.data(), sizeof out);
  return out;
}

constexpr auto kBotRetry = std::chrono::milliseconds(200);

}  // namespace

void BotTurns::ask(const RoomState& room, const std::function<bool(Seat)>& plays, BotPool& pool, bot::Budget budget,
                   std::shared_ptr<void> owner, Answer answer, std::function<void()> again) {
  const Match* match = room.match();
  if (room.status() != RoomStatus::playing || !match || match->over()) return;
  const State& state = match->state();
  for (Seat seat : state.to_act()) {
    if (seat < 0 || seat >= room.seat_count() || !plays(seat)) continue;
    Asked& asked = asked_[seat];
    if (asked.game_no == room.game_no() && asked.version == match->version()) continue;  // already thinking
    // The seat's own view and legal list, from the same engine calls as its frames.
    Json view = state.view(seat);
    std::vector<Json> legal = state.legal_actions(seat);
    if (legal.empty()) continue;
    auto job = [&game = room.game(), &options = room.options(), seat, game_no = room.game_no(),
                version = match->version(), view = std::move(view), legal = std::move(legal), budget,
                seed = bot_seed(), &strand = strand_, &queue = queue_, owner, answer] {
      bot::Choice c = bot::choose(game, options, seat, view, legal, seed, budget);
      boost::asio::post(strand, [&queue, owner, answer, seat, game_no, version, action = std::move(c.action)]() mutable {
        queue.when_idle([owner, answer, seat, game_no, version, action = std::move(action)]() mutable {
          answer(seat, game_no, version, std::move(action));
        });
      });
    };
    if (!pool.submit(std::move(job))) {
      metrics().bot_queue_full++;
      retry_later(owner, again);  // the pool is full: nothing is marked as asked
      continue;
    }
    asked = Asked{room.game_no(), match->version()};
  }
}

void BotTurns::answered(Seat seat, int game_no, int version) {
  Asked& asked = asked_[seat];
  if (asked.game_no == game_no && asked.version == version) asked.version = -1;
}

void BotTurns::retry_later(std::shared_ptr<void> owner, std::function<void()> again) {
  if (retry_armed_) return;
  retry_armed_ = true;
  retry_.expires_after(kBotRetry);
  retry_.async_wait([this, owner = std::move(owner), again = std::move(again)](boost::system::error_code ec) {
    retry_armed_ = false;
    if (ec) return;
    queue_.when_idle(again);
  });
}

}  // namespace nyan::server
