// Oikake Nyanzu: what each seat sees (rules §6), sealed values, and resampling.
#include <algorithm>

#include "rules/oikake/oikake.h"

namespace nyan::oikake {

namespace {

// Kinds in the byte order of their names: the order of a counts object's keys.
const std::array<Kind, kKinds>& kinds_by_name() {
  static const std::array<Kind, kKinds> order = [] {
    std::array<Kind, kKinds> o{};
    for (int i = 0; i < kKinds; ++i) o[i] = static_cast<Kind>(i);
    std::sort(o.begin(), o.end(), [](Kind a, Kind b) { return kind_name(a) < kind_name(b); });
    return o;
  }();
  return order;
}

void write_counts(TextWriter& w, const Counts& c) {
  w.open_object();
  for (const Kind k : kinds_by_name())
    if (c[static_cast<int>(k)] > 0) w.key(kind_name(k)).num(c[static_cast<int>(k)]);
  w.close_object();
}

const char* phase_name(Phase p) {
  switch (p) {
    case Phase::present: return "present";
    case Phase::choose: return "choose";
    case Phase::game_over: return "game_over";
  }
  return "present";
}

}  // namespace

Json counts_json(const Counts& c) {
  Json j = Json::object();
  for (int i = 0; i < kKinds; ++i)
    if (c[i] > 0) j[std::string(kind_name(static_cast<Kind>(i)))] = c[i];
  return j;
}

void OikakeState::write_seat(TextWriter& w, Seat who, Seat viewer) const {
  const bool shown = over() || who == viewer;
  w.open_object();
  w.key("area");
  write_counts(w, b_.area[who]);
  w.key("dist").num(b_.dist(who));
  if (shown) {
    w.key("exchanged");
    write_counts(w, b_.exchanged[who]);
  }
  w.key("exchanged_count").num(total(b_.exchanged[who]));
  w.key("exchanges_used").num(b_.exchanges_used[who]);
  if (shown) {
    w.key("hand");
    write_counts(w, b_.hand[who]);
  }
  w.key("hand_count").num(total(b_.hand[who]));
  w.key("pos").num(b_.pos[who]);
  w.key("seat").num(who);
  w.close_object();
}

void OikakeState::write_view(TextWriter& w, Seat viewer) const {
  const bool all = over();
  w.open_object();
  if (all) {
    w.key("deck").open_array();
    for (Kind k : b_.deck) w.str(kind_name(k));
    w.close_array();
  }
  w.key("deck_count").num(static_cast<std::int64_t>(b_.deck.size()));
  w.key("first_seat").num(b_.first_seat);
  w.key("game").str("oikake");
  w.key("hand_size").num(b_.hand_size());
  w.key("last");
  if (b_.last) {
    const TurnRecord& t = *b_.last;
    w.open_object();
    w.key("acquired").open_array().str(kind_name(t.acquired[0])).str(kind_name(t.acquired[1])).close_array();
    w.key("down").str(kind_name(t.down));
    w.key("moves").open_array().num(t.moves[0]).num(t.moves[1]).close_array();
    w.key("pick").str(t.picked_up ? "up" : "down");
    w.key("presenter").num(t.presenter);
    w.key("turn").num(t.turn);
    w.key("up").str(kind_name(t.up));
    w.close_object();
  } else {
    w.null();
  }
  w.key("log");
  b_.log.write(w, viewer, all);
  w.key("max_exchanges").num(b_.max_exchanges());
  w.key("mode").str(b_.mode == Mode::normal ? "normal" : "short");
  if (all) w.key("outcome").raw(outcome_text());
  w.key("phase").str(phase_name(b_.phase));
  w.key("players").open_array();
  write_seat(w, 0, viewer);
  write_seat(w, 1, viewer);
  w.close_array();
  w.key("presenter").num(b_.presenter);
  w.key("table");
  if (b_.pair_on_table()) {
    const DownCard& down = b_.downs.back();
    w.open_object().key("down");
    if (viewer == down.presenter || down.revealed) w.str(kind_name(down.card));
    else w.null();
    w.key("up").str(kind_name(b_.up)).close_object();
  } else {
    w.null();
  }
  w.key("track").num(b_.track());
  w.key("turn").num(b_.turn);
  w.key("you").seat(viewer);
  w.close_object();
}

std::vector<Sealed> OikakeState::sealed() const {
  std::vector<Sealed> out;
  out.reserve(b_.downs.size());
  for (const DownCard& d : b_.downs)
    out.push_back(Sealed{"t" + std::to_string(d.turn) + ".down", kind_json(d.card), {d.presenter},
                         d.revealed});
  return out;
}

Json OikakeState::debug_state() const {
  Json v = view(kSpectator);
  Json hands = Json::array(), exchanged = Json::array(), deck = Json::array(), downs = Json::array();
  for (Seat s = 0; s < 2; ++s) {
    hands.push_back(counts_json(b_.hand[s]));
    exchanged.push_back(counts_json(b_.exchanged[s]));
  }
  for (Kind k : b_.deck) deck.push_back(kind_json(k));
  for (const DownCard& d : b_.downs)
    downs.push_back({{"turn", d.turn}, {"presenter", d.presenter}, {"card", kind_json(d.card)},
                     {"revealed", d.revealed}});
  v["hands"] = hands;
  v["exchanged"] = exchanged;
  v["deck_order"] = deck;
  v["downs"] = downs;
  v["up"] = kind_json(b_.up);
  v["log_full"] = b_.log.debug();
  return v;
}

std::unique_ptr<State> OikakeState::resample(Seat viewer, Rng& rng) const {
  auto copy = std::make_unique<OikakeState>(*this);
  if (over()) return copy;
  Board& b = copy->b_;
  // Collect every card hidden from the viewer, re-deal it into the same places.
  const bool down_hidden = b.phase == Phase::choose && b.downs.back().presenter != viewer;
  std::vector<Kind> pool;
  for (Seat s = 0; s < 2; ++s) {
    if (s == viewer) continue;
    for (int i = 0; i < kKinds; ++i) {
      for (int n = 0; n < b.hand[s][i]; ++n) pool.push_back(static_cast<Kind>(i));
      for (int n = 0; n < b.exchanged[s][i]; ++n) pool.push_back(static_cast<Kind>(i));
    }
  }
  pool.insert(pool.end(), b.deck.begin(), b.deck.end());
  if (down_hidden) pool.push_back(b.downs.back().card);
  rng.shuffle(pool);

  std::size_t next = 0;
  for (Seat s = 0; s < 2; ++s) {
    if (s == viewer) continue;
    const int hand_n = total(b.hand[s]), exch_n = total(b.exchanged[s]);
    b.hand[s] = Counts{};
    b.exchanged[s] = Counts{};
    for (int n = 0; n < hand_n; ++n) b.hand[s][static_cast<int>(pool[next++])]++;
    for (int n = 0; n < exch_n; ++n) b.exchanged[s][static_cast<int>(pool[next++])]++;
  }
  for (Kind& k : b.deck) k = pool[next++];
  if (down_hidden) b.downs.back().card = pool[next++];
  b.log.forget_secrets_except(viewer);
  return copy;
}

}  // namespace nyan::oikake
