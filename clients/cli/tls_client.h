// TLS for nyanhall-cli's connections to a wss:// server: the context (which certificates are
// trusted) and, per connection, the name sent (SNI) and checked against the certificate.
#pragma once

#include <memory>
#include <string>

#include "clients/cli/connection.h"
#include "server/net/flex_stream.h"

namespace nyan::cli {

// A client context for `server`: TLS 1.2 or later; the certificate checked against `ca_file`
// or else the system's CAs, or not at all with `insecure`. Null (and `error`) when the CA file
// cannot be read.
std::shared_ptr<boost::asio::ssl::context> client_tls_context(const ServerAddress& server, std::string& error);

// Before the handshake on `stream`: the server's name for SNI (a host name, not an address)
// and, unless `insecure`, for the check that the certificate names it (a host name or an IP
// address, as the certificate's subjectAltName lists them).
bool prepare_tls_client(server::FlexStream::TlsStream& stream, const ServerAddress& server, std::string& error);

// Why a TLS handshake failed, in words: the certificate check's own reason when it was that.
std::string tls_failure(server::FlexStream::TlsStream& stream, const boost::system::error_code& ec);

}  // namespace nyan::cli
