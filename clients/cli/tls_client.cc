#include "clients/cli/tls_client.h"

#include <openssl/ssl.h>
#include <openssl/x509_vfy.h>

#include <boost/asio/ip/address.hpp>

namespace nyan::cli {

namespace ssl = boost::asio::ssl;

namespace {
bool is_address(const std::string& host) {
  boost::system::error_code ec;
  boost::asio::ip::make_address(host, ec);
  return !ec;
}
}  // namespace

std::shared_ptr<ssl::context> client_tls_context(const ServerAddress& server, std::string& error) {
  auto context = std::make_shared<ssl::context>(ssl::context::tls_client);
  SSL_CTX_set_min_proto_version(context->native_handle(), TLS1_2_VERSION);
  boost::system::error_code ec;
  if (server.insecure) {
    context->set_verify_mode(ssl::verify_none, ec);
    return context;
  }
  context->set_verify_mode(ssl::verify_peer, ec);
  if (server.ca_file.empty()) {
    context->set_default_verify_paths(ec);
  } else {
    context->load_verify_file(server.ca_file, ec);
    if (ec) {
      error = "cannot read the CA certificates in " + server.ca_file + " (PEM)";
      return nullptr;
    }
  }
  return context;
}

bool prepare_tls_client(server::FlexStream::TlsStream& stream, const ServerAddress& server, std::string& error) {
  SSL* ssl = stream.native_handle();
  const bool address = is_address(server.host);
  if (!address && SSL_set_tlsext_host_name(ssl, server.host.c_str()) != 1) {
    error = "cannot send the server name " + server.host;
    return false;
  }
  if (server.insecure) return true;
  const int set = address ? X509_VERIFY_PARAM_set1_ip_asc(SSL_get0_param(ssl), server.host.c_str())
                          : SSL_set1_host(ssl, server.host.c_str());
  if (set != 1) {
    error = "cannot check the certificate against " + server.host;
    return false;
  }
  return true;
}

std::string tls_failure(server::FlexStream::TlsStream& stream, const boost::system::error_code& ec) {
  const long verify = SSL_get_verify_result(stream.native_handle());
  if (verify != X509_V_OK)
    return std::string("the server's certificate is not accepted: ") + X509_verify_cert_error_string(verify) +
           " (--ca FILE trusts a certificate, --insecure skips the check)";
  return "TLS handshake failed: " + ec.message();
}

}  // namespace nyan::cli
