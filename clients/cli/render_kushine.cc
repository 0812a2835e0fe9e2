// Kushine-go Departs in the terminal: the piles, the pier and boarded types, each officer with
// its hand (yours in full, the others as counts), the pending decision, and recent events.
#include <sstream>

#include "clients/cli/render.h"

namespace nyan::cli {

namespace {

std::string str(const Json& j, const char* key, const std::string& fallback = "?") {
  auto it = j.find(key);
  return it != j.end() && it->is_string() ? it->get<std::string>() : fallback;
}

int num(const Json& j, const char* key, int fallback = 0) {
  auto it = j.find(key);
  return it != j.end() && it->is_number_integer() ? it->get<int>() : fallback;
}

std::string pile(const Json& id) { return id.is_number_integer() ? "p" + std::to_string(id.get<int>()) : "p?"; }

std::string counts(const Json& c) {
  if (!c.is_object() || c.empty()) return "-";
  std::string out;
  for (const auto& [kind, n] : c.items())
    if (n.is_number_integer() && n.get<int>() > 0)
      out += (out.empty() ? "" : " ") + kind + (n.get<int>() > 1 ? " x" + std::to_string(n.get<int>()) : "");
  return out.empty() ? "-" : out;
}

std::string list(const Json& a) {
  if (!a.is_array() || a.empty()) return "-";
  std::string out;
  for (const Json& x : a) out += (out.empty() ? "" : ", ") + (x.is_string() ? x.get<std::string>() : x.dump());
  return out;
}

std::string said(const Json& s) {
  const std::string topic = str(s, "topic");
  if (topic == "hand")
    return "holds " + std::to_string(num(s, "nyanko")) + " nyanko and " + std::to_string(num(s, "mice")) + " mice";
  if (topic == "want") return "would like a " + str(s, "category");
  if (topic == "merge") return "suggests putting " + pile(s.value("top", Json())) + " on " + pile(s.value("bottom", Json()));
  if (topic == "pile")
    return std::string("suggests ") + (str(s, "hint") == "draw" ? "drawing from " : "avoiding ") + pile(s.value("pile", Json()));
  return s.dump();
}

std::string event(const Json& e) {
  const std::string type = str(e, "type");
  const std::string seat = "seat " + std::to_string(num(e, "seat", -1));
  const std::string card = e.contains("card") ? " (" + str(e, "card") + ")" : "";
  if (type == "start") return seat + " (captain) starts";
  if (type == "turn") return "turn " + std::to_string(num(e, "turn")) + ": " + seat + ", " + std::to_string(num(e, "actions")) + " action(s)";
  if (type == "draw") return seat + " drew from " + pile(e.value("pile", Json())) + card;
  if (type == "return") return seat + " put a card under " + pile(e.value("pile", Json())) + card;
  if (type == "place" || type == "boatswain_place") return seat + " placed " + list(e.value("cards", Json())) + " on the pier";
  if (type == "board") return str(e, "card") + " boarded!";
  if (type == "receive") return seat + " asks seat " + std::to_string(num(e, "from")) + " for a card";
  if (type == "give") return seat + " gave a card to seat " + std::to_string(num(e, "to")) + card;
  if (type == "exterminate") return seat + " exterminated 3 mice" + (e.contains("top") ? ", " + pile(e["top"]) + " onto " + pile(e["bottom"]) : "");
  if (type == "merge") return seat + " put " + pile(e.value("top", Json())) + " on " + pile(e.value("bottom", Json()));
  if (type == "skip_merge") return seat + " did not merge";
  if (type == "mate_peek") return seat + " (mate) peeks at " + pile(e.value("pile", Json())) + card;
  if (type == "mate_take") return seat + " (mate) takes the top of " + pile(e.value("pile", Json())) + card;
  if (type == "mate_bottom") return seat + " (mate) puts the top of " + pile(e.value("pile", Json())) + " on its bottom";
  if (type == "captain_cancel") return "the captain cancels the tanuki";
  if (type == "doctor_cancel") return "the doctor cancels the matatabi";
  if (type == "tanuki") return "tanuki! the top cards form " + pile(e.value("pile", Json()));
  if (type == "matatabi") return "matatabi! " + pile(e.value("pile", Json())) + " is shuffled";
  if (type == "say") return seat + " " + said(e);
  if (type == "game_over") return "game over: " + str(e, "result") + " (" + str(e, "reason") + ")";
  return e.dump();
}

std::string pending(const Json& v) {
  const std::string phase = str(v, "phase");
  const Json& p = v.value("pending", Json());
  const std::string who = "seat " + std::to_string(num(v, "actor", -1));
  if (phase == "await_give") return who + " chooses a card to give to seat " + std::to_string(num(p, "receiver"));
  if (phase == "await_peek") return who + " (mate) decides: take the top of " + pile(p.value("pile", Json())) + " or put it on the bottom";
  if (phase == "await_captain") return "a tanuki from " + pile(p.value("pile", Json())) + ": " + who + " (captain) may cancel it";
  if (phase == "await_doctor") return "a matatabi from " + pile(p.value("pile", Json())) + ": " + who + " (doctor) may cancel it";
  if (phase == "await_merge") return who + " may merge two piles (" + std::to_string(num(p, "merges")) + " to decide)";
  return "";
}

}  // namespace

std::string render_kushine(const Json& v) {
  std::ostringstream o;
  o << "Kushine-go Departs (" << str(v, "difficulty") << ")  turn " << num(v, "turn") << "  seat "
    << num(v, "active") << " acts, " << num(v, "actions_left") << " action(s) left  phase " << str(v, "phase") << "\n";
  o << "  piles:";
  for (const Json& p : v.value("piles", Json::array())) {
    o << "  " << pile(p.value("id", Json())) << "[" << num(p, "size") << "]";
    if (p.contains("cards")) o << " " << list(p["cards"]);
  }
  o << "\n  pier: " << counts(v.value("pier", Json())) << "   boarded: " << list(v.value("boarded", Json()))
    << "   removed: " << counts(v.value("removed", Json())) << "\n";
  const Json you = v.value("you", Json());
  for (const Json& s : v.value("seats", Json::array())) {
    const int seat = num(s, "seat");
    o << "  seat " << seat << (you == seat ? " (you)" : "") << "  " << str(s, "officer")
      << (s.value("face_up", false) ? " [2 actions]" : " [1 action]")
      << (s.value("ability_available", false) ? " ability ready" : "") << "  hand " << num(s, "hand_count");
    if (s.contains("hand")) o << ": " << counts(s["hand"]);
    if (s.value("said", Json()).is_object()) o << "  said: " << said(s["said"]);
    o << "\n";
  }
  const Json& peek = v.value("peek", Json());
  if (peek.is_object())
    o << "  mate's peek at " << pile(peek.value("pile", Json())) << ": " << str(peek, "card", "(hidden)")
      << (peek.value("to", Json()).is_string() ? ", to " + str(peek, "to") : "") << "\n";
  if (std::string p = pending(v); !p.empty()) o << "  waiting: " << p << "\n";
  for (const Json& e : v.value("log", Json::array())) o << "  . " << event(e) << "\n";
  if (v.contains("outcome")) {
    const Json& out = v["outcome"];
    const Json& d = out.value("details", Json());
    o << "  level achieved " << str(d, "level_achieved") << " for difficulty " << str(d, "difficulty") << "\n";
  }
  return o.str();
}

std::string describe_kushine(const Json& a) {
  const std::string type = str(a, "type");
  const Json p = a.value("pile", Json());
  if (type == "draw") return "draw the top card of " + pile(p);
  if (type == "return") return "put " + str(a, "card") + " under " + pile(p);
  if (type == "place") return "place " + str(a, "card") + " on the pier";
  if (type == "receive") return "receive a card from your right-hand neighbour";
  if (type == "give") return "give " + str(a, "card");
  if (type == "exterminate")
    return "exterminate 3 mice" + (a.contains("top") ? ", putting " + pile(a["top"]) + " on " + pile(a["bottom"]) : "");
  if (type == "mate_peek") return "peek at the top of " + pile(p) + " (mate's ability)";
  if (type == "mate_decide") return str(a, "to") == "hand" ? "take the peeked card" : "put the peeked card on the bottom";
  if (type == "boatswain_place") return "place " + list(a.value("cards", Json())) + " together (boatswain's ability)";
  if (type == "captain_decide" || type == "doctor_decide")
    return std::string(a.value("cancel", false) ? "cancel" : "do not cancel") +
           (type == "captain_decide" ? " the tanuki" : " the matatabi");
  if (type == "merge") return "put " + pile(a.value("top", Json())) + " on " + pile(a.value("bottom", Json()));
  if (type == "skip_merge") return "do not merge";
  if (type == "say") {
    const std::string topic = str(a, "topic");
    if (topic == "hand") return "tell everyone how many nyanko and mice you hold";
    if (topic == "want") return "ask for a " + str(a, "category");
    if (topic == "merge") return "suggest putting " + pile(a.value("top", Json())) + " on " + pile(a.value("bottom", Json()));
    return std::string("suggest ") + (str(a, "hint") == "draw" ? "drawing from " : "avoiding ") + pile(p);
  }
  return a.dump();
}

}  // namespace nyan::cli
