// Double Hunt: what each seat sees (rules doc §6), the sealed grid cards, the outcome (§7)
// and resampling for the leak tests.
#include <algorithm>

#include "rules/doublehunt/doublehunt.h"

namespace nyan::doublehunt {

namespace {

Json cards_json(CardSet cards) {
  Json out = Json::array();
  for (Card c : cards.list()) out.push_back(card_name(c));
  return out;
}

Json seat_or_null(std::optional<Seat> s) { return s ? Json(*s) : Json(nullptr); }

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

}  // namespace

// R14, G12: a hand is visible to its owner and the partner; everyone sees its size.
Json DoubleHuntState::seat_json(Seat who, Seat viewer) const {
  Json j = {{"seat", who},
            {"team", team_name(team_of(who))},
            {"role", b_.role[who] ? Json(std::string(role_name(*b_.role[who]))) : Json(nullptr)},
            {"square", square_name(b_.piece[who])},
            {"hand_count", b_.hand[who].size()}};
  if (over() || (viewer != kSpectator && (viewer == who || viewer == partner(who))))
    j["hand"] = cards_json(b_.hand[who]);
  return j;
}

// Rows of squares: null = empty, "?" = a face-down card, or the card when this seat knows
// the card now on that square (own team's Observer peeks, own Necromancer raises).
Json DoubleHuntState::grid_json(Seat viewer) const {
  Json rows = Json::array();
  for (int r = 0; r < kSide; ++r) {
    Json row = Json::array();
    for (int c = 0; c < kSide; ++c) {
      const int slot = b_.grid[square_at(r, c)];
      if (slot < 0) row.push_back(nullptr);
      else if (over() || (viewer != kSpectator && (b_.slots[slot].known & (1U << viewer))))
        row.push_back(card_name(b_.slots[slot].card));
      else row.push_back("?");
    }
    rows.push_back(std::move(row));
  }
  return rows;
}

// The progress of a step sequence (public), plus what its user's team may see of it.
Json DoubleHuntState::sequence_json(Seat viewer) const {
  const Seat a = b_.active;
  const bool team = viewer != kSpectator && team_of(viewer) == team_of(a);
  switch (b_.phase) {
    case Phase::pilot_choose:
      return {{"use", "pilot"}, {"from", phase_name(b_.resume)}};
    case Phase::observer_choose: {
      Json picked = Json::array();
      for (Square s : b_.observer_picks) picked.push_back(square_name(s));
      return {{"use", "observer"}, {"picked", std::move(picked)}, {"total", b_.observer_total}};
    }
    case Phase::richman_giving:
      return {{"use", "richman"}, {"from", phase_name(b_.resume)}, {"given", b_.richman_given}};
    case Phase::scientist_choose: {
      Json j = {{"use", "scientist"}, {"from", phase_name(b_.resume)}, {"left", b_.scientist_left}};
      if (viewer == a || over()) j["pile"] = cards_json(b_.pile);  // R20: the Scientist only
      return j;
    }
    case Phase::advisor_exchange: {
      Json j = {{"use", "advisor"},
                {"gives", b_.exchange_given.size()},
                {"takes", b_.exchange_taken.size()},
                {"give_waiting", b_.give_waiting}};
      if (team || over()) {
        j["given"] = cards_json(b_.exchange_given);
        j["taken"] = cards_json(b_.exchange_taken);
      }
      return j;
    }
    default:
      return nullptr;
  }
}

Json DoubleHuntState::view(Seat viewer) const { return b_.log.view_in(view_tree(viewer), viewer, over()); }

std::string DoubleHuntState::view_text(Seat viewer) const { return b_.log.text_in(view_tree(viewer), viewer, over()); }

// Everything but the log, which view() and view_text() add: the text is made after every
// action, and the log is copied into it as text rather than parsed into the tree.
Json DoubleHuntState::view_tree(Seat viewer) const {
  const bool all = over();
  Json players = Json::array();
  for (Seat s = 0; s < kSeats; ++s) players.push_back(seat_json(s, viewer));
  // G26: a team's score is known to that team only, until the end.
  Json scores = Json::object();
  for (int team = 0; team < 2; ++team)
    if (all || (viewer != kSpectator && team_of(viewer) == team)) scores[team_name(team)] = b_.score(team);
  Json draft_order = Json::array();
  for (int i = 0; i < kSeats; ++i) draft_order.push_back(draft_seat(b_.first_seat, i));
  Json v = {{"game", "doublehunt"},
            {"you", viewer == kSpectator ? Json(nullptr) : Json(viewer)},
            {"phase", phase_name(b_.phase)},
            {"turn", b_.turn},
            {"active", b_.active},
            {"to_act", to_act()},
            {"first_seat", b_.first_seat},
            {"first_team", team_name(team_of(b_.first_seat))},
            {"target_score", b_.target_score},
            {"max_turns", b_.max_turns},
            {"max_boost", b_.max_boost},
            {"draft_order", std::move(draft_order)},
            {"players", std::move(players)},
            {"grid", grid_json(viewer)},
            {"cards_on_grid", b_.cards_on_grid()},
            {"pile_count", b_.pile.size()},
            {"scores", std::move(scores)},
            {"die", b_.die},
            {"boosts", b_.boosts},
            {"budget", b_.die + b_.boosts},
            {"extra_move", b_.extra_move},
            {"used", {{"pilot_pre", b_.used.pilot_pre},
                      {"pilot_post", b_.used.pilot_post},
                      {"observer", b_.used.observer},
                      {"bandit", b_.used.bandit},
                      {"richman_give", b_.used.richman_give},
                      {"advisor_extra_move", b_.used.advisor_prompted},
                      {"advisor_exchange", b_.used.advisor_exchange},
                      {"necromancer", b_.used.necromancer},
                      {"scientist", b_.scientist_used}}},
            {"last_bandit_target", seat_or_null(b_.last_bandit_target)},
            {"sequence", sequence_json(viewer)}};
  if (all) {
    v["pile"] = cards_json(b_.pile);
    v["outcome"] = outcome().to_json();
  }
  return v;
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
