#include "server/http/server_context.h"

#include <vector>

namespace nyan::server {

std::uint64_t ServerContext::add_session(const std::shared_ptr<WsSession>& s) {
  const std::uint64_t id = next_connection_id();
  std::lock_guard<std::mutex> lock(mu_);
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
