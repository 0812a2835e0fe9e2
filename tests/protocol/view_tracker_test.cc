#include <catch2/catch.hpp>

#include "protocol/view_tracker.h"

using namespace nyan;

// A client checks what the server sends as it checks any input: a message with fields of the
// wrong shape is refused with a reason (the client then resyncs); it never throws.
TEST_CASE("view tracker: malformed snapshots and updates are refused, not thrown", "[protocol][tracker]") {
  ViewTracker t;
  for (const Json& m : {Json("snapshot"), Json::array({1, 2}), Json{{"type", "snapshot"}, {"game_no", "one"}},
                        Json{{"type", "snapshot"}, {"view", {{"a", 1}}}, {"version", Json::object()}}}) {
    ViewTracker::Check c;
    REQUIRE_NOTHROW(c = t.on_snapshot(m));
    CHECK_FALSE(c.ok);
    CHECK_FALSE(c.problem.empty());
  }
  CHECK_FALSE(t.on_update(Json{{"type", "update"}, {"version", 1}}).ok);  // before any snapshot
  for (const Json& m : {Json(7), Json{{"type", "update"}, {"game_no", Json::array()}},
                        Json{{"type", "update"}, {"version", "2"}, {"patch", "not a patch"}}}) {
    ViewTracker::Check c;
    REQUIRE_NOTHROW(c = t.on_update(m));
    CHECK_FALSE(c.ok);
  }
}
