// The area map (rules §2.2) as data: areas with a suit and a number of sites, undirected
// adjacency edges and an optional layout for renderers. The default map `hinode6` and the
// preset `triad` are JSON in map.cc and go through the same parser as a room's own map, so a
// designer can try a new map without touching code.
#pragma once

#include <string>
#include <vector>

#include "rules/core/result.h"
#include "rules/core/types.h"
#include "rules/hinode/cards.h"

namespace nyan::hinode {

// §2.2 asks only that area ids are unique. Any name a designer might give (spaces, kana and
// kanji included) is fine; the bounds keep views and terminal renderers sane.
inline constexpr std::size_t kMaxAreaId = 32;  // bytes of UTF-8

struct Area {
  std::string id;              // "A1"
  Suit suit = Suit::R;
  int sites = 1;               // for this game's player count
  std::vector<int> adjacent;   // area indices, ascending
};

struct MapDef {
  std::string id;                          // "hinode6", or the room map's "id" ("custom")
  std::vector<Area> areas;                 // in data order; sites are numbered 1..sites
  std::vector<std::array<int, 2>> edges;   // area indices, as given
  std::vector<std::vector<int>> layout;    // rows of area indices (renderers only)

  int total_sites() const;
  int find(const std::string& area_id) const;  // -1 when unknown
  Json to_json() const;                        // the resolved map, for views
};

// Built-in maps by name, as the JSON a room could pass (null for an unknown name).
Json map_preset(const std::string& name);

// Reads the `map` option (a preset name or a map object) for `players` seats and checks it
// (§2.2 "Validation"). Errors are bad_option and name what is wrong.
Result map_from_option(const Json& option, int players, MapDef& out);

}  // namespace nyan::hinode
