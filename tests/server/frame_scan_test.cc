// The load generator's reader of frame members (clients/cli/frame_scan.h): it must read what
// a JSON parser reads, from the server's frames and from any JSON text, and give empty answers,
// never a read past the end, for text that is cut short or malformed.
#include <catch2/catch.hpp>

#include <memory>
#include <string>

#include "clients/cli/frame_scan.h"
#include "rules/core/types.h"

using namespace nyan;
using namespace nyan::cli;

namespace {

// The member as nlohmann reads it from the text `member_text` returned.
Json member(std::string_view object, std::string_view key) {
  const std::string_view text = member_text(object, key);
  return text.empty() ? Json() : Json::parse(text);
}

}  // namespace

TEST_CASE("frame_scan: the members of a server frame read as a JSON parser reads them", "[cli][frame_scan]") {
  const std::string frame =
      R"({"commitments":[{"id":"c1","hash":"ab"}],"game_no":3,"hash":"9f","legal":[{"cards":[{"as":1,"id":"B?"}],"type":"play"},)"
      R"({"type":"pass"}],"patch":[{"op":"replace","path":"/log/0","value":"say \"legal\": [1], {x}"}],"room":"a-b-c",)"
      R"("to_act":[0,2],"type":"update","version":41})";
  const Json parsed = Json::parse(frame);
  for (const char* key : {"type", "game_no", "version", "legal", "to_act", "patch", "commitments", "room", "hash"})
    CHECK(member(frame, key) == parsed[key]);
  CHECK(member_text(frame, "type") == "\"update\"");
  CHECK(member_text(frame, "absent").empty());
  // Only top-level members: "value" and "op" are inside the patch, "id" inside commitments.
  CHECK(member_text(frame, "value").empty());
  CHECK(member_text(frame, "id").empty());
  CHECK(integer_text(member_text(frame, "version")) == 41);

  const std::vector<std::string_view> legal = element_texts(member_text(frame, "legal"));
  REQUIRE(legal.size() == 2);
  CHECK(Json::parse(legal[0]) == parsed["legal"][0]);
  CHECK(legal[1] == R"({"type":"pass"})");
  const std::vector<std::string_view> to_act = element_texts(member_text(frame, "to_act"));
  REQUIRE(to_act.size() == 2);
  CHECK(integer_text(to_act[1]) == 2);
}

TEST_CASE("frame_scan: whitespace, escapes and nesting as any JSON text may have them", "[cli][frame_scan]") {
  const std::string text = " {\n \"a\\\"b\" : [ 1 , { \"c\" : \"]}\\\\\" } ] ,\t\"n\":-7 , \"e\" : [ ] , \"s\":\"x\\\\\" }\n";
  const Json parsed = Json::parse(text);
  CHECK(member(text, "n") == -7);
  CHECK(integer_text(member_text(text, "n")) == -7);
  CHECK(member(text, "s") == parsed["s"]);
  CHECK(element_texts(member_text(text, "e")).empty());
  // A key is compared as written between its quotes.
  CHECK(Json::parse(member_text(text, "a\\\"b")) == parsed["a\"b"]);
  CHECK(element_texts(" [ 1 ,2,\n3 ] ").size() == 3);
}

TEST_CASE("frame_scan: text cut short or malformed gives empty answers", "[cli][frame_scan]") {
  const std::string frame = R"({"type":"update","version":5,"legal":[{"type":"pass","s":"a\"]"}],"to_act":[1]})";
  // Every prefix is read from a buffer of exactly its size, so that the sanitizer build would
  // see a read past its end.
  for (std::size_t n = 0; n < frame.size(); ++n) {
    auto copy = std::make_unique<char[]>(n ? n : 1);
    std::copy(frame.data(), frame.data() + n, copy.get());
    const std::string_view cut(copy.get(), n);
    INFO(cut);
    // A member may be read from a prefix that holds it whole; the whole list only with its end.
    const std::string_view legal = member_text(cut, "legal");
    if (!legal.empty()) CHECK(legal == R"([{"type":"pass","s":"a\"]"}])");
    CHECK(member_text(cut, "absent").empty());
    (void)element_texts(cut);
  }
  for (const char* bad : {"", "{", "[", "{\"a\"}", "{\"a\":}", "{a:1}", "[1,,2]", "[1,]", "[1 2]", "\"x", "{\"a\":\"x}"}) {
    INFO(bad);
    CHECK(member_text(bad, "a").empty());
    CHECK(element_texts(bad).empty());
  }
  // The reading stops at the member asked for: what comes after it is not looked at.
  CHECK(member_text("{\"a\":1,}", "a") == "1");
  CHECK(member_text("{\"a\":1,}", "b").empty());
  CHECK(member_text("[1,2]", "a").empty());  // not an object
  CHECK(element_texts("{\"a\":1}").empty());   // not an array
  CHECK_FALSE(integer_text("1.5").has_value());
  CHECK_FALSE(integer_text("1e3").has_value());
  CHECK_FALSE(integer_text("\"1\"").has_value());
  CHECK_FALSE(integer_text("").has_value());
  CHECK_FALSE(integer_text("99999999999999999999").has_value());
}
