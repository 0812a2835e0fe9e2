// Hinode Yokocho in the terminal: the area map as a grid (from the map's layout; "==" and
// "||" join adjacent areas, other edges are listed below), the players, the trick on the
// table with the battle and the judgment steps, and the last trick's result.
#include <algorithm>
#include <sstream>

#include "clients/cli/render.h"

namespace nyan::cli {

namespace {

std::string str(const Json& j) { return j.is_string() ? j.get<std::string>() : j.dump(); }

std::string join(const Json& list, const char* sep = " ") {
  std::string out;
  if (!list.is_array()) return out;
  for (const Json& x : list) out += (out.empty() ? "" : sep) + str(x);
  return out;
}

const Json* area_by_id(const Json& map, const std::string& id) {
  for (const Json& a : map["areas"])
    if (a["id"] == id) return &a;
  return nullptr;
}

bool adjacent(const Json& map, const std::string& a, const std::string& b) {
  for (const Json& e : map["edges"])
    if ((e[0] == a && e[1] == b) || (e[0] == b && e[1] == a)) return true;
  return false;
}

// "A1 R [0][2][ ]": the area, its suit and its sites from site 1 (digits are seats).
std::string cell(const Json& a) {
  std::string s = a["id"].get<std::string>() + " " + a["suit"].get<std::string>() + " ";
  const Json& occ = a["occupants"];
  for (int i = 0; i < a["sites"].get<int>(); ++i)
    s += "[" + (i < static_cast<int>(occ.size()) ? std::to_string(occ[i].get<int>()) : std::string(" ")) + "]";
  return s;
}

void render_map(std::ostringstream& o, const Json& map) {
  std::size_t width = 0;
  for (const Json& a : map["areas"]) width = std::max(width, cell(a).size());
  std::vector<std::pair<std::string, std::string>> drawn;  // edges the grid shows
  const Json& rows = map["layout"];
  for (std::size_t r = 0; r < rows.size(); ++r) {
    std::string line = "    ", below = "    ";
    for (std::size_t c = 0; c < rows[r].size(); ++c) {
      const Json& a = *area_by_id(map, rows[r][c].get<std::string>());
      std::string text = cell(a);
      text.resize(width, ' ');
      line += "| " + text + " |";
      const std::string id = str(a["id"]);
      const bool right = c + 1 < rows[r].size() && adjacent(map, id, str(rows[r][c + 1]));
      if (right) drawn.push_back({id, str(rows[r][c + 1])});
      if (c + 1 < rows[r].size()) line += right ? "==" : "  ";
      const bool down = r + 1 < rows.size() && c < rows[r + 1].size() && adjacent(map, id, str(rows[r + 1][c]));
      if (down) drawn.push_back({id, str(rows[r + 1][c])});
      std::string mid(width + 4, ' ');
      if (down) mid[mid.size() / 2 - 1] = mid[mid.size() / 2] = '|';
      below += mid + "  ";
    }
    o << line << "\n";
    if (r + 1 < rows.size()) o << below << "\n";
  }
  std::string other;
  for (const Json& e : map["edges"]) {
    const std::string a = str(e[0]), b = str(e[1]);
    const bool shown = std::any_of(drawn.begin(), drawn.end(), [&](const auto& d) {
      return (d.first == a && d.second == b) || (d.first == b && d.second == a);
    });
    if (!shown) other += (other.empty() ? "" : ", ") + a + "-" + b;
  }
  if (!other.empty()) o << "    also adjacent: " << other << "\n";
}

std::string play_text(const Json& p) {
  std::string s = "seat " + str(p["seat"]) + " " + str(p["card"]) + " (" + str(p["ev"]) + ")";
  if (p.value("boost", false)) s += " boost";
  if (p.value("recall", false)) s += " recall";
  if (p.value("carried", false)) s += " carried";
  return s;
}

std::string judgment_text(const Json& j) {
  std::string s = "seat " + str(j["seat"]) + " ";
  const std::string choice = j.value("choice", "");
  if (choice == "support") s += "supports seat " + str(j["side"]);
  else if (choice == "occupy") s += "occupies " + str(j["area"]) + "." + str(j["site"]);
  else s += "passes";
  if (j.value("auto", false)) s += " (auto)";
  return s;
}

void render_trick(std::ostringstream& o, const Json& t, const char* title) {
  o << "  " << title << " " << t["number"] << ": leader seat " << t["leader"] << ", lead "
    << (t["lead"].is_null() ? "-" : str(t["lead"])) << "\n";
  for (const Json& p : t["plays"]) o << "    " << play_text(p) << "\n";
  if (!t["b1"].is_null())
    o << "    battle: B1 seat " << t["b1"] << (t["b2"].is_null() ? " alone" : " vs B2 seat " + str(t["b2"]))
      << "; judgment order: " << (t["order"].empty() ? "-" : join(t["order"], ", ")) << "\n";
  for (const Json& j : t["judgments"]) o << "    " << judgment_text(j) << "\n";
}

}  // namespace

std::string render_hinode(const Json& v) {
  std::ostringstream o;
  const Json& map = v["map"];
  o << "Hinode Yokocho  round " << v["round"] << "/" << v["rounds"] << "  phase " << str(v["phase"]) << "  map "
    << str(map["id"]) << "  off-suit occupies the " << str(v["offsuit_area"]) << " suit  undealt "
    << v["undealt_count"] << "\n";
  render_map(o, map);
  const Json you = v.value("you", Json());
  for (const Json& p : v["players"]) {
    const Json& k = p["k"];
    o << "  seat " << p["seat"] << " " << str(p["tribe"]) << (you == p["seat"] ? " (you)" : "") << "  VP "
      << p["vp"] << "  supply " << p["supply"] << "  hand " << p["hand_count"] << "  hero "
      << (p["hero_used"].get<bool>() ? "used" : "ready") << "  k R" << k["R"] << " G" << k["G"] << " B" << k["B"];
    if (!p["carried"].is_null()) o << "  carried " << str(p["carried"]);
    if (p.contains("keep")) o << "  keep " << str(p["keep"]);
    if (!p["voids"].empty()) o << "  void " << join(p["voids"], "");
    o << "\n";
    if (p.contains("hand")) o << "      hand: " << join(p["hand"]) << "\n";
    if (!p["known_in_hand"].empty()) o << "      recalled in hand: " << join(p["known_in_hand"]) << "\n";
  }
  if (v["trick"].is_object()) render_trick(o, v["trick"], "trick");
  if (v["last_trick"].is_object()) {
    const Json& l = v["last_trick"];
    render_trick(o, l, "last trick");
    o << "    strength " << l["strength"][0] << " vs " << l["strength"][1] << "; VP battle " << l["battle_vp"].dump()
      << " support " << l["support_vp"].dump() << " income " << l["income_vp"].dump() << "\n";
  }
  if (v.contains("outcome")) {
    const Json& out = v["outcome"];
    o << "  final VP " << out["details"]["vp"].dump() << "\n";
    for (const Json& p : out["details"]["players"])
      o << "    seat " << p["seat"] << ": rank " << p["rank"] << ", VP " << p["vp"] << " (majority +" << p["majority_vp"]
        << ", group of " << p["group"] << " +" << p["dominance_vp"] << "), markers on the map " << p["markers"] << "\n";
  } else {
    o << "  to act: " << join(v["to_act"], ", ") << "\n";
  }
  return o.str();
}

std::string describe_hinode(const Json& a) {
  const std::string type = a.value("type", "");
  if (type == "play") {
    std::string s = "play " + str(a["card"]);
    if (a.value("boost", false)) s += " with boost";
    if (a.value("recall", false)) s += std::string(a.value("boost", false) ? " and" : " with") + " recall";
    return s;
  }
  if (type == "support") return "support seat " + str(a["side"]);
  if (type == "occupy") return "occupy the next free site of " + str(a["area"]);
  if (type == "keep") return a["card"].is_null() ? "keep no card" : "keep " + str(a["card"]) + " for the next round";
  return a.dump();
}

}  // namespace nyan::cli
