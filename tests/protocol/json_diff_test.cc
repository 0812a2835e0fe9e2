// The patches sent after each action: applying one to the old view must give the new view
// exactly, and the shapes views take (a log that scrolls, a member that appears) stay small.
#include <catch2/catch.hpp>

#include "protocol/canonical.h"
#include "protocol/json_diff.h"
#include "rules/core/rng.h"

using nyan::Json;

namespace {

// The server diffs canonical texts; these tests compare parsed patches.
Json json_diff(const Json& from, const Json& to) {
  return Json::parse(nyan::json_diff(nyan::canonical_json(from), nyan::canonical_json(to)));
}

// Random JSON of bounded depth, with keys that need escaping in a JSON Pointer or in JSON
// text, and strings with escapes and brackets inside.
Json random_json(nyan::Rng& rng, int depth) {
  static const char* keys[] = {"a", "b", "log", "a/b", "~x", "", "players", "q\"u", "b\\s", "\xc3\xa9t\xc3\xa9", "tab\t"};
  static const char* strings[] = {"p", "q", "r", "]}", "\"[{", "a,b", "\\", "\xe3\x81\xad"};
  switch (depth <= 0 ? rng.uniform(4) : rng.uniform(6)) {
    case 0: return static_cast<int>(rng.uniform(5)) - 2;
    case 1: return strings[rng.uniform(8)];
    case 2: return nullptr;
    case 3: return rng.uniform(2) == 1;
    case 4: {
      Json j = Json::object();
      for (int i = static_cast<int>(rng.uniform(5)); i > 0; --i) j[keys[rng.uniform(11)]] = random_json(rng, depth - 1);
      return j;
    }
    default: {
      Json j = Json::array();
      for (int i = static_cast<int>(rng.uniform(6)); i > 0; --i) j.push_back(random_json(rng, depth - 1));
      return j;
    }
  }
}

// A variation of `j`: some members changed, removed or added; lists scrolled or resized.
Json mutate(const Json& j, nyan::Rng& rng, int depth) {
  if (rng.uniform(8) == 0) return random_json(rng, depth);
  if (j.is_object()) {
    Json out = Json::object();
    for (const auto& [k, v] : j.items())
      if (rng.uniform(6) != 0) out[k] = mutate(v, rng, depth - 1);
    if (rng.uniform(3) == 0) out["new"] = random_json(rng, depth - 1);
    return out;
  }
  if (j.is_array()) {
    Json out = Json::array();
    const std::size_t drop = j.empty() ? 0 : rng.uniform(static_cast<std::uint32_t>(std::min<std::size_t>(j.size(), 6)));
    for (std::size_t i = drop; i < j.size(); ++i) out.push_back(rng.uniform(4) == 0 ? mutate(j[i], rng, depth - 1) : j[i]);
    for (int i = static_cast<int>(rng.uniform(4)); i > 0; --i) out.push_back(random_json(rng, depth - 1));
    return out;
  }
  return j;
}

}  // namespace

TEST_CASE("json_diff: applying the patch gives the new value, for random pairs", "[protocol][patch]") {
  nyan::SplitMix rng(20261130);
  for (int i = 0; i < 5000; ++i) {
    const Json from = random_json(rng, 4);
    const Json to = rng.uniform(2) == 0 ? mutate(from, rng, 4) : random_json(rng, 4);
    const Json patch = json_diff(from, to);
    INFO(from.dump() << " -> " << to.dump() << " by " << patch.dump());
    REQUIRE(from.patch(patch) == to);
    if (from == to) REQUIRE(patch.empty());
  }
}

TEST_CASE("json_diff: a scrolling log is a remove at the front and an add at the back", "[protocol][patch]") {
  Json from = {{"log", Json::array()}, {"turn", 3}};
  for (int i = 0; i < 10; ++i) from["log"].push_back({{"event", "move"}, {"n", i}});
  Json to = from;
  to["turn"] = 4;
  to["log"].erase(to["log"].begin());
  to["log"].push_back({{"event", "move"}, {"n", 10}});
  const Json expected = Json::parse(R"([
    {"op": "remove", "path": "/log/0"},
    {"op": "add", "path": "/log/9", "value": {"event": "move", "n": 10}},
    {"op": "replace", "path": "/turn", "value": 4}])");
  CHECK(json_diff(from, to) == expected);
  CHECK(from.patch(json_diff(from, to)) == to);
}

TEST_CASE("json_diff: members are addressed with escaped JSON Pointers", "[protocol][patch]") {
  const Json from = {{"a/b", 1}, {"~x", {1, 2, 3}}, {"gone", true}};
  const Json to = {{"a/b", 2}, {"~x", {1, 2}}, {"new", nullptr}};
  const Json expected = Json::parse(R"([
    {"op": "replace", "path": "/a~1b", "value": 2},
    {"op": "remove", "path": "/gone"},
    {"op": "add", "path": "/new", "value": null},
    {"op": "remove", "path": "/~0x/2"}])");
  CHECK(json_diff(from, to) == expected);
  // Two short lists with nothing in common are replaced element by element, not shifted.
  CHECK(json_diff(Json{{"m", {1, 4}}}, Json{{"m", {2, 3}}}) == Json::parse(R"([
    {"op": "replace", "path": "/m/0", "value": 2}, {"op": "replace", "path": "/m/1", "value": 3}])"));
  CHECK(json_diff(Json(1), Json("1")) == Json::parse(R"([{"op": "replace", "path": "", "value": "1"}])"));
  CHECK(json_diff(Json::array(), Json::object()) == Json::parse(R"([{"op": "replace", "path": "", "value": {}}])"));
}

TEST_CASE("json_diff: an index kept from the last diff gives the same patch as a fresh one", "[protocol][patch]") {
  // The server indexes each view once and keeps the index with the view: the new view of one
  // patch is the old view of the next.
  nyan::SplitMix rng(20261201);
  std::string from = nyan::canonical_json(random_json(rng, 4));
  nyan::TextIndex from_index(from);
  for (int i = 0; i < 2000; ++i) {
    const std::string to = nyan::canonical_json(rng.uniform(3) == 0 ? random_json(rng, 4) : mutate(Json::parse(from), rng, 4));
    const nyan::TextIndex to_index(to);
    const std::string patch = nyan::json_diff(from, from_index, to, to_index);
    INFO(from << " -> " << to);
    REQUIRE(patch == nyan::json_diff(from, to));
    REQUIRE(Json::parse(from).patch(Json::parse(patch)) == Json::parse(to));
    from = to;
    from_index = to_index;
  }
}

TEST_CASE("json_diff: a memo shared by several views gives each the patch it would get alone", "[protocol][patch]") {
  // The server diffs the views of all audiences of one action with one memo: the parts they
  // see alike are diffed once. Here the views share some parts exactly, and others only
  // sometimes, so the memo both hits and must not hit.
  nyan::SplitMix rng(20261204);
  for (int action = 0; action < 300; ++action) {
    const Json board = random_json(rng, 4), board_after = mutate(board, rng, 4);
    const Json log = random_json(rng, 3), log_after = mutate(log, rng, 3);
    std::vector<std::string> from, to;
    for (int seat = 0; seat < 4; ++seat) {
      Json a = {{"board", board}, {"log", log}, {"own", random_json(rng, 3)}};
      Json b = {{"board", board_after}, {"log", rng.uniform(3) == 0 ? mutate(log, rng, 3) : log_after}};
      b["own"] = rng.uniform(2) == 0 ? mutate(a["own"], rng, 3) : random_json(rng, 3);
      from.push_back(nyan::canonical_json(a));
      to.push_back(nyan::canonical_json(b));
    }
    nyan::DiffMemo memo;
    for (std::size_t seat = 0; seat < from.size(); ++seat) {
      const std::string patch =
          nyan::json_diff(from[seat], nyan::TextIndex(from[seat]), to[seat], nyan::TextIndex(to[seat]), &memo);
      INFO(from[seat] << " -> " << to[seat]);
      REQUIRE(patch == nyan::json_diff(from[seat], to[seat]));
    }
  }
}

TEST_CASE("json_diff: the index finds containers after escapes and brackets in strings at any offset", "[protocol][patch]") {
  // The index reads a text 64 bytes at a time; strings with escaped quotes, backslashes and
  // brackets are moved across those blocks' edges by a padding string before them.
  for (std::size_t pad = 0; pad < 150; ++pad) {
    const Json from = {{"a", std::string(pad, 'x') + "\\\"]}[{"},
                       {"b", {1, {{"c", "]}\\"}}, {2, 3}}},
                       {"d", {{"e", {4, "\"{"}}, {"f", 5}}}};
    Json to = from;
    to["b"][1]["c"] = "z";
    to["d"]["e"][0] = 6;
    const Json expected = Json::parse(R"([
      {"op": "replace", "path": "/b/1/c", "value": "z"},
      {"op": "replace", "path": "/d/e/0", "value": 6}])");
    INFO("pad " << pad);
    CHECK(json_diff(from, to) == expected);
  }
}

TEST_CASE("json_diff: texts that are not JSON, such as brackets never closed, are diffed without harm", "[protocol][patch]") {
  // The index has room for a container per byte: a text of opening brackets alone holds that many.
  for (const std::size_t n : {1, 63, 64, 65, 200}) {
    const std::string open(n, '[');
    CHECK_NOTHROW(nyan::json_diff(open, open + "1"));
    CHECK_NOTHROW(nyan::json_diff(std::string(n, ']'), open));
  }
}

TEST_CASE("TextIndex: an index made from another text's index is the index of the text alone", "[protocol][patch]") {
  // The server indexes each seat's view from the view of the seat before it, which it begins
  // alike with. Here texts that begin alike for any length, JSON or not: a text cut anywhere
  // (inside a string, after an escape) and ended with the end of another.
  nyan::SplitMix rng(20261205);
  for (int i = 0; i < 2000; ++i) {
    const std::string like = nyan::canonical_json(random_json(rng, 4));
    const std::string other = nyan::canonical_json(rng.uniform(2) == 0 ? mutate(Json::parse(like), rng, 4) : random_json(rng, 4));
    const std::size_t cut = rng.uniform(static_cast<std::uint32_t>(like.size() + 1));
    const std::size_t resume = rng.uniform(static_cast<std::uint32_t>(other.size() + 1));
    for (const std::string& text : {other, like.substr(0, cut) + other.substr(resume), like.substr(0, cut), like + "]]}{"}) {
      INFO(like << " / " << text);
      REQUIRE(nyan::TextIndex(text, like, nyan::TextIndex(like)) == nyan::TextIndex(text));
      REQUIRE(nyan::TextIndex(like, text, nyan::TextIndex(text)) == nyan::TextIndex(like));
    }
  }
}
