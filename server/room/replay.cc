#include "server/room/replay.h"

#include <algorithm>
#include <memory>

#include "protocol/drbg.h"
#include "protocol/json_diff.h"
#include "protocol/sha256.h"
#include "rules/core/canonical_text.h"
#include "rules/core/move.h"
#include "rules/core/registry.h"

namespace nyan::server {

std::optional<std::string> replay_views(const std::string& record_text, Seat seat, int from) {
  const Json record = Json::parse(record_text, nullptr, false);
  if (!record.is_object() || !record.contains("moves") || !record["moves"].is_array()) return std::nullopt;
  const Game* game = registry().find(record.value("game", ""));
  const auto seed = seed_from_hex(record.value("seed", ""));
  if (!game || !seed || !record.contains("options")) return std::nullopt;
  const Json& moves = record["moves"];
  const int steps = static_cast<int>(moves.size()) + 1;
  if (from < 0 || from >= steps) return std::nullopt;
  const int end = std::min(steps, from + kReplayWindow);

  std::unique_ptr<State> state = game->start(record["options"], std::make_unique<Drbg>(*seed));
  if (seat != kSpectator && (seat < 0 || seat >= state->seat_count())) return std::nullopt;
  auto apply = [&](int i) {
    const Json& m = moves[static_cast<std::size_t>(i)];
    if (!m.is_object() || !m.contains("seat") || !m["seat"].is_number_integer() || !m.contains("action")) return false;
    return static_cast<bool>(apply_move(*state, Move{m["seat"].get<Seat>(), m["action"]}));  // a forfeit too
  };
  for (int i = 0; i < from; ++i)
    if (!apply(i)) return std::nullopt;

  std::string view, hashes, to_act, patches, window_moves;
  TextWriter h(hashes), a(to_act), p(patches), mv(window_moves);
  h.open_array();
  a.open_array();
  p.open_array();
  mv.open_array();
  auto note_step = [&](const std::string& text) {
    h.str(sha256_hex(text));
    a.open_array();
    for (const Seat s : state->to_act()) a.num(s);
    a.close_array();
  };
  view = state->view_text(seat);
  note_step(view);
  std::string before = view;
  TextIndex before_index(before);
  for (int i = from; i + 1 < end; ++i) {
    if (!apply(i)) return std::nullopt;
    std::string now = state->view_text(seat);
    TextIndex now_index(now);
    p.raw(json_diff(before, before_index, now, now_index));
    mv.json(moves[static_cast<std::size_t>(i)]);
    note_step(now);
    before = std::move(now);
    before_index = std::move(now_index);
  }
  h.close_array();
  a.close_array();
  p.close_array();
  mv.close_array();

  std::string out;
  TextWriter w(out);
  w.open_object();
  w.key("from").num(from).key("game").str(game->type().id).key("game_no").num(record.value("game_no", 0));
  w.key("hashes").raw(hashes).key("moves").raw(window_moves);
  w.key("next");
  if (end < steps) w.num(end);
  else w.null();
  w.key("outcome").json(record.value("outcome", Json()));
  w.key("patches").raw(patches).key("seat").seat(seat).key("steps").num(steps);
  w.key("to_act").raw(to_act).key("view").raw(view);
  w.close_object();
  return out;
}

}  // namespace nyan::server
