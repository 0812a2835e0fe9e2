// Oikake Nyanzu in the terminal: the circular track as a row of spaces, both players'
// acquired cards, your hand, and the cards on the table.
#include <sstream>

#include "clients/cli/render.h"

namespace nyan::cli {

namespace {

std::string counts(const Json& c) {
  if (!c.is_object() || c.empty()) return "-";
  std::string out;
  for (const auto& [kind, n] : c.items())
    out += (out.empty() ? "" : " ") + kind + (n.get<int>() > 1 ? "x" + std::to_string(n.get<int>()) : "");
  return out;
}

}  // namespace

std::string render_oikake(const Json& v) {
  std::ostringstream o;
  const int track = v.value("track", 14);
  const Json& players = v.at("players");
  o << "Oikake Nyanzu (" << v.value("mode", "normal") << ")  turn " << v.value("turn", 0)
    << "  deck " << v.value("deck_count", 0) << "  phase " << v.value("phase", "") << "\n";
  // The track: A = seat 0, B = seat 1, * = both.
  o << "  track: ";
  for (int i = 0; i < track; ++i) {
    const bool a = players[0]["pos"] == i, b = players[1]["pos"] == i;
    o << '[' << (a && b ? '*' : a ? 'A' : b ? 'B' : ' ') << ']';
  }
  o << "\n";
  const Json you = v.value("you", Json());
  for (const Json& p : players) {
    const int seat = p["seat"];
    o << "  " << (seat == 0 ? 'A' : 'B') << " seat " << seat << (you == seat ? " (you)" : "")
      << (v.value("presenter", -1) == seat ? " presenter" : " chooser") << "  pos " << p["pos"]
      << " dist " << p["dist"] << "  hand " << p["hand_count"] << "  exchanges "
      << p["exchanges_used"] << "/" << v.value("max_exchanges", 0) << "\n";
    o << "      acquired: " << counts(p["area"]) << "\n";
    if (p.contains("hand")) o << "      hand: " << counts(p["hand"]) << "\n";
  }
  if (v["table"].is_object())
    o << "  table: up " << v["table"]["up"].get<std::string>() << ", down "
      << (v["table"]["down"].is_string() ? v["table"]["down"].get<std::string>() : "(face down)") << "\n";
  if (v["last"].is_object()) {
    const Json& l = v["last"];
    o << "  last turn: presented " << l["up"].get<std::string>() << " up / " << l["down"].get<std::string>()
      << " down, chooser took " << l["pick"].get<std::string>() << "; moves " << l["moves"].dump() << "\n";
  }
  return o.str();
}

std::string describe_oikake(const Json& a) {
  const std::string type = a.value("type", "");
  if (type == "exchange") return "exchange " + a.value("card", "?") + " for the top of the deck";
  if (type == "present") return "present " + a.value("up", "?") + " face up, " + a.value("down", "?") + " face down";
  if (type == "choose") return "take the " + a.value("pick", "?") + " card";
  return a.dump();
}

}  // namespace nyan::cli
