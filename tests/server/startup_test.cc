// What an operator meets first: --version and --help, a configuration checked whole before
// anything touches the disk, the health check finding the port the server really listens on,
// and log lines that are valid logfmt.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <thread>

#include "protocol/version.h"
#include "tests/server/logfmt_reader.h"
#include "tests/server/program.h"
#include "tests/server/server_process.h"
#include "tests/server/temp_dir.h"

using namespace nyan;
using namespace nyan::test;
namespace fs = std::filesystem;

namespace {

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

}  // namespace

TEST_CASE("startup: --version and --help print to stdout and exit 0", "[server][startup]") {
  const auto version = run_program({server_binary(), "--version"});
  CHECK(version.exit == 0);
  CHECK(version.out == "nyanhall " + std::string(kVersion) + " (protocol 1)\n");
  CHECK(version.err.empty());

  const auto help = run_program({server_binary(), "--help"});
  REQUIRE(help.exit == 0);
  CHECK(help.err.empty());
  // Each flag: its value's placeholder, its environment twin and its default, then what it does.
  const std::regex flag_line(R"(  --([a-z-]+) (\S+) +(NYANHALL_[A-Z_]+), default (.*))");
  const auto lines = lines_of(help.out);
  std::map<std::string, std::pair<std::string, std::string>> flags;  // name -> placeholder, default
  for (std::size_t i = 0; i < lines.size(); ++i) {
    std::smatch m;
    if (!std::regex_match(lines[i], m, flag_line)) continue;
    INFO(lines[i]);
    std::string env = "NYANHALL_" + m[1].str();
    for (char& c : env) c = c == '-' ? '_' : static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    CHECK(m[3] == env);
    REQUIRE(i + 1 < lines.size());
    CHECK(lines[i + 1].rfind("      ", 0) == 0);  // the description, indented below
    CHECK(lines[i + 1].size() > 12);
    flags[m[1]] = {m[2], m[4]};
  }
  CHECK(flags.size() >= 25);
  CHECK(flags["port"] == std::make_pair(std::string("PORT"), std::string("8080")));
  CHECK(flags["bind"] == std::make_pair(std::string("ADDRESS"), std::string("0.0.0.0")));
  CHECK(flags["journal"] == std::make_pair(std::string("sqlite|postgres|none"), std::string("sqlite")));
  CHECK(flags["drain-ms"] == std::make_pair(std::string("MS"), std::string("5000")));
  CHECK(flags["max-message-bytes"] == std::make_pair(std::string("BYTES"), std::string("16384")));
  CHECK(flags["port-file"] == std::make_pair(std::string("FILE"), std::string("empty")));
  CHECK(flags["data-dir"] == std::make_pair(std::string("DIR"), std::string("./data")));
  CHECK(help.out.find("--healthcheck") != std::string::npos);
  CHECK(help.out.find("--version") != std::string::npos);

  // Every default shown is a value its flag accepts: given back, it passes the parser (the
  // health check then runs and fails or passes; exit code 2 would be a rejected flag).
  for (const auto& [name, shown] : flags) {
    INFO("--" << name << " " << shown.second);
    const std::string value = shown.second == "empty" ? "" : shown.second;
    const auto r = run_program({server_binary(), "--healthcheck", "--" + name, value, "--port", "1"});
    CHECK(r.exit == 1);
    CHECK(r.err.find("invalid value") == std::string::npos);
  }
}

TEST_CASE("startup: a configuration error stops the server before it touches the disk", "[server][startup]") {
  TempDir tmp;
  const std::string data = (tmp.path / "data").string();
  auto refuses = [&](std::vector<std::string> args, const std::string& why, std::vector<std::string> env = {}) {
    std::vector<std::string> argv = {server_binary(), "--data-dir", data, "--port", "0"};
    argv.insert(argv.end(), args.begin(), args.end());
    const auto r = run_program(argv, env);
    INFO(r.out << r.err);
    CHECK(r.exit == 2);
    CHECK((r.out + r.err).find(why) != std::string::npos);
    CHECK_FALSE(fs::exists(data));  // no journal, not even its directory
  };
  refuses({"--bind", "999.1.1.1"}, "invalid value for --bind: '999.1.1.1'");
  refuses({"--bind", "localhost"}, "invalid value for --bind");
  refuses({}, "invalid value for NYANHALL_BIND", {"NYANHALL_BIND=1.2.3"});
  refuses({"--bind", "127.0.0.1", "--web-root", "/nonexistent"}, "bad_config");
  refuses({"--bind", "127.0.0.1", "--web-root", tmp.write("a-file", "x").string()}, "not a directory");
  // A system folder as the web root would make its files the client's (issue 34).
  refuses({"--bind", "127.0.0.1", "--web-root", "/usr"}, "not a browser client's folder");
  refuses({"--bind", "127.0.0.1", "--port", "70000"}, "invalid value for --port");
  {
    const std::string file = tmp.write("not-a-dir", "x").string();
    const auto r = run_program({server_binary(), "--bind", "127.0.0.1", "--port", "0", "--data-dir", file});
    CHECK(r.exit == 2);
    CHECK(r.out.find("bad_config") != std::string::npos);
  }

  // A web root without the client starts, and says so.
  fs::create_directories(tmp.path / "empty-web");
  ServerProcess server({"--journal", "none", "--web-root", (tmp.path / "empty-web").string()});
  CHECK(server.log().find("no_browser_client") != std::string::npos);
  CHECK(server.http_get("/").first == 404);
}

TEST_CASE("startup: --healthcheck asks the port the server really listens on", "[server][startup]") {
  TempDir tmp;
  const std::string port_file = (tmp.path / "port").string();
  ServerProcess server({"--journal", "none", "--port-file", port_file});  // --port 0: a port of its own
  // (Written just after the "listening" line the start waits for.)
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
  while (!fs::exists(port_file) && std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  std::ifstream in(port_file);
  std::string address;
  int port = 0;
  REQUIRE(in >> address >> port);
  CHECK(address == "127.0.0.1");
  CHECK(port == server.port());

  // As in the image: the environment names the port file, and the port the environment names
  // is not the one the server was started with.
  const std::vector<std::string> image_env = {"NYANHALL_PORT_FILE=" + port_file, "NYANHALL_PORT=1"};
  const auto healthy = run_program({server_binary(), "--healthcheck"}, image_env);
  INFO(healthy.err);
  CHECK(healthy.exit == 0);
  // Without the file it would have asked port 1 and failed.
  const auto without = run_program({server_binary(), "--healthcheck"}, {"NYANHALL_PORT=1", "NYANHALL_BIND=127.0.0.1"});
  CHECK(without.exit == 1);
  CHECK(without.err.find("127.0.0.1:1") != std::string::npos);
  // With no port file, the flags name the server.
  CHECK(run_program({server_binary(), "--healthcheck", "--bind", "127.0.0.1", "--port", std::to_string(port)}).exit == 0);

  // A stopped server removes its file; the check then falls back to the port the
  // environment names (1, where nobody listens) and says both.
  CHECK(server.terminate() == 0);
  CHECK_FALSE(fs::exists(port_file));
  const auto stopped = run_program({server_binary(), "--healthcheck"}, image_env);
  CHECK(stopped.exit == 1);
  CHECK(stopped.err.find("no port file") != std::string::npos);
  CHECK(stopped.err.find(":1: ") != std::string::npos);
  // A file that is not ours is not trusted, nor guessed around.
  tmp.write("port", "hello\n");
  const auto garbled = run_program({server_binary(), "--healthcheck", "--port", std::to_string(port)}, image_env);
  CHECK(garbled.exit == 1);
  CHECK(garbled.err.find("does not hold") != std::string::npos);
}

TEST_CASE("startup: a port file that cannot be written is a warning, not a stop", "[server][startup]") {
  TempDir tmp;
  ServerProcess server({"--journal", "none", "--port-file", (tmp.path / "no/such/dir/port").string()});
  // (The warning follows the "listening" line the start waits for.)
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
  while (server.log().find("port_file_failed") == std::string::npos && std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  CHECK(server.log().find("port_file_failed") != std::string::npos);
  CHECK(server.http_get("/healthz").first == 200);
}

TEST_CASE("startup: every text log line is valid logfmt, in-memory mode included", "[server][startup]") {
  ServerProcess server({"--journal", "none"});
  CHECK(server.http_get("/healthz").first == 200);
  CHECK(server.terminate() == 0);
  // "2024-12-02 06:15:03.123 info EVENT key=value ..."
  const std::regex prefix(R"(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3} (trace|debug|info|warning|error|critical) (.*))");
  int lines = 0;
  bool memory_mode = false;
  for (const std::string& line : lines_of(server.log())) {
    INFO(line);
    std::smatch m;
    REQUIRE(std::regex_match(line, m, prefix));
    const auto read = read_logfmt(m[2]);
    REQUIRE(read);
    ++lines;
    if (read->event == "journal") {
      memory_mode = true;
      CHECK(read->get("mode") == "in-memory: rooms do not survive a restart");
      CHECK(read->get("backend").find(' ') != std::string::npos);  // the value with spaces, whole
    }
  }
  CHECK(lines >= 4);  // journal, rooms_restored, listening, shutdown, stopping, stopped
  CHECK(memory_mode);
}
