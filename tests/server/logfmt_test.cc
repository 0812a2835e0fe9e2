// The text log's writer: every value that could break a line apart is quoted and escaped,
// and every line reads back as the same event, keys and values.
#include <catch2/catch.hpp>

#include "server/common/logfmt.h"
#include "tests/server/logfmt_reader.h"

using namespace nyan;
using nyan::server::logfmt_line;
using nyan::test::read_logfmt;

TEST_CASE("logfmt: plain values stay bare, others are quoted and escaped", "[logfmt]") {
  CHECK(logfmt_line("room_created", {{"code", "n1-kasumi"}, {"seats", 4}}) == "room_created code=n1-kasumi seats=4");
  CHECK(logfmt_line("journal", {{"backend", "in-memory (nothing survives a restart)"}}) ==
        R"x(journal backend="in-memory (nothing survives a restart)")x");
  CHECK(logfmt_line("e", {{"v", ""}}) == R"(e v="")");
  CHECK(logfmt_line("e", {{"v", "a=b"}}) == R"(e v="a=b")");
  CHECK(logfmt_line("e", {{"v", "say \"hi\""}}) == R"(e v="say \"hi\"")");
  CHECK(logfmt_line("e", {{"v", "back\\slash"}}) == R"(e v="back\\slash")");
  CHECK(logfmt_line("e", {{"v", "two\nlines\tand\r"}}) == R"(e v="two\nlines\tand\r")");
  CHECK(logfmt_line("e", {{"v", std::string("bell\x07") + "del\x7f"}}) == R"(e v="bell\u0007del\u007f")");
  CHECK(logfmt_line("e", {{"v", "ねこ"}}) == "e v=ねこ");  // UTF-8 needs no quotes
  CHECK(logfmt_line("e", {{"ok", true}, {"none", nullptr}, {"n", -3}}) == "e n=-3 none=null ok=true");
  CHECK(logfmt_line("e", {{"list", Json::array({1, "a b"})}}) == R"(e list="[1,\"a b\"]")");
  CHECK(logfmt_line("e", Json::object()) == "e");
  CHECK(logfmt_line("e", {{"bad key=", 1}}) == "e bad_key_=1");
}

TEST_CASE("logfmt: every line reads back as what was written", "[logfmt]") {
  const std::vector<std::string> values = {"", " ", "=", "\"", "\\", "a b=c\"d\\e", "\n\r\t", "\x01\x1f", "plain",
                                           "-", "ねこ あ", "trailing ", " leading", "\"quoted\""};
  for (const std::string& v : values) {
    const std::string line = logfmt_line("event", {{"a", v}, {"b", 1}, {"c", v + v}});
    INFO(line);
    const auto read = read_logfmt(line);
    REQUIRE(read);
    CHECK(read->event == "event");
    REQUIRE(read->fields.size() == 3);
    CHECK(read->get("a") == v);
    CHECK(read->get("b") == "1");
    CHECK(read->get("c") == v + v);
  }
  // The reader is strict: the old writer's lines, with bare spaces and quotes, fail it.
  CHECK_FALSE(read_logfmt("journal backend=in-memory (nothing survives a restart)"));
  CHECK_FALSE(read_logfmt(R"(e v=say"hi")"));
  CHECK_FALSE(read_logfmt(R"(e v="open)"));
}
