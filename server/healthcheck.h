// `nyanhall --healthcheck`: instead of starting a server, asks the one that the same flags and
// environment describe for /healthz over the local address and reports the answer in the exit
// code. A container's HEALTHCHECK runs it, so the image needs no curl or wget.
//
// Which port: a HEALTHCHECK command sees the image's environment but not the flags given after
// the image name, so a server started with --port 9000 would be asked on the wrong port. With
// --port-file (the image sets NYANHALL_PORT_FILE) the server writes the address and port it
// really listens on, and the check reads them from there; without a port file, or while the
// server has not written it, the check asks --bind and --port.
#pragma once

#include <string>

#include "server/config.h"

namespace nyan::server {

// 0 when /healthz answers 200 within a few seconds; 1 otherwise (one line on stderr says why).
int run_healthcheck(const Config& config);

// The port file: one line "ADDRESS PORT". Written whole or not at all (a new file renamed over
// the old one), so a check never reads half of it. False (and `error`) when it cannot be.
bool write_port_file(const std::string& path, const std::string& address, unsigned short port, std::string& error);
// The file's address and port; false when it is missing or not in that form.
bool read_port_file(const std::string& path, std::string& address, unsigned short& port, std::string& error);

}  // namespace nyan::server
