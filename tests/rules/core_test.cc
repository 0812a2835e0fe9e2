// rules/core: option schemas, the Rng helpers, the event log, the canonical text writer.
#include <catch2/catch.hpp>

#include <map>

#include "rules/core/canonical_text.h"
#include "rules/core/event_log.h"
#include "rules/core/options.h"
#include "rules/core/rng.h"

using namespace nyan;

TEST_CASE("options: defaults, unknown names, types and ranges", "[core][options]") {
  const std::vector<OptionSpec> schema = {
      OptionSpec::choice("mode", {"a", "b"}, "a", ""),
      OptionSpec::integer("players", 2, 4, 3, ""),
      OptionSpec::boolean("fast", false, ""),
      OptionSpec::object("map", "default", ""),
  };
  Json out;
  REQUIRE(normalize_options(schema, nullptr, out).is_ok());
  CHECK(out == Json{{"mode", "a"}, {"players", 3}, {"fast", false}, {"map", "default"}});
  REQUIRE(normalize_options(schema, {{"players", 4}, {"map", {{"x", 1}}}}, out).is_ok());
  CHECK(out["players"] == 4);

  auto error = [&](const Json& given) {
    Result r = normalize_options(schema, given, out);
    REQUIRE_FALSE(r.is_ok());
    CHECK(r.error().code == RuleError::bad_option);
    return r.error().message;
  };
  CHECK(error({{"colour", 1}}).find("unknown option 'colour'") != std::string::npos);
  CHECK(error({{"players", 5}}) == "option 'players': must be between 2 and 4");
  CHECK(error({{"players", 3.0}}) == "option 'players': must be an integer");
  CHECK(error({{"players", "3"}}) == "option 'players': must be an integer");
  CHECK(error({{"mode", "c"}}) == "option 'mode': must be one of \"a\", \"b\"");
  CHECK(error({{"fast", 1}}) == "option 'fast': must be true or false");
  CHECK(error({{"map", 1}}).find("option 'map'") == 0);
  CHECK(error(Json::array()) == "options must be a JSON object");
}

TEST_CASE("Rng::uniform stays in range and covers it", "[core][rng]") {
  SplitMix rng(1);
  for (std::uint64_t n : {1ULL, 2ULL, 3ULL, 6ULL, 52ULL, (1ULL << 63) + 1}) {
    for (int i = 0; i < 200; ++i) CHECK(rng.uniform(n) < n);
  }
  std::map<int, int> seen;
  for (int i = 0; i < 6000; ++i) seen[rng.below(6)]++;
  REQUIRE(seen.size() == 6);
  for (auto [k, c] : seen) CHECK((c > 800 && c < 1200));
}

TEST_CASE("event log: bounded, numbered, secrets only for their seats", "[core][log]") {
  EventLog log(3);
  log.add({{"type", "a"}});
  log.add({{"type", "b"}, {"seat", 0}}, {0}, {{"card", "x"}});
  log.add({{"type", "c"}});
  log.add({{"type", "d"}});
  const Json v0 = log.view(0), v1 = log.view(1), all = log.view(1, true);
  REQUIRE(v0.size() == 3);
  CHECK(v0[0]["n"] == 2);
  CHECK(v0[0]["card"] == "x");
  CHECK_FALSE(v1[0].contains("card"));
  CHECK(all[0]["card"] == "x");
  log.forget_secrets_except(1);
  CHECK_FALSE(log.view(0)[0].contains("card"));
  CHECK(log.count() == 4);
}

TEST_CASE("event log: its text is the canonical text of its view, secrets merged in key order", "[core][log]") {
  EventLog log(4);
  // Secret keys before, between and after the public ones, and one that replaces a public
  // field (the secret value wins, as in view()).
  log.add({{"type", "a"}, {"seat", 0}}, {0}, {{"card", "x"}, {"seen", true}, {"zone", 3}});
  log.add({{"type", "b"}, {"seat", 1}, {"up", "walk"}}, {1}, {{"up", "hidden"}, {"down", Json::array({1, 2})}});
  log.add({{"type", "c"}});
  log.add({{"type", "d \"quoted\""}, {"seat", 0}}, {0, 1}, {{"m", Json::object({{"k", 1}})}});
  for (Seat viewer : {kSpectator, 0, 1, 2}) {
    for (bool all : {false, true}) {
      std::string text;
      TextWriter w(text);
      log.write(w, viewer, all);
      CHECK(text == canonical_json(log.view(viewer, all)));
    }
  }
}

TEST_CASE("TextWriter: canonical text member by member", "[core][canonical]") {
  std::string out = "prefix:";
  TextWriter w(out);
  w.open_object();
  w.key("a").open_array().num(-3).str("x\"y\n").flag(true).null().open_object().close_object().close_array();
  w.key("b").open_object().key("c").num(1).key("d").open_array().close_array().close_object();
  w.key("e").json(Json::parse(R"({"z":1,"y":[2,{"x":null}]})"));
  w.key("f").raw("[1,2]");
  w.key("g").str("caf\u00e9");
  w.close_object();
  CHECK(out == "prefix:" + canonical_json(Json::parse(out.substr(7))));
  CHECK(out == R"(prefix:{"a":[-3,"x\"y\n",true,null,{}],"b":{"c":1,"d":[]},"e":{"y":[2,{"x":null}],"z":1},"f":[1,2],"g":"café"})");
}

TEST_CASE("canonical_json_with: a member given as text takes its place in key order", "[core][canonical]") {
  const Json tree = Json::parse(R"({"b":1,"d":{"x":[1,"two"]},"log":"old"})");
  // Wherever the key sorts, the text is that of the tree with the member set to the parsed value.
  for (const char* key : {"a", "c", "e", "log", "lo", "logs", "B"}) {
    Json expected = tree;
    expected[key] = Json::parse(R"([{"n":1,"type":"x"}])");
    INFO(key);
    CHECK(canonical_json_with(tree, key, R"([{"n":1,"type":"x"}])") == canonical_json(expected));
  }
  CHECK(canonical_json_with(Json::object(), "log", "[]") == R"({"log":[]})");
  CHECK(canonical_json_with(tree, "log", "[]") == R"({"b":1,"d":{"x":[1,"two"]},"log":[]})");
}

TEST_CASE("RngBox: a copy continues the same stream independently", "[core][rng]") {
  RngBox a(std::make_unique<SplitMix>(5));
  a->next_u64();
  RngBox b = a;
  const std::uint64_t x = a->next_u64();
  CHECK(b->next_u64() == x);
  CHECK(a->next_u64() == b->next_u64());
}
