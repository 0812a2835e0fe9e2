#include "rules/kushine/actions.h"

#include <array>

namespace nyan::kushine::actions {

namespace {

constexpr int kIds = kMaxPileId + 1;  // indexed by pile id; index 0 unused

Json make(const char* type) {
  Json a(Json::value_t::object);
  a["type"] = type;
  return a;
}

Json make(const char* type, const char* k1, Json v1, const char* k2 = nullptr, Json v2 = nullptr,
          const char* k3 = nullptr, Json v3 = nullptr) {
  Json a = make(type);
  a[k1] = std::move(v1);
  if (k2) a[k2] = std::move(v2);
  if (k3) a[k3] = std::move(v3);
  return a;
}

Json card(int k) { return std::string(kind_name(static_cast<Kind>(k))); }

struct Catalogue {
  std::array<Json, kIds> draw, peek;
  std::array<std::array<Json, kIds>, kHandKinds> ret;
  std::array<Json, kHandKinds> place, give;
  std::array<std::array<Json, kTypes>, kTypes> boatswain;
  std::array<std::array<std::array<Json, kIds>, kIds>, 3> pairs;
  std::array<std::array<Json, 2>, kIds> say_pile;
  std::array<Json, 2> say_want, mate_decide, captain, doctor;
  Json say_hand, receive, exterminate_alone, skip_merge;

  Catalogue() {
    for (int p = 1; p < kIds; ++p) {
      draw[p] = make("draw", "pile", p);
      peek[p] = make("mate_peek", "pile", p);
      for (int k = 0; k < kHandKinds; ++k) ret[k][p] = make("return", "card", card(k), "pile", p);
      say_pile[p][0] = make("say", "topic", "pile", "pile", p, "hint", "avoid");
      say_pile[p][1] = make("say", "topic", "pile", "pile", p, "hint", "draw");
      for (int q = 1; q < kIds; ++q) {
        pairs[0][p][q] = make("exterminate", "top", p, "bottom", q);
        pairs[1][p][q] = make("merge", "top", p, "bottom", q);
        pairs[2][p][q] = make("say", "topic", "merge", "top", p, "bottom", q);
      }
    }
    for (int k = 0; k < kHandKinds; ++k) {
      place[k] = make("place", "card", card(k));
      give[k] = make("give", "card", card(k));
    }
    for (int i = 0; i < kTypes; ++i)
      for (int j = 0; j < kTypes; ++j) boatswain[i][j] = make("boatswain_place", "cards", Json::array({card(i), card(j)}));
    for (int b = 0; b < 2; ++b) {
      mate_decide[b] = make("mate_decide", "to", b ? "hand" : "bottom");
      captain[b] = make("captain_decide", "cancel", b == 1);
      doctor[b] = make("doctor_decide", "cancel", b == 1);
    }
    say_want[0] = make("say", "topic", "want", "category", "mouse");
    say_want[1] = make("say", "topic", "want", "category", "nyanko");
    say_hand = make("say", "topic", "hand");
    receive = make("receive");
    exterminate_alone = make("exterminate");
    skip_merge = make("skip_merge");
  }
};

const Catalogue& all() {
  static const Catalogue c;
  return c;
}

}  // namespace

const Json& draw(int pile) { return all().draw.at(pile); }
const Json& mate_peek(int pile) { return all().peek.at(pile); }
const Json& return_card(Kind c, int pile) { return all().ret.at(static_cast<int>(c)).at(pile); }
const Json& place(Kind c) { return all().place.at(static_cast<int>(c)); }
const Json& give(Kind c) { return all().give.at(static_cast<int>(c)); }
const Json& boatswain_place(Kind a, Kind b) { return all().boatswain.at(static_cast<int>(a)).at(static_cast<int>(b)); }
const Json& pile_pair(PairOf what, int top, int bottom) {
  return all().pairs.at(static_cast<int>(what)).at(top).at(bottom);
}
const Json& say_pile(int pile, bool draw) { return all().say_pile.at(pile)[draw ? 1 : 0]; }
const Json& say_hand() { return all().say_hand; }
const Json& say_want(bool nyanko) { return all().say_want[nyanko ? 1 : 0]; }
const Json& mate_decide(bool to_hand) { return all().mate_decide[to_hand ? 1 : 0]; }
const Json& captain_decide(bool cancel) { return all().captain[cancel ? 1 : 0]; }
const Json& doctor_decide(bool cancel) { return all().doctor[cancel ? 1 : 0]; }
const Json& receive() { return all().receive; }
const Json& exterminate_alone() { return all().exterminate_alone; }
const Json& skip_merge() { return all().skip_merge; }

}  // namespace nyan::kushine::actions
