// Nyanya Dai Hugo in the terminal: tails and hand sizes of every seat, the field, the open
// trick, your hand, the start-card picks and the last round's result.
#include <sstream>

#include "clients/cli/render.h"

namespace nyan::cli {

namespace {

std::string str(const Json& j, const char* key, const std::string& fallback = "") {
  auto it = j.find(key);
  return it != j.end() && it->is_string() ? it->get<std::string>() : fallback;
}

std::string cards(const Json& list) {
  if (!list.is_array() || list.empty()) return "-";
  std::string out;
  for (const Json& c : list) out += (out.empty() ? "" : " ") + (c.is_string() ? c.get<std::string>() : c.dump());
  return out;
}

// One play element: "W3", "W?=4", "D5x2".
std::string element(const Json& e) {
  std::string s = str(e, "id", "?");
  if (e.contains("as")) s += "=" + e["as"].dump();
  if (e.value("double", false)) s += "x2";
  return s;
}

std::string play(const Json& list) {
  if (!list.is_array() || list.empty()) return "-";
  std::string out;
  for (const Json& e : list) out += (out.empty() ? "" : " ") + element(e);
  return "[" + out + "]";
}

std::string pick(const Json& p) {
  if (!p.is_object()) return "";
  return str(p, "card", "?") + (p.contains("as") ? "=" + p["as"].dump() : "");
}

void seats(std::ostringstream& o, const Json& v) {
  const Json you = v.value("you", Json());
  const Json current = v.value("current", Json());
  for (const Json& p : v.at("seats")) {
    const int seat = p.value("seat", 0);
    o << (current == seat ? "> " : "  ") << "seat " << seat << (you == seat ? " (you)" : "") << "  cards "
      << p.value("hand_count", 0) << "  tails " << p.value("tails", 0);
    if (p.contains("picked")) o << (p["picked"] == true ? "  [picked]" : "  [picking]");
    if (p["pick"].is_object()) o << "  pick " << pick(p["pick"]);
    if (!p.value("shown", Json::array()).empty() && you != seat) o << "  known: " << cards(p["shown"]);
    o << "\n";
    if (p.contains("hand")) o << "      hand: " << cards(p["hand"]) << "\n";
  }
}

void trick(std::ostringstream& o, const Json& v) {
  const Json& t = v["trick"];
  if (!t.is_object()) {
    if (v["opening"].is_object())
      o << "  opening: seat " << v["opening"]["seat"] << " must lead " << pick(v["opening"]) << " ("
        << str(v["opening"], "rule") << ")\n";
    else if (v.value("phase", "") == "play" && !v.contains("solo"))
      o << "  trick: none, seat " << v["current"] << " leads\n";
    return;
  }
  o << "  trick: " << str(t, "type") << " of " << t["size"] << ", rank " << t["rank"] << ", passes " << t["passes"]
    << "\n";
  for (const Json& p : t["plays"]) o << "      seat " << p["seat"] << ": " << play(p["cards"]) << "\n";
}

// One line for a log event, or "" for events the board already shows.
std::string event(const Json& e) {
  const std::string type = str(e, "type");
  const std::string seat = "seat " + e.value("seat", Json(0)).dump();
  if (type == "play") return seat + " played " + play(e["cards"]);
  if (type == "pass")
    return seat + " passed" + (e.contains("take") ? ", took " + str(e, "take") : "") +
           (e.contains("refill") ? " (refill " + str(e, "refill") + ")" : "");
  if (type == "trick_cleared") return "trick cleared, seat " + e["leader"].dump() + " leads";
  if (type == "picks_revealed") return "picks revealed, seat " + e["start_seat"].dump() + " starts";
  if (type == "round_end") return "round " + e["round"].dump() + " won by seat " + e["winner"].dump();
  if (type == "solo_draw") return "drew from " + str(e, "from") + (e.contains("card") ? " (" + str(e, "card") + ")" : "");
  return "";
}

}  // namespace

std::string render_daihugo(const Json& v) {
  std::ostringstream o;
  const bool solo = v.contains("solo");
  o << "Nyanya Dai Hugo  " << (solo ? "solo" : "round " + v["round"].dump()) << "  phase " << str(v, "phase")
    << "  to act " << v["to_act"].dump() << "\n";
  seats(o, v);
  o << "  field: " << cards(v["field"]) << "   pile " << v.value("pile_count", 0)
    << (v["pile_bottom"].is_string() ? " (bottom " + str(v, "pile_bottom") + ")" : "") << "   cleared "
    << v.value("cleared", Json::array()).size() << "\n";
  if (v["swap"].is_object())
    o << "  wild swap: seat " << v["swap"]["seat"] << " put " << str(v["swap"], "wild") << " under the pile"
      << (v["swap"].contains("drawn") ? ", drew " + str(v["swap"], "drawn") : "") << "\n";
  trick(o, v);
  if (solo) {
    const Json& s = v["solo"];
    o << "  solo turn " << s["turn"] << " (target " << s["target"] << ")\n";
    for (const Json& t : s["turns"])
      o << "      t" << t["turn"] << ": " << play(t["cards"]) << (str(t, "took").empty() ? "" : " took " + str(t, "took"))
        << "\n";
  }
  if (v["last_round"].is_object()) {
    const Json& r = v["last_round"];
    o << "  round " << r["round"] << " won by seat " << r["winner"] << "; penalties " << r["penalties"].dump()
      << ", tails " << r["tails"].dump() << "\n";
  }
  const Json log = v.value("log", Json::array());
  for (std::size_t i = log.size() > 3 ? log.size() - 3 : 0; i < log.size(); ++i)
    if (const std::string line = event(log[i]); !line.empty()) o << "  . " << line << "\n";
  if (v.contains("outcome")) {
    const Json& out = v["outcome"];
    if (solo && out["details"].contains("forfeit"))
      o << "  given up in turn " << out["turns"] << "\n";
    else if (solo)
      o << "  cleared in " << out["details"]["cleared_turns"] << " turns: "
        << (out["details"]["success"] == true ? "success" : "over the target") << "\n";
  }
  return o.str();
}

std::string describe_daihugo(const Json& a) {
  const std::string type = str(a, "type");
  if (type == "play") return "play " + play(a.value("cards", Json::array()));
  if (type == "pass") return a.contains("take") ? "pass and take " + str(a, "take") : "pass";
  if (type == "reveal") return "pick " + pick(a) + " as your start card";
  if (type == "swap_wild") return "put " + str(a, "card") + " under the pile and draw the top card";
  if (type == "solo_take") return str(a, "from") == "pile" ? "draw the top of the pile" : "take " + str(a, "from") + " from the field";
  return a.dump();
}

}  // namespace nyan::cli
