// What running several replicas and containers relies on: `nyanhall --healthcheck`, replica
// names in room codes, and nyanhall-cli naming the room in its WebSocket address (a proxy
// routes /ws?room=CODE to the replica that owns the room).
#include <catch2/catch.hpp>
#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>
#include <cstdlib>

#include "tests/server/harness.h"
#include "tests/server/server_process.h"

using namespace nyan;
using namespace nyan::test;

namespace {

namespace net = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;

// Runs a command line through the shell and returns its exit code.
int run(const std::string& command) {
  const int status = std::system((command + " >/dev/null 2>&1").c_str());
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

pid_t spawn(std::vector<std::string> args) {
  const pid_t pid = fork();
  REQUIRE(pid >= 0);
  if (pid == 0) {
    const int null_fd = open("/dev/null", O_WRONLY);
    dup2(null_fd, 1);
    dup2(null_fd, 2);
    std::vector<char*> argv;
    for (auto& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    execv(argv[0], argv.data());
    _exit(127);
  }
  return pid;
}

void stop(pid_t pid) {
  ::kill(pid, SIGKILL);
  int status = 0;
  waitpid(pid, &status, 0);
}

// A stand-in for a server: records the target of each WebSocket handshake; can answer hello
// and the first room request with `joined` for room `code`; then drops the connection.
class FakeServer {
 public:
  FakeServer() : acceptor_(ioc_, {net::ip::make_address("127.0.0.1"), 0}) {}
  unsigned short port() const { return acceptor_.local_endpoint().port(); }

  std::string serve_one(const std::string& code, bool answer) {
    net::ip::tcp::socket socket(ioc_);
    bool accepted = false;
    acceptor_.async_accept(socket, [&](beast::error_code ec) { accepted = !ec; });
    ioc_.restart();
    ioc_.run_for(std::chrono::seconds(15));
    REQUIRE(accepted);
    beast::flat_buffer buffer;
    http::request<http::string_body> req;
    http::read(socket, buffer, req);
    const std::string target(req.target());
    if (answer) {
      websocket::stream<net::ip::tcp::socket> ws(std::move(socket));
      ws.accept(req);
      for (const char* reply : {"welcome", "joined"}) {
        beast::flat_buffer in;
        ws.read(in);
        const Json msg = Json::parse(beast::buffers_to_string(in.data()));
        Json out = {{"type", reply}, {"re", msg["id"]}, {"protocol", 1}};
        if (std::string(reply) == "joined") out.update({{"room", code}, {"seat", 1}, {"token", "00"}, {"host", false}});
        ws.text(true);
        ws.write(net::buffer(out.dump()));
      }
      beast::get_lowest_layer(ws).close();  // the server goes away without a close frame
    }
    return target;
  }

 private:
  net::io_context ioc_;
  net::ip::tcp::acceptor acceptor_;
};

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

TEST_CASE("cli: the WebSocket address names the room once the client knows it", "[server][deploy]") {
  CHECK(cli::ws_path("") == "/ws");
  CHECK(cli::ws_path("n7-kasumi-norepa-hodute") == "/ws?room=n7-kasumi-norepa-hodute");
  CHECK(cli::ws_path("N7 Ka/su&x") == "/ws?room=N7%20Ka%2Fsu%26x");

  const std::string cli_binary = NYANHALL_CLI;
  FakeServer fake;
  const std::string server = "127.0.0.1:" + std::to_string(fake.port());
  SECTION("bot --join: the typed code, then the server's code on reconnect") {
    const pid_t bot = spawn({cli_binary, "bot", "--server", server, "--join", "N7 Kasumi", "--reconnect-timeout", "10"});
    CHECK(fake.serve_one("n7-kasumi", true) == "/ws?room=N7%20Kasumi");
    CHECK(fake.serve_one("", false) == "/ws?room=n7-kasumi");
    stop(bot);
  }
  SECTION("bot --create: any replica first, then the room's") {
    const pid_t bot = spawn({cli_binary, "bot", "--server", server, "--create", "oikake", "--reconnect-timeout", "10"});
    CHECK(fake.serve_one("n7-kasumi", true) == "/ws");
    CHECK(fake.serve_one("", false) == "/ws?room=n7-kasumi");
    stop(bot);
  }
  SECTION("play --spectate and --reconnect") {
    pid_t play = spawn({cli_binary, "play", "--server", server, "--spectate", "n7-kasumi"});
    CHECK(fake.serve_one("", false) == "/ws?room=n7-kasumi");
    stop(play);
    play = spawn({cli_binary, "play", "--server", server, "--reconnect", "n7-kasumi", "--token", "00"});
    CHECK(fake.serve_one("", false) == "/ws?room=n7-kasumi");
    stop(play);
  }
}
