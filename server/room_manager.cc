#include "server/room_manager.h"

#include <boost/asio/strand.hpp>

#include "server/room.h"
#include "server/room_code.h"
#include "server/tokens.h"

namespace nyan::server {

RoomManager::RoomManager(boost::asio::io_context& ioc, Journal& journal, const Config& config)
    : ioc_(ioc), journal_(journal), config_(config) {}

std::shared_ptr<Room> RoomManager::create(const Game& game, Json options) {
  std::lock_guard<std::mutex> lock(mu_);
  if (rooms_.size() >= static_cast<std::size_t>(config_.max_rooms)) return nullptr;
  std::string code;
  do code = new_room_code(config_.node);
  while (rooms_.count(code));
  auto room = std::make_shared<Room>(ioc_.get_executor(), Room::Context{*this, journal_, config_}, code, game,
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

std::size_t RoomManager::size() const {
  std::lock_guard<std::mutex> lock(mu_);
  return rooms_.size();
}

}  // namespace nyan::server
