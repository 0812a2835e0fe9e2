// The web root's cache on its own: what it serves, what it refuses, and that a file changed
// on disk is read again; gzip that any inflater reads back, the same bytes every time.
#include <catch2/catch.hpp>

#include <filesystem>
#include <thread>

#include "server/static_files.h"
#include "tests/server/gunzip.h"
#include "tests/server/temp_dir.h"

using namespace nyan;
using nyan::server::StaticFiles;
using nyan::test::TempDir;

TEST_CASE("static files: regular files only, read again when they change", "[static]") {
  TempDir dir;
  std::string text;
  for (int i = 0; i < 200; ++i) text += "body { color: #" + std::to_string(100000 + i) + "; }\n";
  dir.write("style.css", text);
  dir.write("js/app.js", "export {};\n");
  StaticFiles web(dir.path.string());

  const auto css = web.find("/style.css");
  REQUIRE(css);
  CHECK(css->body == text);
  CHECK(std::string(css->content_type) == "text/css; charset=utf-8");
  REQUIRE_FALSE(css->gzip.empty());  // text this long compresses
  CHECK(test::gunzip(css->gzip) == text);
  CHECK(css->etag != css->etag_gzip);
  CHECK(web.find("/style.css") == css);  // unchanged: the same copy, not read again

  const auto small = web.find("/js/app.js");
  REQUIRE(small);
  CHECK(small->gzip.empty());  // too small to gain anything

  CHECK_FALSE(web.find("/js"));  // a directory
  CHECK_FALSE(web.find("/js/"));
  CHECK_FALSE(web.find("/missing.css"));

  // A larger file than is ever served (sparse: no 8 MiB written).
  std::filesystem::resize_file(dir.write("huge.js", ""), StaticFiles::kMaxFileBytes + 1);
  CHECK_FALSE(web.find("/huge.js"));

  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  dir.write("style.css", text + "p {}\n");
  const auto changed = web.find("/style.css");
  REQUIRE(changed);
  CHECK(changed->body == text + "p {}\n");
  CHECK(changed->etag != css->etag);

  CHECK_FALSE(StaticFiles("").find("/style.css"));  // no web root
}

TEST_CASE("static files: gzip is a whole gzip stream, the same for the same bytes", "[static]") {
  for (const std::string& data : {std::string(), std::string("a"), std::string(100000, 'x'), std::string("ねこ\n")}) {
    const std::string z = server::gzip(data);
    REQUIRE(z.size() >= 18);  // header and trailer
    CHECK(static_cast<unsigned char>(z[0]) == 0x1f);
    CHECK(static_cast<unsigned char>(z[1]) == 0x8b);
    CHECK(z.substr(4, 4) == std::string(4, '\0'));  // no time in the header: replicas agree
    CHECK(test::gunzip(z) == data);
    CHECK(server::gzip(data) == z);
  }
}
