#include "server/server_context.h"

#include <vector>

#include "server/metrics.h"
#include "server/room_code.h"

namespace nyan::server {

RoomLookup ServerContext::look_up_room(const std::string& client, const std::string& typed_code) {
  RoomLookup out;
  if (!limits.may_look_up(client)) {
    metrics().refused(Refusal::client_lookups);
    out.limited = true;
    return out;
  }
  if (auto code = normalize_room_code(typed_code)) out.room = rooms.find(*code);
  if (!out.room) limits.lookup_failed(client);
  return out;
}

std::uint64_t ServerContext::add_session(const std::shared_ptr<WsSession>& s) {
  std::lock_guard<std::mutex> lock(mu_);
  const std::uint64_t id = next_id_++;
  sessions_.emplace(id, s);
  return id;
}

void ServerContext::remove_session(std::uint64_t id) {
  std::lock_guard<std::mutex> lock(mu_);
  sessions_.erase(id);
}

void ServerContext::for_each_session(const std::function<void(const std::shared_ptr<WsSession>&)>& fn) {
  std::vector<std::shared_ptr<WsSession>> live;
  {
    std::lock_guard<std::mutex> lock(mu_);
    for (auto& [id, w] : sessions_)
      if (auto s = w.lock()) live.push_back(std::move(s));
  }
  for (auto& s : live) fn(s);
}

std::size_t ServerContext::session_count() {
  std::lock_guard<std::mutex> lock(mu_);
  return sessions_.size();
}

}  // namespace nyan::server
