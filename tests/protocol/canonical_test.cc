// Canonical JSON and view hashes (PROTOCOL.md). Expected bytes and hash come from Python's
// json.dumps(sort_keys=True, separators=(',', ':'), ensure_ascii=False) and hashlib.
#include <catch2/catch.hpp>

#include "protocol/canonical.h"

using namespace nyan;

TEST_CASE("canonical JSON: sorted keys, compact, minimal escapes, raw UTF-8", "[canonical]") {
  const Json v = Json::parse(R"({"c":true,"b":[1,2,{"z":"ねこ","a":null}],"a":"x\"\\\n\u0001"})");
  const std::string expected = "{\"a\":\"x\\\"\\\\\\n\\u0001\",\"b\":[1,2,{\"a\":null,\"z\":\"ねこ\"}],\"c\":true}";
  CHECK(canonical_json(v) == expected);
  CHECK(view_hash(v) == "c8b22560c6901efd6db112015a448a87a07e2521aa4a4133c55b2efb684ca5d0");
}

TEST_CASE("integers_only rejects floating point anywhere", "[canonical]") {
  CHECK(integers_only(Json::parse(R"({"a":[1,-2,{"b":3}],"c":"1.5"})")));
  CHECK_FALSE(integers_only(Json::parse(R"({"a":[1,{"b":1.5}]})")));
  CHECK_FALSE(integers_only(Json(2.0)));
}
