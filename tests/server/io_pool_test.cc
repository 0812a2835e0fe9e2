// The I/O contexts and the room a WebSocket upgrade names (server/net/io_pool.h,
// server/http/http_checks.h).
#include <catch2/catch.hpp>

#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <thread>

#include "server/http/http_checks.h"
#include "server/net/io_pool.h"

using namespace nyan::server;
namespace net = boost::asio;

TEST_CASE("io pool: contexts in turn, each known by its executors, each run on its own thread", "[server][threads]") {
  IoPool io(3);
  REQUIRE(io.size() == 3);
  net::io_context* a = &io.next();
  net::io_context* b = &io.next();
  net::io_context* c = &io.next();
  CHECK(a != b);
  CHECK(b != c);
  CHECK(a != c);
  CHECK(&io.next() == a);  // round again
  CHECK(io.context_of(net::make_strand(*b)) == b);
  CHECK(io.context_of(c->get_executor()) == c);
  net::io_context elsewhere;
  CHECK(io.context_of(elsewhere.get_executor()) == nullptr);

  // run() runs every context on a thread of its own until stop(), even one with no work yet.
  std::vector<std::thread::id> ran(3);
  std::atomic<int> done{0};
  std::thread runner([&] { io.run(); });
  net::io_context* contexts[] = {a, b, c};
  for (int i = 0; i < 3; ++i)
    net::post(*contexts[i], [&, i] {
      ran[i] = std::this_thread::get_id();
      if (++done == 3) io.stop();
    });
  runner.join();
  CHECK(done == 3);
  CHECK(ran[0] != ran[1]);
  CHECK(ran[1] != ran[2]);
  CHECK(ran[0] != ran[2]);
}

TEST_CASE("io pool: work queued on one context may hold another's objects when the pool ends", "[server][threads]") {
  // A session's queued handler holds its room, whose timers live on the room's context: the
  // pool must not destroy that context while the other's queue still holds the room (the
  // sanitizer build sees the timer's service used after it is gone otherwise).
  auto io = std::make_unique<IoPool>(2);
  net::io_context& first = io->next();
  net::io_context& second = io->next();
  auto timer = std::make_shared<net::steady_timer>(first);
  timer->expires_after(std::chrono::hours(1));
  timer->async_wait([timer](boost::system::error_code) {});  // holds itself, on the first
  net::post(second, [timer] {});                              // and the second holds it too
  std::weak_ptr<net::steady_timer> watch = timer;
  timer.reset();
  io.reset();  // never run: the queues are destroyed, the timer with them
  CHECK(watch.expired());
}

TEST_CASE("ws_room_hint: the room a WebSocket address names, or none", "[server][threads]") {
  CHECK(ws_room_hint("/ws?room=kagero-nobabu-negoga") == "kagero-nobabu-negoga");
  CHECK(ws_room_hint("/ws?replica=b&room=kagero-nobabu-negoga") == "kagero-nobabu-negoga");
  CHECK(ws_room_hint("/ws?room=kagero-nobabu-negoga&replica=b") == "kagero-nobabu-negoga");
  CHECK(ws_room_hint("/ws") == std::nullopt);
  CHECK(ws_room_hint("/ws?") == std::nullopt);
  CHECK(ws_room_hint("/ws?room=") == std::nullopt);
  CHECK(ws_room_hint("/ws?rooms=kagero-nobabu-negoga") == std::nullopt);
  CHECK(ws_room_hint("/ws?room=" + std::string(200, 'a')) == std::nullopt);
}
