// The TLS context on its own: a certificate and key made here by openssl load with modern
// defaults, and every way a pair can be wrong is refused with a reason that names the file.
#include <catch2/catch.hpp>

#include <openssl/ssl.h>

#include <fstream>
#include <iterator>

#include "server/net/tls_context.h"
#include "tests/server/test_certs.h"

using nyan::server::certificate_fingerprint;
using nyan::server::load_server_tls;
using nyan::server::TlsCertificate;
using nyan::test::file_fingerprint;
using nyan::test::make_certificate;
using nyan::test::TempDir;

TEST_CASE("tls context: a matching pair loads with modern defaults", "[tls]") {
  TempDir dir;
  const auto a = make_certificate(dir, "a");
  const auto b = make_certificate(dir, "b");
  std::string error;
  TlsCertificate about;
  auto context = load_server_tls(a.cert, a.key, error, &about);
  INFO(error);
  REQUIRE(context);
  SSL_CTX* native = context->native_handle();
  CHECK(SSL_CTX_get_min_proto_version(native) == TLS1_2_VERSION);
  CHECK((SSL_CTX_get_options(native) & SSL_OP_NO_COMPRESSION) != 0);
  CHECK((SSL_CTX_get_options(native) & SSL_OP_NO_RENEGOTIATION) != 0);
  // No TLS 1.2 suite without forward secrecy or authenticated encryption.
  STACK_OF(SSL_CIPHER)* ciphers = SSL_CTX_get_ciphers(native);
  for (int i = 0; i < sk_SSL_CIPHER_num(ciphers); ++i) {
    const SSL_CIPHER* c = sk_SSL_CIPHER_value(ciphers, i);
    INFO(SSL_CIPHER_get_name(c));
    CHECK(SSL_CIPHER_is_aead(c) == 1);
    // (A TLS 1.3 suite leaves the key exchange to the protocol, which is always ephemeral.)
    CHECK((SSL_CIPHER_get_kx_nid(c) == NID_kx_ecdhe || SSL_CIPHER_get_kx_nid(c) == NID_kx_any));
  }
  const std::string fa = certificate_fingerprint(*context);
  CHECK(fa.size() == 64);
  CHECK(fa == file_fingerprint(a.cert));
  CHECK(about.fingerprint == fa);
  CHECK(about.subject == "/CN=nyanhall-test");
  CHECK(about.not_after.size() == 20);
  CHECK(about.not_after_unix > 0);
  CHECK_FALSE(about.expired);
  auto other = load_server_tls(b.cert, b.key, error);
  REQUIRE(other);
  CHECK(certificate_fingerprint(*other) != fa);  // two certificates, two fingerprints

  // The certificate and the key in one file.
  std::ifstream crt(a.cert), key(a.key);
  const std::string both = std::string(std::istreambuf_iterator<char>(crt), {}) +
                           std::string(std::istreambuf_iterator<char>(key), {});
  const std::string pem = dir.write("both.pem", both).string();
  auto combined = load_server_tls(pem, pem, error);
  INFO(error);
  REQUIRE(combined);
  CHECK(certificate_fingerprint(*combined) == fa);
}

TEST_CASE("tls context: a missing, broken, encrypted or mismatched pair is refused with its reason", "[tls]") {
  TempDir dir;
  const auto a = make_certificate(dir, "a");
  const auto b = make_certificate(dir, "b");
  const auto locked = make_certificate(dir, "locked", "IP:127.0.0.1", "-passout pass:secret");
  const std::string junk = dir.write("junk.pem", "not a certificate\n").string();
  std::string error;

  CHECK_FALSE(load_server_tls((dir.path / "none.crt").string(), a.key, error));
  CHECK(error == "cannot read the certificate " + (dir.path / "none.crt").string());
  CHECK_FALSE(load_server_tls(a.cert, (dir.path / "none.key").string(), error));
  CHECK(error == "cannot read the private key " + (dir.path / "none.key").string());
  CHECK_FALSE(load_server_tls(junk, a.key, error));
  CHECK(error.find("the certificate " + junk + " is not a PEM certificate") == 0);
  CHECK_FALSE(load_server_tls(a.cert, junk, error));
  CHECK(error.find("the private key " + junk + " is not an unencrypted PEM key") == 0);
  // A key file holding only a certificate is no key either.
  CHECK_FALSE(load_server_tls(a.cert, b.cert, error));
  CHECK(error.find("is not an unencrypted PEM key") != std::string::npos);
  // Refused at once, without waiting for a passphrase on the terminal.
  CHECK_FALSE(load_server_tls(locked.cert, locked.key, error));
  CHECK(error.find("the private key " + locked.key + " is not an unencrypted PEM key") == 0);
  CHECK_FALSE(load_server_tls(a.cert, b.key, error));
  CHECK(error == "the private key " + b.key + " does not match the certificate " + a.cert);
}
