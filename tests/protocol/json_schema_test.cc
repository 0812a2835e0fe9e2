// The JSON Schema subset validator the tests check action schemas and server messages with
// (tests/support/json_schema.h): each keyword accepts what it should and refuses the rest,
// and a keyword outside the subset is an error, not a rule silently skipped.
#include <catch2/catch.hpp>

#include "tests/support/json_schema.h"

using namespace nyan;
using nyan::test::resolve_pointer;
using nyan::test::schema_problem;

namespace {
bool valid(const Json& schema, const Json& value, const Json& root = nullptr) {
  return !schema_problem(schema, value, root);
}
}  // namespace

TEST_CASE("json schema: types, enum and const", "[schema]") {
  CHECK(valid({{"type", "integer"}}, 3));
  CHECK_FALSE(valid({{"type", "integer"}}, 3.5));
  CHECK_FALSE(valid({{"type", "integer"}}, true));
  CHECK(valid({{"type", Json::array({"string", "null"})}}, nullptr));
  CHECK_FALSE(valid({{"type", Json::array({"string", "null"})}}, 1));
  CHECK(valid({{"type", "boolean"}}, false));
  CHECK_FALSE(valid({{"type", "object"}}, Json::array()));
  CHECK(valid({{"enum", {"a", 1}}}, 1));
  CHECK_FALSE(valid({{"enum", {"a", 1}}}, "1"));
  CHECK(valid({{"const", "up"}}, "up"));
  CHECK_FALSE(valid({{"const", 1}}, true));  // true is not 1
  CHECK(valid(true, 5));
  CHECK_FALSE(valid(false, 5));
}

TEST_CASE("json schema: objects", "[schema]") {
  const Json s = {{"type", "object"},
                  {"properties", {{"a", {{"type", "integer"}}}, {"b", {{"type", "string"}}}}},
                  {"required", {"a"}},
                  {"additionalProperties", false}};
  CHECK(valid(s, {{"a", 1}}));
  CHECK(valid(s, {{"a", 1}, {"b", "x"}}));
  CHECK_FALSE(valid(s, {{"b", "x"}}));
  CHECK_FALSE(valid(s, {{"a", "1"}}));
  const auto extra = schema_problem(s, {{"a", 1}, {"c", 2}});
  REQUIRE(extra);
  CHECK(extra->find("'c'") != std::string::npos);
  Json open = s;
  open["additionalProperties"] = {{"type", "integer"}};
  CHECK(valid(open, {{"a", 1}, {"c", 2}}));
  CHECK_FALSE(valid(open, {{"a", 1}, {"c", "2"}}));
  // The place of the problem is named as a JSON pointer.
  const auto deep = schema_problem({{"properties", {{"x/y", {{"items", {{"type", "integer"}}}}}}}}, {{"x/y", {1, "z"}}});
  REQUIRE(deep);
  CHECK(deep->rfind("/x~1y/1:", 0) == 0);
}

TEST_CASE("json schema: arrays, numbers and strings", "[schema]") {
  const Json list = {{"type", "array"}, {"items", {{"type", "integer"}, {"minimum", 1}, {"maximum", 7}}},
                     {"minItems", 1}, {"maxItems", 2}};
  CHECK(valid(list, {1, 7}));
  CHECK_FALSE(valid(list, Json::array()));
  CHECK_FALSE(valid(list, {1, 2, 3}));
  CHECK_FALSE(valid(list, {0}));
  CHECK_FALSE(valid(list, {8}));
  const Json text = {{"type", "string"}, {"minLength", 2}, {"maxLength", 3}, {"pattern", "^[a-f0-9]+$"}};
  CHECK(valid(text, "ab"));
  CHECK_FALSE(valid(text, "a"));
  CHECK_FALSE(valid(text, "abcd"));
  CHECK_FALSE(valid(text, "xy"));
  CHECK(valid({{"maxLength", 2}}, "ねこ"));  // characters, not bytes
  CHECK(valid({{"pattern", "b"}}, "abc"));  // unanchored, as JSON Schema says
}

TEST_CASE("json schema: oneOf, anyOf and $ref", "[schema]") {
  const Json doc = {
      {"defs",
       {{"up", {{"type", "object"}, {"properties", {{"type", {{"const", "up"}}}, {"n", {{"type", "integer"}}}}},
                {"required", {"type", "n"}}, {"additionalProperties", false}}},
        {"down", {{"type", "object"}, {"properties", {{"type", {{"const", "down"}}}}}, {"required", {"type"}}}}}},
      {"one", {{"oneOf", {{{"$ref", "#/defs/up"}}, {{"$ref", "#/defs/down"}}}}}}};
  const Json& one = doc["one"];
  CHECK(valid(one, {{"type", "up"}, {"n", 1}}, doc));
  CHECK(valid(one, {{"type", "down"}}, doc));
  const auto wrong = schema_problem(one, {{"type", "up"}, {"n", "1"}}, doc);
  REQUIRE(wrong);
  CHECK(wrong->find("/n") != std::string::npos);  // explained by the branch of its own type
  CHECK_FALSE(valid(one, {{"type", "sideways"}}, doc));
  CHECK_FALSE(valid({{"oneOf", {{{"type", "integer"}}, {{"minimum", 0}}}}}, 1));  // both match
  CHECK(valid({{"anyOf", {{{"type", "integer"}}, {{"minimum", 0}}}}}, 1));
  CHECK_FALSE(valid({{"anyOf", {{{"type", "string"}}, {{"type", "null"}}}}}, 1));
  CHECK_FALSE(valid({{"$ref", "#/nowhere"}}, 1, doc));
  REQUIRE(resolve_pointer(doc, "#/defs/up/required/1"));
  CHECK(*resolve_pointer(doc, "#/defs/up/required/1") == "n");
  CHECK(resolve_pointer(doc, "/defs/up/required/2") == nullptr);
}

TEST_CASE("json schema: a keyword outside the subset is refused", "[schema]") {
  const auto p = schema_problem({{"type", "object"}, {"patternProperties", Json::object()}}, Json::object());
  REQUIRE(p);
  CHECK(p->find("patternProperties") != std::string::npos);
  CHECK(valid({{"type", "integer"}, {"description", "annotations are fine"}, {"examples", {1}}}, 1));
}
