// Double Hunt: what each seat sees (rules doc §6), the sealed grid cards, the outcome (§7)
// and resampling for the leak tests.
#include <algorithm>

#include "rules/doublehunt/doublehunt.h"

namespace nyan::doublehunt {

namespace {

std::vector<Seat> seats_of(unsigned bits) {
  std::vector<Seat> out;
  for (Seat s = 0; s < kSeats; ++s)
    if (bits & (1U << s)) out.push_back(s);
  return out;
}

// Every card id named anywhere in `j` (views name cards only where the viewer may see them).
void collect_cards(const Json& j, CardSet& out) {
  if (j.is_string()) {
    if (auto c = card_from_name(j.get_ref<const std::string&>())) out.add(*c);
  } else if (j.is_structured()) {
    for (const Json& x : j) collect_cards(x, out);
  }
}

CardSet relabel(CardSet cards, const std::array<Card, kCards>& to) {
  CardSet out;
  for (Card c : cards.list()) out.add(to[c]);
  return out;
}

void write_cards(TextWriter& w, CardSet cards) {
  w.open_array();
  for (Card c : cards.list()) w.str(card_name(c));
  w.close_array();
}

void write_seat_or_null(TextWriter& w, std::optional<Seat> s) {
  if (s) w.num(*s);
  else w.null();
}

}  // namespace

// The view is written as canonical text, member by member in key order, because the server
// makes it for every seat after every action; view() is its parse, so it is defined once.
// R14, G12: a hand is visible to its owner and the partner; everyone sees its size.
void DoubleHuntState::write_seat(TextWriter& w, Seat who, Seat viewer) const {
  w.open_object();
  if (over() || (viewer != kSpectator && (viewer == who || viewer == partner(who)))) {
    w.key("hand");
    write_cards(w, b_.hand[who]);
  }
  w.key("hand_count").num(b_.hand[who].size());
  w.key("role");
  if (b_.role[who]) w.str(role_name(*b_.role[who]));
  else w.null();
  w.key("seat").num(who).key("square").str(square_name(b_.piece[who])).key("team").str(team_name(team_of(who)));
  w.close_object();
}

// Rows of squares: null = empty, "?" = a face-down card, or the card when this seat knows
// the card now on that square (own team's Observer peeks, own Necromancer raises).
void DoubleHuntState::write_grid(TextWriter& w, Seat viewer) const {
  w.open_array();
  for (int r = 0; r < kSide; ++r) {
    w.open_array();
    for (int c = 0; c < kSide; ++c) {
      const int slot = b_.grid[square_at(r, c)];
      if (slot < 0) w.null();
      else if (over() || (viewer != kSpectator && (b_.slots[slot].known & (1U << viewer)))) w.str(card_name(b_.slots[slot].card));
      else w.str("?");
    }
    w.close_array();
  }
  w.close_array();
}

// The progress of a step sequence (public), plus what its user's team may see of it.
void DoubleHuntState::write_sequence(TextWriter& w, Seat viewer) const {
  const Seat a = b_.active;
  const bool team = viewer != kSpectator && team_of(viewer) == team_of(a);
  switch (b_.phase) {
    case Phase::pilot_choose:
      w.open_object().key("from").str(phase_name(b_.resume)).key("use").str("pilot").close_object();
      return;
    case Phase::observer_choose:
      w.open_object().key("picked").open_array();
      for (Square s : b_.observer_picks) w.str(square_name(s));
      w.close_array().key("total").num(b_.observer_total).key("use").str("observer").close_object();
      return;
    case Phase::richman_giving:
      w.open_object().key("from").str(phase_name(b_.resume)).key("given").num(b_.richman_given);
      w.key("use").str("richman").close_object();
      return;
    case Phase::scientist_choose:
      w.open_object().key("from").str(phase_name(b_.resume)).key("left").num(b_.scientist_left);
      if (viewer == a || over()) {  // R20: the Scientist only
        w.key("pile");
        write_cards(w, b_.pile);
      }
      w.key("use").str("scientist").close_object();
      return;
    case Phase::advisor_exchange: {
      const bool shown = team || over();
      w.open_object().key("give_waiting").flag(b_.give_waiting);
      if (shown) {
        w.key("given");
        write_cards(w, b_.exchange_given);
      }
      w.key("gives").num(b_.exchange_given.size());
      if (shown) {
        w.key("taken");
        write_cards(w, b_.exchange_taken);
      }
      w.key("takes").num(b_.exchange_taken.size()).key("use").str("advisor").close_object();
      return;
    }
    default:
      w.null();
  }
}

void DoubleHuntState::write_view(TextWriter& w, Seat viewer) const {
  const bool all = over();
  w.open_object();
  w.key("active").num(b_.active).key("boosts").num(b_.boosts).key("budget").num(b_.die + b_.boosts);
  w.key("cards_on_grid").num(b_.cards_on_grid()).key("die").num(b_.die);
  w.key("draft_order").open_array();
  for (int i = 0; i < kSeats; ++i) w.num(draft_seat(b_.first_seat, i));
  w.close_array();
  w.key("extra_move").flag(b_.extra_move).key("first_seat").num(b_.first_seat);
  w.key("first_team").str(team_name(team_of(b_.first_seat))).key("game").str("doublehunt");
  w.key("grid");
  write_grid(w, viewer);
  w.key("last_bandit_target");
  write_seat_or_null(w, b_.last_bandit_target);
  w.key("log");
  b_.log.write(w, viewer, all);
  w.key("max_boost").num(b_.max_boost).key("max_turns").num(b_.max_turns);
  if (all) w.key("outcome").raw(outcome_text());
  w.key("phase").str(phase_name(b_.phase));
  if (all) {
    w.key("pile");
    write_cards(w, b_.pile);
  }
  w.key("pile_count").num(b_.pile.size());
  w.key("players").open_array();
  for (Seat s = 0; s < kSeats; ++s) write_seat(w, s, viewer);
  w.close_array();
  // G26: a team's score is known to that team only, until the end.
  w.key("scores").open_object();
  for (int team = 0; team < 2; ++team)
    if (all || (viewer != kSpectator && team_of(viewer) == team)) w.key(team_name(team)).num(b_.score(team));
  w.close_object();
  w.key("sequence");
  write_sequence(w, viewer);
  w.key("target_score").num(b_.target_score);
  w.key("to_act").nums(to_act());
  w.key("turn").num(b_.turn);
  const TurnUse& u = b_.used;
  w.key("used").open_object();
  w.key("advisor_exchange").flag(u.advisor_exchange).key("advisor_extra_move").flag(u.advisor_prompted);
  w.key("bandit").flag(u.bandit).key("necromancer").flag(u.necromancer).key("observer").flag(u.observer);
  w.key("pilot_post").flag(u.pilot_post).key("pilot_pre").flag(u.pilot_pre).key("richman_give").flag(u.richman_give);
  w.key("scientist").flag(b_.scientist_used);
  w.close_object();
  w.key("you").seat(viewer);
  w.close_object();
}

std::vector<Sealed> DoubleHuntState::sealed() const {
  std::vector<Sealed> out;
  out.reserve(b_.slots.size());
  for (const Slot& s : b_.slots) out.push_back(Sealed{slot_id(s.name), card_name(s.card), seats_of(s.known), over()});
  return out;
}

Outcome DoubleHuntState::outcome() const {
  Outcome o;
  if (!over()) return o;
  const int a = b_.score(0), b = b_.score(1);
  if (b_.winner_team) o.winners = {*b_.winner_team, *b_.winner_team + 2};
  o.reason = b_.end_reason;
  o.scores = {a, b, a, b};
  o.turns = b_.turn;
  Json roles = Json::array();
  for (Seat s = 0; s < kSeats; ++s)
    roles.push_back(b_.role[s] ? Json(std::string(role_name(*b_.role[s]))) : Json(nullptr));
  const Counters& n = b_.counters;
  const int first_team = team_of(b_.first_seat);
  o.details = {{"winner_team", b_.winner_team ? Json(team_name(*b_.winner_team)) : Json(nullptr)},
               {"team_scores", {{"A", a}, {"B", b}}},
               {"first_seat", b_.first_seat},
               {"first_team", team_name(first_team)},
               {"roles", std::move(roles)},
               {"stats",
                {{"first_team_won", b_.winner_team == first_team ? 1 : 0},
                 {"draw", b_.winner_team ? 0 : 1},
                 {"winning_score", std::max(a, b)},
                 {"losing_score", std::min(a, b)},
                 {"cards_left_on_grid", b_.cards_on_grid()},
                 {"boosts", n.boosts},
                 {"stays", n.stays},
                 {"takes", n.takes},
                 {"pilot_flights", n.pilot_flights},
                 {"observer_peeks", n.observer_peeks},
                 {"bandit_raids", n.bandit_raids},
                 {"richman_cards_given", n.richman_cards},
                 {"scientist_cards", n.scientist_cards},
                 {"advisor_extra_moves", n.advisor_extra_moves},
                 {"advisor_swaps", n.advisor_swaps},
                 {"necromancer_raises", n.necromancer_raises}}}};
  return o;
}

// The whole Board, compactly: tests compare and print it at every step, so it is a few
// strings of cards and numbers rather than a tree of small values.
Json DoubleHuntState::debug_state() const {
  auto text = [](CardSet cards) {
    std::string out;
    for (Card c : cards.list()) out += card_name(c) + " ";
    return out;
  };
  auto numbers = [](std::initializer_list<long long> xs) {
    std::string out;
    for (long long x : xs) out += std::to_string(x) + " ";
    return out;
  };
  std::string slots, grid, roles, pieces, picks, dest;
  for (const Slot& x : b_.slots) slots += slot_id(x.name) + "=" + card_name(x.card) + "/" + std::to_string(x.known) + " ";
  for (int g : b_.grid) grid += std::to_string(g) + " ";
  for (Seat p = 0; p < kSeats; ++p) {
    roles += (b_.role[p] ? std::string(role_name(*b_.role[p])) : "-") + " ";
    pieces += square_name(b_.piece[p]) + " ";
  }
  for (Square q : b_.observer_picks) picks += square_name(q) + " ";
  for (std::size_t i = 0; i < b_.dest.size(); ++i)
    if (b_.dest_known & (1U << i)) dest += std::to_string(i) + ":" + std::to_string(b_.dest[i]) + " ";
  const TurnUse& u = b_.used;
  const Counters& n = b_.counters;
  return {{"phase", phase_name(b_.phase)},
          {"seats", numbers({b_.active, b_.first_seat, b_.drafted, b_.turn, b_.last_bandit_target.value_or(-1)})},
          {"options", numbers({b_.target_score, b_.max_turns, b_.max_boost})},
          {"roles", roles},
          {"pieces", pieces},
          {"hands", {text(b_.hand[0]), text(b_.hand[1]), text(b_.hand[2]), text(b_.hand[3])}},
          {"pile", text(b_.pile)},
          {"leftover", text(b_.leftover)},
          {"slots", slots},
          {"grid", grid},
          {"move", numbers({b_.die, b_.boosts, b_.extra_move, static_cast<long long>(b_.targets), b_.boost_ok}) + dest},
          {"used", numbers({u.pilot_pre, u.pilot_post, u.observer, u.bandit, u.richman_give, u.advisor_prompted,
                            u.advisor_exchange, u.necromancer, b_.scientist_used})},
          {"sequence", std::string(phase_name(b_.resume)) + " " + picks + "| " +
                           numbers({b_.observer_total, b_.scientist_left, b_.richman_given, b_.give_waiting}) + "| " +
                           text(b_.exchange_given) + "| " + text(b_.exchange_taken)},
          {"result", numbers({b_.winner_team.value_or(-1)}) + b_.end_reason},
          {"counters", numbers({n.boosts, n.stays, n.takes, n.pilot_flights, n.observer_peeks, n.bandit_raids,
                                n.richman_cards, n.scientist_cards, n.advisor_extra_moves, n.advisor_swaps,
                                n.necromancer_raises})},
          {"log", b_.log.debug()}};
}

// Resampling renames the cards the viewer has no trace of: a uniform permutation of them is
// applied everywhere at once (grid, sealed slots, hands, pile, leftovers, exchange records),
// so every hidden place keeps its size and the history stays consistent. Fixed are the
// cards named in the viewer's view (own and partner hands, known grid cards, its log) and
// the sealed values it may open. The hidden team scores must stay below the target (the
// game would be over otherwise), so a relabelling that breaks that is drawn again.
std::unique_ptr<State> DoubleHuntState::resample(Seat viewer, Rng& rng) const {
  auto copy = std::make_unique<DoubleHuntState>(*this);
  copy->rng_ = RngBox(std::make_unique<SplitMix>(rng.next_u64()));
  if (over()) return copy;
  CardSet fixed;
  collect_cards(view(viewer), fixed);
  for (const Sealed& s : sealed())
    if (viewer != kSpectator && s.known_by(viewer)) fixed.add(*card_from_name(s.value.get<std::string>()));
  const std::vector<Card> hidden = (CardSet((std::uint64_t{1} << kCards) - 1) - fixed).list();

  for (int attempt = 0; attempt < 50; ++attempt) {
    std::vector<Card> shuffled = hidden;
    rng.shuffle(shuffled);
    std::array<Card, kCards> to{};
    for (Card c = 0; c < kCards; ++c) to[c] = c;
    for (std::size_t i = 0; i < hidden.size(); ++i) to[hidden[i]] = shuffled[i];
    Board b = b_;
    for (Slot& s : b.slots) s.card = to[s.card];
    for (CardSet& h : b.hand) h = relabel(h, to);
    b.pile = relabel(b.pile, to);
    b.leftover = relabel(b.leftover, to);
    b.exchange_given = relabel(b.exchange_given, to);
    b.exchange_taken = relabel(b.exchange_taken, to);
    bool plausible = true;
    for (int team = 0; team < 2; ++team)
      if ((viewer == kSpectator || team != team_of(viewer)) && b.score(team) >= b.target_score)
        plausible = false;
    if (!plausible) continue;
    copy->b_ = std::move(b);
    break;
  }
  copy->b_.log.forget_secrets_except(viewer);
  return copy;
}

}  // namespace nyan::doublehunt
