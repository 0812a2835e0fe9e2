// nyanhall: the game server. Parses the configuration, sets up logging, runs. With
// --healthcheck it checks the server that configuration describes instead (see healthcheck.h);
// --version and --help print and exit.
#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

#include "protocol/messages.h"
#include "protocol/version.h"
#include "server/config.h"
#include "server/healthcheck.h"
#include "server/log.h"
#include "server/server.h"

int main(int argc, char** argv) {
  std::string error, help;
  std::vector<std::string> args(argv + 1, argv + argc);
  if (std::find(args.begin(), args.end(), "--version") != args.end()) {
    std::printf("nyanhall %s (protocol %d)\n", nyan::kVersion, nyan::kProtocolVersion);
    return 0;
  }
  const bool healthcheck = std::erase(args, std::string("--healthcheck")) > 0;
  auto config = nyan::server::parse_config(args, error, help);
  if (!config) {
    if (!help.empty()) {
      std::fputs(help.c_str(), stdout);
      return 0;
    }
    std::fprintf(stderr, "nyanhall: %s\n", error.c_str());
    return 2;
  }
  if (healthcheck) return nyan::server::run_healthcheck(*config);
  nyan::server::log::setup(config->log_format, config->log_level);
  return nyan::server::run_server(*config, argv[0]);
}
