#include "server/client_limits.h"

#include <utility>

namespace nyan::server {

namespace {
// An idle client's allowances are all full again after a minute, so it can be forgotten.
constexpr auto kForgetAfter = std::chrono::seconds(61);
// Clients tracked at once; beyond it (a flood from countless addresses) new ones share one
// entry, and so one allowance, until the others are forgotten.
constexpr std::size_t kMaxClients = 200'000;
const std::string kOverflow = "(too many clients)";
}  // namespace

const char* refusal_name(Refusal r) {
  switch (r) {
    case Refusal::connections: return "connections";
    case Refusal::client_connections: return "client_connections";
    case Refusal::client_creates: return "client_rooms_per_minute";
    case Refusal::client_lookups: return "client_lookup_failures_per_minute";
    case Refusal::client_http_rate: return "client_http_per_second";
    case Refusal::origin: return "origin";
    case Refusal::rooms: return "rooms";
  }
  return "unknown";
}

ClientLimits::Entry::Entry(const Config& c)
    : creates(c.max_client_rooms_per_minute / 60.0, c.max_client_rooms_per_minute),
      lookups(c.max_client_lookup_failures_per_minute / 60.0, c.max_client_lookup_failures_per_minute),
      // A page load asks for a few dozen files at once: the burst is five seconds' worth.
      http(c.max_client_http_per_second, c.max_client_http_per_second * 5.0) {}

ClientLimits::Clients::iterator ClientLimits::entry(const std::string& client, Clock::time_point now) {
  auto it = clients_.find(client);
  if (it == clients_.end()) {
    if (clients_.size() >= kMaxClients) forget_idle(now);
    const std::string& key = clients_.size() >= kMaxClients ? kOverflow : client;
    it = clients_.try_emplace(key, config_).first;
  }
  it->second.last_used = now;
  return it;
}

void ClientLimits::forget_idle(Clock::time_point now) {
  std::erase_if(clients_, [&](const auto& kv) {
    return kv.second.connections == 0 && now - kv.second.last_used > kForgetAfter;
  });
}

ClientLimits::Slot ClientLimits::admit(const std::string& client, bool proxy, Refusal& why) {
  std::lock_guard<std::mutex> lock(mu_);
  if (connections_ >= static_cast<std::size_t>(config_.max_connections)) {
    why = Refusal::connections;
    return {};
  }
  Slot slot;
  slot.client_ = client;
  if (!proxy) {
    auto e = entry(client, Clock::now());
    if (e->second.connections >= config_.max_client_connections) {
      why = Refusal::client_connections;
      return {};
    }
    ++e->second.connections;
    slot.client_ = e->first;  // the shared entry, when the table is full
    slot.counted_ = true;
  }
  ++connections_;
  slot.limits_ = this;
  // Forgetting is paid for by the connections that fill the table, a little at a time.
  if (clients_.size() > 4096 && connections_ % 1024 == 0) forget_idle(Clock::now());
  return slot;
}

ClientLimits::Slot& ClientLimits::Slot::operator=(Slot&& other) noexcept {
  if (this != &other) {
    release();
    limits_ = std::exchange(other.limits_, nullptr);
    client_ = std::move(other.client_);
    counted_ = std::exchange(other.counted_, false);
  }
  return *this;
}

void ClientLimits::Slot::release() {
  if (!limits_) return;
  std::lock_guard<std::mutex> lock(limits_->mu_);
  --limits_->connections_;
  if (counted_)
    if (auto it = limits_->clients_.find(client_); it != limits_->clients_.end()) --it->second.connections;
  limits_ = nullptr;
}

bool ClientLimits::Slot::move_to(const std::string& client) {
  if (!limits_ || (counted_ && client == client_)) return true;
  std::lock_guard<std::mutex> lock(limits_->mu_);
  auto to = limits_->entry(client, Clock::now());
  if (to->second.connections >= limits_->config_.max_client_connections) return false;
  ++to->second.connections;
  if (counted_)
    if (auto it = limits_->clients_.find(client_); it != limits_->clients_.end()) --it->second.connections;
  client_ = to->first;
  counted_ = true;
  return true;
}

bool ClientLimits::create_room(const std::string& client) {
  std::lock_guard<std::mutex> lock(mu_);
  const auto now = Clock::now();
  return entry(client, now)->second.creates.take(now);
}

bool ClientLimits::http_request(const std::string& client) {
  std::lock_guard<std::mutex> lock(mu_);
  const auto now = Clock::now();
  return entry(client, now)->second.http.take(now);
}

bool ClientLimits::may_look_up(const std::string& client) {
  std::lock_guard<std::mutex> lock(mu_);
  const auto now = Clock::now();
  return entry(client, now)->second.lookups.until_token(now) == Clock::duration::zero();
}

void ClientLimits::lookup_failed(const std::string& client) {
  std::lock_guard<std::mutex> lock(mu_);
  const auto now = Clock::now();
  (void)entry(client, now)->second.lookups.take(now);
}

std::size_t ClientLimits::connections() const {
  std::lock_guard<std::mutex> lock(mu_);
  return connections_;
}

std::size_t ClientLimits::tracked_clients() const {
  std::lock_guard<std::mutex> lock(mu_);
  return clients_.size();
}

}  // namespace nyan::server
