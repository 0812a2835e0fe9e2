// TextTree, the policies' reader of views: the same values as nlohmann's parse for every
// view an engine writes, and a clear error for text it cannot read.
#include <catch2/catch.hpp>

#include <stdexcept>

#include "rules/core/registry.h"
#include "rules/core/text_tree.h"
#include "tests/support/playout.h"

using namespace nyan;

namespace {

// The tree as nlohmann's Json, to compare with the parse of the same text.
Json rebuild(const TextTree::Ref r) {
  if (r.is_null()) return nullptr;
  if (r.is_flag()) return r.flag();
  if (r.is_number()) return r.num();
  if (r.is_string()) return std::string(r.str());
  if (r.is_object()) {
    Json out = Json::object();
    for (const TextTree::Ref m : r) out[std::string(m.key())] = rebuild(m);
    return out;
  }
  REQUIRE(r.is_array());
  Json out = Json::array();
  for (const TextTree::Ref e : r) out.push_back(rebuild(e));
  return out;
}

}  // namespace

TEST_CASE("TextTree reads what nlohmann reads", "[bot][text_tree]") {
  for (const char* text : {R"({"a":1,"b":[true,false,null,-12],"c":{"d":"x","e":[]},"f":{}})", "[]", "0", R"("s")",
                           R"( { "k" : [ 1 , 2 ] } )"}) {
    INFO(text);
    const TextTree t(text);
    CHECK(rebuild(t.root()) == Json::parse(text));
  }
  const TextTree t(R"({"a":1,"b":[7,8],"s":"say \"hi\""})");
  CHECK(t.root().at("a").integer() == 1);
  CHECK(t.root().at("b").size() == 2);
  CHECK(t.root().at("b").at(1).integer() == 8);
  CHECK(t.root().at("s").str() == R"(say \"hi\")");  // escapes as written
  CHECK_FALSE(t.root().find("z").has_value());
  CHECK_THROWS_AS(t.root().at("z"), std::out_of_range);
  CHECK_THROWS_AS(t.root().at("a").str(), std::invalid_argument);
}

TEST_CASE("TextTree refuses what is not JSON of integers", "[bot][text_tree]") {
  for (const char* text : {"", "{", "[1,]", R"({"a"})", R"({"a":1.5})", "1e3", "tru", R"("open)", "[1] 2",
                           "12345678901234567890"}) {
    INFO(text);
    CHECK_THROWS_AS(TextTree(text), std::invalid_argument);
  }
}

TEST_CASE("TextTree reads every view of random games as nlohmann does", "[bot][text_tree]") {
  register_all_games();
  for (const Game* g : registry().games()) {
    const Json opts = test::options(*g, g->type().sample_options.front());
    DYNAMIC_SECTION(g->type().id) {
      auto s = test::start(*g, opts, 3);
      SplitMix rng(4);
      for (int step = 0; !s->over() && step < 400; ++step) {
        for (Seat seat = 0; seat < s->seat_count(); ++seat) {
          const std::string text = s->view_text(seat);
          REQUIRE(rebuild(TextTree(text).root()) == Json::parse(text));
        }
        auto move = random_move(*s, rng);
        REQUIRE(move.has_value());
        test::must_apply(*s, move->seat, move->action);
      }
    }
  }
}
