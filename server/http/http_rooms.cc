#include "server/http/http_rooms.h"

#include <boost/asio/post.hpp>
#include <charconv>

#include "server/room/replay.h"
#include "server/room/room.h"
#include "server/http/room_lookup.h"

namespace nyan::server {

namespace net = boost::asio;
using boost::beast::http::status;

namespace {

constexpr std::string_view kPrefix = "/api/rooms/";
const char* const kMiss = R"({"error":"unknown_room"})";

// A whole non-negative decimal number of at most 9 digits, or nullopt.
std::optional<int> small_number(std::string_view s) {
  if (s.empty() || s.size() > 9) return std::nullopt;
  int v = 0;
  auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc() || end != s.data() + s.size() || v < 0) return std::nullopt;
  return v;
}

// The code as it was typed: a browser sends "kasumi norepa" as "kasumi%20norepa".
std::string percent_decoded(std::string_view s) {
  auto hex = [](char c) {
    return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
  };
  std::string out;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '%' && i + 2 < s.size() && hex(s[i + 1]) >= 0 && hex(s[i + 2]) >= 0) {
      out += static_cast<char>(hex(s[i + 1]) * 16 + hex(s[i + 2]));
      i += 2;
    } else {
      out += s[i];
    }
  }
  return out;
}

bool read_parameters(std::string_view query, RoomQuery& q) {
  while (!query.empty()) {
    const std::size_t amp = query.find('&');
    const std::string_view pair = query.substr(0, amp);
    query = amp == std::string_view::npos ? std::string_view() : query.substr(amp + 1);
    if (pair.empty()) continue;
    const std::size_t eq = pair.find('=');
    const std::string_view name = pair.substr(0, eq);
    const std::string_view value = eq == std::string_view::npos ? std::string_view() : pair.substr(eq + 1);
    if (name == "game") {
      auto n = small_number(value);
      if (!n || *n < 1) return false;
      q.game_no = *n;
    } else if (name == "seat") {
      if (value == "spectator") {
        q.seat = kSpectator;
        continue;
      }
      auto n = small_number(value);
      if (!n || *n > 64) return false;
      q.seat = *n;
    } else if (name == "from") {
      auto n = small_number(value);
      if (!n) return false;
      q.from = *n;
    }  // other parameters (cache busters) are ignored
  }
  return true;
}

}  // namespace

std::optional<RoomQuery> parse_room_query(std::string_view target, bool& bad) {
  bad = false;
  if (target.substr(0, kPrefix.size()) != kPrefix) return std::nullopt;
  std::string_view query;
  if (const std::size_t mark = target.find('?'); mark != std::string_view::npos) {
    query = target.substr(mark + 1);
    target = target.substr(0, mark);
  }
  std::string_view rest = target.substr(kPrefix.size());
  RoomQuery q;
  const std::size_t slash = rest.find('/');
  q.code = percent_decoded(rest.substr(0, slash));
  const std::string_view what = slash == std::string_view::npos ? std::string_view() : rest.substr(slash + 1);
  if (what.empty()) q.kind = RoomQuery::Kind::info;
  else if (what == "transcript") q.kind = RoomQuery::Kind::transcript;
  else if (what == "replay") q.kind = RoomQuery::Kind::replay;
  else return std::nullopt;
  if (!read_parameters(query, q)) bad = true;
  return q;
}

void answer_room_query(ServerContext& ctx, const std::string& client, const RoomQuery& query,
                       net::any_io_executor executor, std::function<void(RoomAnswer)> done) {
  auto answer = [executor, done](status s, std::string body, std::string replica = {}) {
    net::post(executor, [done, s, body = std::move(body), replica = std::move(replica)]() mutable {
      done({s, std::move(body), std::move(replica)});
    });
  };
  // A room found but without what was asked is a miss like an unknown code: it uses up a
  // failed lookup too, or the allowance would tell a guesser which codes exist.
  auto miss = [&ctx, client, answer] {
    lookup_missed(ctx, client);
    answer(status::not_found, kMiss);
  };
  lookup_room(ctx, client, query.code, LookupGate::first, [answer, miss, executor, done, query](RoomLookup lookup) {
    if (lookup.limited) return answer(status::too_many_requests, R"({"error":"rate_limited"})");
    if (!lookup.elsewhere.empty())
      return answer(status::temporary_redirect, Json{{"error", "moved"}, {"replica", lookup.elsewhere}}.dump(),
                    lookup.elsewhere);
    if (lookup.unavailable) return answer(status::service_unavailable, R"({"error":"unavailable"})");
    auto room = std::move(lookup.room);
    if (!room) return answer(status::not_found, kMiss);
    if (query.kind == RoomQuery::Kind::info) {
      return room->describe([answer, miss](std::string info) {
        if (info.empty()) return miss();
        answer(status::ok, std::move(info));
      });
    }
    room->transcript(query.game_no, [answer, miss, executor, done, query](std::string record) {
      if (record.empty()) return miss();
      if (query.kind == RoomQuery::Kind::transcript) return answer(status::ok, std::move(record));
      // Off the room's strand: a replay makes a view for every step of its window.
      net::post(executor, [done, query, record = std::move(record)] {
        auto replay = replay_views(record, query.seat, query.from);
        if (!replay) return done({status::not_found, kMiss, {}});  // a seat or step the game has not
        done({status::ok, std::move(*replay), {}});
      });
    });
  });
}

}  // namespace nyan::server
