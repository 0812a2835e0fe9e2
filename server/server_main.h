// The server's command line: parses the configuration, sets up logging, runs the server (or,
// with --healthcheck, checks the server that configuration describes: see healthcheck.h).
// `nyanhall` is this function; the tests' server with a fault-injecting journal is too.
#pragma once

#include "server/server.h"

namespace nyan::server {

int server_main(int argc, char** argv, const JournalWrap& wrap = {});

}  // namespace nyan::server
