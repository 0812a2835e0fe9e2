// `nyanhall --healthcheck`: instead of starting a server, asks the one that the same flags and
// environment describe for /healthz over the local address and reports the answer in the exit
// code. A container's HEALTHCHECK runs it, so the image needs no curl or wget.
//
// Which port: a HEALTHCHECK command sees the image's environment but not the flags given after
// the image name, so a server started with --port 9000 would be asked on the wrong port. With
// --port-file (the image sets NYANHALL_PORT_FILE) the server writes the address and port it
// really listens on, and the check reads them from there; without a port file, or while the
// server has not written it, the check asks --bind and --port.
//
// Over TLS when the port file says https, or (without one) when --tls-cert is set. The check
// does not verify the certificate: it asks its own server over a local address, which the
// certificate rarely names, and only wants to know that it answers.
#pragma once

#include <string>

#include "server/common/config.h"

namespace nyan::server {

// 0 when /healthz answers 200 within a few seconds; 1 otherwise (one line on stderr says why).
int run_healthcheck(const Config& config);

// The port file: one line "ADDRESS PORT SCHEME", the scheme http or https. Written whole or not
// at all (a new file renamed over the old one), so a check never reads half of it. False (and
// `error`) when it cannot be.
bool write_port_file(const std::string& path, const std::string& address, unsigned short port,
                     const std::string& scheme, std::string& error);
// The file's address, port and scheme (http when the file does not say); false when it is
// missing or not in that form.
bool read_port_file(const std::string& path, std::string& address, unsigned short& port, std::string& scheme,
                    std::string& error);

}  // namespace nyan::server
