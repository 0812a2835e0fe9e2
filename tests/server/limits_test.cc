// Limits that hold: the server-wide connection limit counts every accepted socket exactly; one
// client address cannot take the server's descriptors, create rooms without end, guess room
// codes, flood HTTP, or open WebSockets from another site's page; a trusted proxy names its
// clients. A second client address on one machine is another loopback address (127.0.0.2).
#include <catch2/catch.hpp>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>
#include <arpa/inet.h>

#include <atomic>
#include <regex>
#include <thread>

#include "tests/server/harness.h"
#include "tests/server/server_process.h"

using namespace nyan;
using namespace nyan::test;
using namespace std::chrono_literals;

namespace {

// A plain TCP connection from a chosen local address.
struct Raw {
  int fd = -1;
  Raw(unsigned short port, const char* from = "127.0.0.1") {
    fd = socket(AF_INET, SOCK_STREAM, 0);
    REQUIRE(fd >= 0);
    sockaddr_in local{};
    local.sin_family = AF_INET;
    inet_pton(AF_INET, from, &local.sin_addr);
    REQUIRE(bind(fd, reinterpret_cast<sockaddr*>(&local), sizeof local) == 0);
    sockaddr_in to{};
    to.sin_family = AF_INET;
    to.sin_port = htons(port);
    inet_pton(AF_INET, "127.0.0.1", &to.sin_addr);
    REQUIRE(connect(fd, reinterpret_cast<sockaddr*>(&to), sizeof to) == 0);
  }
  Raw(const Raw&) = delete;
  ~Raw() {
    if (fd >= 0) close(fd);
  }
  void send(const std::string& s) const { (void)!::send(fd, s.data(), s.size(), MSG_NOSIGNAL); }
  // What arrives within `wait` (up to the peer's close).
  std::string receive(std::chrono::milliseconds wait) const {
    std::string out;
    const auto deadline = std::chrono::steady_clock::now() + wait;
    for (;;) {
      const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
      if (left.count() <= 0) return out;
      pollfd p{fd, POLLIN, 0};
      if (poll(&p, 1, static_cast<int>(left.count())) <= 0) return out;
      char buf[4096];
      const ssize_t n = recv(fd, buf, sizeof buf, 0);
      if (n <= 0) return out;
      out.append(buf, static_cast<std::size_t>(n));
    }
  }
};

std::string get_request(const std::string& path, const std::string& more = "") {
  return "GET " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\n" + more + "\r\n";
}

int occurrences(const std::string& text, const std::string& what) {
  int n = 0;
  for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

int status_of(const std::string& response) {
  std::smatch m;
  static const std::regex status("^HTTP/1\\.1 (\\d{3})");
  return std::regex_search(response, m, status) ? std::stoi(m[1]) : 0;
}

long metric(const ServerProcess& server, const std::string& line_start) {
  const std::string text = server.http_get("/metrics").second;
  const auto at = text.find(line_start + " ");
  return at == std::string::npos ? -1 : std::stol(text.substr(at + line_start.size() + 1));
}

std::unique_ptr<Player> player_from(unsigned short port, const char* address) {
  auto p = std::make_unique<Player>();
  p->conn.set_source_address(address);
  std::string error;
  REQUIRE(p->conn.connect("127.0.0.1", port, error));
  REQUIRE(p->client.hello(error));
  return p;
}

const std::string kUpgrade =
    "Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
    "Sec-WebSocket-Version: 13\r\n";

}  // namespace

TEST_CASE("limits: the connection limit counts every accepted socket, HTTP and WebSocket, exactly",
          "[server][limits]") {
  ServerProcess server({"--journal", "none", "--max-connections", "40", "--max-client-connections", "1000"});
  {
    // 100 sockets that send nothing: 40 are held, the others are answered 503 and closed at once.
    std::vector<std::unique_ptr<Raw>> idle;
    for (int i = 0; i < 100; ++i) idle.push_back(std::make_unique<Raw>(server.port()));
    int refused = 0, held = 0;
    for (auto& r : idle) {
      const std::string got = r->receive(300ms);
      if (status_of(got) == 503) ++refused;
      else if (got.empty()) ++held;
    }
    CHECK(held == 40);
    CHECK(refused == 60);
  }
  std::this_thread::sleep_for(300ms);  // the held ones close on the server too

  // 100 WebSocket upgrades at once: exactly 40 get in.
  std::vector<std::unique_ptr<Player>> players(100);
  std::atomic<int> upgraded{0};
  std::vector<std::thread> threads;
  for (int i = 0; i < 100; ++i)
    threads.emplace_back([&, i] {
      players[i] = std::make_unique<Player>();
      std::string error;
      if (players[i]->conn.connect("127.0.0.1", server.port(), error)) ++upgraded;
    });
  for (auto& t : threads) t.join();
  CHECK(upgraded == 40);
  players.clear();
  std::this_thread::sleep_for(300ms);
  CHECK(metric(server, "nyanhall_refusals_total{reason=\"connections\"}") == 120);
}

TEST_CASE("limits: one address cannot take the server's descriptors or its health check", "[server][limits]") {
  // 256 descriptors: the server keeps its connection limit below them.
  ServerProcess server({"--journal", "none", "--max-client-connections", "64"}, {}, 256);
  CHECK(std::regex_search(server.log(), std::regex("max_connections_lowered")));
  std::vector<std::unique_ptr<Raw>> slow;
  for (int i = 0; i < 300; ++i) {
    slow.push_back(std::make_unique<Raw>(server.port(), "127.0.0.2"));
    slow.back()->send("GET / HTTP/1.1\r\n");  // and never the rest of the request
  }
  int refused = 0;
  for (auto& r : slow)
    if (status_of(r->receive(50ms)) == 503) ++refused;
  CHECK(refused == 300 - 64);
  const auto start = std::chrono::steady_clock::now();
  CHECK(server.http_get("/healthz").first == 200);  // another address is served at once
  CHECK(std::chrono::steady_clock::now() - start < 2s);
  CHECK(server.log().find("accept_failed") == std::string::npos);
  CHECK(metric(server, "nyanhall_refusals_total{reason=\"client_connections\"}") == 300 - 64);
}

TEST_CASE("limits: room creations per address and minute, and readiness when the server is full",
          "[server][limits]") {
  ServerProcess server({"--journal", "none", "--max-client-rooms-per-minute", "3", "--max-rooms", "5"});
  for (int i = 0; i < 3; ++i) {  // a fresh connection for each, as a flood would
    auto p = connect_player(server.port());
    CHECK((*p->client.create("oikake", Json::object(), "x"))["type"] == "joined");
  }
  auto fourth = connect_player(server.port());
  const auto refused = fourth->client.create("oikake", Json::object(), "x");
  CHECK((*refused)["code"] == "rate_limited");
  CHECK(server.http_get("/readyz").first == 200);
  // Another address has its own allowance, until the server holds its --max-rooms.
  for (int i = 0; i < 2; ++i) {
    auto other = player_from(server.port(), "127.0.0.2");
    CHECK((*other->client.create("oikake", Json::object(), "y"))["type"] == "joined");
  }
  const auto ready = server.http_get("/readyz");
  CHECK(ready.first == 503);
  CHECK(ready.second == "room limit reached\n");
  auto third = player_from(server.port(), "127.0.0.3");
  CHECK((*third->client.create("oikake", Json::object(), "z"))["code"] == "unavailable");
  CHECK(metric(server, "nyanhall_refusals_total{reason=\"client_rooms_per_minute\"}") == 1);
  CHECK(metric(server, "nyanhall_refusals_total{reason=\"rooms\"}") == 1);
}

TEST_CASE("limits: unknown room codes per address and minute, WebSocket and HTTP alike", "[server][limits]") {
  ServerProcess server({"--journal", "none", "--max-client-lookup-failures-per-minute", "5"});
  auto host = player_from(server.port(), "127.0.0.2");
  const std::string code = (*host->client.create("oikake", Json::object(), "host"))["room"];
  const std::string transcript = "/api/rooms/" + code + "/transcript";
  // An unfinished game's transcript is answered as a code that names nothing.
  const auto unfinished = server.http_get(transcript);
  CHECK(unfinished == server.http_get("/api/rooms/bogus-bogus-bogus/transcript"));

  // From 127.0.0.1 (which has just used two of its five on those): three more guesses.
  for (int i = 0; i < 3; ++i) {
    auto guesser = connect_player(server.port());
    CHECK((*guesser->client.join("nobody-" + std::to_string(i), "g"))["code"] == "unknown_room");
  }
  // Now every lookup from it is refused, the right code too, so a guess can tell nothing.
  auto guesser = connect_player(server.port());
  CHECK((*guesser->client.join(code, "g"))["code"] == "rate_limited");
  CHECK(server.http_get(transcript).first == 429);
  CHECK(server.http_get("/api/rooms/bogus-bogus-bogus/transcript").first == 429);
  // Another address is not affected.
  auto friend_ = player_from(server.port(), "127.0.0.3");
  CHECK((*friend_->client.join(code, "f"))["type"] == "joined");
  CHECK(metric(server, "nyanhall_refusals_total{reason=\"client_lookup_failures_per_minute\"}") == 3);
}

// Issue 36: once anyone at an address had tried too many unknown codes, every player there (a
// school, a café, a carrier's NAT) was refused when reconnecting to their own seat.
TEST_CASE("limits: a reconnect with its seat's token is never refused by the lookup limit, and a wrong token counts",
          "[server][limits]") {
  ServerProcess server({"--journal", "none", "--max-client-lookup-failures-per-minute", "5"});
  auto host = player_from(server.port(), "127.0.0.2");
  const std::string code = (*host->client.create("oikake", Json::object(), "host"))["room"];
  auto guest = player_from(server.port(), "127.0.0.4");
  const Json joined = *guest->client.join(code, "guest");
  REQUIRE(joined["type"] == "joined");
  const std::string token = joined["token"];
  guest->conn.drop();
  // Someone else at the guest's address guesses codes until the address is limited.
  for (int i = 0; i < 5; ++i) {
    auto guesser = player_from(server.port(), "127.0.0.4");
    CHECK((*guesser->client.join("nobody-" + std::to_string(i), "g"))["code"] == "unknown_room");
  }
  auto limited = player_from(server.port(), "127.0.0.4");
  CHECK((*limited->client.join(code, "g"))["code"] == "rate_limited");
  // The guest comes back to its seat from the same address: its token decides.
  auto back = player_from(server.port(), "127.0.0.4");
  const Json again = *back->client.reconnect(code, token);
  CHECK(again["type"] == "joined");
  CHECK(again["seat"] == 1);
  // A wrong token from the limited address is answered as an unknown code is (nothing tells a
  // guesser the code is a room's), and so is a reconnect to a code that names nothing.
  auto wrong = player_from(server.port(), "127.0.0.4");
  CHECK((*wrong->client.reconnect(code, "not-the-token"))["code"] == "rate_limited");
  auto unknown = player_from(server.port(), "127.0.0.4");
  CHECK((*unknown->client.reconnect("nobody-at-all", "not-the-token"))["code"] == "rate_limited");
  // From an address with failures to spare, a wrong token is bad_token, and counts as one.
  auto other = player_from(server.port(), "127.0.0.5");
  for (int i = 0; i < 5; ++i) CHECK((*other->client.reconnect(code, "wrong"))["code"] == "bad_token");
  auto other_limited = player_from(server.port(), "127.0.0.5");
  CHECK((*other_limited->client.join(code, "x"))["code"] == "rate_limited");
}

TEST_CASE("limits: HTTP requests per address and second", "[server][limits]") {
  ServerProcess server({"--journal", "none", "--max-client-http-per-second", "4"});  // bursts of 20
  // 40 requests on one keep-alive connection at once: the burst is served, the rest refused
  // (the refusal closes the connection).
  Raw keep_alive(server.port());
  std::string requests;
  for (int i = 0; i < 40; ++i) requests += get_request("/healthz");
  keep_alive.send(requests);
  const std::string got = keep_alive.receive(2s);
  auto count = [&](const std::string& what) { return occurrences(got, what); };
  CHECK(count("HTTP/1.1 200") >= 20);
  CHECK(count("HTTP/1.1 200") <= 21);
  CHECK(count("HTTP/1.1 429") == 1);
  CHECK(got.find("Retry-After: 1") != std::string::npos);
  Raw other(server.port(), "127.0.0.2");
  other.send(get_request("/healthz"));
  CHECK(status_of(other.receive(500ms)) == 200);
}

TEST_CASE("limits: the files a page loads count a tenth of a request each", "[server][limits]") {
  ServerProcess server({"--journal", "none", "--max-client-http-per-second", "4"});  // bursts of 20
  // Five page loads of 30 files each (150 assets: 15 of the 20), then the API: about five
  // more requests are served before the refusal.
  Raw keep_alive(server.port());
  std::string requests;
  const char* assets[] = {"/js/app.js", "/style.css", "/favicon.svg", "/js/games/oikake.js?v=1", "/font.woff2"};
  for (int i = 0; i < 150; ++i) {
    std::string request = get_request(assets[i % 5]);
    if (i % 2) request.replace(0, 3, "HEAD");
    requests += request;
  }
  for (int i = 0; i < 20; ++i) requests += get_request("/api/games");
  keep_alive.send(requests);
  const std::string got = keep_alive.receive(3s);
  auto count = [&](const std::string& what) { return occurrences(got, what); };
  // Every asset is answered (200 or 304 with a web root, 404 without one), never refused.
  const int answered = count("HTTP/1.1 200") + count("HTTP/1.1 304") + count("HTTP/1.1 404");
  CHECK(answered >= 150 + 5);
  CHECK(answered <= 150 + 15);  // and the refill while they are answered (4 a second)
  CHECK(count("HTTP/1.1 429") == 1);
  // Pages, the API and paths with no file type cost a whole request: of 30 page loads from
  // another address, those past the burst of 20 are refused.
  Raw pages(server.port(), "127.0.0.2");
  requests.clear();
  for (int i = 0; i < 30; ++i) requests += get_request(i % 2 ? "/" : "/r/abc-def-ghi");
  pages.send(requests);
  const std::string page_answers = pages.receive(3s);
  CHECK(page_answers.find("HTTP/1.1 429") != std::string::npos);
}

TEST_CASE("limits: behind a trusted proxy, X-Forwarded-For names the client, from others it is ignored",
          "[server][limits]") {
  ServerProcess server(
      {"--journal", "none", "--max-client-http-per-second", "1", "--trusted-proxy", "127.0.0.1/32"});  // bursts of 5
  auto burst = [&](const char* from, const std::string& forwarded) {
    int ok = 0;
    for (int i = 0; i < 8; ++i) {
      Raw r(server.port(), from);
      r.send(get_request("/healthz", "Connection: close\r\n" +
                                         (forwarded.empty() ? "" : "X-Forwarded-For: " + forwarded + "\r\n")));
      if (status_of(r.receive(300ms)) == 200) ++ok;
    }
    return ok;
  };
  CHECK(burst("127.0.0.1", "198.51.100.7") == 5);
  CHECK(burst("127.0.0.1", "203.0.113.9, 198.51.100.8") == 5);  // the proxy's own hop counts
  // An untrusted peer's header is its own writing: it counts as the peer.
  CHECK(burst("127.0.0.2", "198.51.100.20") == 5);
  CHECK(burst("127.0.0.2", "198.51.100.21") == 0);
}

TEST_CASE("limits: WebSockets only from the server's own pages, the allowed origins, or non-browsers",
          "[server][limits]") {
  ServerProcess server({"--journal", "none", "--allowed-origins", "https://games.example"});
  const std::string host = "127.0.0.1:" + std::to_string(server.port());
  auto upgrade = [&](const std::string& origin) {
    Raw r(server.port());
    r.send("GET /ws HTTP/1.1\r\nHost: " + host + "\r\n" + kUpgrade + (origin.empty() ? "" : "Origin: " + origin + "\r\n") +
           "\r\n");
    return status_of(r.receive(500ms));
  };
  CHECK(upgrade("") == 101);
  CHECK(upgrade("http://" + host) == 101);
  CHECK(upgrade("https://games.example") == 101);
  CHECK(upgrade("https://games.example:443") == 101);
  CHECK(upgrade("http://evil.example") == 403);
  CHECK(upgrade("https://games.example.evil") == 403);
  CHECK(upgrade("null") == 403);
  CHECK(metric(server, "nyanhall_refusals_total{reason=\"origin\"}") == 3);
}

TEST_CASE("http: unknown transfer codings are refused", "[server][limits]") {
  ServerProcess server({"--journal", "none"});
  auto answer = [&](const std::string& coding) {
    Raw r(server.port());
    r.send(get_request("/healthz", "Transfer-Encoding: " + coding + "\r\n") + "0\r\n\r\n");
    return status_of(r.receive(500ms));
  };
  CHECK(answer("xchunked") == 400);
  CHECK(answer("chunked, gzip") == 400);
  CHECK(answer("gzip, chunked") == 501);
  CHECK(answer("chunked") == 200);
}

TEST_CASE("http: only files are served: a directory is 404 to GET and HEAD, HEAD has GET's headers",
          "[server][limits]") {
  ServerProcess server({"--journal", "none"});
  auto answer = [&](const std::string& method, const std::string& path) {
    Raw r(server.port());
    r.send(method + " " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n");
    return r.receive(1000ms);
  };
  CHECK(status_of(answer("GET", "/js")) == 404);
  CHECK(status_of(answer("HEAD", "/js")) == 404);
  CHECK(status_of(answer("GET", "/js/")) == 404);  // no index.html there
  const std::string get = answer("GET", "/index.html");
  const std::string head = answer("HEAD", "/index.html");
  REQUIRE(status_of(get) == 200);
  REQUIRE(status_of(head) == 200);
  // The same header block (Content-Type, Content-Length, Cache-Control, ...), and no body.
  CHECK(head == get.substr(0, get.find("\r\n\r\n") + 4));
}
