#include "clients/cli/game_client.h"

#include <algorithm>
#include <cstdio>
#include <random>

#include "protocol/messages.h"

namespace nyan::cli {

std::string random_id_prefix() {
  std::random_device device;
  char hex[17];
  std::snprintf(hex, sizeof hex, "%08x%08x", device(), device());
  return hex;
}

bool GameClient::hello(std::string& error) {
  auto reply = request({{"type", "hello"}, {"protocol", kProtocolVersion}, {"client", "nyanhall-cli/0.1.0"}});
  if (!reply) {
    error = "no answer to hello";
    return false;
  }
  if ((*reply)["type"] != "welcome") {
    error = reply->value("message", "hello refused");
    return false;
  }
  budget_ = client_budget(*reply);
  return true;
}

void GameClient::pace() {
  if (!budget_) return;  // before the welcome, or a server without a limit
  while (!budget_->take()) pump(std::chrono::ceil<std::chrono::milliseconds>(budget_->until_token()));
}

std::optional<Json> GameClient::request(Json message, std::chrono::milliseconds timeout) {
  // A caller retrying a request passes its original id; otherwise a fresh one is used.
  if (!message.contains("id")) message["id"] = next_id();
  const Json id = message["id"];
  pace();
  if (!c_->send(message)) return std::nullopt;
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  while (std::chrono::steady_clock::now() < deadline) {
    auto msg = pump(std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now()));
    if (!msg) {
      if (c_->closed()) return std::nullopt;
      continue;
    }
    if (msg->contains("re") && (*msg)["re"] == id) return msg;
  }
  return std::nullopt;
}

std::optional<Json> GameClient::create(const std::string& game, const Json& options, const std::string& name) {
  return request({{"type", "create"}, {"game", game}, {"options", options}, {"name", name}});
}

std::optional<Json> GameClient::join(const std::string& room, const std::string& name, std::optional<int> seat) {
  Json m = {{"type", "join"}, {"room", room}, {"name", name}};
  if (seat) m["seat"] = *seat;
  return request(m);
}

std::optional<Json> GameClient::spectate(const std::string& room) {
  return request({{"type", "spectate"}, {"room", room}});
}

std::optional<Json> GameClient::reconnect(const std::string& room, const std::string& token) {
  return request({{"type", "reconnect"}, {"room", room}, {"token", token}});
}

std::optional<Json> GameClient::act(const Json& action) { return request({{"type", "action"}, {"action", action}}); }

std::optional<Json> GameClient::pump(std::chrono::milliseconds timeout) {
  auto msg = c_->receive(timeout);
  if (msg) absorb(*msg);
  return msg;
}

void GameClient::absorb(const Json& msg) {
  if (recording_) messages_.push_back(msg);
  const std::string type = msg.value("type", "");
  ViewTracker::Check check;
  if (type == "joined") {
    room_ = msg.value("room", "");
    if (msg["seat"].is_number_integer()) seat_ = msg["seat"].get<int>();
    else seat_.reset();
    if (msg.contains("token")) token_ = msg["token"].get<std::string>();
  } else if (type == "moved") {
    // The player moved, or the host swapped seats, in the lobby.
    if (msg.contains("seat") && msg["seat"].is_number_integer()) seat_ = msg["seat"].get<int>();
  } else if (type == "room") {
    room_info_ = msg;
  } else if (type == "snapshot" || type == "update") {
    check = type == "snapshot" ? tracker_.on_snapshot(msg) : tracker_.on_update(msg);
    clock_ = msg.value("clock", Json());
    clock_at_ = std::chrono::steady_clock::now();
  } else if (type == "left" || type == "kicked" || type == "closed") {
    seat_.reset();
  }
  if (!check.ok) {
    ++problems_;
    last_problem_ = check.problem;
    ++resyncs_;
    if (budget_) budget_->spend();  // counted against the budget, which the next request waits for
    c_->send({{"type", "resync"}, {"id", next_id()}});
  }
}

bool GameClient::clock_running(int seat) const {
  const Json running = clock_.is_object() ? clock_.value("running", Json::array()) : Json::array();
  return std::find(running.begin(), running.end(), Json(seat)) != running.end();
}

std::vector<std::int64_t> GameClient::clock_left() const {
  std::vector<std::int64_t> out;
  if (!clock_.is_object() || !clock_.contains("left") || !clock_["left"].is_array()) return out;
  const auto spent =
      std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - clock_at_).count();
  for (std::size_t s = 0; s < clock_["left"].size(); ++s) {
    const Json& v = clock_["left"][s];
    const std::int64_t ms = v.is_number_integer() ? v.get<std::int64_t>() : 0;
    out.push_back(clock_running(static_cast<int>(s)) ? std::max<std::int64_t>(0, ms - spent) : ms);
  }
  return out;
}

Json GameClient::transcript() const {
  Json messages = Json::array();
  for (const Json& m : messages_) {
    messages.push_back(m);
    if (messages.back().is_object()) messages.back().erase("token");
  }
  return {{"room", room_}, {"seat", seat_ ? Json(*seat_) : Json(nullptr)}, {"messages", std::move(messages)}};
}

bool GameClient::my_turn() const {
  if (!seat_ || !tracker_.has_view()) return false;
  for (const Json& s : tracker_.to_act())
    if (s == *seat_) return !tracker_.legal().empty();
  return false;
}

bool GameClient::game_over() const {
  return tracker_.has_view() && tracker_.to_act().empty();
}

}  // namespace nyan::cli
