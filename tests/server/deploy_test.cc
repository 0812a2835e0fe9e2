// What running several replicas and containers relies on: `nyanhall --healthcheck` and
// replica names in room codes.
#include <catch2/catch.hpp>
#include <sys/wait.h>

#include <cstdlib>

#include "tests/server/harness.h"
#include "tests/server/server_process.h"

using namespace nyan;
using namespace nyan::test;

namespace {

// Runs a command line through the shell and returns its exit code.
int run(const std::string& command) {
  const int status = std::system((command + " >/dev/null 2>&1").c_str());
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

}  // namespace

TEST_CASE("healthcheck: exit 0 for a running server, 1 when nothing answers", "[server][deploy]") {
  int port = 0;
  {
    ServerProcess server({"--journal", "none"});
    port = server.port();
    CHECK(run(server_binary() + " --healthcheck --bind 127.0.0.1 --port " + std::to_string(port)) == 0);
    // The environment twin, as a container's HEALTHCHECK sees it; 0.0.0.0 means loopback.
    CHECK(run("NYANHALL_PORT=" + std::to_string(port) + " NYANHALL_BIND=0.0.0.0 " + server_binary() +
              " --healthcheck") == 0);
    CHECK(server.terminate() == 0);
  }
  CHECK(run(server_binary() + " --healthcheck --bind 127.0.0.1 --port " + std::to_string(port)) == 1);
  CHECK(run(server_binary() + " --healthcheck --port 0") == 1);
  CHECK(run(server_binary() + " --help | grep -q -- --healthcheck") == 0);
}

TEST_CASE("node: room codes start with the replica's name, and a name that cannot route is refused", "[server][deploy]") {
  ServerProcess server({"--journal", "none", "--node", "n7"});
  auto a = connect_player(server.port());
  auto created = a->client.create("oikake", Json::object(), "Aki");
  REQUIRE(created);
  const std::string code = (*created)["room"];
  CHECK(code.rfind("n7-", 0) == 0);
  std::string typed = code;
  for (char& c : typed) c = c == '-' ? ' ' : static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  auto b = connect_player(server.port());
  auto joined = b->client.join(typed, "Bo");
  REQUIRE(joined);
  CHECK((*joined)["type"] == "joined");

  // Upper case or a dash would not survive normalization, so the proxy could not route it.
  for (const char* bad : {"N7", "n-7", "averyveryverylongname", "n_7"}) {
    INFO(bad);
    CHECK(run(server_binary() + " --journal none --node " + bad) == 2);
    CHECK(run(std::string("NYANHALL_NODE=") + bad + " " + server_binary() + " --journal none") == 2);
  }
}
