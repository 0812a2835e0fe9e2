// `nyanhall-cli load`: M concurrent rooms of a game played by bots over real connections,
// for a duration or a number of matches. Prints matches completed, actions/s, action round
// trip (action sent -> ack received) p50/p90/p99/max, errors, resyncs, and, given the
// server's pid, its CPU time per action and peak RSS. `--idle-rooms N` instead creates N
// rooms that nobody plays and reports the server's memory per idle room.
//
// The load generator must cost less than the server it measures, or its figures measure
// itself: the rooms are shared among threads (each with its own io_context), and only every
// Nth connection (--verify-every) keeps its view and checks every hash; the others read the
// few members they act on from each frame's text. It prints its own CPU beside the server's.
#include <boost/asio/connect.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>
#include <algorithm>
#include <atomic>
#include <cstdio>
#include <deque>
#include <map>
#include <random>
#include <stdexcept>
#include <memory>
#include <thread>
#include <unistd.h>

#include "clients/cli/args.h"
#include "clients/cli/command.h"
#include "clients/cli/connection.h"
#include "clients/cli/frame_scan.h"
#include "clients/cli/tls_client.h"
#include "protocol/messages.h"
#include "protocol/rate_limit.h"
#include "protocol/server_messages.h"
#include "protocol/view_tracker.h"
#include "rules/core/rng.h"
#include "server/common/proc_stat.h"
#include "server/net/fail.h"

namespace nyan::cli {

namespace {

namespace net = boost::asio;
namespace beast = boost::beast;
namespace websocket = beast::websocket;
using Clock = std::chrono::steady_clock;

struct Settings {
  ServerAddress server;
  std::shared_ptr<net::ssl::context> tls;  // null: plain ws://
  std::string game;
  Json options = Json::object();
  int seats = 2;
  int rooms = 10;
  long matches = 0;     // stop after this many (0: use the duration)
  double duration = 10;  // seconds
  int think_ms = 0;      // each bot waits uniform(0, 2*think) before acting
  int server_bots = 0;   // seats of each room the server's own bots play (the last ones)
  int threads = 1;       // the rooms are shared out among this many threads
  int verify_every = 10; // every Nth connection checks its view (0: none)
  int pid = 0;
};

// What the threads share: the stop, and the matches counted so far (for --matches).
struct Shared {
  std::atomic<bool> stopping{false};
  std::atomic<long> matches{0};
  // Rooms whose first game has begun, and when the last of them did (0 until then): the
  // round trips of a run's first seconds wait behind thousands of rooms being made at once,
  // which a server full of tables made over hours never sees.
  std::atomic<int> playing{0};
  std::atomic<Clock::rep> all_playing_at{0};
};

// Each thread's own counts, added up at the end.
struct LoadStats {
  long matches = 0, actions = 0, errors = 0, resyncs = 0, mismatches = 0, connect_failures = 0, reconnects = 0;
  int verifying = 0;  // connections that check their view
  std::vector<double> rtt_ms;
  std::vector<double> rtt_playing_ms;  // of the actions sent once every room was playing
  std::map<std::string, long> error_codes;

  void add(const LoadStats& o) {
    matches += o.matches, actions += o.actions, errors += o.errors, resyncs += o.resyncs;
    mismatches += o.mismatches, connect_failures += o.connect_failures, verifying += o.verifying;
    reconnects += o.reconnects;
    rtt_ms.insert(rtt_ms.end(), o.rtt_ms.begin(), o.rtt_ms.end());
    rtt_playing_ms.insert(rtt_playing_ms.end(), o.rtt_playing_ms.begin(), o.rtt_playing_ms.end());
    for (const auto& [code, n] : o.error_codes) error_codes[code] += n;
  }
};

class LoadRoom;

// One bot: one WebSocket connection, one seat. A bot that verifies keeps its view from the
// snapshots and patches and checks every hash and opening (ViewTracker); the others read only
// what they act on from each frame (frame_scan.h), so that the load generator costs less than
// the server it measures.
class Bot : public std::enable_shared_from_this<Bot> {
 public:
  Bot(net::io_context& ioc, const Settings& s, Shared& sh, LoadStats& st, LoadRoom& room, int index, std::uint64_t seed,
      bool verify)
      : ioc_(ioc), ws_(std::make_unique<Stream>(beast::tcp_stream(ioc), s.tls)), timer_(ioc), s_(s), sh_(sh), st_(st), room_(room),
        index_(index), rng_(seed), verify_(verify) {}

  void start();
  void send(const Json& j) { send_text(j.dump()); }
  void send_text(std::string text);
  void join(const std::string& code) { send({{"type", "join"}, {"room", code}, {"name", "bot"}}); }
  int index() const { return index_; }

 private:
  void on_frame(std::string_view text);
  void on_message(const Json& m);
  void on_view(std::string_view text, bool snapshot);
  void resync();
  void maybe_act();
  void act();
  void upgrade();
  void do_read();
  void do_write();

  using Stream = websocket::stream<server::FlexStream>;
  // After the server went away (it stopped, or no longer serves the room): a new connection,
  // after a jittered wait, that takes the seat back with its token.
  void reconnect_later();
  std::string path() const;

  net::io_context& ioc_;
  std::unique_ptr<Stream> ws_;
  std::string code_, token_, replica_;  // the room, the seat's token, the replica a 4100 close named
  int reconnects_in_a_row_ = 0;
  net::steady_timer timer_;
  beast::flat_buffer buffer_;
  std::deque<std::string> out_;
  const Settings& s_;
  Shared& sh_;
  LoadStats& st_;
  LoadRoom& room_;
  int index_;
  SplitMix rng_;
  const bool verify_;
  ViewTracker tracker_;  // verifying bots only
  // What the last snapshot or update said: its game, version, seats to act and legal list.
  int game_no_ = 0, version_ = -1;
  std::vector<int> to_act_;
  std::string legal_;  // the legal list's text
  int seat_ = -1;
  int acted_version_ = -1, acted_game_ = -1;
  int rematch_asked_ = 0;  // the game after which this seat said yes to the next
  bool thinking_ = false;
  bool resync_pending_ = false;
  // Request ids start at a random point so they never repeat those of another connection to
  // the same seat (the server refuses an id reused for another action); under 2^52 so that
  // any JSON reader keeps them exact.
  long next_id_ = static_cast<long>((std::random_device()() & 0xffffffffu) << 20);
  // The message budget the server announced (welcome.limits), so that a bot that never thinks
  // still stays under it instead of having moves dropped.
  std::optional<TokenBucket> budget_;
  std::map<long, Clock::time_point> sent_;
};

// The bots of one room; the first creates it and hosts (start), and each says yes to the next
// game. A room and its bots live on one thread.
class LoadRoom {
 public:
  LoadRoom(net::io_context& ioc, const Settings& s, Shared& sh, LoadStats& st, int n) : s_(s) {
    for (int i = 0; i < s.seats - s.server_bots; ++i) {
      const int connection = n * (s.seats - s.server_bots) + i;
      const bool verify = s.verify_every > 0 && connection % s.verify_every == 0;
      st.verifying += verify;
      bots_.push_back(std::make_shared<Bot>(ioc, s, sh, st, *this, i, static_cast<std::uint64_t>(n) * 16 + i + 1, verify));
    }
  }
  // The host connects first; the others once it has created the room, naming the room as they
  // connect (/ws?room=CODE), as a guest who opens the room's link does.
  void start() { bots_.front()->start(); }
  void welcomed(Bot& b) { b.join(code_); }
  void created(const std::string& code) {
    code_ = code;
    for (auto& b : bots_)
      if (b->index() != 0) b->start();
    // The server's bots take the last seats (the clients' joins take the first free ones).
    for (int seat = s_.seats - s_.server_bots; seat < s_.seats; ++seat) bots_[0]->send({{"type", "add_bot"}, {"seat", seat}});
  }
  const std::string& code() const { return code_; }
  bool start_sent = false;
  bool playing = false;  // its first game has begun (counted in Shared::playing)
  int game_ended = 0;    // game_no whose end was counted

 private:
  const Settings& s_;
  std::vector<std::shared_ptr<Bot>> bots_;
  std::string code_;
};

void Bot::start() {
  auto self = shared_from_this();
  auto resolver = std::make_shared<net::ip::tcp::resolver>(ioc_);
  resolver->async_resolve(s_.server.host, std::to_string(s_.server.port), [self, resolver](beast::error_code ec, auto results) {
    if (ec) return self->token_.empty() ? void(self->st_.connect_failures++) : self->reconnect_later();
    beast::get_lowest_layer(*self->ws_).async_connect(results, [self](beast::error_code ec, auto) {
      if (ec) return self->token_.empty() ? void(self->st_.connect_failures++) : self->reconnect_later();
      beast::error_code ignored;  // as a real client would: moves go out at once
      beast::get_lowest_layer(*self->ws_).socket().set_option(net::ip::tcp::no_delay(true), ignored);
      auto* tls = self->ws_->next_layer().tls();
      std::string error;
      if (!tls) return self->upgrade();
      if (!prepare_tls_client(*tls, self->s_.server, error)) return void(self->st_.connect_failures++);
      tls->async_handshake(net::ssl::stream_base::client, [self](beast::error_code ec) {
        if (ec) return void(self->st_.connect_failures++);
        self->upgrade();
      });
    });
  });
}

std::string Bot::path() const { return ws_path(code_.empty() ? room_.code() : code_, replica_); }

void Bot::reconnect_later() {
  if (sh_.stopping) return;
  ++st_.reconnects;
  const int full = reconnects_in_a_row_ == 0 ? 100 : std::min(2000, 100 << std::min(reconnects_in_a_row_, 5));
  ++reconnects_in_a_row_;
  timer_.expires_after(std::chrono::milliseconds(full / 2 + static_cast<int>(rng_.uniform(static_cast<std::uint64_t>(full / 2) + 1))));
  timer_.async_wait([self = shared_from_this()](beast::error_code ec) {
    if (ec || self->sh_.stopping) return;
    self->ws_ = std::make_unique<Stream>(beast::tcp_stream(self->ioc_), self->s_.tls);
    self->out_.clear();
    self->sent_.clear();
    self->buffer_.consume(self->buffer_.size());
    self->acted_version_ = -1;
    self->start();
  });
}

void Bot::upgrade() {
  ws_->async_handshake(s_.server.authority(), path(), [self = shared_from_this()](beast::error_code ec) {
    if (ec) return self->token_.empty() ? void(self->st_.connect_failures++) : self->reconnect_later();
    self->do_read();
    self->send({{"type", "hello"}, {"protocol", kProtocolVersion}});
  });
}

void Bot::send_text(std::string text) {
  if (budget_) budget_->spend();
  out_.push_back(std::move(text));
  if (out_.size() == 1) do_write();
}

void Bot::do_write() {
  ws_->async_write(net::buffer(out_.front()), [self = shared_from_this()](beast::error_code ec, std::size_t) {
    if (ec) return server::fail(ec, "load_write", static_cast<std::uint64_t>(self->index_));
    self->out_.pop_front();
    if (!self->out_.empty()) self->do_write();
  });
}

void Bot::do_read() {
  ws_->async_read(buffer_, [self = shared_from_this()](beast::error_code ec, std::size_t) {
    // The run's end closes every bot: a read cut then is no news. Otherwise a bot with a seat
    // comes back to it, naming the replica a "reconnect" close named.
    if (ec) {
      if (self->sh_.stopping) return;
      server::fail(ec, "load_read", static_cast<std::uint64_t>(self->index_));
      self->replica_ = self->ws_->reason().code == kCloseReconnect ? std::string(self->ws_->reason().reason.data(), self->ws_->reason().reason.size()) : "";
      if (!self->token_.empty()) self->reconnect_later();
      return;
    }
    self->on_frame({static_cast<const char*>(self->buffer_.data().data()), self->buffer_.size()});
    self->buffer_.consume(self->buffer_.size());
    if (!self->sh_.stopping) self->do_read();
  });
}

void Bot::on_frame(std::string_view text) {
  // The frames of every move are read without a tree; the rest (welcome, joined, room,
  // error) are few.
  const std::string_view type = member_text(text, "type");
  if (type == "\"ack\"") {
    auto it = sent_.find(integer_text(member_text(text, "re")).value_or(0));
    if (it != sent_.end()) {
      const double ms = std::chrono::duration<double, std::milli>(Clock::now() - it->second).count();
      st_.rtt_ms.push_back(ms);
      const Clock::rep all_playing = sh_.all_playing_at.load();
      if (all_playing != 0 && it->second.time_since_epoch().count() >= all_playing) st_.rtt_playing_ms.push_back(ms);
      sent_.erase(it);
      st_.actions++;
      maybe_act();  // an update that came before this ack may need the seat again
    }
    return;
  }
  if (type == "\"update\"" || type == "\"snapshot\"") return on_view(text, type == "\"snapshot\"");
  Json m = Json::parse(text, nullptr, false);
  if (!m.is_discarded()) on_message(m);
}

void Bot::on_view(std::string_view text, bool snapshot) {
  // Updates sent before the snapshot a resync asked for cannot be checked: they are skipped.
  if (resync_pending_ && !snapshot) return;
  resync_pending_ = false;
  if (verify_) {
    const Json m = Json::parse(text, nullptr, false);
    const ViewTracker::Check c = snapshot ? tracker_.on_snapshot(m) : tracker_.on_update(m);
    if (!c.ok) {
      st_.mismatches++;
      return resync();
    }
  }
  const int game_no = static_cast<int>(integer_text(member_text(text, "game_no")).value_or(-1));
  const int version = static_cast<int>(integer_text(member_text(text, "version")).value_or(-1));
  // An update that does not follow the last version of this game was missed or mangled.
  if (!snapshot && (game_no != game_no_ || version != version_ + 1)) return resync();
  game_no_ = game_no;
  version_ = version;
  if (index_ == 0 && !room_.playing) {
    room_.playing = true;
    if (++sh_.playing == s_.rooms) sh_.all_playing_at = Clock::now().time_since_epoch().count();
  }
  to_act_.clear();
  for (std::string_view s : element_texts(member_text(text, "to_act")))
    to_act_.push_back(static_cast<int>(integer_text(s).value_or(-1)));
  legal_ = member_text(text, "legal");
  if (to_act_.empty()) {
    // The game ended: the host counts it once, and every seat says yes to the next one.
    if (index_ == 0 && room_.game_ended != game_no_) {
      room_.game_ended = game_no_;
      st_.matches++;
      if (s_.matches > 0 && ++sh_.matches >= s_.matches) sh_.stopping = true;
    }
    if (rematch_asked_ != game_no_ && !sh_.stopping) {
      rematch_asked_ = game_no_;
      send({{"type", "rematch"}});
    }
    return;
  }
  maybe_act();
}

void Bot::resync() {
  resync_pending_ = true;
  st_.resyncs++;
  send({{"type", "resync"}});
}

void Bot::on_message(const Json& m) {
  const std::string type = m.value("type", "");
  if (type == "welcome") {
    budget_ = client_budget(m);
    if (!token_.empty()) return send({{"type", "reconnect"}, {"room", code_}, {"token", token_}});
    if (index_ == 0) send({{"type", "create"}, {"game", s_.game}, {"options", s_.options}, {"name", "bot"}});
    else room_.welcomed(*this);
  } else if (type == "joined") {
    const bool again = !token_.empty();
    seat_ = m["seat"].is_number_integer() ? m["seat"].get<int>() : -1;
    code_ = m.value("room", "");
    if (m.contains("token")) token_ = m["token"];
    reconnects_in_a_row_ = 0;
    if (index_ == 0 && !again) room_.created(m["room"]);
  } else if (type == "room") {
    if (index_ == 0 && m["status"] == "lobby" && !room_.start_sent) {
      bool full = true;
      for (const Json& seat : m["seats"]) full = full && (seat["state"] == "connected" || seat["state"] == "bot");
      if (full) {
        room_.start_sent = true;
        send({{"type", "start"}});
      }
    }
  } else if (type == "error") {
    st_.errors++;
    st_.error_codes[m.value("code", "?")]++;
    sent_.erase(m.value("re", 0L));
    // A refused move (or one dropped unanswered) is chosen again rather than waited for.
    acted_version_ = -1;
    maybe_act();
  }
}

void Bot::maybe_act() {
  if (sh_.stopping || thinking_ || seat_ < 0 || legal_.size() <= 2) return;  // "[]": nothing to do
  if (std::find(to_act_.begin(), to_act_.end(), seat_) == to_act_.end()) return;
  // One action in flight at a time, as a player's client: where seats act at once, other
  // seats' moves bring new versions while this seat's own move is still on its way.
  if (!sent_.empty()) return;
  if (acted_version_ == version_ && acted_game_ == game_no_) return;
  // Thinking, and waiting for the server's message budget when it is spent.
  std::chrono::milliseconds wait{0};
  if (s_.think_ms > 0) wait = std::chrono::milliseconds(rng_.uniform(static_cast<std::uint64_t>(2 * s_.think_ms) + 1));
  if (budget_) wait = std::max(wait, std::chrono::ceil<std::chrono::milliseconds>(budget_->until_token()));
  if (wait.count() == 0) return act();
  thinking_ = true;
  timer_.expires_after(wait);
  timer_.async_wait([self = shared_from_this()](beast::error_code ec) {
    self->thinking_ = false;
    if (!ec) self->act();
  });
}

void Bot::act() {
  if (sh_.stopping) return;
  const std::vector<std::string_view> legal = element_texts(legal_);
  if (legal.empty()) return;
  acted_version_ = version_;
  acted_game_ = game_no_;
  const long id = next_id_++;
  sent_[id] = Clock::now();
  // The action as the server listed it, byte for byte.
  const std::string_view action = legal[rng_.uniform(legal.size())];
  std::string text;
  text.reserve(action.size() + 48);
  text.append("{\"action\":").append(action).append(",\"id\":").append(std::to_string(id)).append(",\"type\":\"action\"}");
  send_text(std::move(text));
}

double percentile(std::vector<double> v, double q) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  return v[std::min(v.size() - 1, static_cast<std::size_t>(q * static_cast<double>(v.size())))];
}

// "LABEL: p50 …, p90 …, p99 …, max …" of round trips in milliseconds, a line.
void print_round_trips(const std::string& label, const std::vector<double>& ms) {
  std::printf("%s: p50 %.3f, p90 %.3f, p99 %.3f, max %.3f\n", label.c_str(), percentile(ms, 0.5), percentile(ms, 0.9),
              percentile(ms, 0.99), ms.empty() ? 0.0 : *std::max_element(ms.begin(), ms.end()));
}

// Creates `n` rooms that nobody plays (each creator leaves) and reports memory per room.
int idle_rooms(const Settings& s, int n) {
  net::io_context ioc;
  const ProcStat before = read_proc(s.pid);
  struct Creator : std::enable_shared_from_this<Creator> {
    websocket::stream<server::FlexStream> ws;
    beast::flat_buffer buf;
    int left;
    const Settings& s;
    int* created;
    Creator(net::io_context& ioc, int count, const Settings& st, int* c)
        : ws(beast::tcp_stream(ioc), st.tls), left(count), s(st), created(c) {}
    void write(const Json& j, std::function<void()> then) {
      auto text = std::make_shared<std::string>(j.dump());
      ws.async_write(net::buffer(*text), [text, then](beast::error_code ec, std::size_t) {
        if (ec) return server::fail(ec, "creator_write", 0);
        then();
      });
    }
    void read(std::function<void(Json)> then) {
      ws.async_read(buf, [self = shared_from_this(), then](beast::error_code ec, std::size_t) {
        if (ec) return server::fail(ec, "creator_read", 0);
        Json m = Json::parse(beast::buffers_to_string(self->buf.data()), nullptr, false);
        self->buf.consume(self->buf.size());
        then(m);
      });
    }
    // create -> joined -> leave -> left -> next
    void next() {
      if (left-- <= 0) return;
      auto self = shared_from_this();
      write({{"type", "create"}, {"game", s.game}, {"options", s.options}}, [self] { self->await("joined"); });
    }
    void await(const std::string& type) {
      auto self = shared_from_this();
      read([self, type](Json m) {
        if (m.value("type", "") != type) return self->await(type);
        if (type == "joined") {
          ++*self->created;
          self->write({{"type", "leave"}}, [self] { self->await("left"); });
        } else {
          self->next();  // after welcome or left
        }
      });
    }
  };
  int created = 0;
  const int connections = std::min(n, 100);
  std::vector<std::shared_ptr<Creator>> creators;
  for (int i = 0; i < connections; ++i) {
    auto c = std::make_shared<Creator>(ioc, n / connections + (i < n % connections), s, &created);
    net::ip::tcp::resolver resolver(ioc);
    beast::get_lowest_layer(c->ws).connect(resolver.resolve(s.server.host, std::to_string(s.server.port)));
    if (auto* tls = c->ws.next_layer().tls()) {
      std::string error;
      if (!prepare_tls_client(*tls, s.server, error)) throw std::runtime_error(error);
      tls->handshake(net::ssl::stream_base::client);
    }
    c->ws.handshake(s.server.authority(), "/ws");
    c->write({{"type", "hello"}, {"protocol", kProtocolVersion}}, [c] { c->await("welcome"); });
    creators.push_back(c);
  }
  const auto t0 = Clock::now();
  ioc.run_for(std::chrono::seconds(600));
  const double secs = std::chrono::duration<double>(Clock::now() - t0).count();
  const ProcStat after = read_proc(s.pid);
  std::printf("idle rooms created: %d in %.1f s\n", created, secs);
  if (s.pid > 0) {
    std::printf("server RSS: %ld KiB before, %ld KiB after (peak %ld KiB)\n", before.rss_kib, after.rss_kib, after.peak_kib);
    std::printf("memory per idle room: %.2f KiB\n",
                created ? static_cast<double>(after.rss_kib - before.rss_kib) / created : 0.0);
  }
  return created == n ? 0 : 1;
}

}  // namespace

const CommandSpec kLoad = {
    "load",
    "--server URL --game GAME --rooms M [--matches N | --duration SECONDS] [FLAGS]\n"
    "       nyanhall-cli load --server URL --game GAME --idle-rooms N [--server-pid PID]",
    "play M rooms at once with bots over real connections and report matches, actions/s, the\n"
    "action round trip (p50/p90/p99/max), errors and resyncs; with the server's pid also its CPU\n"
    "per action and its memory. --idle-rooms instead opens N rooms nobody plays and reports the\n"
    "server's memory per idle room",
    {kServerFlag,
     {"game", "GAME", "the game to play (a game id: {games})"},
     {"options", "JSON", "the rooms' options (default {}); its \"players\" sets the seats"},
     {"seats", "N", "bots per room when the options do not say (default 2)"},
     {"rooms", "M", "rooms played at once (default 10)"},
     {"matches", "N", "stop after N finished matches (default 0: run for --duration)"},
     {"duration", "SECONDS", "how long to run when --matches is 0 (default 10)"},
     {"think-ms", "MS", "each bot waits a random 0..2*MS before each move (default 0)"},
     {"server-bots", "N", "the last N seats of each room are the server's own bots (add_bot; default 0)"},
     {"threads", "N", "threads the rooms are shared among (default: the hardware threads)"},
     {"verify-every", "N", "every Nth connection checks every hash and opening (default 10; 1: all)"},
     {"server-pid", "PID", "the server's process id, to read its CPU time and memory from /proc"},
     {"idle-rooms", "N", "open N idle rooms instead of playing, and report the memory they take"},
     kCaFlag,
     kInsecureFlag}};

int load(const Args& args) {
  Flags f(args, kLoad);
  if (f.help()) return print_help(kLoad);
  Settings s;
  auto rooms = f.integer("rooms", 10), matches = f.integer("matches", 0), think = f.integer("think-ms", 0),
       pid = f.integer("server-pid", 0), seats = f.integer("seats", 0), idle = f.integer("idle-rooms", 0),
       server_bots = f.integer("server-bots", 0),
       threads = f.integer("threads", std::max(1u, std::thread::hardware_concurrency())),
       verify_every = f.integer("verify-every", 10);
  if (!f.ok()) return usage_error(kLoad, f.error());
  if (!f.has("game")) return usage_error(kLoad, "--game is required");
  std::string problem;
  if (!server_flags(f, s.server, problem)) return usage_error(kLoad, problem);
  if (s.server.tls && !(s.tls = client_tls_context(s.server, problem))) return usage_error(kLoad, problem);
  char* end = nullptr;
  const std::string duration = f.get("duration", "10");
  s.duration = std::strtod(duration.c_str(), &end);
  if (duration.empty() || *end != '\0' || !(s.duration > 0)) return usage_error(kLoad, "--duration needs seconds");
  s.game = f.get("game");
  s.options = Json::parse(f.get("options", "{}"), nullptr, false);
  if (s.options.is_discarded() || !s.options.is_object()) return usage_error(kLoad, "--options is not a JSON object");
  if (s.options.contains("players") && !s.options["players"].is_number_integer())
    return usage_error(kLoad, "the \"players\" option is not an integer");
  s.rooms = static_cast<int>(*rooms);
  s.matches = *matches;
  s.think_ms = static_cast<int>(*think);
  s.pid = static_cast<int>(*pid);
  // Seats: the "players" option, else --seats, else 2.
  s.seats = s.options.contains("players") ? s.options["players"].get<int>() : (*seats > 0 ? static_cast<int>(*seats) : 2);
  s.server_bots = static_cast<int>(*server_bots);
  if (s.server_bots < 0 || s.server_bots >= s.seats)
    return usage_error(kLoad, "--server-bots must leave at least one seat to the load's own clients");
  if (*threads < 1 || *threads > 256) return usage_error(kLoad, "--threads must be 1 to 256");
  if (*verify_every < 0) return usage_error(kLoad, "--verify-every must be 0 or more");
  s.threads = static_cast<int>(std::min<long long>(*threads, std::max(1, s.rooms)));
  s.verify_every = static_cast<int>(*verify_every);
  if (*idle > 0) return idle_rooms(s, static_cast<int>(*idle));

  // Each thread runs its own rooms on its own io_context: nothing is shared but the stop.
  struct Worker {
    net::io_context ioc{1};
    LoadStats st;
    std::vector<std::unique_ptr<LoadRoom>> rooms;
    std::thread thread;
  };
  Shared sh;
  std::vector<std::unique_ptr<Worker>> workers;
  for (int t = 0; t < s.threads; ++t) workers.push_back(std::make_unique<Worker>());
  const ProcStat before = read_proc(s.pid), self_before = read_proc(getpid());
  const auto t0 = Clock::now();
  for (int i = 0; i < s.rooms; ++i) {
    Worker& w = *workers[static_cast<std::size_t>(i % s.threads)];
    w.rooms.push_back(std::make_unique<LoadRoom>(w.ioc, s, sh, w.st, i));
    w.rooms.back()->start();
  }
  for (auto& w : workers)
    w->thread = std::thread([&sh, &ioc = w->ioc] {
      while (!sh.stopping) ioc.run_for(std::chrono::milliseconds(50));
    });
  const auto deadline = t0 + std::chrono::milliseconds(static_cast<long>(s.duration * 1000));
  while (!sh.stopping && (s.matches > 0 || Clock::now() < deadline)) {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    if (s.matches > 0 && Clock::now() > t0 + std::chrono::minutes(30)) break;  // bounded even in match mode
  }
  sh.stopping = true;
  for (auto& w : workers) w->thread.join();
  const double secs = std::chrono::duration<double>(Clock::now() - t0).count();
  const ProcStat after = read_proc(s.pid), self_after = read_proc(getpid());
  LoadStats st;
  for (auto& w : workers) st.add(w->st);

  std::printf("load: game %s, %d rooms x %d seats (%d of them the server's bots), think %d ms, %.1f s\n",
              s.game.c_str(), s.rooms, s.seats, s.server_bots, s.think_ms, secs);
  std::printf("matches completed: %ld\n", st.matches);
  std::printf("actions: %ld (%.0f/s)\n", st.actions, st.actions / secs);
  print_round_trips("action round trip ms", st.rtt_ms);
  if (const Clock::rep at = sh.all_playing_at.load(); at != 0) {
    char label[96];
    std::snprintf(label, sizeof label, "action round trip ms once every room plays (from %.1f s, %zu actions)",
                  std::chrono::duration<double>(Clock::time_point(Clock::duration(at)) - t0).count(),
                  st.rtt_playing_ms.size());
    print_round_trips(label, st.rtt_playing_ms);
  } else {
    std::printf("action round trip once every room plays: not every room began a game\n");
  }
  std::printf("errors: %ld", st.errors);
  for (const auto& [code, n] : st.error_codes) std::printf("  %s=%ld", code.c_str(), n);
  std::printf("\nresyncs: %ld (hash mismatches %ld), connect failures: %ld, reconnects: %ld\n", st.resyncs,
              st.mismatches, st.connect_failures, st.reconnects);
  // Whoever is at 100 % of what it may use sets the pace: the load generator's own figures
  // say whether it was the server.
  const double own = self_after.cpu_seconds - self_before.cpu_seconds;
  std::printf("load generator: %d threads, %d connections checking their views, CPU %.2f s (%.0f %% of a core), %.1f us per action\n",
              s.threads, st.verifying, own, 100 * own / secs, st.actions ? own * 1e6 / st.actions : 0.0);
  if (s.pid > 0) {
    const double cpu = after.cpu_seconds - before.cpu_seconds;
    std::printf("server CPU: %.2f s (%.0f %% of a core), %.1f us per action\n", cpu, 100 * cpu / secs,
                st.actions ? cpu * 1e6 / st.actions : 0.0);
    std::printf("server RSS: %ld KiB now, peak %ld KiB\n", after.rss_kib, after.peak_kib);
  }
  return st.mismatches == 0 && st.connect_failures == 0 ? 0 : 1;
}

}  // namespace nyan::cli
