#include "server/server_main.h"

#include <algorithm>
#include <cstdio>
#include <vector>

#include "protocol/messages.h"
#include "protocol/version.h"
#include "server/common/config.h"
#include "server/http/healthcheck.h"
#include "server/common/log.h"

namespace nyan::server {

int server_main(int argc, char** argv, const JournalWrap& wrap) {
  std::string error, help;
  std::vector<std::string> args(argv + 1, argv + argc);
  if (std::find(args.begin(), args.end(), "--version") != args.end()) {
    std::printf("nyanhall %s (protocol %d)\n", kVersion, kProtocolVersion);
    return 0;
  }
  const bool healthcheck = std::erase(args, std::string("--healthcheck")) > 0;
  auto config = parse_config(args, error, help);
  if (!config) {
    if (!help.empty()) {
      std::fputs(help.c_str(), stdout);
      return 0;
    }
    std::fprintf(stderr, "nyanhall: %s\n", error.c_str());
    return 2;
  }
  if (healthcheck) return run_healthcheck(*config);
  log::setup(config->log_format, config->log_level);
  return run_server(*config, argv[0], wrap);
}

}  // namespace nyan::server
