// The browser client's files over HTTP: entity tags and 304 answers, gzip for clients that
// take it, HEAD answered with GET's headers, and directories answered 404 (not a dropped
// connection). The web root is made by the test, so every expected byte is known.
#include <catch2/catch.hpp>

#include <signal.h>

#include <fstream>
#include <sstream>
#include <thread>

#include "tests/server/gunzip.h"
#include "tests/server/server_process.h"
#include "tests/server/temp_dir.h"

using namespace nyan;
using namespace nyan::test;

namespace {

// A script long enough to be worth compressing, and different for every `version`.
std::string script(int version) {
  std::string s = "// version " + std::to_string(version) + "\n";
  for (int i = 0; i < 400; ++i) s += "export const card" + std::to_string(i) + " = 'nyan';\n";
  return s;
}

struct WebRoot {
  TempDir dir;
  std::string index = "<!doctype html><title>nyanhall</title>\n";
  std::string png = std::string("\x89PNG\r\n\x1a\n", 8) + std::string(3000, 'x');
  WebRoot() {
    dir.write("index.html", index);
    dir.write("js/app.js", script(1));
    dir.write("cat.png", png);
  }
};

}  // namespace

TEST_CASE("static files: ETag, Cache-Control and 304 when the client's copy is current", "[server][http][static]") {
  WebRoot web;
  ServerProcess server({"--journal", "none", "--web-root", web.dir.path.string()});
  const auto first = server.http("GET", "/js/app.js");
  REQUIRE(first.status == 200);
  CHECK(first.body == script(1));
  CHECK(first.header("content-type") == "text/javascript; charset=utf-8");
  CHECK(first.header("cache-control") == "no-cache");
  const std::string etag = first.header("etag");
  REQUIRE(etag.size() > 2);
  CHECK(etag.front() == '"');
  CHECK(etag.back() == '"');
  // The tag follows the bytes: the same file gives the same tag on every request.
  CHECK(server.http("GET", "/js/app.js").header("etag") == etag);

  const auto again = server.http("GET", "/js/app.js", {{"If-None-Match", etag}});
  CHECK(again.status == 304);
  CHECK(again.body.empty());
  CHECK(again.header("etag") == etag);
  CHECK(again.header("cache-control") == "no-cache");
  // Weak comparison, lists and "*" (RFC 9110 13.1.2).
  CHECK(server.http("GET", "/js/app.js", {{"If-None-Match", "\"other\", W/" + etag}}).status == 304);
  CHECK(server.http("GET", "/js/app.js", {{"If-None-Match", "*"}}).status == 304);
  CHECK(server.http("GET", "/js/app.js", {{"If-None-Match", "\"other\""}}).status == 200);

  // A share link is the client's index page, with the index page's tag.
  const auto index = server.http("GET", "/");
  REQUIRE(index.status == 200);
  CHECK(index.body == web.index);
  const auto share = server.http("GET", "/r/n1-kasumi-norepa-hodute");
  CHECK(share.status == 200);
  CHECK(share.header("etag") == index.header("etag"));
  CHECK(server.http("GET", "/r/abc", {{"If-None-Match", index.header("etag")}}).status == 304);

  // A changed file is a new version with a new tag, and the old tag no longer matches.
  std::this_thread::sleep_for(std::chrono::milliseconds(20));  // a modification time of its own
  web.dir.write("js/app.js", script(2) + "// longer\n");
  const auto changed = server.http("GET", "/js/app.js", {{"If-None-Match", etag}});
  CHECK(changed.status == 200);
  CHECK(changed.body == script(2) + "// longer\n");
  CHECK(changed.header("etag") != etag);
}

TEST_CASE("static files: gzip for clients that accept it, identity for the rest", "[server][http][static]") {
  WebRoot web;
  ServerProcess server({"--journal", "none", "--web-root", web.dir.path.string()});
  const auto plain = server.http("GET", "/js/app.js");
  REQUIRE(plain.status == 200);
  CHECK(plain.header("content-encoding").empty());
  CHECK(plain.header("vary") == "Accept-Encoding");

  const auto zipped = server.http("GET", "/js/app.js", {{"Accept-Encoding", "br;q=1.0, gzip;q=0.8, *;q=0.1"}});
  REQUIRE(zipped.status == 200);
  CHECK(zipped.header("content-encoding") == "gzip");
  CHECK(zipped.header("vary") == "Accept-Encoding");
  CHECK(zipped.header("content-type") == "text/javascript; charset=utf-8");
  CHECK(zipped.header("content-length") == std::to_string(zipped.body.size()));
  CHECK(zipped.body.size() < plain.body.size() / 4);
  CHECK(gunzip(zipped.body) == plain.body);  // (an optional: nullopt, not gzip, fails too)
  // The compressed form is another representation, with a tag of its own; each revalidates.
  const std::string gz_tag = zipped.header("etag");
  CHECK(gz_tag != plain.header("etag"));
  CHECK(server.http("GET", "/js/app.js", {{"Accept-Encoding", "gzip"}, {"If-None-Match", gz_tag}}).status == 304);
  CHECK(server.http("GET", "/js/app.js", {{"If-None-Match", gz_tag}}).status == 200);

  // Refused codings: gzip;q=0, or everything but identity.
  for (const char* refused : {"gzip;q=0", "identity", "*;q=0", "br", "gzip; q=0.000, *"}) {
    INFO(refused);
    const auto r = server.http("GET", "/js/app.js", {{"Accept-Encoding", refused}});
    CHECK(r.status == 200);
    CHECK(r.header("content-encoding").empty());
    CHECK(r.body == plain.body);
  }
  CHECK(server.http("GET", "/js/app.js", {{"Accept-Encoding", "*"}}).header("content-encoding") == "gzip");
  CHECK(server.http("GET", "/js/app.js", {{"Accept-Encoding", "X-GZIP"}}).header("content-encoding") == "gzip");

  // An image is already compressed: sent as it is.
  const auto png = server.http("GET", "/cat.png", {{"Accept-Encoding", "gzip"}});
  CHECK(png.status == 200);
  CHECK(png.body == web.png);
  CHECK(png.header("content-encoding").empty());
  CHECK(png.header("content-type") == "image/png");
}

TEST_CASE("static files: HEAD has GET's headers, and a directory is 404", "[server][http][static]") {
  WebRoot web;
  ServerProcess server({"--journal", "none", "--web-root", web.dir.path.string()});
  for (const std::string path : {"/js/app.js", "/", "/cat.png", "/nothing-here.js", "/healthz", "/api/games"}) {
    for (const std::string encoding : {"", "gzip"}) {
      INFO(path << " Accept-Encoding: " << encoding);
      std::map<std::string, std::string> headers;
      if (!encoding.empty()) headers["Accept-Encoding"] = encoding;
      const auto get = server.http("GET", path, headers);
      const auto head = server.http("HEAD", path, headers);
      REQUIRE(get.status != 0);
      CHECK(head.status == get.status);
      CHECK(head.body.empty());
      CHECK(head.header("content-length") == std::to_string(get.body.size()));
      for (const char* h : {"content-type", "content-length", "content-encoding", "etag", "cache-control", "vary"})
        CHECK(head.header(h) == get.header(h));
    }
  }
  // A directory gets an answer (status 0 would be a connection closed without one): 404, for
  // GET and HEAD alike, and so does a directory's slash form when it has no index page.
  for (const char* method : {"GET", "HEAD"}) {
    INFO(method);
    const auto dir = server.http(method, "/js");
    CHECK(dir.status == 404);
    CHECK(dir.header("content-type") == "text/plain; charset=utf-8");
    CHECK(server.http(method, "/js/").status == 404);
  }
  CHECK(server.http("GET", "/js").body == "not found\n");
  CHECK(server.http("GET", "/../index.html").status == 404);
}

namespace {

std::string file_bytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream out;
  out << in.rdbuf();
  return out.str();
}

}  // namespace

// Issue 34: "GET //etc/passwd" answered the file, since a request was joined onto the web
// root. Every way of naming a file outside the set must answer 404 and not one byte of it.
TEST_CASE("static files: nothing outside the web root's set is ever answered", "[server][http][static][security]") {
  WebRoot web;
  TempDir outside;
  const std::string secret = "canary 5e1d9b: a file outside the web root\n";
  const std::string secret_path = outside.write("secret.txt", secret).string();
  std::filesystem::create_symlink(secret_path, web.dir.path / "leak.txt");
  std::filesystem::create_symlink(outside.path, web.dir.path / "outside");
  ServerProcess server({"--journal", "none", "--web-root", web.dir.path.string()});

  const std::string passwd = file_bytes("/etc/passwd");
  REQUIRE(passwd.find("root:") != std::string::npos);
  const std::string up = "/js/../../" + outside.path.filename().string() + "/secret.txt";
  std::vector<std::string> paths = {
      "//etc/passwd", "///etc/passwd", "//proc/self/environ", "//root/.bashrc", "/%2Fetc%2Fpasswd",
      "/js//etc/passwd", "/./", "/./index.html", "//./etc/passwd", "//.//etc/passwd", "/%2F%2Fetc/passwd",
      "/js/../../etc/passwd", "/js/..%2F..%2Fetc/passwd", "/.%2E/.%2E/etc/passwd", "/..\\..\\etc\\passwd",
      "/leak.txt", "/outside/secret.txt", "/" + secret_path, "//" + secret_path.substr(1), up,
      "/%2F" + secret_path.substr(1), "//proc/self/cwd/index.html", "//proc/self/root/etc/passwd"};
  for (const std::string& path : paths) {
    for (const char* method : {"GET", "HEAD"}) {
      INFO(method << " " << path);
      const auto answer = server.http(method, path);
      CHECK(answer.status == 404);
      CHECK(answer.body == (std::string(method) == "GET" ? "not found\n" : ""));
      CHECK(answer.body.find("canary 5e1d9b") == std::string::npos);
      CHECK(answer.body.find("root:") == std::string::npos);
    }
  }
  // A share link that climbs is only the client's page.
  const auto share = server.http("GET", "/r/../../etc/passwd");
  CHECK(share.status == 200);
  CHECK(share.body == web.index);

  // A file created after start is not served until SIGHUP builds the set again.
  web.dir.write("late.js", "export const late = 1;\n");
  CHECK(server.http("GET", "/late.js").status == 404);
  REQUIRE(::kill(server.pid(), SIGHUP) == 0);
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
  while (server.log().find("web_root_reloaded") == std::string::npos && std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  const auto late = server.http("GET", "/late.js");
  CHECK(late.status == 200);
  CHECK(late.body == "export const late = 1;\n");
  // The links that leave the root are still not served after the walk.
  CHECK(server.http("GET", "/leak.txt").status == 404);
  CHECK(server.running());
}
