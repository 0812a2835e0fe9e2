// The whole server: journal, rooms, listener, signal handling and the I/O threads.
#pragma once

#include <functional>
#include <memory>
#include <string>

#include "server/common/config.h"
#include "server/journal/journal.h"

namespace nyan::server {

// Wraps the journal the configuration opened (tests put a fault-injecting one around it).
using JournalWrap = std::function<std::unique_ptr<Journal>(std::unique_ptr<Journal>)>;

// Runs until SIGTERM/SIGINT; returns the process exit code.
int run_server(const Config& config, const std::string& program_path, const JournalWrap& wrap = {});

}  // namespace nyan::server
