// Reading a journal's database directly, as the journal tests check what is on disk.
#pragma once

#include <catch2/catch.hpp>
#include <sqlite3.h>

#include <filesystem>
#include <string>
#include <vector>

namespace nyan::test {

// The first column of every row of `sql` on the journal database at `path`, as text (NULL as
// "NULL"), read through a read-only connection of its own. A query that does not prepare fails.
inline std::vector<std::string> journal_column(const std::filesystem::path& path, const std::string& sql) {
  sqlite3* db = nullptr;
  REQUIRE(sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READONLY, nullptr) == SQLITE_OK);
  sqlite3_stmt* q = nullptr;
  const bool prepared = sqlite3_prepare_v2(db, sql.c_str(), -1, &q, nullptr) == SQLITE_OK;
  const std::string error = prepared ? "" : sqlite3_errmsg(db);
  std::vector<std::string> out;
  while (prepared && sqlite3_step(q) == SQLITE_ROW) {
    const auto* t = reinterpret_cast<const char*>(sqlite3_column_text(q, 0));
    out.emplace_back(t ? t : "NULL");
  }
  sqlite3_finalize(q);
  sqlite3_close(db);
  INFO(sql << ": " << error);
  REQUIRE(prepared);
  return out;
}

}  // namespace nyan::test
