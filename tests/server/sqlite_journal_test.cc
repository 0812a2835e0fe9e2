// The SQLite journal on its own, without a server: records are kept in commit order, come
// back grouped by room and in order, and a forgotten room's records are swept away (also
// when the journal was closed before its sweep) while the other rooms' stay.
#include <catch2/catch.hpp>

#include <map>

#include "server/journal/sqlite_journal.h"
#include "tests/server/journal_db.h"
#include "tests/server/temp_dir.h"

using namespace nyan;
using namespace nyan::server;

namespace {

std::unique_ptr<Journal> open_journal(const test::TempDir& dir, std::int64_t sweep_min) {
  std::string error;
  auto j = open_sqlite_journal(dir.path.string(), 0, error, sweep_min);
  INFO(error);
  REQUIRE(j);
  return j;
}

// Appends record number `i` of room `code` and counts the ones that failed.
void append_one(Journal& j, const std::string& code, int i, int& failed) {
  j.append(code, {journal_record({{"kind", "test"}, {"i", i}})}, [&failed](bool ok) { failed += ok ? 0 : 1; });
}

// Appends `n` records to each room, the rooms taking turns, each record flushed on its own so
// that every one is a commit of its own (as from rooms that act one after the other).
void append_in_turns(Journal& j, const std::vector<std::string>& rooms, int n) {
  int failed = 0;
  for (int i = 0; i < n; ++i)
    for (const std::string& code : rooms) {
      append_one(j, code, i, failed);
      j.flush();
    }
  REQUIRE(failed == 0);
}

// Each loaded room's record numbers, in the order the journal gave them.
std::map<std::string, std::vector<int>> load_all(Journal& j) {
  std::map<std::string, std::vector<int>> out;
  j.load([&](StoredRoom&& room) {
    CHECK(out.count(room.code) == 0);  // every room comes once, all its records together
    for (const Json& r : room.records) out[room.code].push_back(r.value("i", -1));
  });
  return out;
}

// The first column of every row of `sql` on the journal in `dir`.
std::vector<std::string> column(const test::TempDir& dir, const std::string& sql) {
  return test::journal_column(dir.path / "nyanhall.db", sql);
}

std::vector<int> first_numbers(int n) {
  std::vector<int> v;
  for (int i = 0; i < n; ++i) v.push_back(i);
  return v;
}

}  // namespace

TEST_CASE("sqlite journal: records are kept in commit order and load grouped by room, in order", "[journal]") {
  test::TempDir dir;
  {
    auto j = open_journal(dir, 1'000'000);
    append_in_turns(*j, {"rk", "ab", "mm"}, 5);
  }
  // Rooms take turns in the table as they did in the commits: nothing groups them on disk.
  CHECK(column(dir, "SELECT room FROM records ORDER BY id LIMIT 4") ==
        std::vector<std::string>{"rk", "ab", "mm", "rk"});
  auto j = open_journal(dir, 1'000'000);
  const auto loaded = load_all(*j);
  CHECK(loaded == std::map<std::string, std::vector<int>>{{"ab", first_numbers(5)}, {"mm", first_numbers(5)}, {"rk", first_numbers(5)}});
  // Records appended after a restart go on after the room's earlier ones.
  append_in_turns(*j, {"mm"}, 1);
  j.reset();
  j = open_journal(dir, 1'000'000);
  CHECK(load_all(*j)["mm"] == std::vector<int>{0, 1, 2, 3, 4, 0});
  CHECK(column(dir, "SELECT seq FROM records WHERE room = 'mm' ORDER BY id") ==
        std::vector<std::string>{"0", "1", "2", "3", "4", "5"});
}

TEST_CASE("sqlite journal: a forgotten room's records are swept once forgotten rooms hold as many as the rest",
          "[journal]") {
  test::TempDir dir;
  auto j = open_journal(dir, 10);
  append_in_turns(*j, {"aa", "bb", "cc", "dd"}, 20);
  j->forget("aa");
  append_in_turns(*j, {"cc"}, 1);
  // 20 forgotten records against 61 kept: not yet worth a pass over the table.
  CHECK(column(dir, "SELECT count(*) FROM records WHERE room = 'aa'") == std::vector<std::string>{"20"});
  CHECK(column(dir, "SELECT forgotten FROM rooms WHERE code = 'aa'") == std::vector<std::string>{"1"});
  j->forget("bb");
  j->forget("dd");  // 60 forgotten, 21 kept: a pass starts and is done by the next commits
  append_in_turns(*j, {"cc"}, 2);
  CHECK(column(dir, "SELECT DISTINCT room FROM records") == std::vector<std::string>{"cc"});
  CHECK(column(dir, "SELECT code || '=' || forgotten FROM rooms ORDER BY code") ==
        std::vector<std::string>{"aa=2", "bb=2", "cc=0", "dd=2"});
  j.reset();
  j = open_journal(dir, 10);
  CHECK(load_all(*j) == std::map<std::string, std::vector<int>>{
                            {"cc", {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 0, 0, 1}}});
}

TEST_CASE("sqlite journal: a room forgotten before its sweep stays forgotten, and the next run sweeps it",
          "[journal]") {
  test::TempDir dir;
  {
    auto j = open_journal(dir, 1'000'000);  // no pass in this run
    append_in_turns(*j, {"aa", "bb"}, 3);
    j->forget("aa");
    j->flush();
  }
  CHECK(column(dir, "SELECT count(*) FROM records WHERE room = 'aa'") == std::vector<std::string>{"3"});
  auto j = open_journal(dir, 1'000'000);
  CHECK(load_all(*j) == std::map<std::string, std::vector<int>>{{"bb", first_numbers(3)}});
  append_in_turns(*j, {"bb"}, 1);  // its records' number is not known: the pass starts at once
  CHECK(column(dir, "SELECT DISTINCT room FROM records") == std::vector<std::string>{"bb"});
  CHECK(column(dir, "SELECT forgotten FROM rooms WHERE code = 'aa'") == std::vector<std::string>{"2"});
}
