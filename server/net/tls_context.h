// The server's TLS context: a certificate chain and its private key, loaded and checked
// together, with modern defaults (TLS 1.2 and later, forward-secret AEAD ciphers only, no
// compression, no renegotiation). A bad pair is reported in words an operator can act on,
// before the server touches anything else. TlsContexts holds the one new connections get,
// so a reload (SIGHUP) can replace it while connections already open keep the one they
// started with.
#pragma once

#include <boost/asio/ssl/context.hpp>
#include <memory>
#include <mutex>
#include <string>

namespace nyan::server {

using TlsContext = std::shared_ptr<boost::asio::ssl::context>;

// What a loaded certificate is, for the log lines of a load and a reload.
struct TlsCertificate {
  std::string fingerprint;  // SHA-256 of the leaf, lowercase hex
  std::string subject;      // the leaf's subject, one line
  std::string not_after;    // the end of its validity, "YYYY-MM-DDTHH:MM:SSZ"
  long long not_after_unix = 0;  // the same in seconds since the Unix epoch
  bool expired = false;
};

// Loads `cert_file` (PEM, the leaf first, then any intermediates) and `key_file` (PEM, not
// encrypted: a server that starts by itself has nobody to type a passphrase; it may be the same
// file as the certificate). Null, with `error` set, when either cannot be read or parsed, or the
// key is not the certificate's. `about`, when given, describes the leaf.
TlsContext load_server_tls(const std::string& cert_file, const std::string& key_file, std::string& error,
                           TlsCertificate* about = nullptr);

// The SHA-256 fingerprint of the context's leaf certificate, as lowercase hex; empty when it
// has none.
std::string certificate_fingerprint(const boost::asio::ssl::context& context);

// The context new connections use; replaced whole on reload. Empty when the server speaks
// plain HTTP only.
class TlsContexts {
 public:
  TlsContext current() const {
    std::lock_guard<std::mutex> lock(mu_);
    return current_;
  }
  void replace(TlsContext next) {
    std::lock_guard<std::mutex> lock(mu_);
    current_ = std::move(next);
  }

 private:
  mutable std::mutex mu_;
  TlsContext current_;
};

}  // namespace nyan::server
