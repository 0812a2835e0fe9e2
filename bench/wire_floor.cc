// The transport's share of a move, with no game at all: what the server's CPU per move would
// be if its own work cost nothing. The load has the shape of `nyanhall-cli load --game
// oikake`: ROOMS rooms of two WebSocket connections on 127.0.0.1, one seat to act at a
// time. Each move is one small text message in (about the size of an Oikake action) and
// one frame of about 1 KB out to each of the room's two connections (what an Oikake update
// weighs; nyanhall sends the actor's ack and update in one write, so a move is two writes).
// The seats take turns.
//
// The server is a child process running one thread (as `nyanhall --threads 1` in
// bench/server_load.sh), with TCP_NODELAY on both ends. Prints moves/s and the server
// process's CPU per move, read from /proc as `nyanhall-cli load` reads it. With a move rate,
// the clients pace themselves to it, so the floor can be read at the rate nyanhall reached.
//
// usage: wire_floor [ROOMS] [SECONDS] [MOVES_PER_SECOND, 0 = as fast as the clients go]
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <deque>
#include <memory>
#include <string>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

#include "server/common/proc_stat.h"

namespace net = boost::asio;
namespace beast = boost::beast;
namespace websocket = beast::websocket;
using tcp = net::ip::tcp;
using Clock = std::chrono::steady_clock;

namespace {

constexpr std::size_t kUpdateBytes = 1000;
const std::string kMove = R"({"action":{"down":"lazy","type":"present","up":"watch"},"id":12,"type":"action"})";

// ---- server: a room is the two connections that named it; a move goes out to both ----

class FloorSession;
struct FloorRoom {
  std::shared_ptr<FloorSession> seats[2];
};

class FloorSession : public std::enable_shared_from_this<FloorSession> {
 public:
  FloorSession(tcp::socket s, std::vector<FloorRoom>& rooms) : ws_(std::move(s)), rooms_(rooms) {}

  void run() {
    beast::get_lowest_layer(ws_).socket().set_option(tcp::no_delay(true));
    ws_.async_accept([self = shared_from_this()](beast::error_code ec) {
      if (!ec) self->read();
    });
  }

  void deliver(std::shared_ptr<const std::string> frame) {
    queue_.push_back(std::move(frame));
    if (queue_.size() == 1) write();
  }

 private:
  void read() {
    ws_.async_read(buffer_, [self = shared_from_this()](beast::error_code ec, std::size_t n) {
      if (ec) return;
      self->on_message(std::string_view(static_cast<const char*>(self->buffer_.data().data()), n));
      self->buffer_.consume(self->buffer_.size());
      self->read();
    });
  }

  // "room N seat S" first, then moves: each is answered to both seats.
  void on_message(std::string_view text) {
    if (room_ < 0) {
      int room = -1, seat = -1;
      if (std::sscanf(std::string(text).c_str(), "room %d seat %d", &room, &seat) == 2 && room >= 0 &&
          room < static_cast<int>(rooms_.size()) && (seat == 0 || seat == 1)) {
        room_ = room;
        rooms_[static_cast<std::size_t>(room)].seats[seat] = shared_from_this();
      }
      return;
    }
    auto frame = std::make_shared<std::string>(kUpdateBytes, ' ');
    frame->front() = '{';
    frame->back() = '}';
    for (auto& seat : rooms_[static_cast<std::size_t>(room_)].seats)
      if (seat) seat->deliver(frame);
  }

  void write() {
    ws_.text(true);
    ws_.async_write(net::buffer(*queue_.front()), [self = shared_from_this()](beast::error_code ec, std::size_t) {
      if (ec) return;
      self->queue_.pop_front();
      if (!self->queue_.empty()) self->write();
    });
  }

  websocket::stream<beast::tcp_stream> ws_;
  beast::flat_buffer buffer_;
  std::deque<std::shared_ptr<const std::string>> queue_;
  std::vector<FloorRoom>& rooms_;
  int room_ = -1;
};

[[noreturn]] void serve(int rooms, int port_pipe) {
  net::io_context ioc(1);
  tcp::acceptor acceptor(ioc, tcp::endpoint(net::ip::make_address("127.0.0.1"), 0));
  const unsigned short port = acceptor.local_endpoint().port();
  if (write(port_pipe, &port, sizeof port) != sizeof port) std::_Exit(1);
  close(port_pipe);
  std::vector<FloorRoom> table(static_cast<std::size_t>(rooms));
  std::function<void()> accept = [&] {
    acceptor.async_accept([&](beast::error_code ec, tcp::socket s) {
      if (!ec) std::make_shared<FloorSession>(std::move(s), table)->run();
      accept();
    });
  };
  accept();
  ioc.run();
  std::_Exit(0);
}

// ---- clients: two per room; the seat whose turn it is answers each frame with a move ----

struct Stats {
  long moves = 0;
  bool stopping = false;
};

class FloorClient : public std::enable_shared_from_this<FloorClient> {
 public:
  FloorClient(net::io_context& ioc, int room, int seat, Stats& stats, Clock::duration pace)
      : ws_(ioc), timer_(ioc), room_(room), seat_(seat), stats_(stats), pace_(pace) {}

  void start(const tcp::endpoint& at) {
    beast::get_lowest_layer(ws_).connect(at);
    beast::get_lowest_layer(ws_).socket().set_option(tcp::no_delay(true));
    ws_.handshake("127.0.0.1", "/ws");
    ws_.text(true);
    ws_.write(net::buffer("room " + std::to_string(room_) + " seat " + std::to_string(seat_)));
  }
  void read() {
    ws_.async_read(buffer_, [self = shared_from_this()](beast::error_code ec, std::size_t) {
      if (ec || self->stats_.stopping) return;
      self->buffer_.consume(self->buffer_.size());
      // The seats take turns: each frame is a move made, and the other seat is to act.
      self->to_act_ = !self->to_act_;
      if (self->to_act_) self->move();
      self->read();
    });
  }
  // Seat 0 opens every room.
  void move() {
    if (pace_ == Clock::duration::zero()) return send();
    timer_.expires_after(pace_);
    timer_.async_wait([self = shared_from_this()](beast::error_code ec) {
      if (!ec) self->send();
    });
  }
  void opens() { to_act_ = true; }

 private:
  void send() {
    if (stats_.stopping) return;
    ++stats_.moves;
    ws_.async_write(net::buffer(kMove), [self = shared_from_this()](beast::error_code, std::size_t) {});
  }

  websocket::stream<beast::tcp_stream> ws_;
  net::steady_timer timer_;
  beast::flat_buffer buffer_;
  int room_, seat_;
  bool to_act_ = false;
  Stats& stats_;
  Clock::duration pace_;
};

}  // namespace

int main(int argc, char** argv) {
  const int rooms = argc > 1 ? std::atoi(argv[1]) : 100;
  const double seconds = argc > 2 ? std::atof(argv[2]) : 10;
  const double rate = argc > 3 ? std::atof(argv[3]) : 0;
  if (rooms < 1 || rooms > 9000 || seconds <= 0 || seconds > 600 || rate < 0) {
    std::fprintf(stderr, "usage: wire_floor [ROOMS 1-9000] [SECONDS] [MOVES_PER_SECOND]\n");
    return 2;
  }
  int pipe_fds[2];
  if (pipe(pipe_fds) != 0) return 1;
  const pid_t server = fork();
  if (server < 0) return 1;
  if (server == 0) {
    close(pipe_fds[0]);
    serve(rooms, pipe_fds[1]);
  }
  close(pipe_fds[1]);
  unsigned short port = 0;
  if (read(pipe_fds[0], &port, sizeof port) != sizeof port) return 1;

  // Each room makes one move at a time, so a room's pace is the rate shared among the rooms.
  const auto pace = rate > 0 ? std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(rooms / rate))
                             : Clock::duration::zero();
  net::io_context ioc(1);
  Stats stats;
  const tcp::endpoint at(net::ip::make_address("127.0.0.1"), port);
  std::vector<std::shared_ptr<FloorClient>> clients;
  for (int r = 0; r < rooms; ++r)
    for (int s = 0; s < 2; ++s) {
      clients.push_back(std::make_shared<FloorClient>(ioc, r, s, stats, pace));
      clients.back()->start(at);
    }
  for (auto& c : clients) c->read();
  const double cpu0 = nyan::read_proc(server).cpu_seconds;
  const auto t0 = Clock::now();
  for (int r = 0; r < rooms; ++r) {
    clients[static_cast<std::size_t>(2 * r)]->opens();
    clients[static_cast<std::size_t>(2 * r)]->move();
  }
  ioc.run_for(std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(seconds)));
  stats.stopping = true;
  const double secs = std::chrono::duration<double>(Clock::now() - t0).count();
  const double cpu = nyan::read_proc(server).cpu_seconds - cpu0;
  kill(server, SIGKILL);
  waitpid(server, nullptr, 0);
  std::printf("wire_floor: %d rooms x 2 connections, %.1f s, pace %s\n", rooms, secs,
              rate > 0 ? (std::to_string(static_cast<long>(rate)) + " moves/s").c_str() : "none");
  std::printf("moves: %ld (%.0f/s), each 1 message in and %zu bytes out to both seats\n", stats.moves,
              static_cast<double>(stats.moves) / secs, kUpdateBytes);
  std::printf("server CPU: %.2f s, %.1f us per move\n", cpu, stats.moves ? cpu * 1e6 / static_cast<double>(stats.moves) : 0.0);
  return 0;
}
