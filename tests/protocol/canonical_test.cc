// Canonical JSON and view hashes (PROTOCOL.md). Expected bytes and hash come from Python's
// json.dumps(sort_keys=True, separators=(',', ':'), ensure_ascii=False) and hashlib.
#include <catch2/catch.hpp>

#include <limits>

#include "protocol/canonical.h"
#include "rules/core/rng.h"

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

namespace {

// Strings built from pieces that stress the writer: escapes, raw control bytes, DEL, UTF-8
// of every length, and byte sequences that are not UTF-8 (overlong, surrogate, too large,
// truncated, stray continuation).
std::string random_string(Rng& rng) {
  static const char* pieces[] = {"a",        "Z",         "\"",           "\\",        "\b",       "\f",
                                 "\n",       "\r",        "\t",           "\x01",      "\x1f",     "\x7f",
                                 "/",        "\xc3\xa9",  "\xe3\x81\xad", "\xf0\x9f\x90\x88",   "\xef\xbf\xbd",
                                 "\x80",     "\xc0\x80",  "\xc2",         "\xe0\x80\x80",       "\xed\xa0\x80",
                                 "\xf4\x90\x80\x80",      "\xf5\x80\x80\x80", "\xe3\x81", "\xff", " "};
  constexpr std::uint32_t kPieces = sizeof pieces / sizeof pieces[0];
  std::string s;
  for (int n = static_cast<int>(rng.uniform(6)); n > 0; --n) s += pieces[rng.uniform(kPieces)];
  return s;
}

Json random_value(Rng& rng, int depth) {
  switch (depth <= 0 ? rng.uniform(6) : rng.uniform(8)) {
    case 0: return static_cast<std::int64_t>(rng.next_u64()) >> rng.uniform(64);
    case 1: return rng.next_u64() >> rng.uniform(64);  // unsigned, up to 2^64 - 1
    case 2: return random_string(rng);
    case 3: return nullptr;
    case 4: return rng.uniform(2) == 1;
    case 5: return std::numeric_limits<std::int64_t>::min();
    case 6: {
      Json j = Json::object();
      for (int i = static_cast<int>(rng.uniform(5)); i > 0; --i) j[random_string(rng)] = random_value(rng, depth - 1);
      return j;
    }
    default: {
      Json j = Json::array();
      for (int i = static_cast<int>(rng.uniform(5)); i > 0; --i) j.push_back(random_value(rng, depth - 1));
      return j;
    }
  }
}

}  // namespace

TEST_CASE("canonical JSON is byte for byte what nlohmann's dump writes", "[canonical]") {
  SplitMix rng(20261130);
  for (int i = 0; i < 20000; ++i) {
    const Json v = random_value(rng, 4);
    const std::string expected = v.dump(-1, ' ', false, Json::error_handler_t::replace);
    INFO(expected);
    REQUIRE(canonical_json(v) == expected);
  }
}
