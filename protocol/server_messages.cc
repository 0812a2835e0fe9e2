#include "protocol/server_messages.h"

#include "protocol/messages.h"

namespace nyan {

namespace {

// The types, each spelled here once.
constexpr std::string_view kWelcome = "welcome", kPong = "pong", kJoined = "joined", kRoom = "room", kAck = "ack",
                           kOk = "ok", kLeft = "left", kKicked = "kicked", kClosed = "closed", kError = "error",
                           kUpdate = "update", kSnapshot = "snapshot", kMoved = "moved";

const char* presence_name(SeatPresence p) {
  switch (p) {
    case SeatPresence::empty: return "empty";
    case SeatPresence::bot: return "bot";
    case SeatPresence::open: return "open";
    case SeatPresence::disconnected: return "disconnected";
    case SeatPresence::connected: return "connected";
  }
  return "empty";
}

void member(std::string& frame, std::string_view key, std::string_view text) {
  frame += frame.size() > 1 ? ",\"" : "\"";
  frame += key;
  frame += "\":";
  frame += text;
}

void quoted_member(std::string& frame, std::string_view key, std::string_view hex) {
  member(frame, key, "\"");
  frame += hex;
  frame += '"';
}

// The members of a frame for one audience that both kinds begin with.
std::string audience_members(std::string_view commitments, std::string_view hash, std::string_view legal,
                             std::string_view openings, std::size_t rest) {
  std::string f;
  // The members' texts, their keys and separators (under 64 bytes), and the end of the frame.
  f.reserve(commitments.size() + hash.size() + legal.size() + openings.size() + 64 + rest);
  f += '{';
  member(f, "commitments", commitments);
  quoted_member(f, "hash", hash);
  member(f, "legal", legal);
  member(f, "openings", openings);
  return f;
}

std::string quoted(std::string_view type) {
  std::string out = "\"";
  out += type;
  out += '"';
  return out;
}

// A message of type `type` with `re` (the request it answers, null for none).
Json answer(std::string_view type, const Json& re) { return {{"type", type}, {"re", re}}; }

}  // namespace

std::string welcome_message(const Json& re, std::string_view server, const WelcomeLimits& limits) {
  Json m = answer(kWelcome, re);
  m["protocol"] = kProtocolVersion;
  m["server"] = server;
  m["limits"] = {{"max_message_bytes", limits.max_message_bytes},
                 {"rate_per_second", limits.rate_per_second},
                 {"rate_burst", limits.rate_burst},
                 {"idle_timeout_ms", limits.idle_timeout_ms},
                 {"grace_ms", limits.grace_ms}};
  return m.dump();
}

std::string pong_message(const Json& re) { return answer(kPong, re).dump(); }

std::string joined_message(const Json& re, std::string_view room, std::optional<Seat> seat, const std::string* token,
                           bool host) {
  Json m = answer(kJoined, re);
  m["room"] = room;
  m["seat"] = seat ? Json(*seat) : Json(nullptr);
  if (token) m["token"] = *token;
  m["host"] = host;
  return m.dump();
}

// Written as text: it goes to everyone in the room whenever its seats or its game change, and
// a tree of its seats and finished games cost a hundred allocations to be written out once.
std::string room_message(const RoomInfo& info) {
  std::string out;
  TextWriter w(out);
  w.open_object();
  w.key("finished").nums(info.finished);
  w.key("game").str(info.game).key("game_no").num(info.game_no).key("host").num(info.host);
  w.key("options").json(info.options);
  if (!info.rematch.empty()) w.key("rematch").nums(info.rematch);
  w.key("room").str(info.room).key("seats").open_array();
  for (const RoomSeat& s : info.seats) {
    w.open_object();
    if (s.bot) w.key("bot").flag(true);
    if (s.name) w.key("name").str(*s.name);
    w.key("seat").num(s.seat).key("state").str(presence_name(s.presence)).close_object();
  }
  w.close_array();
  w.key("spectators").num(info.spectators).key("status").str(info.status).key("type").str(kRoom);
  w.close_object();
  return out;
}

std::string moved_message(std::string_view room, Seat seat, bool host) {
  return Json{{"type", kMoved}, {"room", room}, {"seat", seat}, {"host", host}}.dump();
}

// Written as text: one goes out for every move.
std::string ack_message(const Json& re, int game_no, int version, bool duplicate) {
  std::string ack;
  TextWriter w(ack);
  w.open_object();
  if (duplicate) w.key("duplicate").flag(true);
  w.key("game_no").num(game_no).key("re").json(re).key("type").str(kAck).key("version").num(version);
  w.close_object();
  return ack;
}

std::string ok_message(const Json& re) { return answer(kOk, re).dump(); }

std::string left_message(const Json& re, std::string_view room) {
  Json m = answer(kLeft, re);
  m["room"] = room;
  return m.dump();
}

std::string kicked_message(std::string_view room) { return Json{{"type", kKicked}, {"room", room}}.dump(); }

std::string closed_message(std::string_view room, std::string_view reason) {
  return Json{{"type", kClosed}, {"room", room}, {"reason", reason}}.dump();
}

std::string error_message(ProtoError code, std::string_view message, const Json& re) {
  Json m = {{"type", kError}, {"code", std::string(to_string(code))}, {"message", std::string(message)}};
  if (!re.is_null()) m["re"] = re;
  return m.dump();
}

std::string match_members(int game_no, std::string_view record, std::string_view room, std::string_view seed,
                          std::string_view seed_hash, const std::vector<Seat>& to_act, int version) {
  std::string out;
  TextWriter w(out);
  // A member list, not an object: finish_frame writes the braces around it with other members.
  w.key("game_no").num(game_no);
  if (!record.empty()) w.key("record").raw(record);
  w.key("room").str(room);
  if (!seed.empty()) w.key("seed").str(seed);
  w.key("seed_hash").str(seed_hash);
  w.key("to_act").nums(to_act);
  w.key("version").num(version);
  return out;
}

std::string update_start(std::string_view commitments, std::string_view hash, std::string_view legal,
                         std::string_view openings, std::string_view patch, std::size_t rest) {
  std::string f = audience_members(commitments, hash, legal, openings, patch.size() + rest);
  member(f, "patch", patch);
  static const std::string type = quoted(kUpdate);
  member(f, "type", type);
  return f;
}

std::string snapshot_start(std::string_view commitments, std::string_view hash, std::string_view legal,
                           std::string_view openings, const Json& re, std::string_view view, std::size_t rest) {
  std::string f = audience_members(commitments, hash, legal, openings, view.size() + rest);
  if (!re.is_null()) member(f, "re", re.dump());
  static const std::string type = quoted(kSnapshot);
  member(f, "type", type);
  member(f, "view", view);
  return f;
}

std::string finish_frame(std::string start, std::string_view shared, std::string_view extra) {
  start += ',';
  start += shared;
  if (!extra.empty()) {
    start += ',';
    start += extra;
  }
  start += '}';
  return start;
}

void write_commitment(TextWriter& w, std::string_view slot, std::string_view commitment) {
  w.open_object().key("commitment").str(commitment).key("slot").str(slot).close_object();
}

void write_opening(TextWriter& w, std::string_view nonce, std::string_view slot, const Json& value) {
  w.open_object().key("nonce").str(nonce).key("slot").str(slot).key("value").json(value).close_object();
}

std::vector<std::string_view> server_message_types() {
  return {kWelcome, kPong, kJoined, kRoom, kAck, kOk, kLeft, kKicked, kClosed, kError, kUpdate, kSnapshot, kMoved};
}

}  // namespace nyan
