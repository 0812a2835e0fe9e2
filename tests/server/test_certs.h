// Certificates for the TLS tests, made at test time by the openssl command in a test's own
// directory, and what a test asks of them: a file's fingerprint, and the fingerprint of the
// certificate a server presents to a new connection.
#pragma once

#include <openssl/evp.h>
#include <openssl/pem.h>
#include <openssl/ssl.h>
#include <openssl/x509.h>
#include <sys/socket.h>
#include <sys/time.h>

#include <boost/asio/connect.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/ssl.hpp>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "tests/server/temp_dir.h"

namespace nyan::test {

struct CertFiles {
  std::string cert, key;
};

// A self-signed certificate (P-256) for `names` (subjectAltName entries), valid two days, and its
// key, in `dir` as NAME.crt and NAME.key. `key_options`: -noenc for a key in the clear. Fails
// the test when openssl does.
inline CertFiles make_certificate(const TempDir& dir, const std::string& name,
                                  const std::string& names = "IP:127.0.0.1,DNS:localhost",
                                  const std::string& key_options = "-noenc") {
  const std::string base = (dir.path / name).string();
  const std::string command = "openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 " + key_options +
                              " -days 2 -subj /CN=nyanhall-test -addext subjectAltName=" + names + " -keyout " + base +
                              ".key -out " + base + ".crt 2>/dev/null";
  INFO(command);
  REQUIRE(std::system(command.c_str()) == 0);
  return {base + ".crt", base + ".key"};
}

inline std::string sha256_hex(X509* cert) {
  unsigned char digest[EVP_MAX_MD_SIZE];
  unsigned int n = 0;
  if (!cert || X509_digest(cert, EVP_sha256(), digest, &n) != 1) return "";
  static constexpr char kHex[] = "0123456789abcdef";
  std::string hex;
  for (unsigned i = 0; i < n; ++i) hex += {kHex[digest[i] >> 4], kHex[digest[i] & 15]};
  return hex;
}

// The SHA-256 fingerprint of the (first) certificate in a PEM file; empty when there is none.
inline std::string file_fingerprint(const std::string& pem_file) {
  std::FILE* f = std::fopen(pem_file.c_str(), "r");
  if (!f) return "";
  X509* cert = PEM_read_X509(f, nullptr, nullptr, nullptr);
  std::fclose(f);
  const std::string hex = sha256_hex(cert);
  X509_free(cert);
  return hex;
}

// The fingerprint of the certificate 127.0.0.1:port presents to a new TLS connection (no
// check: any certificate is taken), or "" when the handshake fails. `max_version`: the highest
// TLS version offered (0: any), to see which the server refuses.
inline std::string presented_fingerprint(unsigned short port, int max_version = 0) {
  namespace net = boost::asio;
  net::io_context ioc;
  net::ssl::context context(net::ssl::context::tls_client);
  context.set_verify_mode(net::ssl::verify_none);
  if (max_version) {
    SSL_CTX_set_security_level(context.native_handle(), 0);  // (OpenSSL refuses old versions itself otherwise)
    SSL_CTX_set_min_proto_version(context.native_handle(), TLS1_VERSION);
    SSL_CTX_set_max_proto_version(context.native_handle(), max_version);
  }
  net::ssl::stream<net::ip::tcp::socket> stream(ioc, context);
  boost::system::error_code ec;
  stream.next_layer().connect({net::ip::make_address("127.0.0.1"), port}, ec);
  const timeval limit{10, 0};  // a server that never answers fails the test instead of hanging it
  setsockopt(stream.next_layer().native_handle(), SOL_SOCKET, SO_RCVTIMEO, &limit, sizeof limit);
  if (!ec) stream.handshake(net::ssl::stream_base::client, ec);
  if (ec) return "";
  X509* cert = SSL_get1_peer_certificate(stream.native_handle());
  const std::string hex = sha256_hex(cert);
  X509_free(cert);
  stream.shutdown(ec);
  return hex;
}

}  // namespace nyan::test
