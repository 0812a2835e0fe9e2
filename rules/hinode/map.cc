#include "rules/hinode/map.h"

#include <algorithm>

namespace nyan::hinode {

namespace {

constexpr int kMaxAreas = 24;
// §2.2 asks only for sites >= 1. An area with more sites than there are markers in the whole
// game (4 tribes x 8) could never fill, so that is the bound on input.
constexpr int kMaxSites = kTribes * kMarkers;

// §2.2: two sheets of three areas, each suit once per sheet, 2x3 grid adjacency.
const char* kHinode6 = R"({
  "id": "hinode6",
  "areas": [ {"id":"A1","suit":"R","sites":{"3":2,"4":3}}, {"id":"A2","suit":"G","sites":{"3":2,"4":3}},
             {"id":"A3","suit":"B","sites":{"3":2,"4":3}}, {"id":"A4","suit":"B","sites":{"3":2,"4":3}},
             {"id":"A5","suit":"R","sites":{"3":2,"4":3}}, {"id":"A6","suit":"G","sites":{"3":2,"4":3}} ],
  "edges": [["A1","A2"],["A2","A3"],["A4","A5"],["A5","A6"],["A1","A4"],["A2","A5"],["A3","A6"]],
  "layout": [["A1","A2","A3"],["A4","A5","A6"]]
})";

// §2.2: one area per suit, 5 sites each, all three pairs adjacent (G2: data only).
const char* kTriad = R"({
  "id": "triad",
  "areas": [ {"id":"A1","suit":"R","sites":5}, {"id":"A2","suit":"G","sites":5},
             {"id":"A3","suit":"B","sites":5} ],
  "edges": [["A1","A2"],["A2","A3"],["A1","A3"]],
  "layout": [["A1","A2","A3"]]
})";

Result bad_map(const std::string& why) { return Result::fail(RuleError::bad_option, "option 'map': " + why); }

bool valid_area_id(const Json& id) {
  if (!id.is_string()) return false;
  const std::string& s = id.get_ref<const std::string&>();
  if (s.empty() || s.size() > kMaxAreaId) return false;
  return std::none_of(s.begin(), s.end(), [](char c) { return static_cast<unsigned char>(c) < 0x20 || c == 0x7f; });
}

Result only_keys(const Json& obj, const std::vector<std::string>& allowed, const std::string& where) {
  for (const auto& [k, v] : obj.items())
    if (std::find(allowed.begin(), allowed.end(), k) == allowed.end())
      return bad_map(where + "unknown field '" + k + "'");
  return Result::ok();
}

// "sites": an integer for every player count, or {"3": n, "4": m}.
Result read_sites(const Json& j, int players, const std::string& where, int& out) {
  auto in_range = [](const Json& v) {
    return v.is_number_integer() && v.get<std::int64_t>() >= 1 && v.get<std::int64_t>() <= kMaxSites;
  };
  const std::string range = "an integer from 1 to " + std::to_string(kMaxSites);
  if (j.is_number_integer()) {
    if (!in_range(j)) return bad_map(where + "sites must be " + range);
    out = j.get<int>();
    return Result::ok();
  }
  if (!j.is_object()) return bad_map(where + "sites must be " + range + " or an object {\"3\": n, \"4\": n}");
  if (Result r = only_keys(j, {"3", "4"}, where + "sites: "); !r) return r;
  for (const auto& [k, v] : j.items())
    if (!in_range(v)) return bad_map(where + "sites[\"" + k + "\"] must be " + range);
  const std::string key = std::to_string(players);
  if (!j.contains(key)) return bad_map(where + "sites has no entry \"" + key + "\" for " + key + " players");
  out = j[key].get<int>();
  return Result::ok();
}

Result read_areas(const Json& areas, int players, MapDef& m) {
  if (!areas.is_array() || areas.empty() || areas.size() > kMaxAreas)
    return bad_map("areas must be a list of 1 to " + std::to_string(kMaxAreas) + " areas");
  for (std::size_t i = 0; i < areas.size(); ++i) {
    const Json& a = areas[i];
    const std::string where = "areas[" + std::to_string(i) + "]: ";
    if (!a.is_object()) return bad_map(where + "must be an object with id, suit and sites");
    if (Result r = only_keys(a, {"id", "suit", "sites"}, where); !r) return r;
    for (const char* key : {"id", "suit", "sites"})
      if (!a.contains(key)) return bad_map(where + "missing '" + key + "'");
    if (!valid_area_id(a["id"])) return bad_map(where + "id must be a string of 1-" + std::to_string(kMaxAreaId) + " bytes without control characters");
    Area area;
    area.id = a["id"].get<std::string>();
    if (m.find(area.id) >= 0) return bad_map(where + "area id '" + area.id + "' is used twice");
    auto suit = a["suit"].is_string() ? suit_from_letter(a["suit"].get<std::string>()) : std::nullopt;
    if (!suit) return bad_map(where + "suit must be \"R\", \"G\" or \"B\"");
    area.suit = *suit;
    if (Result r = read_sites(a["sites"], players, where, area.sites); !r) return r;
    m.areas.push_back(area);
  }
  for (int s = 0; s < kSuits; ++s) {
    const Suit suit = static_cast<Suit>(s);
    if (std::none_of(m.areas.begin(), m.areas.end(), [&](const Area& a) { return a.suit == suit; }))
      return bad_map(std::string("no area has suit \"") + suit_letter(suit) + "\" (every suit needs at least one)");
  }
  return Result::ok();
}

Result read_edges(const Json& edges, MapDef& m) {
  if (!edges.is_array()) return bad_map("edges must be a list of [area, area] pairs");
  for (std::size_t i = 0; i < edges.size(); ++i) {
    const Json& e = edges[i];
    const std::string where = "edges[" + std::to_string(i) + "]: ";
    if (!e.is_array() || e.size() != 2 || !e[0].is_string() || !e[1].is_string())
      return bad_map(where + "must be a pair of area ids");
    const int a = m.find(e[0].get<std::string>()), b = m.find(e[1].get<std::string>());
    if (a < 0 || b < 0) return bad_map(where + "unknown area '" + e[a < 0 ? 0 : 1].get<std::string>() + "'");
    if (a == b) return bad_map(where + "an area cannot be adjacent to itself");
    // Edges are undirected (§2.2): [A1, A2] and [A2, A1] are the same edge, so a map that
    // lists an edge again, in either direction, describes the same graph and is accepted.
    if (std::find(m.areas[a].adjacent.begin(), m.areas[a].adjacent.end(), b) != m.areas[a].adjacent.end())
      continue;
    m.areas[a].adjacent.push_back(b);
    m.areas[b].adjacent.push_back(a);
    m.edges.push_back({a, b});
  }
  for (Area& a : m.areas) std::sort(a.adjacent.begin(), a.adjacent.end());
  return Result::ok();
}

Result read_layout(const Json& layout, MapDef& m) {
  if (!layout.is_array()) return bad_map("layout must be a list of rows of area ids");
  std::vector<bool> seen(m.areas.size());
  for (const Json& row : layout) {
    if (!row.is_array()) return bad_map("layout must be a list of rows of area ids");
    std::vector<int> r;
    for (const Json& id : row) {
      const int a = id.is_string() ? m.find(id.get<std::string>()) : -1;
      if (a < 0) return bad_map("layout names an unknown area " + id.dump());
      if (seen[a]) return bad_map("layout names area '" + m.areas[a].id + "' twice");
      seen[a] = true;
      r.push_back(a);
    }
    m.layout.push_back(r);
  }
  std::vector<int> rest;  // areas the layout leaves out still get drawn, in a last row
  for (std::size_t i = 0; i < seen.size(); ++i)
    if (!seen[i]) rest.push_back(static_cast<int>(i));
  if (!rest.empty()) m.layout.push_back(rest);
  return Result::ok();
}

}  // namespace

int MapDef::total_sites() const {
  int n = 0;
  for (const Area& a : areas) n += a.sites;
  return n;
}

int MapDef::find(const std::string& area_id) const {
  for (std::size_t i = 0; i < areas.size(); ++i)
    if (areas[i].id == area_id) return static_cast<int>(i);
  return -1;
}

Json MapDef::to_json() const {
  Json as = Json::array(), es = Json::array(), rows = Json::array();
  for (const Area& a : areas) {
    Json j = Json::object();
    j["id"] = a.id;
    j["suit"] = std::string(1, suit_letter(a.suit));
    j["sites"] = a.sites;
    as.push_back(std::move(j));
  }
  for (const auto& e : edges) es.push_back({areas[e[0]].id, areas[e[1]].id});
  for (const auto& row : layout) {
    Json r = Json::array();
    for (int a : row) r.push_back(areas[a].id);
    rows.push_back(r);
  }
  return {{"id", id}, {"areas", as}, {"edges", es}, {"layout", rows}};
}

Json map_preset(const std::string& name) {
  if (name == "hinode6") return Json::parse(kHinode6);
  if (name == "triad") return Json::parse(kTriad);
  return nullptr;
}

Result map_from_option(const Json& option, int players, MapDef& out) {
  Json j = option;
  if (j.is_string()) {
    j = map_preset(option.get<std::string>());
    if (j.is_null()) return bad_map("unknown map \"" + option.get<std::string>() + "\" (presets: hinode6, triad)");
  }
  if (!j.is_object()) return bad_map("must be a preset name (hinode6, triad) or a map object");
  if (Result r = only_keys(j, {"id", "areas", "edges", "layout"}, ""); !r) return r;
  if (!j.contains("areas")) return bad_map("missing 'areas'");
  if (!j.contains("edges")) return bad_map("missing 'edges'");
  MapDef m;
  m.id = "custom";
  if (j.contains("id")) {
    if (!j["id"].is_string() || j["id"].get_ref<const std::string&>().empty() ||
        j["id"].get_ref<const std::string&>().size() > 32)
      return bad_map("id must be a string of 1-32 characters");
    m.id = j["id"].get<std::string>();
  }
  if (Result r = read_areas(j["areas"], players, m); !r) return r;
  if (Result r = read_edges(j["edges"], m); !r) return r;
  if (j.contains("layout")) {
    if (Result r = read_layout(j["layout"], m); !r) return r;
  } else {
    std::vector<int> row;  // without a layout, renderers draw the areas in one row
    for (std::size_t i = 0; i < m.areas.size(); ++i) row.push_back(static_cast<int>(i));
    m.layout.push_back(row);
  }
  out = std::move(m);
  return Result::ok();
}

}  // namespace nyan::hinode
