// The whole server: journal, rooms, listener, signal handling and the I/O threads.
#pragma once

#include "server/config.h"

namespace nyan::server {

// Runs until SIGTERM/SIGINT; returns the process exit code.
int run_server(const Config& config, const std::string& program_path);

}  // namespace nyan::server
