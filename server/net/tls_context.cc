#include "server/net/tls_context.h"

#include <openssl/asn1.h>
#include <openssl/bio.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/pem.h>
#include <openssl/ssl.h>
#include <openssl/x509.h>

#include <ctime>
#include <fstream>
#include <iterator>
#include <memory>

namespace nyan::server {

namespace ssl = boost::asio::ssl;

namespace {

// TLS 1.2 suites with forward secrecy and authenticated encryption only (TLS 1.3 has no
// others to begin with).
constexpr const char* kTls12Ciphers =
    "ECDHE-ECDSA-AES128-GCM-SHA256:ECDHE-RSA-AES128-GCM-SHA256:"
    "ECDHE-ECDSA-AES256-GCM-SHA384:ECDHE-RSA-AES256-GCM-SHA384:"
    "ECDHE-ECDSA-CHACHA20-POLY1305:ECDHE-RSA-CHACHA20-POLY1305";

// Certificates and keys are a few kilobytes; a chain of several is still far below this.
constexpr std::size_t kMaxPemBytes = 1 << 20;

bool read_file(const std::string& path, std::string& out) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  out.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  return !in.bad() && out.size() <= kMaxPemBytes;
}

// OpenSSL's own reason for the last failure, when it kept one.
std::string openssl_reason() {
  const unsigned long e = ERR_peek_last_error();
  ERR_clear_error();
  const char* reason = e ? ERR_reason_error_string(e) : nullptr;
  return reason ? reason : "unknown reason";
}

struct BioFree {
  void operator()(BIO* b) const { BIO_free(b); }
};
struct X509Free {
  void operator()(X509* x) const { X509_free(x); }
};
struct KeyFree {
  void operator()(EVP_PKEY* k) const { EVP_PKEY_free(k); }
};
using Bio = std::unique_ptr<BIO, BioFree>;

Bio memory_bio(const std::string& text) { return Bio(BIO_new_mem_buf(text.data(), static_cast<int>(text.size()))); }

// No passphrase: an encrypted key fails to load instead of OpenSSL asking on the terminal.
int no_passphrase(char*, int, int, void*) { return 0; }

std::string hex(const unsigned char* bytes, unsigned n) {
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out;
  for (unsigned i = 0; i < n; ++i) {
    out += kHex[bytes[i] >> 4];
    out += kHex[bytes[i] & 15];
  }
  return out;
}

std::string fingerprint(X509* cert) {
  unsigned char digest[EVP_MAX_MD_SIZE];
  unsigned int n = 0;
  if (X509_digest(cert, EVP_sha256(), digest, &n) != 1) return "";
  return hex(digest, n);
}

TlsCertificate describe(X509* cert) {
  TlsCertificate about;
  about.fingerprint = fingerprint(cert);
  char subject[256];
  X509_NAME_oneline(X509_get_subject_name(cert), subject, sizeof subject);
  about.subject = subject;
  const ASN1_TIME* end = X509_get0_notAfter(cert);
  tm t{};
  if (ASN1_TIME_to_tm(end, &t) == 1) {
    char text[32];
    if (std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &t) > 0) about.not_after = text;
    about.not_after_unix = static_cast<long long>(timegm(&t));
  }
  about.expired = X509_cmp_current_time(end) < 0;
  return about;
}

}  // namespace

TlsContext load_server_tls(const std::string& cert_file, const std::string& key_file, std::string& error,
                           TlsCertificate* about) {
  ERR_clear_error();
  std::string cert_pem, key_pem;
  if (!read_file(cert_file, cert_pem)) {
    error = "cannot read the certificate " + cert_file;
    return nullptr;
  }
  if (!read_file(key_file, key_pem)) {
    error = "cannot read the private key " + key_file;
    return nullptr;
  }
  // Each file parsed on its own first, so that each problem is named for what it is (OpenSSL,
  // given both at once, reports a mismatch as a failure to use the key).
  Bio cert_bio = memory_bio(cert_pem), key_bio = memory_bio(key_pem);
  std::unique_ptr<X509, X509Free> leaf(cert_bio ? PEM_read_bio_X509(cert_bio.get(), nullptr, no_passphrase, nullptr)
                                                : nullptr);
  if (!leaf) {
    error = "the certificate " + cert_file + " is not a PEM certificate: " + openssl_reason();
    return nullptr;
  }
  std::unique_ptr<EVP_PKEY, KeyFree> key(
      key_bio ? PEM_read_bio_PrivateKey(key_bio.get(), nullptr, no_passphrase, nullptr) : nullptr);
  if (!key) {
    error = "the private key " + key_file + " is not an unencrypted PEM key: " + openssl_reason();
    return nullptr;
  }
  if (X509_check_private_key(leaf.get(), key.get()) != 1) {
    ERR_clear_error();
    error = "the private key " + key_file + " does not match the certificate " + cert_file;
    return nullptr;
  }

  auto context = std::make_shared<ssl::context>(ssl::context::tls_server);
  SSL_CTX* native = context->native_handle();
  boost::system::error_code ec;
  context->set_options(ssl::context::default_workarounds | ssl::context::no_sslv2 | ssl::context::no_sslv3 |
                           ssl::context::no_tlsv1 | ssl::context::no_tlsv1_1 | ssl::context::single_dh_use |
                           ssl::context::no_compression,
                       ec);
  SSL_CTX_set_options(native, SSL_OP_NO_RENEGOTIATION);
  if (ec || SSL_CTX_set_min_proto_version(native, TLS1_2_VERSION) != 1 ||
      SSL_CTX_set_cipher_list(native, kTls12Ciphers) != 1) {
    error = "cannot set up TLS: " + openssl_reason();
    return nullptr;
  }
  SSL_CTX_set_default_passwd_cb(native, no_passphrase);
  // The whole chain from the file (the leaf, then the intermediates clients need), and the key
  // already checked against the leaf.
  context->use_certificate_chain(boost::asio::buffer(cert_pem), ec);
  if (ec) {
    error = "the certificate chain in " + cert_file + " cannot be used: " + openssl_reason();
    return nullptr;
  }
  if (SSL_CTX_use_PrivateKey(native, key.get()) != 1 || SSL_CTX_check_private_key(native) != 1) {
    error = "the private key " + key_file + " cannot be used with " + cert_file + ": " + openssl_reason();
    return nullptr;
  }
  if (about) *about = describe(leaf.get());
  return context;
}

std::string certificate_fingerprint(const ssl::context& context) {
  X509* cert = SSL_CTX_get0_certificate(const_cast<ssl::context&>(context).native_handle());
  return cert ? fingerprint(cert) : "";
}

}  // namespace nyan::server
