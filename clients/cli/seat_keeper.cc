#include "clients/cli/seat_keeper.h"

#include <thread>

#include "protocol/server_messages.h"

namespace nyan::cli {

SeatKeeper::SeatKeeper(ServerAddress server, std::chrono::seconds patience)
    : server_(std::move(server)), patience_(patience), rng_(std::random_device{}()) {}

bool SeatKeeper::connect(std::unique_ptr<Connection>& conn, const std::string& room, std::string& error) {
  conn = std::make_unique<Connection>();
  return conn->connect(server_, error, path(room));
}

void SeatKeeper::closed(const Connection& conn) {
  // Only a "reconnect" close names a replica; any other end goes back to the code's routing.
  replica_ = conn.close_code() == kCloseReconnect ? conn.close_reason() : std::string();
}

std::chrono::milliseconds SeatKeeper::next_wait(int attempt) {
  const int full = attempt == 0 ? 0 : std::min(2000, 100 << std::min(attempt - 1, 5));
  return std::chrono::milliseconds(std::uniform_int_distribution<int>(full / 2, full)(rng_));
}

bool SeatKeeper::recover(GameClient& client, std::unique_ptr<Connection>& conn, std::string& error,
                         const std::function<void(int, std::chrono::milliseconds)>& waiting) {
  if (conn) closed(*conn);
  const auto deadline = std::chrono::steady_clock::now() + patience_;
  for (int attempt = 0; std::chrono::steady_clock::now() < deadline; ++attempt) {
    const auto wait = next_wait(attempt);
    if (waiting) waiting(attempt, wait);
    std::this_thread::sleep_for(wait);
    if (!connect(conn, client.room(), error)) continue;
    client.rebind(*conn);
    if (!client.hello(error)) {
      closed(*conn);
      continue;
    }
    auto r = client.reconnect(client.room(), client.token());
    if (r && (*r)["type"] == "joined") return true;
    error = r ? r->value("message", "refused") : "no answer";
    closed(*conn);  // a replica that does not serve the room names the one that does
  }
  return false;
}

}  // namespace nyan::cli
