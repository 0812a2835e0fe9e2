// The view is written as canonical text, member by member in key order, because the server
// makes it for every seat after every action; view() is its parse, so it is defined once. The
// parts that never change in a game are written once, when the game starts.
#include <algorithm>

#include "rules/core/view_parts.h"
#include "rules/hinode/hinode.h"

namespace nyan::hinode {

namespace {

Json cards_json(const std::vector<Card>& cs) {
  Json out = Json::array();
  for (Card c : cs) out.push_back(card_id(c));
  return out;
}

void write_cards(TextWriter& w, const std::vector<Card>& cs) {
  w.open_array();
  for (Card c : cs) w.str(card_id(c));
  w.close_array();
}

void write_seat_or_null(TextWriter& w, Seat s) {
  if (s < 0) w.null();
  else w.num(s);
}

const char* phase_name(Phase p) {
  switch (p) {
    case Phase::play: return "play";
    case Phase::judgment: return "judgment";
    case Phase::round_end_keep: return "round_end_keep";
    case Phase::game_over: return "game_over";
  }
  return "play";
}

Json keep_value(const KeepRecord& k) { return k.card == kNoCard ? Json("none") : Json(card_id(k.card)); }

// The cards a seat discarded face down at the end of a past round.
std::vector<Card> discarded(const Board& b, std::size_t r, Seat s) {
  std::vector<Card> out = b.past[r].end_hand[s];
  const KeepRecord* k = b.keep_of(static_cast<int>(r) + 1, s);
  if (k && k->card != kNoCard) out.erase(std::find(out.begin(), out.end(), k->card));
  return out;
}

std::string text_of(const Json& j) { return canonical_json(j); }

}  // namespace

// The parts of every view that never change in a game (the map but its occupants, the skill
// table, the cards out of the game, the heroes), as text.
struct HinodeState::FixedText {
  std::string edges, layout, removed, skills;
  std::vector<std::string> heroes;  // per seat, as JSON strings
};

HinodeState::HinodeState(Board board, std::unique_ptr<Rng> rng) : b_(std::move(board)), rng_(std::move(rng)) {
  auto f = std::make_shared<FixedText>();
  const Json map = b_.map->to_json();
  f->edges = text_of(map["edges"]);
  f->layout = text_of(map["layout"]);
  std::vector<Card> removed;
  for (Card c = 0; c < kAreaCards; ++c)
    if (!in_game(c, b_.players)) removed.push_back(c);
  f->removed = text_of(cards_json(removed));
  f->skills = text_of(b_.skill_table->to_json());  // each player's list: its tribe's override or the default
  for (const Player& pl : b_.p) f->heroes.push_back(text_of(hero_id(pl.tribe)));
  fixed_ = std::move(f);
  note_last_trick();
}

void HinodeState::note_last_trick() {
  if (!b_.last) {
    last_trick_ = nullptr;
    return;
  }
  auto text = std::make_shared<std::string>();
  TextWriter w(*text);
  write_trick(w, b_.last->trick, &*b_.last);
  last_trick_ = std::move(text);
}

// The members of a player's entry that every audience sees alike, as two member lists: those
// before "keep" and those after it. Written once per state, they go into the entry the others
// see and into the player's own, which differ only in the members around them.
struct HinodeState::PublicRuns {
  std::string text;     // both lists, one after the other
  std::size_t keep_at;  // where the second begins
  std::string_view before_keep() const { return std::string_view(text).substr(0, keep_at); }  // hand_count .. k
  std::string_view after_keep() const { return std::string_view(text).substr(keep_at); }      // known_in_hand .. vp
};

HinodeState::PublicRuns HinodeState::public_runs(Seat who) const {
  const Player& pl = b_.p[who];
  PublicRuns r;
  r.text.reserve(256);  // both, with room for every card known
  {
    TextWriter w(r.text);
    w.key("hand_count").num(static_cast<std::int64_t>(pl.hand.size()));
    w.key("hero").raw(fixed_->heroes[who]).key("hero_used").flag(pl.hero_used);
    w.key("k").open_object();  // keys B, G, R: the suits backwards
    for (int s = kSuits - 1; s >= 0; --s) w.key(std::string_view(&"RGB"[s], 1)).num(b_.k(who, static_cast<Suit>(s)));
    w.close_object();
  }
  r.keep_at = r.text.size();
  {
    TextWriter w(r.text);  // a list of its own: no comma before its first member
    w.key("known_in_hand");
    write_cards(w, pl.known);
    w.key("on_map").num(b_.markers_on_map(who)).key("recalls_used").num(pl.recalls_used);
    w.key("seat").num(who).key("supply").num(b_.supply(who)).key("tribe").str(kTribeIds[pl.tribe]);
    w.key("voids").open_array();
    for (int s = 0; s < kSuits; ++s)
      if (pl.voids & suit_bit(static_cast<Suit>(s))) w.str(std::string_view(&"RGB"[s], 1));
    w.close_array().key("vp").num(pl.vp);
  }
  return r;
}

// `sees`: the player's own view, or the end of the game (which shows every hand). `runs` are
// the player's public_runs.
void HinodeState::write_player(TextWriter& w, Seat who, bool sees, const PublicRuns& runs) const {
  const Player& pl = b_.p[who];
  w.open_object().key("carried");
  // The card carried into this round: whether there is one is public, which one is not.
  if (const KeepRecord* kr = b_.keep_of(b_.round - 1, who)) {
    if (kr->card == kNoCard) w.str("none");
    else if (sees || kr->revealed) w.str(card_id(kr->card));
    else w.str("hidden");
  } else {
    w.null();
  }
  if (sees) {
    w.key("discarded").open_array();  // per past round, face down
    for (std::size_t r = 0; r < b_.past.size(); ++r) write_cards(w, discarded(b_, r, who));
    w.close_array().key("hand");
    write_cards(w, pl.hand);
  }
  w.raw(runs.before_keep());
  if (b_.phase == Phase::round_end_keep) {
    const KeepRecord* kr = b_.keep_of(b_.round, who);
    w.key("keep");
    if (!kr) w.str("waiting");
    else if (!sees) w.str("chosen");
    else if (kr->card == kNoCard) w.str("none");
    else w.str(card_id(kr->card));
  }
  w.raw(runs.after_keep()).close_object();
}

// A trick, and for the last resolved one (`result`) what it gave, in one key order.
void HinodeState::write_trick(TextWriter& w, const Trick& t, const TrickResult* result) const {
  w.open_object();
  if (!t.plays.empty()) {
    w.key("active_skills").open_array();  // per seat: the skills active in this trick (k at the lead)
    for (Seat s = 0; s < b_.players; ++s) {
      w.open_array();
      for (const Skill& sk : b_.p[s].skills->skills)
        if (sk.threshold <= t.k[s]) w.str(skill_name(sk.kind));
      w.close_array();
    }
    w.close_array();
  }
  w.key("b1");
  write_seat_or_null(w, t.b1);
  w.key("b2");
  write_seat_or_null(w, t.b2);
  if (result) {
    w.key("battle_vp");
    w.nums(result->battle);
    w.key("income_vp");
    w.nums(result->income);
  }
  w.key("judgments").open_array();
  for (const Judgment& jd : t.judgments) {
    w.open_object();
    if (jd.choice == Choice::occupy) w.key("area").str(b_.map->areas[jd.area].id);
    if (jd.automatic) w.key("auto").flag(true);
    w.key("choice").str(jd.choice == Choice::support ? "support" : jd.choice == Choice::occupy ? "occupy" : "pass");
    w.key("seat").num(jd.seat);
    if (jd.choice == Choice::support) w.key("side").num(jd.side);
    if (jd.choice == Choice::occupy) w.key("site").num(jd.site);
    w.close_object();
  }
  w.close_array();
  if (!t.plays.empty()) {
    w.key("k");
    w.nums(t.k);
  }
  w.key("lead");
  if (t.plays.empty()) w.null();
  else w.str(std::string_view(&"RGB"[static_cast<int>(t.lead)], 1));
  w.key("leader").num(t.leader).key("number").num(t.number).key("order");
  w.nums(t.order);
  w.key("plays").open_array();
  for (const Play& p : t.plays) {
    w.open_object();
    if (p.boost) w.key("boost").flag(true);
    w.key("card");
    if (p.hero) w.raw(fixed_->heroes[p.seat]);
    else w.str(card_id(p.card));
    if (p.carried) w.key("carried").flag(true);
    w.key("ev").num(p.ev);
    if (p.recall) w.key("recall").flag(true);
    w.key("seat").num(p.seat).close_object();
  }
  w.close_array();
  if (result) {
    w.key("round").num(result->round);
    w.key("strength").open_array().num(result->strength1).num(result->strength2).close_array();
    w.key("support_vp");
    w.nums(result->support);
  }
  w.close_object();
}

// What every audience's view has alike, written once for all of them: the view but its log
// (which shows a seat its own secret events), its own player and "you". Each part is a list
// of members, written without the view's braces, and holds nothing hidden from anyone: none
// of it is written for a viewer.
struct HinodeState::SharedView {
  std::string head;                 // first_leader .. last_trick, before "log"
  std::string middle;               // map .. played_this_round, between "log" and "players"
  std::vector<PublicRuns> runs;     // per seat: the members of its entry that all audiences see
  std::vector<std::string> player;  // per seat: its entry in "players" as the others see it
  std::string tail;                 // removed .. undealt_count, before "you"
};

HinodeState::SharedView HinodeState::shared_view() const {
  const bool all = over();
  SharedView v;
  // Room for each part as large as it gets in a game, so that none is copied as it grows.
  v.head.reserve(1024);
  v.middle.reserve(1536);
  v.tail.reserve(1024);
  v.runs.reserve(static_cast<std::size_t>(b_.players));
  v.player.reserve(static_cast<std::size_t>(b_.players));
  {
    TextWriter w(v.head);
    w.key("first_leader").num(b_.first_leader).key("game").str("hinode").key("last_trick");
    if (b_.last) w.raw(*last_trick_);
    else w.null();
  }
  {
    TextWriter w(v.middle);
    w.key("map").open_object().key("areas").open_array();
    for (std::size_t a = 0; a < b_.map->areas.size(); ++a) {
      const Area& area = b_.map->areas[a];
      w.open_object().key("id").str(area.id).key("occupants");
      w.nums(b_.occupants[a]);
      w.key("sites").num(area.sites).key("suit").str(std::string_view(&"RGB"[static_cast<int>(area.suit)], 1));
      w.close_object();
    }
    w.close_array().key("edges").raw(fixed_->edges).key("id").str(b_.map->id).key("layout").raw(fixed_->layout);
    w.close_object();
    w.key("offsuit_area").str(b_.offsuit == OffsuitArea::lead ? "lead" : "played");
    if (all) w.key("outcome").raw(outcome_text());
    w.key("phase").str(phase_name(b_.phase)).key("played_this_round");
    write_cards(w, b_.round_played);
  }
  for (Seat s = 0; s < b_.players; ++s) {
    const PublicRuns& runs = v.runs.emplace_back(public_runs(s));
    std::string& player = v.player.emplace_back();
    player.reserve(512);
    TextWriter w(player);
    write_player(w, s, /*sees=*/all, runs);
  }
  {
    TextWriter w(v.tail);
    w.key("removed").raw(fixed_->removed).key("round").num(b_.round).key("rounds").num(kRounds);
    w.key("skills").raw(fixed_->skills).key("to_act").open_array();
    for (const Seat s : to_act()) w.num(s);
    w.close_array().key("trick");
    // A forfeit leaves a trick in play on the table (header comment).
    const bool trick_left = b_.final_score && b_.final_score->forfeit && !b_.trick.plays.empty();
    if (b_.phase == Phase::play || b_.phase == Phase::judgment || trick_left) write_trick(w, b_.trick, nullptr);
    else w.null();
    w.key("tricks").num(kTricks);
    if (all) {
      w.key("undealt").open_array();  // per round
      for (const PastRound& pr : b_.past) write_cards(w, pr.undealt);
      write_cards(w, b_.undealt);
      w.close_array();
    }
    w.key("undealt_count").num(static_cast<std::int64_t>(b_.undealt.size()));
  }
  return v;
}

// The view of `viewer`: the shared parts with the members written for it between them, in
// key order.
std::string HinodeState::view_of(const SharedView& v, Seat viewer) const {
  std::string out;
  out.reserve(v.head.size() + v.middle.size() + v.tail.size() + 64 * v.player.size() + 1024);
  out += '{';
  out += v.head;
  out += ',';
  append_log_member(out, b_.log, viewer, over());
  out += ',';
  out += v.middle;
  out += ',';
  append_seat_entries(out, "players", v.player, viewer, over(),
                      [&](TextWriter& w) { write_player(w, viewer, /*sees=*/true, v.runs[viewer]); });
  out += ',';
  out += v.tail;
  out += ",\"you\":";
  TextWriter(out).seat(viewer);
  out += '}';
  return out;
}

void HinodeState::write_view(TextWriter& w, Seat viewer) const { w.raw(view_of(shared_view(), viewer)); }

std::vector<std::string> HinodeState::view_texts(const std::vector<Seat>& viewers) const {
  return views_of(shared_view(), viewers, [this](const SharedView& v, Seat viewer) { return view_of(v, viewer); });
}

std::vector<Sealed> HinodeState::sealed() const {
  std::vector<Sealed> out;
  for (const KeepRecord& k : b_.keeps)
    out.push_back(Sealed{"r" + std::to_string(k.round) + ".keep.s" + std::to_string(k.seat), keep_value(k), {k.seat},
                         k.revealed || over()});
  return out;
}

// Complete and compact: configuration that never changes in a game (map, skill table,
// tribes) is named by its id; everything that changes is listed.
Json HinodeState::debug_state() const {
  Json v = Json::object();
  v["map"] = b_.map->id;
  v["phase"] = phase_name(b_.phase);
  v["round"] = b_.round;
  v["first_leader"] = b_.first_leader;
  v["occupants"] = b_.occupants;
  Json players = Json::array();
  for (const Player& pl : b_.p)  // tribe, vp, hero used, recalls used, voids, hand, known
    players.push_back(
        Json::array({pl.tribe, pl.vp, pl.hero_used, pl.recalls_used, pl.voids, cards_json(pl.hand), cards_json(pl.known)}));
  v["players"] = std::move(players);
  v["trick"] = tree_of([&](TextWriter& w) { write_trick(w, b_.trick, nullptr); });
  v["undealt"] = cards_json(b_.undealt);
  v["round_played"] = cards_json(b_.round_played);
  Json past = Json::array(), keeps = Json::array();
  for (const PastRound& pr : b_.past) {
    Json end = Json::array(), known = Json::array();
    for (const auto& h : pr.end_hand) end.push_back(cards_json(h));
    for (const auto& h : pr.known_at_end) known.push_back(cards_json(h));
    past.push_back(Json::array({cards_json(pr.undealt), std::move(end), std::move(known), pr.voids}));
  }
  for (const KeepRecord& k : b_.keeps) keeps.push_back(Json::array({k.round, k.seat, keep_value(k), k.revealed}));
  v["past"] = std::move(past);    // per round: undealt, end hands, known at end, voids
  v["keeps"] = std::move(keeps);  // round, seat, card, revealed
  if (b_.last) {
    const TrickResult& r = *b_.last;
    v["last"] = Json::array({r.round, tree_of([&](TextWriter& w) { write_trick(w, r.trick, nullptr); }), r.strength1, r.strength2, r.battle, r.support, r.income});
  }
  const Counters& c = b_.stats;
  v["stats"] = Json::array({c.income, c.value_plus, c.recall, c.hero, c.value_plus_active, c.recall_active, c.lone, c.tied, c.b2_wins, c.supports,
                            c.occupations, c.passes, c.vp_battle, c.vp_support, c.vp_income, c.fill_pct});
  if (over()) v["outcome"] = outcome().to_json();
  v["log"] = b_.log.debug();
  return v;
}

}  // namespace nyan::hinode
