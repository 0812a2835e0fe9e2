// The web root's set on its own: what it serves, what it refuses (every way of naming a file
// outside it, hidden names, links that leave it), that a file changed on disk is read again and
// a new one only after the set is built again; gzip that any inflater reads back, the same
// bytes every time.
#include <catch2/catch.hpp>

#include <filesystem>
#include <thread>

#include "server/http/static_files.h"
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
  // A larger file than is ever served (sparse: no 8 MiB written).
  std::filesystem::resize_file(dir.write("huge.js", ""), StaticFiles::kMaxFileBytes + 1);
  StaticFiles web(dir.path.string());
  CHECK_FALSE(web.find("/style.css"));  // nothing before the walk
  std::string error;
  REQUIRE(web.load(error));
  CHECK(web.size() == 2);

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
  CHECK_FALSE(web.find("/huge.js"));

  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  dir.write("style.css", text + "p {}\n");
  const auto changed = web.find("/style.css");
  REQUIRE(changed);
  CHECK(changed->body == text + "p {}\n");
  CHECK(changed->etag != css->etag);

  // A file of the set replaced by a link (here to a file outside the root) is not served.
  TempDir outside;
  const auto secret = outside.write("secret.txt", "outside the web root\n");
  std::filesystem::remove(dir.path / "js/app.js");
  std::filesystem::create_symlink(secret, dir.path / "js/app.js");
  CHECK_FALSE(web.find("/js/app.js"));
}

TEST_CASE("static files: a request is looked up in the set, never joined onto a path", "[static][security]") {
  TempDir dir;
  TempDir outside;
  const std::string secret = "canary 7f3a: outside the web root\n";
  const auto secret_path = outside.write("secret.txt", secret);
  dir.write("index.html", "<!doctype html>\n");
  dir.write("js/app.js", "export {};\n");
  dir.write(".env", "hidden\n");
  dir.write(".git/config", "hidden\n");
  dir.write("bad name.js", "not a plain name\n");
  dir.write("js/100%.js", "not a plain name\n");
  std::filesystem::create_symlink(secret_path, dir.path / "leak.txt");             // leaves the root
  std::filesystem::create_symlink(outside.path, dir.path / "outside");              // a folder outside
  std::filesystem::create_symlink(dir.path / "js", dir.path / "scripts");           // a folder inside: not followed
  std::filesystem::create_symlink(dir.path / "js/app.js", dir.path / "app-link.js");  // a file inside: served
  StaticFiles web(dir.path.string());
  std::string error;
  REQUIRE(web.load(error));

  CHECK(web.size() == 3);
  REQUIRE(web.find("/"));
  CHECK(web.find("/")->body == "<!doctype html>\n");
  REQUIRE(web.find("/app-link.js"));
  CHECK(web.find("/app-link.js")->body == "export {};\n");

  const std::string abs = secret_path.string();
  for (const std::string& path : std::vector<std::string>{"//" + abs.substr(1), "///" + abs.substr(1), abs, "/leak.txt", "/outside/secret.txt", "/scripts/app.js",
        "/.env", "/.git/config", "/bad name.js", "/bad%20name.js", "/js/100%.js", "/js/100%25.js", "//js/app.js",
        "/./js/app.js", "/js/./app.js", "/js//app.js", "/js/../js/app.js", "/js/../../" + outside.path.filename().string() + "/secret.txt",
        "/%2Fjs%2Fapp.js", "/js%2Fapp.js", "/%2F%2Fetc/passwd", "/js\\app.js", "\\js\\app.js",
        std::string("/js/app.js\0", 11), std::string("/js/app.js\0.png", 15), "/JS/APP.JS", "js/app.js", "",
        "//etc/passwd", "///etc/passwd", "//proc/self/environ", "//./etc/passwd", "/./", "//", "/r/../../etc/passwd"}) {
    INFO(path);
    CHECK_FALSE(web.find(path));
  }
  CHECK(web.find("/js/app.js"));

  // A file created after the walk is not served until the set is built again (SIGHUP).
  dir.write("late.js", "late\n");
  CHECK_FALSE(web.find("/late.js"));
  REQUIRE(web.load(error));
  REQUIRE(web.find("/late.js"));
  CHECK(web.find("/late.js")->body == "late\n");
}

TEST_CASE("static files: a web root that is not a client's folder is refused", "[static][security]") {
  std::string error;
  CHECK_FALSE(StaticFiles("/nonexistent-web-root-for-test").load(error));
  CHECK(error.find("not a readable directory") != std::string::npos);

  TempDir many;
  for (std::size_t i = 0; i <= StaticFiles::kMaxFiles; ++i) many.write("f" + std::to_string(i) + ".js", "x");
  StaticFiles web(many.path.string());
  error.clear();
  CHECK_FALSE(web.load(error));
  CHECK(error.find("not a browser client's folder: more than") != std::string::npos);
  CHECK(web.size() == 0);  // nothing taken from a walk that failed

  TempDir deep;
  std::string path;
  for (int i = 0; i <= StaticFiles::kMaxDepth; ++i) path += "d/";
  deep.write(path + "x.js", "x");
  error.clear();
  CHECK_FALSE(StaticFiles(deep.path.string()).load(error));
  CHECK(error.find("deeper") != std::string::npos);
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
