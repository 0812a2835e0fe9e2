// A seat's request ids (server/room/request_ids.h): the first version of an id is the one a
// retry gets, ids are matched whole, and a new game forgets them.
#include <catch2/catch.hpp>

#include <map>

#include "server/room/request_ids.h"

using nyan::server::RequestIds;

TEST_CASE("request ids: each id's first version, matched whole, forgotten at clear", "[server][records]") {
  RequestIds ids;
  CHECK_FALSE(ids.find("1"));
  ids.remember("12", 1);
  ids.remember("\"a\"", 2);
  ids.remember("123", 3);
  ids.remember("12", 9);  // a retry's id again: the first answer stays
  CHECK(ids.size() == 3);
  CHECK(ids.find("12") == 1);
  CHECK(ids.find("\"a\"") == 2);
  CHECK(ids.find("123") == 3);
  CHECK_FALSE(ids.find("1"));
  CHECK_FALSE(ids.find("1212"));
  CHECK_FALSE(ids.find("23"));
  CHECK_FALSE(ids.find("a"));
  CHECK_FALSE(ids.find(""));

  std::map<std::string, int> listed;
  ids.for_each([&](std::string_view id, int version) { listed.emplace(std::string(id), version); });
  CHECK(listed == std::map<std::string, int>{{"12", 1}, {"\"a\"", 2}, {"123", 3}});

  ids.clear();
  CHECK(ids.size() == 0);
  CHECK_FALSE(ids.find("12"));
  ids.remember("12", 4);
  CHECK(ids.find("12") == 4);
}
