// nyanhall: the game server. Parses the configuration, sets up logging, runs.
#include <cstdio>
#include <string>
#include <vector>

#include "server/config.h"
#include "server/log.h"
#include "server/server.h"

int main(int argc, char** argv) {
  std::string error, help;
  const std::vector<std::string> args(argv + 1, argv + argc);
  auto config = nyan::server::parse_config(args, error, help);
  if (!config) {
    if (!help.empty()) {
      std::fputs(help.c_str(), stdout);
      return 0;
    }
    std::fprintf(stderr, "nyanhall: %s\n", error.c_str());
    return 2;
  }
  nyan::server::log::setup(config->log_format, config->log_level);
  return nyan::server::run_server(*config, argv[0]);
}
