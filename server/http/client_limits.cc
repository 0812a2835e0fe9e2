#include "server/http/client_limits.h"

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

ClientLimits::ClientLimits(const Config& config) : config_(config), counts_(std::make_shared<Counts>()) {}

ClientLimits::Entry::Entry(const Config& c)
    : creates(c.max_client_rooms_per_minute / 60.0, c.max_client_rooms_per_minute),
      lookups(c.max_client_lookup_failures_per_minute / 60.0, c.max_client_lookup_failures_per_minute),
      // A page load asks for a few dozen files at once: the burst is five seconds' worth.
      http(c.max_client_http_per_second, c.max_client_http_per_second * 5.0) {}

ClientLimits::Clients::iterator ClientLimits::entry(const std::string& client, Clock::time_point now) {
  auto it = counts_->clients.find(client);
  if (it == counts_->clients.end()) {
    if (counts_->clients.size() >= kMaxClients) forget_idle(now);
    const std::string& key = counts_->clients.size() >= kMaxClients ? kOverflow : client;
    it = counts_->clients.try_emplace(key, config_).first;
  }
  it->second.last_used = now;
  return it;
}

void ClientLimits::forget_idle(Clock::time_point now) {
  std::erase_if(counts_->clients, [&](const auto& kv) {
    return kv.second.connections == 0 && now - kv.second.last_used > kForgetAfter;
  });
}

ClientLimits::Slot ClientLimits::admit(const std::string& client, bool proxy, Refusal& why) {
  std::lock_guard<std::mutex> lock(counts_->mu);
  if (counts_->connections >= static_cast<std::size_t>(config_.max_connections)) {
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
  ++counts_->connections;
  slot.limits_ = this;
  slot.counts_ = counts_;
  // Forgetting is paid for by the connections that fill the table, a little at a time.
  if (counts_->clients.size() > 4096 && counts_->connections % 1024 == 0) forget_idle(Clock::now());
  return slot;
}

ClientLimits::Slot& ClientLimits::Slot::operator=(Slot&& other) noexcept {
  if (this != &other) {
    release();
    limits_ = std::exchange(other.limits_, nullptr);
    counts_ = std::move(other.counts_);
    client_ = std::move(other.client_);
    counted_ = std::exchange(other.counted_, false);
  }
  return *this;
}

void ClientLimits::Slot::release() {
  if (!limits_) return;
  limits_ = nullptr;  // may be gone already (client_limits.h); the counts are not
  const std::shared_ptr<Counts> counts = std::move(counts_);
  std::lock_guard<std::mutex> lock(counts->mu);
  --counts->connections;
  if (counted_)
    if (auto it = counts->clients.find(client_); it != counts->clients.end()) --it->second.connections;
}

bool ClientLimits::Slot::move_to(const std::string& client) {
  if (!limits_ || (counted_ && client == client_)) return true;
  std::lock_guard<std::mutex> lock(counts_->mu);
  auto to = limits_->entry(client, Clock::now());
  if (to->second.connections >= limits_->config_.max_client_connections) return false;
  ++to->second.connections;
  if (counted_)
    if (auto it = counts_->clients.find(client_); it != counts_->clients.end()) --it->second.connections;
  client_ = to->first;
  counted_ = true;
  return true;
}

bool ClientLimits::create_room(const std::string& client) {
  std::lock_guard<std::mutex> lock(counts_->mu);
  const auto now = Clock::now();
  return entry(client, now)->second.creates.take(now);
}

bool ClientLimits::http_request(const std::string& client, bool asset) {
  std::lock_guard<std::mutex> lock(counts_->mu);
  const auto now = Clock::now();
  return entry(client, now)->second.http.take_share(asset ? kAssetShare : 1.0, now);
}

bool ClientLimits::may_look_up(const std::string& client) {
  std::lock_guard<std::mutex> lock(counts_->mu);
  const auto now = Clock::now();
  return entry(client, now)->second.lookups.until_token(now) == Clock::duration::zero();
}

void ClientLimits::lookup_failed(const std::string& client) {
  std::lock_guard<std::mutex> lock(counts_->mu);
  const auto now = Clock::now();
  (void)entry(client, now)->second.lookups.take(now);
}

std::size_t ClientLimits::connections() const {
  std::lock_guard<std::mutex> lock(counts_->mu);
  return counts_->connections;
}

std::size_t ClientLimits::tracked_clients() const {
  std::lock_guard<std::mutex> lock(counts_->mu);
  return counts_->clients.size();
}

}  // namespace nyan::server
