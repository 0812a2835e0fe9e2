// Kushine-go Departs: what each seat sees (rules §6), sealed values, and resampling.
#include "rules/kushine/kushine.h"

#include <algorithm>
#include <array>

#include "rules/core/view_parts.h"

namespace nyan::kushine {

namespace {

// Kinds in the byte order of their names: the order of a hand's or the pier's keys.
std::array<Kind, kKinds> kinds_by_name() {
  std::array<Kind, kKinds> order{};
  for (int i = 0; i < kKinds; ++i) order[i] = static_cast<Kind>(i);
  std::sort(order.begin(), order.end(), [](Kind a, Kind b) { return kind_name(a) < kind_name(b); });
  return order;
}
const std::array<Kind, kKinds> kByName = kinds_by_name();

void write_hand(TextWriter& w, const Hand& h) {
  w.open_object();
  for (Kind k : kByName)
    if (static_cast<int>(k) < kHandKinds && h[static_cast<int>(k)] > 0) w.key(kind_name(k)).num(h[static_cast<int>(k)]);
  w.close_object();
}

void write_cards(TextWriter& w, const std::vector<Card>& cards) {
  w.open_array();
  for (const Card& c : cards) w.str(kind_name(c.kind));
  w.close_array();
}

Json hand_json(const Hand& h) {
  return tree_of([&](TextWriter& w) { write_hand(w, h); });
}

Json cards_json(const std::vector<Card>& cards) {
  return tree_of([&](TextWriter& w) { write_cards(w, cards); });
}

}  // namespace

// The view is written as canonical text, member by member in key order, because the server
// makes it for every seat after every action; view() is its parse, so it is defined once.
// `sees`: the seat's own view, or the end of the game (which shows every hand).
void KushineState::write_seat(TextWriter& w, Seat who, bool sees) const {
  const Player& p = b_.seats[who];
  w.open_object().key("ability_available").flag(b_.ability_available(p.officer)).key("face_up").flag(!p.used);
  if (sees) {
    w.key("hand");
    write_hand(w, p.hand);
  }
  w.key("hand_count").num(total(p.hand)).key("officer").str(officer_name(p.officer));
  w.key("said").raw(p.said).key("seat").num(who).close_object();
}

void KushineState::write_pending(TextWriter& w) const {
  switch (b_.phase) {
    case Phase::await_give: w.open_object().key("giver").num(b_.giver()).key("receiver").num(b_.active); break;
    case Phase::await_peek: w.open_object().key("pile").num(b_.peek->pile); break;
    case Phase::await_captain:
    case Phase::await_doctor:
      w.open_object().key("card").str(b_.phase == Phase::await_captain ? "tanuki" : "matatabi");
      w.key("pile").num(b_.pending_pile);
      break;
    case Phase::await_merge: w.open_object().key("merges").num(b_.merges_pending); break;
    default: w.null(); return;
  }
  w.close_object();
}

// What every audience's view has alike, written once for all of them: the view but its log
// (which shows a seat the cards it saw), the peeked card, its own seat and "you". Each part
// is a list of members, written without the view's braces, and holds nothing hidden from
// anyone: none of it is written for a viewer.
struct KushineState::SharedView {
  std::string head;               // abilities_used .. game, before "log"
  std::string after_log;          // max_turns and outcome, between "log" and "peek"
  std::string middle;             // pending .. removed, between "peek" and "seats"
  std::vector<std::string> seat;  // per seat: its entry in "seats" as the others see it
};

KushineState::SharedView KushineState::shared_view() const {
  const bool all = over();
  SharedView v;
  // Room for each part as large as it gets in a game, so that none is copied as it grows.
  v.head.reserve(256);
  v.after_log.reserve(32);
  v.middle.reserve(1024);
  v.seat.reserve(static_cast<std::size_t>(b_.players()));
  {
    TextWriter w(v.head);
    w.key("abilities_used").num(b_.abilities_used()).key("actions_left").num(b_.actions_left);
    w.key("active").num(b_.active).key("actor");
    if (all) w.null();
    else w.num(actor());
    w.key("boarded").open_array();
    for (int t = 0; t < kTypes; ++t)
      if (b_.boarded[t]) w.str(kind_name(static_cast<Kind>(t)));
    w.close_array();
    w.key("difficulty").str(level_name(b_.difficulty)).key("game").str("kushine");
  }
  {
    TextWriter w(v.after_log);
    w.key("max_turns").num(b_.max_turns);
    if (all) w.key("outcome").raw(outcome_text());
  }
  {
    TextWriter w(v.middle);
    w.key("pending");
    write_pending(w);
    w.key("phase").str(phase_name(b_.phase)).key("pier").open_object();
    for (Kind k : kByName)
      if (is_nyanko(k)) w.key(kind_name(k)).num(b_.pier[static_cast<int>(k)]);
    w.close_object().key("piles").open_array();
    for (const Pile& p : b_.piles) {
      w.open_object();
      if (all) {  // §6: pile orders become public at the end
        w.key("cards");
        write_cards(w, p.cards);
      }
      w.key("id").num(p.id).key("size").num(static_cast<std::int64_t>(p.cards.size())).close_object();
    }
    w.close_array().key("players").num(b_.players()).key("removed").open_object();
    for (Kind k : kByName)
      if (k == Kind::mouse || is_nuisance(k)) w.key(kind_name(k)).num(b_.removed[static_cast<int>(k)]);
    w.close_object();
  }
  for (Seat s = 0; s < b_.players(); ++s) {
    std::string& seat = v.seat.emplace_back();
    seat.reserve(256);
    TextWriter w(seat);
    write_seat(w, s, /*sees=*/all);
  }
  return v;
}

// The view of `viewer`: the shared parts with the members written for it between them, in
// key order.
std::string KushineState::view_of(const SharedView& v, Seat viewer) const {
  std::string out;
  out.reserve(v.head.size() + v.after_log.size() + v.middle.size() + 64 * v.seat.size() + 512);
  out += '{';
  out += v.head;
  out += ',';
  append_log_member(out, b_.log, viewer, over());
  out += ',';
  out += v.after_log;
  out += ",\"peek\":";
  {
    TextWriter w(out);
    if (b_.peek) {
      const Peek& pk = *b_.peek;
      w.open_object();
      const Secret& s = b_.secrets[pk.secret];
      if (s.known_by(viewer)) w.key("card").str(kind_name(s.card));  // §6: only the Mate, until public
      w.key("pile").num(pk.pile).key("seat").num(b_.seat_of(Officer::mate)).key("to");
      if (pk.to.empty()) w.null();
      else w.str(pk.to);
      w.close_object();
    } else {
      w.null();
    }
  }
  out += ',';
  out += v.middle;
  out += ',';
  append_seat_entries(out, "seats", v.seat, viewer, over(), [&](TextWriter& w) { write_seat(w, viewer, /*sees=*/true); });
  out += ',';
  TextWriter(out).key("turn").num(b_.turn).key("you").seat(viewer);
  out += '}';
  return out;
}

void KushineState::write_view(TextWriter& w, Seat viewer) const { w.raw(view_of(shared_view(), viewer)); }

std::vector<std::string> KushineState::view_texts(const std::vector<Seat>& viewers) const {
  return views_of(shared_view(), viewers, [this](const SharedView& v, Seat viewer) { return view_of(v, viewer); });
}

// §7: the shared result, the level reached, and the state that is now public.
Outcome KushineState::outcome() const {
  Outcome o;
  if (!b_.result) return o;
  const Ending& e = *b_.result;
  if (e.won)
    for (Seat s = 0; s < b_.players(); ++s) o.winners.push_back(s);
  o.reason = e.reason;
  o.turns = b_.turn;
  Json used = Json::array(), boarded = Json::array();
  for (const Player& p : b_.seats)
    if (p.used) used.push_back(std::string(officer_name(p.officer)));
  Json hands = Json::array(), piles = Json::array();
  for (const Player& p : b_.seats) hands.push_back(hand_json(p.hand));
  for (const Pile& p : b_.piles) piles.push_back({{"id", p.id}, {"cards", cards_json(p.cards)}});
  int boarded_count = 0;
  for (int t = 0; t < kTypes; ++t)
    if (b_.boarded[t]) {
      boarded.push_back(kind_json(static_cast<Kind>(t)));
      ++boarded_count;
    }
  o.details = {{"result", e.won ? "win" : "loss"},
               {"reasons", e.reasons},
               {"level_achieved", std::string(level_name(e.level))},
               {"difficulty", std::string(level_name(b_.difficulty))},
               {"piles", b_.piles.size()},
               {"abilities_used", used},
               {"boarded", boarded},
               {"revealed", {{"hands", hands}, {"piles", piles}}},
               {"stats",
                {{"team_won", e.won ? 1 : 0},
                 // R20: would this ending be a win at each difficulty (simulate prints the
                 // win rate per difficulty from one run)
                 {"level_easy", e.level >= Level::easy ? 1 : 0},
                 {"level_normal", e.level >= Level::normal ? 1 : 0},
                 {"level_hard", e.level >= Level::hard ? 1 : 0},
                 {"boarded_types", boarded_count},
                 {"abilities_used", b_.abilities_used()},
                 {"piles_left", b_.piles.size()}}}};
  return o;
}

std::vector<Sealed> KushineState::sealed() const {
  std::vector<Sealed> out;
  out.reserve(b_.secrets.size());
  for (std::size_t i = 0; i < b_.secrets.size(); ++i) {
    const Secret& s = b_.secrets[i];
    out.push_back(Sealed{"s" + std::to_string(i + 1) + "." + s.what, kind_json(s.card), s.knowers(), s.revealed});
  }
  return out;
}

Json KushineState::debug_state() const {
  // Every field of the Board, nothing derived (the views are built from these).
  Json seats = Json::array(), piles = Json::array(), secrets = Json::array();
  for (const Player& p : b_.seats) {
    Json known = Json::array();
    for (Seat s = 0; s < b_.players(); ++s) known.push_back(p.known[s]);
    seats.push_back({std::string(officer_name(p.officer)), p.used, p.hand, known, p.declared, Json::parse(p.said)});
  }
  // Cards as compact text (tests compare this often): per card its kind's number and the
  // hex digit of its `seen` seats.
  static constexpr char kHex[] = "0123456789abcdef";
  for (const Pile& p : b_.piles) {
    std::string cards;
    for (const Card& c : p.cards) {
      cards += static_cast<char>('0' + static_cast<int>(c.kind));
      cards += kHex[c.seen & 15u];
    }
    piles.push_back({p.id, cards});
  }
  std::string secret_text;
  for (const Secret& s : b_.secrets)
    secret_text += s.what + static_cast<char>('0' + static_cast<int>(s.card)) + kHex[s.known_to & 15u] +
                   (s.revealed ? "r " : "- ");
  secrets = secret_text;
  Json d = {{"difficulty", level_name(b_.difficulty)},
            {"max_turns", b_.max_turns},
            {"seats", seats},
            {"piles", piles},
            {"next_pile_id", b_.next_pile_id},
            {"pier", b_.pier},
            {"boarded", b_.boarded},
            {"removed", b_.removed},
            {"phase", phase_name(b_.phase)},
            {"active", b_.active},
            {"actions_left", b_.actions_left},
            {"turn", b_.turn},
            {"pending_pile", b_.pending_pile},
            {"merges_pending", b_.merges_pending},
            {"peek", b_.peek ? Json{b_.peek->pile, b_.peek->to, b_.peek->secret} : Json(nullptr)},
            {"secrets", secrets},
            {"result", nullptr},
            {"log", b_.log.debug()}};
  if (b_.result)
    d["result"] = {b_.result->won, b_.result->reason, b_.result->reasons, level_name(b_.result->level)};
  return d;
}

std::unique_ptr<State> KushineState::resample(Seat viewer, Rng& rng) const {
  auto copy = std::make_unique<KushineState>(*this);
  if (over()) return copy;
  Board& b = copy->b_;
  const int n = b.players();
  const unsigned mine = viewer == kSpectator ? 0u : 1u << viewer;

  // Hidden: pile cards the viewer has not returned or peeked, and the cards of other hands
  // beyond those the viewer knows they hold (cards it gave, cards it had seen in a pile).
  std::vector<Kind> pool;
  for (const Pile& p : b.piles)
    for (const Card& c : p.cards)
      if (!(c.seen & mine)) pool.push_back(c.kind);
  std::vector<Hand> fixed(static_cast<std::size_t>(n), Hand{}), free(static_cast<std::size_t>(n), Hand{});
  for (Seat s = 0; s < n; ++s) {
    if (s == viewer) continue;
    if (viewer != kSpectator) fixed[s] = b.seats[s].known[viewer];
    for (int k = 0; k < kHandKinds; ++k) {
      free[s][k] = b.seats[s].hand[k] - fixed[s][k];
      for (int c = 0; c < free[s][k]; ++c) pool.push_back(static_cast<Kind>(k));
    }
  }
  const std::vector<Kind> hidden = pool;
  rng.shuffle(pool);

  // Re-deal. A hand holds only nyanko and mice; a hand whose owner said its category counts
  // keeps them (over-constrained once the hand changed, which is always consistent).
  std::vector<Kind> mice_pool, nyanko_pool, rest;
  for (Kind k : pool) (k == Kind::mouse ? mice_pool : is_nyanko(k) ? nyanko_pool : rest).push_back(k);
  auto deal_from = [](std::vector<Kind>& from, int count, Hand& into) {
    for (int i = 0; i < count; ++i) {
      into[static_cast<int>(from.back())]++;
      from.pop_back();
    }
  };
  for (Seat s = 0; s < n; ++s)
    if (s != viewer) b.seats[s].hand = fixed[s];
  for (Seat s = 0; s < n; ++s)
    if (s != viewer && b.seats[s].declared) {
      deal_from(mice_pool, mice(free[s]), b.seats[s].hand);
      deal_from(nyanko_pool, nyanko_count(free[s]), b.seats[s].hand);
    }
  std::vector<Kind> open = mice_pool;
  open.insert(open.end(), nyanko_pool.begin(), nyanko_pool.end());
  rng.shuffle(open);
  for (Seat s = 0; s < n; ++s)
    if (s != viewer && !b.seats[s].declared) deal_from(open, total(free[s]), b.seats[s].hand);
  rest.insert(rest.end(), open.begin(), open.end());
  rng.shuffle(rest);
  for (Pile& p : b.piles)
    for (Card& c : p.cards)
      if (!(c.seen & mine)) {
        c.kind = rest.back();
        rest.pop_back();
      }
  for (Player& p : b.seats)
    for (Hand& known : p.known)
      for (int k = 0; k < kHandKinds; ++k) known[k] = std::min(known[k], p.hand[k]);

  // Sealed values hidden from the viewer: a pending peek is the peeked pile's top card; past
  // ones describe history that no longer matches the re-deal, so they get random values.
  for (std::size_t i = 0; i < b.secrets.size(); ++i) {
    Secret& s = b.secrets[i];
    if (s.known_by(viewer)) continue;
    if (b.phase == Phase::await_peek && static_cast<int>(i) == b.peek->secret) {
      s.card = b.pile(b.peek->pile)->cards.front().kind;
    } else if (!hidden.empty()) {
      s.card = hidden[rng.uniform(hidden.size())];
      const bool in_hand = s.what != "peek" || b.peek->to == "hand";  // a taken nuisance is public
      if (in_hand && is_nuisance(s.card)) s.card = Kind::mouse;
    }
  }
  copy->rng_ = RngBox(std::make_unique<SplitMix>(rng.next_u64()));
  b.log.forget_secrets_except(viewer);
  return copy;
}

}  // namespace nyan::kushine
