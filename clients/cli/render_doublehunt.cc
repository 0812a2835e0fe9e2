// Double Hunt in the terminal: the 7x7 grid (a row of cards, then a row of pieces), the four
// players with their roles and the hands this seat may see, the move budget, the step
// sequence in progress and the last events.
#include <sstream>
#include <string_view>

#include "clients/cli/render.h"

namespace nyan::cli {

namespace {

std::string str(const Json& v, const char* key, const std::string& fallback = "") {
  auto it = v.find(key);
  return it != v.end() && it->is_string() ? it->get<std::string>() : fallback;
}

// A square as the browser and the rules name it: the column as a letter, the row from 1
// ("r0c0" is A1, "r6c3" is D7). Anything else comes back unchanged.
std::string square_name(const std::string& id) {
  if (id.size() == 4 && id[0] == 'r' && id[2] == 'c' && id[1] >= '0' && id[1] <= '6' && id[3] >= '0' && id[3] <= '6')
    return std::string(1, static_cast<char>('A' + (id[3] - '0'))) + std::to_string(id[1] - '0' + 1);
  return id;
}

std::string square(const Json& v, const char* key) {
  auto it = v.find(key);
  return it != v.end() && it->is_string() ? square_name(it->get<std::string>()) : "";
}

std::string join(const Json& list) {
  std::string out;
  if (!list.is_array()) return out;
  for (const Json& x : list) out += (out.empty() ? "" : " ") + (x.is_string() ? x.get<std::string>() : x.dump());
  return out;
}

std::string pad(std::string s, std::size_t width) {
  if (s.size() < width) s.append(width - s.size(), ' ');
  return s;
}

// One event of the log as a short line (card ids appear only where this seat may see them).
std::string event_line(const Json& e) {
  const std::string type = str(e, "type");
  std::string line = type;
  if (e.contains("seat")) line = "seat " + e["seat"].dump() + " " + type;
  for (const char* key : {"role", "die", "to", "square", "target", "card", "discard", "cards", "squares",
                          "reason", "winner_team", "budget", "given", "swaps", "pile_count"}) {
    auto it = e.find(key);
    if (it == e.end()) continue;
    const bool squares = std::string_view(key) == "to" || std::string_view(key) == "square";
    std::string value = it->is_array() ? join(*it) : it->is_string() ? it->get<std::string>() : it->dump();
    if (squares) value = square_name(value);
    if (std::string_view(key) == "squares" && it->is_array()) {
      value.clear();
      for (const Json& x : *it) value += (value.empty() ? "" : " ") + (x.is_string() ? square_name(x.get<std::string>()) : x.dump());
    }
    line += std::string(" ") + key + "=" + value;
  }
  if (e.value("took", false)) line += " (took a card)";
  return line;
}

}  // namespace

std::string render_doublehunt(const Json& v) {
  std::ostringstream o;
  const Json you = v.value("you", Json());
  o << "Double Hunt  turn " << v.value("turn", 0) << "  phase " << str(v, "phase") << "  active seat "
    << v.value("active", 0) << "  first team " << str(v, "first_team") << "  target " << v.value("target_score", 70)
    << "\n";
  // The grid: "?" face down, "." empty, a card id where you know the face-down card; the
  // line under each row shows the pieces (P0..P3).
  const Json& players = v.at("players");
  o << "      ";
  for (int c = 0; c < 7; ++c) o << pad(std::string(1, static_cast<char>('A' + c)), 6);
  o << "\n";
  const Json& grid = v.at("grid");
  for (int r = 0; r < 7; ++r) {
    o << "  " << r + 1 << "   ";
    for (int c = 0; c < 7; ++c) {
      const Json& cell = grid[r][c];
      o << pad(cell.is_null() ? "." : cell.get<std::string>(), 6);
    }
    o << "\n      ";
    for (int c = 0; c < 7; ++c) {
      std::string pieces;
      const std::string sq = "r" + std::to_string(r) + "c" + std::to_string(c);
      for (const Json& p : players)
        if (str(p, "square") == sq) pieces += "P" + p["seat"].dump();
      o << pad(pieces, 6);
    }
    o << "\n";
  }
  o << "  cards on grid " << v.value("cards_on_grid", 0) << "  discard pile " << v.value("pile_count", 0);
  const Json scores = v.value("scores", Json::object());
  for (const auto& [team, score] : scores.items()) o << "  score " << team << " " << score;
  o << "\n";
  for (const Json& p : players) {
    const int seat = p["seat"];
    o << "  seat " << seat << " (" << str(p, "team") << ") " << pad(str(p, "role", "-"), 12) << square(p, "square")
      << "  hand " << p["hand_count"];
    if (p.contains("hand")) o << ": " << join(p["hand"]);
    if (you == seat) o << "   <- you";
    o << "\n";
  }
  const std::string phase = str(v, "phase");
  if (phase == "move" || phase == "richman_giving")
    o << "  die " << v.value("die", 0) << " + boosts " << v.value("boosts", 0) << " = budget " << v.value("budget", 0)
      << (v.value("extra_move", false) ? " (Advisor's extra move)" : "") << "\n";
  if (const Json seq = v.value("sequence", Json()); seq.is_object()) {
    o << "  in progress: " << str(seq, "use");
    for (const auto& [k, x] : seq.items())
      if (k != "use") o << "  " << k << " " << (x.is_array() ? join(x) : x.is_string() ? x.get<std::string>() : x.dump());
    o << "\n";
  }
  if (const Json log = v.value("log", Json::array()); !log.empty()) {
    o << "  recent:\n";
    const std::size_t from = log.size() > 6 ? log.size() - 6 : 0;
    for (std::size_t i = from; i < log.size(); ++i) o << "    " << event_line(log[i]) << "\n";
  }
  if (v.contains("outcome")) {
    const Json& d = v["outcome"]["details"];
    o << "  final score: team A " << d["team_scores"]["A"] << " - team B " << d["team_scores"]["B"] << "\n";
  }
  return o.str();
}

std::string describe_doublehunt(const Json& a) {
  const std::string type = str(a, "type");
  if (type == "pick_role") return "take the role " + str(a, "role");
  if (type == "roll") return "roll the die";
  if (type == "boost") return "discard " + str(a, "discard") + " for one more step";
  if (type == "move") return "move to " + square(a, "to");
  if (type == "stay") return "stay (no square at this exact cost)";
  if (type == "end_turn") return "end the turn";
  if (type == "pilot_fly") return "Pilot: discard " + str(a, "discard") + " and fly anywhere";
  if (type == "pilot_land") return "Pilot: land on " + square(a, "square");
  if (type == "observer_peek") return "Observer: discard " + str(a, "discard") + " and look at grid cards";
  if (type == "observer_pick") return "Observer: look at " + square(a, "square");
  if (type == "bandit_raid")
    return "Bandit: discard " + str(a, "discard") + ", seat " + a.value("target", Json()).dump() + " loses a random card";
  if (type == "richman_give") return "Richman: give " + str(a, "card") + " to your partner";
  if (type == "richman_give_end") return "Richman: stop giving";
  if (type == "scientist_open") return "Scientist: search the discard pile";
  if (type == "scientist_take") return "Scientist: take " + str(a, "card");
  if (type == "necromancer_raise") return "Necromancer: put a random discard face down on " + square(a, "square");
  if (type == "advisor_extra_move") return "Advisor: let your partner roll and move again";
  if (type == "advisor_decline") return "Advisor: no extra move";
  if (type == "advisor_give") return "Advisor: give " + str(a, "card") + " to your partner";
  if (type == "advisor_take") return "Advisor: take " + str(a, "card") + " from your partner";
  if (type == "advisor_exchange_end") return "Advisor: end the exchange";
  return a.dump();
}

}  // namespace nyan::cli
