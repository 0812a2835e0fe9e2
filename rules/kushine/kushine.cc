// Kushine-go Departs: who acts, the legal actions, and the turn flow (R1-R10, R15-R22, §5).
#include "rules/kushine/kushine.h"

#include "rules/kushine/actions.h"

namespace nyan::kushine {

namespace {

// Every ordered pair of distinct piles (merges, their suggestions).
void pile_pairs(const Board& b, actions::PairOf what, ActionList& out) {
  for (const Pile& top : b.piles)
    for (const Pile& bottom : b.piles)
      if (top.id != bottom.id) out.add_text(actions::pile_pair(what, top.id, bottom.id));
}

// A card field the engine listed itself: always a known kind.
Kind card_of(const Json& v) { return *kind_from_name(v.get<std::string>()); }

bool is_main(const std::string& type) {
  return type == "draw" || type == "return" || type == "place" || type == "receive" ||
         type == "exterminate" || type == "mate_peek" || type == "boatswain_place";
}

}  // namespace

Seat KushineState::actor() const {
  switch (b_.phase) {
    case Phase::act:
    case Phase::await_peek:
    case Phase::await_merge: return b_.active;
    case Phase::await_give: return b_.giver();
    case Phase::await_captain: return b_.seat_of(Officer::captain);
    case Phase::await_doctor: return b_.seat_of(Officer::doctor);
    case Phase::game_over: return -1;
  }
  return -1;
}

std::vector<Seat> KushineState::to_act() const {
  if (over()) return {};
  return {actor()};  // §5: exactly one seat must act in every live phase
}

// The one list of legal actions: the seat's game actions, then the `say` vocabulary that every
// seat has (side actions: §5 gives them no cost and no count).
void KushineState::list_legal(ActionList& out, Seat seat) const {
  if (over() || seat < 0 || seat >= b_.players()) return;
  if (seat == actor()) game_actions(seat, out);
  say_actions(out);
}

void KushineState::game_actions(Seat seat, ActionList& out) const {
  const Hand& hand = b_.seats[seat].hand;
  switch (b_.phase) {
    case Phase::act: act_actions(out); break;
    case Phase::await_give:  // G10: the giver chooses and must give
      for (int k = 0; k < kHandKinds; ++k)
        if (hand[k] > 0) out.add_text(actions::give(static_cast<Kind>(k)));
      break;
    case Phase::await_peek:  // R17, G5: taking needs room in hand
      if (total(hand) < kHandLimit) out.add_text(actions::mate_decide(true));
      out.add_text(actions::mate_decide(false));
      break;
    case Phase::await_captain:
    case Phase::await_doctor:
      for (bool cancel : {false, true})
        out.add_text(b_.phase == Phase::await_captain ? actions::captain_decide(cancel) : actions::doctor_decide(cancel));
      break;
    case Phase::await_merge:  // R10, G12: optional
      pile_pairs(b_, actions::PairOf::merge, out);
      out.add_text(actions::skip_merge());
      break;
    case Phase::game_over: break;
  }
}

void KushineState::act_actions(ActionList& out) const {
  const Player& me = b_.seats[b_.active];
  const int held = total(me.hand);
  if (held < kHandLimit)  // R2, R4
    for (const Pile& p : b_.piles) out.add_text(actions::draw(p.id));
  for (int k = 0; k < kHandKinds; ++k)  // R5
    if (me.hand[k] > 0)
      for (const Pile& p : b_.piles) out.add_text(actions::return_card(static_cast<Kind>(k), p.id));
  for (int k = 0; k < kTypes; ++k)  // R6: never a mouse
    if (me.hand[k] > 0) out.add_text(actions::place(static_cast<Kind>(k)));
  if (held < kHandLimit && total(b_.seats[b_.giver()].hand) > 0)  // R7
    out.add_text(actions::receive());
  if (mice(me.hand) == 3) {  // R8, G12: the merge is part of the action when it can happen
    if (b_.piles.size() == 1) out.add_text(actions::exterminate_alone());
    else pile_pairs(b_, actions::PairOf::exterminate, out);
  }
  if (me.officer == Officer::mate && b_.ability_available(Officer::mate))  // R17
    for (const Pile& p : b_.piles) out.add_text(actions::mate_peek(p.id));
  if (me.officer == Officer::boatswain && b_.ability_available(Officer::boatswain))  // R18, G16
    for (int i = 0; i < kTypes; ++i)
      for (int j = i; j < kTypes; ++j)
        if (me.hand[i] > 0 && me.hand[j] > 0 && (i != j || me.hand[i] >= 2))
          out.add_text(actions::boatswain_place(static_cast<Kind>(i), static_cast<Kind>(j)));
}

void KushineState::say_actions(ActionList& out) const {
  // G19: the whole vocabulary; no form can carry a nyanko type.
  // §5: `say` is open in every live phase, whatever its topic. The seed lets players discuss
  // anything but their hands, so piles to merge may be suggested before a placement or an
  // extermination as well as during a boarding merge (G12). It depends on the live piles
  // alone (kept in ascending id order: a new pile takes next_pile_id), so it is made once
  // for each set of them and every seat's list copies it.
  unsigned piles = 0;
  for (const Pile& p : b_.piles) piles |= 1u << p.id;
  out.add_run(actions::say_vocabulary(piles));
}

void KushineState::do_apply(Seat seat, const Json& action) {
  const std::string& type = action.at("type").get_ref<const std::string&>();
  if (type == "say") {
    say(seat, action);
    return;
  }
  if (is_main(type)) apply_main(type, action);
  else apply_decision(seat, type, action);
  // R3: the turn ends by itself once no action is left and nothing is pending.
  if (!over() && b_.phase == Phase::act && b_.actions_left == 0) end_turn();
}

void KushineState::apply_main(const std::string& type, const Json& action) {
  const Seat a = b_.active;
  Player& me = b_.seats[a];
  b_.actions_left--;  // §5: the action is spent when the main action is taken
  if (type == "draw") {
    take_top(action.at("pile").get<int>(), a, false);
  } else if (type == "return") {
    const Kind k = card_of(action.at("card"));
    const int id = action.at("pile").get<int>();
    take_from_hand(a, k);
    b_.pile(id)->cards.push_back(Card{k, 1u << a});  // G18: face down, the returner knows it
    add_secret("return", k, 1u << a);
    b_.log.add({{"type", "return"}, {"seat", a}, {"pile", id}}, {a}, {{"card", kind_json(k)}});
  } else if (type == "place") {
    place({card_of(action.at("card"))});
  } else if (type == "receive") {
    b_.phase = Phase::await_give;
    b_.log.add({{"type", "receive"}, {"seat", a}, {"from", b_.giver()}});
  } else if (type == "exterminate") {
    take_from_hand(a, Kind::mouse, 3);
    b_.removed[static_cast<int>(Kind::mouse)] += 3;
    Json ev = {{"type", "exterminate"}, {"seat", a}};
    if (action.contains("top")) {
      ev["top"] = action["top"];
      ev["bottom"] = action["bottom"];
      merge(action["top"].get<int>(), action["bottom"].get<int>());
    }
    b_.log.add(std::move(ev));
  } else if (type == "mate_peek") {
    const int id = action.at("pile").get<int>();
    me.used = true;  // R15, G13: face down; fewer actions from the next turn
    Card& top = b_.pile(id)->cards.front();
    top.seen |= 1u << a;
    b_.peek = Peek{id, "", add_secret("peek", top.kind, 1u << a)};
    b_.phase = Phase::await_peek;
    b_.log.add({{"type", "mate_peek"}, {"seat", a}, {"pile", id}}, {a}, {{"card", kind_json(top.kind)}});
  } else if (type == "boatswain_place") {
    me.used = true;
    place({card_of(action.at("cards")[0]), card_of(action.at("cards")[1])});
  }
}

void KushineState::apply_decision(Seat seat, const std::string& type, const Json& action) {
  if (type == "give") {
    const Kind k = card_of(action.at("card"));
    const Seat to = b_.active;
    take_from_hand(seat, k);
    give_to_hand(to, k, 1u << seat);
    add_secret("give", k, (1u << seat) | (1u << to));
    b_.phase = Phase::act;
    b_.log.add({{"type", "give"}, {"seat", seat}, {"to", to}}, {seat, to}, {{"card", kind_json(k)}});
  } else if (type == "mate_decide") {
    const int id = b_.peek->pile;
    b_.peek->to = action.at("to").get<std::string>();
    b_.phase = Phase::act;
    if (b_.peek->to == "hand") {
      take_top(id, seat, true);  // R17, G15: a take is a draw
    } else {
      std::vector<Card>& cards = b_.pile(id)->cards;
      const Card top = cards.front();
      cards.erase(cards.begin());
      cards.push_back(top);  // G21: moved, not drawn: no effect
      b_.log.add({{"type", "mate_bottom"}, {"seat", seat}, {"pile", id}});
    }
  } else if (type == "captain_decide") {
    resolve_tanuki(action.at("cancel").get<bool>());
  } else if (type == "doctor_decide") {
    resolve_matatabi(action.at("cancel").get<bool>());
  } else if (type == "merge" || type == "skip_merge") {
    Json ev = {{"type", type}, {"seat", seat}};
    if (type == "merge") {
      ev["top"] = action.at("top");
      ev["bottom"] = action.at("bottom");
      merge(action.at("top").get<int>(), action.at("bottom").get<int>());
    }
    b_.log.add(std::move(ev));
    b_.merges_pending--;
    next_merge_or_continue();
  }
}

void KushineState::say(Seat seat, const Json& action) {
  Player& p = b_.seats[seat];
  Json said = action;
  said.erase("type");
  said["seat"] = seat;
  if (action.at("topic") == "hand") {  // R21: computed from the real hand, so always true
    said["nyanko"] = nyanko_count(p.hand);
    said["mice"] = mice(p.hand);
    p.declared = true;
  }
  p.said = canonical_json(said);
  said["type"] = "say";
  b_.log.add(said);
}

void KushineState::end_turn() {
  if (b_.max_turns > 0 && b_.turn >= b_.max_turns) {  // R22
    lose("turn_limit");
    return;
  }
  b_.turn++;
  b_.active = (b_.active + 1) % b_.players();  // R1: clockwise
  b_.actions_left = b_.seats[b_.active].used ? 1 : 2;  // R3, G13
  b_.log.add({{"type", "turn"}, {"seat", b_.active}, {"turn", b_.turn}, {"actions", b_.actions_left}});
}

}  // namespace nyan::kushine
