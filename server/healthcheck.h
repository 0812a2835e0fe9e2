// `nyanhall --healthcheck`: instead of starting a server, asks the one that the same flags and
// environment describe for /healthz over the local address and reports the answer in the exit
// code. A container's HEALTHCHECK runs it, so the image needs no curl or wget.
#pragma once

#include "server/config.h"

namespace nyan::server {

// 0 when /healthz answers 200 within a few seconds; 1 otherwise (one line on stderr says why).
int run_healthcheck(const Config& config);

}  // namespace nyan::server
