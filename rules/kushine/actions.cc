#include "rules/kushine/actions.h"

#include <array>
#include <mutex>
#include <string>

#include "rules/core/action_list.h"
#include "rules/core/canonical_text.h"

namespace nyan::kushine::actions {

namespace {

constexpr int kIds = kMaxPileId + 1;  // indexed by pile id; index 0 unused

// An action's canonical text, from its members in any order (the tree sorts them).
std::string make(const char* type, const char* k1 = nullptr, Json v1 = nullptr, const char* k2 = nullptr,
                 Json v2 = nullptr, const char* k3 = nullptr, Json v3 = nullptr) {
  Json a(Json::value_t::object);
  a["type"] = type;
  if (k1) a[k1] = std::move(v1);
  if (k2) a[k2] = std::move(v2);
  if (k3) a[k3] = std::move(v3);
  return canonical_json(a);
}

Json card(int k) { return std::string(kind_name(static_cast<Kind>(k))); }

struct Catalogue {
  using Text = std::string;
  std::array<Text, kIds> draw, peek;
  std::array<std::array<Text, kIds>, kHandKinds> ret;
  std::array<Text, kHandKinds> place, give;
  std::array<std::array<Text, kTypes>, kTypes> boatswain;
  std::array<std::array<std::array<Text, kIds>, kIds>, 3> pairs;
  std::array<std::array<Text, 2>, kIds> say_pile;
  std::array<Text, 2> say_want, mate_decide, captain, doctor;
  Text say_hand, receive, exterminate_alone, skip_merge;

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

std::string_view draw(int pile) { return all().draw.at(pile); }
std::string_view mate_peek(int pile) { return all().peek.at(pile); }
std::string_view return_card(Kind c, int pile) { return all().ret.at(static_cast<int>(c)).at(pile); }
std::string_view place(Kind c) { return all().place.at(static_cast<int>(c)); }
std::string_view give(Kind c) { return all().give.at(static_cast<int>(c)); }
std::string_view boatswain_place(Kind a, Kind b) { return all().boatswain.at(static_cast<int>(a)).at(static_cast<int>(b)); }
std::string_view pile_pair(PairOf what, int top, int bottom) {
  return all().pairs.at(static_cast<int>(what)).at(top).at(bottom);
}
std::string_view say_pile(int pile, bool draw) { return all().say_pile.at(pile)[draw ? 1 : 0]; }
const ActionRun& say_vocabulary(unsigned piles) {
  static std::array<std::once_flag, 1u << kIds> made;
  static std::array<ActionRun, 1u << kIds> runs;
  piles &= (1u << kIds) - 2;  // ids 1..kMaxPileId
  std::call_once(made[piles], [&] {
    ActionRun run(/*side=*/true);
    run.add_text(say_hand());
    run.add_text(say_want(true));
    run.add_text(say_want(false));
    auto live = [&](int id) { return (piles >> id) & 1u; };
    for (int top = 1; top < kIds; ++top)
      for (int bottom = 1; bottom < kIds; ++bottom)
        if (top != bottom && live(top) && live(bottom)) run.add_text(pile_pair(PairOf::say_merge, top, bottom));
    for (int p = 1; p < kIds; ++p)
      if (live(p)) {
        run.add_text(say_pile(p, true));
        run.add_text(say_pile(p, false));
      }
    runs[piles] = std::move(run);
  });
  return runs[piles];
}
std::string_view say_hand() { return all().say_hand; }
std::string_view say_want(bool nyanko) { return all().say_want[nyanko ? 1 : 0]; }
std::string_view mate_decide(bool to_hand) { return all().mate_decide[to_hand ? 1 : 0]; }
std::string_view captain_decide(bool cancel) { return all().captain[cancel ? 1 : 0]; }
std::string_view doctor_decide(bool cancel) { return all().doctor[cancel ? 1 : 0]; }
std::string_view receive() { return all().receive; }
std::string_view exterminate_alone() { return all().exterminate_alone; }
std::string_view skip_merge() { return all().skip_merge; }

}  // namespace nyan::kushine::actions
