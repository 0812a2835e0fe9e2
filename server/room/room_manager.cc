#include "server/room/room_manager.h"

#include <boost/asio/strand.hpp>
#include <atomic>
#include <condition_variable>
#include <deque>
#include <thread>

#include "rules/core/registry.h"
#include "server/common/log.h"
#include "server/common/metrics.h"
#include "server/journal/leases.h"
#include "server/room/records.h"
#include "server/room/room.h"
#include "server/room/room_code.h"
#include "server/room/tokens.h"

namespace nyan::server {

RoomManager::RoomManager(IoPool& io, Journal& journal, const Config& config)
    : io_(io),
      journal_(journal),
      config_(config),
      bots_(config.bot_threads > 0 ? config.bot_threads : std::max(1, static_cast<int>(std::thread::hardware_concurrency()) / 2),
            static_cast<std::size_t>(config.bot_queue_max)) {
  if (Leases* leases = journal_.leases()) leases->on_lost([this](const std::string& code) { lost(code); });
}

void RoomManager::acquire(const std::string& code, std::function<void(Acquired)> done) {
  if (auto room = find(code)) {
    Acquired here;
    here.room = std::move(room);
    return done(std::move(here));
  }
  Leases* leases = journal_.leases();
  if (!leases) return done({});
  {
    std::lock_guard<std::mutex> lock(mu_);
    if (leaving_.count(code)) {
      Acquired later;
      later.unavailable = true;  // asked again in a moment, it is claimed afresh
      return done(later);
    }
    auto& waiting = claiming_[code];
    waiting.push_back(std::move(done));
    if (waiting.size() > 1) return;  // claimed already: this one waits for the same answer
  }
  leases->claim(code, [this, code](Claim&& claim) {
    Acquired out;
    switch (claim.outcome) {
      case Claim::Outcome::claimed: {
        StoredRoom stored{code, std::move(claim.records)};
        const Restored restored = restore_one(stored);
        if (restored == Restored::broken) journal_.mark_broken(code);
        if (restored == Restored::ok) {
          out.room = find(code);
          log::info(claim.took_over ? "room_taken_over" : "room_claimed", {{"room", code}, {"epoch", claim.epoch}});
        }
        break;
      }
      case Claim::Outcome::held_elsewhere: out.elsewhere = claim.owner_node; break;
      case Claim::Outcome::unknown: break;
      case Claim::Outcome::failed: out.unavailable = true; break;
    }
    std::vector<std::function<void(Acquired)>> waiting;
    {
      std::lock_guard<std::mutex> lock(mu_);
      waiting = std::move(claiming_[code]);
      claiming_.erase(code);
    }
    for (auto& w : waiting) w(out);
  });
}

void RoomManager::lost(const std::string& code) {
  std::shared_ptr<Room> room;
  {
    std::lock_guard<std::mutex> lock(mu_);
    auto it = rooms_.find(code);
    if (it == rooms_.end()) return;
    room = it->second;
    rooms_.erase(it);
    leaving_[code] = room;
  }
  room->lease_lost();
}

void RoomManager::left(const std::string& code, const Room* room) {
  std::shared_ptr<Room> doomed;  // destroyed outside the lock
  std::lock_guard<std::mutex> lock(mu_);
  auto it = leaving_.find(code);
  if (it == leaving_.end() || it->second.get() != room) return;
  doomed = std::move(it->second);
  leaving_.erase(it);
}

std::shared_ptr<Room> RoomManager::create(const Game& game, Json options, const boost::asio::any_io_executor& near) {
  std::lock_guard<std::mutex> lock(mu_);
  if (rooms_.size() >= static_cast<std::size_t>(config_.max_rooms)) return nullptr;
  std::string code;
  do code = new_room_code(config_.node);
  while (rooms_.count(code));
  boost::asio::io_context* home = near ? io_.context_of(near) : nullptr;
  auto room = std::make_shared<Room>((home ? *home : io_.next()).get_executor(), Room::Context{*this, journal_, config_}, code, game,
                                     std::move(options), new_room_secret());
  rooms_.emplace(code, room);
  return room;
}

std::shared_ptr<Room> RoomManager::find(const std::string& code) const {
  std::lock_guard<std::mutex> lock(mu_);
  auto it = rooms_.find(code);
  return it == rooms_.end() ? nullptr : it->second;
}

void RoomManager::remove(const std::string& code) {
  std::shared_ptr<Room> doomed;  // destroyed outside the lock
  std::lock_guard<std::mutex> lock(mu_);
  auto it = rooms_.find(code);
  if (it == rooms_.end()) return;
  doomed = std::move(it->second);
  rooms_.erase(it);
}

void RoomManager::pause_clocks() {
  std::vector<std::shared_ptr<Room>> all;
  {
    std::lock_guard<std::mutex> lock(mu_);
    for (const auto& [code, room] : rooms_) all.push_back(room);
  }
  pausing_ += static_cast<int>(all.size());
  for (const auto& room : all) room->pause_clocks([this] { --pausing_; });
}

RoomManager::RestoreSummary RoomManager::restore_all(int threads) {
  // The journal is read on this thread while `threads` workers replay rooms (they are
  // independent); a bounded hand-over keeps only a few rooms' records in memory at once.
  std::mutex mu;
  std::condition_variable ready, space;
  std::deque<StoredRoom> queue;
  bool done = false;
  std::atomic<int> restored{0};
  std::vector<std::string> broken;  // marked after the load: the journal is busy reading
  auto worker = [&] {
    for (;;) {
      StoredRoom room;
      {
        std::unique_lock<std::mutex> lock(mu);
        ready.wait(lock, [&] { return done || !queue.empty(); });
        if (queue.empty()) return;
        room = std::move(queue.front());
        queue.pop_front();
      }
      space.notify_one();
      switch (restore_one(room)) {
        case Restored::ok: ++restored; break;
        case Restored::broken: {
          std::lock_guard<std::mutex> lock(mu);
          broken.push_back(room.code);
          break;
        }
        case Restored::expired: break;
      }
    }
  };
  std::vector<std::thread> pool;
  for (int t = 0; t < std::max(1, threads); ++t) pool.emplace_back(worker);
  journal_.load([&](StoredRoom&& room) {
    std::unique_lock<std::mutex> lock(mu);
    space.wait(lock, [&] { return queue.size() < 64; });
    queue.push_back(std::move(room));
    ready.notify_one();
  });
  {
    std::lock_guard<std::mutex> lock(mu);
    done = true;
  }
  ready.notify_all();
  for (auto& t : pool) t.join();
  for (const std::string& code : broken) journal_.mark_broken(code);
  return {restored.load(), static_cast<int>(broken.size())};
}

RoomManager::Restored RoomManager::restore_one(StoredRoom& stored) {
  // The room is made from its first record, then every record is applied to it.
  std::string problem;
  Record first;
  const RoomCreated* created = nullptr;
  const Game* game = nullptr;
  Json options;
  if (stored.records.empty() || !read_record(stored.records.front(), first, problem) ||
      !(created = std::get_if<RoomCreated>(&first.body)) || created->code != stored.code)
    problem = "record 1: not the room's creation" + (problem.empty() ? "" : " (" + problem + ")");
  else if (!(game = registry().find(created->game)))
    problem = "unknown game '" + created->game + "'";
  else if (!game->normalize_options(created->options, options))
    problem = "options no longer valid";
  std::shared_ptr<Room> room;
  if (problem.empty()) {
    room = std::make_shared<Room>(io_.next().get_executor(), Room::Context{*this, journal_, config_}, stored.code, *game,
                                  options, created->secret);
    if (!room->restore(stored.records, problem) && room->expired()) {
      journal_.forget(stored.code);
      return Restored::expired;
    }
  }
  if (!problem.empty()) {
    // One clear line; every other room still comes back.
    log::error("room_broken", {{"room", stored.code}, {"reason", problem}});
    if (game) metrics().room_entered(game->type().id, RoomPhase::broken);
    return Restored::broken;
  }
  std::lock_guard<std::mutex> lock(mu_);
  rooms_[stored.code] = std::move(room);
  return Restored::ok;
}

std::size_t RoomManager::size() const {
  std::lock_guard<std::mutex> lock(mu_);
  return rooms_.size();
}

}  // namespace nyan::server
