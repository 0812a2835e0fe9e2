// TLS on the server's own port, with certificates made here by openssl: a whole game over
// wss:// between two nyanhall-cli bots; the certificate and name checks of the client; plain
// HTTP on the port redirected or refused; a stalled or garbled handshake closed while the
// server goes on; /healthz and `nyanhall --healthcheck` over TLS; and a certificate reloaded
// by SIGHUP in the middle of a game, which goes on over the connections it started on.
#include <catch2/catch.hpp>
#include <signal.h>

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/ssl.hpp>
#include <filesystem>
#include <fstream>
#include <regex>

#include "rules/core/rng.h"
#include "tests/server/child.h"
#include "tests/server/harness.h"
#include "tests/server/program.h"
#include "tests/server/server_process.h"
#include "tests/server/test_certs.h"

using namespace nyan;
using namespace nyan::test;
using namespace std::chrono_literals;

namespace {

namespace net = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;

std::vector<std::string> tls_flags(const CertFiles& c) { return {"--tls-cert", c.cert, "--tls-key", c.key}; }

cli::ServerAddress wss(unsigned short port, const std::string& ca, const std::string& host = "127.0.0.1") {
  cli::ServerAddress a;
  a.host = host;
  a.port = port;
  a.tls = true;
  a.ca_file = ca;
  return a;
}

std::string wss_url(unsigned short port) { return "wss://127.0.0.1:" + std::to_string(port); }

struct Answer {
  int status = 0;  // 0: no answer (`error` says why)
  std::string body, location, error;
};

// GET `path` over https:// on 127.0.0.1, the certificate checked against `ca`.
Answer https_get(unsigned short port, const std::string& path, const std::string& ca) {
  net::io_context ioc;
  net::ssl::context context(net::ssl::context::tls_client);
  context.load_verify_file(ca);
  context.set_verify_mode(net::ssl::verify_peer);
  beast::ssl_stream<beast::tcp_stream> stream(ioc, context);
  X509_VERIFY_PARAM_set1_ip_asc(SSL_get0_param(stream.native_handle()), "127.0.0.1");
  Answer answer;
  beast::error_code ec;
  http::request<http::empty_body> req{http::verb::get, path, 11};
  req.set(http::field::host, "127.0.0.1:" + std::to_string(port));
  req.keep_alive(false);
  http::response<http::string_body> res;
  beast::flat_buffer buffer;
  beast::get_lowest_layer(stream).expires_after(10s);
  beast::get_lowest_layer(stream).async_connect({net::ip::make_address("127.0.0.1"), port}, [&](beast::error_code e) {
    if ((ec = e)) return;
    stream.async_handshake(net::ssl::stream_base::client, [&](beast::error_code e) {
      if ((ec = e)) return;
      http::async_write(stream, req, [&](beast::error_code e, std::size_t) {
        if ((ec = e)) return;
        http::async_read(stream, buffer, res, [&](beast::error_code e, std::size_t) { ec = e; });
      });
    });
  });
  ioc.run();
  if (ec) {
    answer.error = ec.message();
    return answer;
  }
  answer.status = static_cast<int>(res.result_int());
  answer.body = res.body();
  answer.location = std::string(res[http::field::location]);
  return answer;
}

// Sends `bytes` over a new TCP connection and reads until the server closes it; how long that
// took, or -1 s when it was still open after `limit`.
std::chrono::milliseconds closed_after(unsigned short port, const std::string& bytes, std::chrono::seconds limit) {
  net::io_context ioc;
  beast::tcp_stream stream(ioc);
  stream.connect(net::ip::tcp::endpoint(net::ip::make_address("127.0.0.1"), port));
  const auto start = std::chrono::steady_clock::now();
  if (!bytes.empty()) net::write(stream.socket(), net::buffer(bytes));
  char sink[4096];
  bool closed = false;
  std::function<void()> read = [&] {
    stream.async_read_some(net::buffer(sink), [&](beast::error_code ec, std::size_t) {
      if (ec == beast::error::timeout) return;
      if (ec) {
        closed = true;
        return;
      }
      read();
    });
  };
  stream.expires_after(limit);
  read();
  ioc.run();
  if (!closed) return std::chrono::milliseconds(-1000);
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start);
}

// Waits until the server's log holds `what` `count` times.
bool log_shows(const ServerProcess& server, const std::string& what, std::size_t count = 1) {
  const auto deadline = std::chrono::steady_clock::now() + 10s;
  while (std::chrono::steady_clock::now() < deadline) {
    const std::string log = server.log();
    std::size_t n = 0;
    for (auto at = log.find(what); at != std::string::npos; at = log.find(what, at + 1)) ++n;
    if (n >= count) return true;
    std::this_thread::sleep_for(20ms);
  }
  return false;
}

// Replaces `to` by a copy of `from` the way a certificate manager does: a new file renamed
// over the old one.
void install(const std::string& from, const std::string& to) {
  std::filesystem::copy_file(from, to + ".new", std::filesystem::copy_options::overwrite_existing);
  std::filesystem::rename(to + ".new", to);
}

}  // namespace

TEST_CASE("tls: two nyanhall-cli bots play a whole game over wss://", "[server][tls]") {
  TempDir dir;
  const CertFiles cert = make_certificate(dir, "server");
  ServerProcess server(tls_flags(cert));
  CHECK(server.log().find("scheme=https") != std::string::npos);
  Child host({NYANHALL_CLI, "bot", "--server", wss_url(server.port()), "--ca", cert.cert, "--create", "oikake",
              "--start", "--seed", "1"});
  const std::string code = host.room_code(10s);
  INFO(host.output);
  REQUIRE(!code.empty());
  // The certificate names localhost too, and the check takes the name.
  Child guest({NYANHALL_CLI, "bot", "--server", "wss://localhost:" + std::to_string(server.port()), "--ca", cert.cert,
               "--join", code, "--seed", "2"});
  CHECK(host.wait(120s) == 0);
  CHECK(host.output.find("game over") != std::string::npos);
  CHECK(host.output.find("hash problems 0") != std::string::npos);
  INFO(guest.output);
  CHECK(guest.wait(30s) == 0);
  CHECK(guest.output.find("game over") != std::string::npos);
  const Answer metrics = https_get(server.port(), "/metrics", cert.cert);
  REQUIRE(metrics.status == 200);
  CHECK(metrics.body.find("nyanhall_connections_total 2\n") != std::string::npos);
  // The guest named the room as it connected, but a TLS connection stays on its thread.
  CHECK(metrics.body.find("nyanhall_connections_moved_total 0\n") != std::string::npos);
  CHECK(metrics.body.find("nyanhall_tls_handshake_failures_total 0\n") != std::string::npos);
  CHECK(metrics.body.find("nyanhall_tls_certificate_expiry_seconds ") != std::string::npos);
}

TEST_CASE("tls: the client checks the certificate and its name unless told not to", "[server][tls]") {
  TempDir dir;
  const CertFiles cert = make_certificate(dir, "server");
  const CertFiles elsewhere = make_certificate(dir, "elsewhere", "DNS:games.example");
  ServerProcess server(tls_flags(cert));
  const ServerProcess other(tls_flags(elsewhere));
  std::string error;
  {
    cli::Connection c;  // the trusted certificate, and the address it names
    CHECK(c.connect(wss(server.port(), cert.cert), error));
    INFO(error);
  }
  {
    cli::Connection c;  // a self-signed certificate nobody said to trust
    CHECK_FALSE(c.connect(wss(server.port(), ""), error));
    CHECK(error.find("certificate is not accepted: self-signed certificate") != std::string::npos);
  }
  {
    cli::Connection c;  // trusted, but for another name than the one connected to
    CHECK_FALSE(c.connect(wss(other.port(), elsewhere.cert), error));
    CHECK(error.find("IP address mismatch") != std::string::npos);
    CHECK_FALSE(c.connect(wss(other.port(), elsewhere.cert, "localhost"), error));
    CHECK(error.find("hostname mismatch") != std::string::npos);
  }
  {
    cli::Connection c;  // --insecure takes any certificate
    cli::ServerAddress a = wss(other.port(), "");
    a.insecure = true;
    CHECK(c.connect(a, error));
  }
  {
    cli::Connection c;  // ws:// to a TLS port: the upgrade is refused, not served in the clear
    CHECK_FALSE(c.connect("127.0.0.1", server.port(), error));
  }
  // The command line: the forms of --server, and --ca or --insecure only with wss://.
  const auto plain_ca = run_program({NYANHALL_CLI, "bot", "--server", "127.0.0.1:1", "--ca", cert.cert, "--join", "x"});
  CHECK(plain_ca.exit == 2);
  CHECK(plain_ca.err.find("--ca and --insecure are for a wss:// server") != std::string::npos);
  const auto bad_url = run_program({NYANHALL_CLI, "bot", "--server", "wss://127.0.0.1:1/lobby", "--join", "x"});
  CHECK(bad_url.exit == 2);
  CHECK(bad_url.err.find("--server needs") != std::string::npos);
  const auto untrusted = run_program({NYANHALL_CLI, "bot", "--server", wss_url(server.port()), "--join", "x"});
  CHECK(untrusted.exit == 1);
  CHECK(untrusted.err.find("self-signed certificate") != std::string::npos);
  const auto no_ca_file =
      run_program({NYANHALL_CLI, "bot", "--server", wss_url(server.port()), "--ca", "/nonexistent.pem", "--join", "x"});
  CHECK(no_ca_file.exit == 1);
  CHECK(no_ca_file.err.find("cannot read the CA certificates in /nonexistent.pem") != std::string::npos);
  CHECK(server.running());
}

TEST_CASE("tls: plain HTTP on the TLS port is redirected to https:// or refused, as the flag says", "[server][tls]") {
  TempDir dir;
  const CertFiles cert = make_certificate(dir, "server");
  {
    ServerProcess server(tls_flags(cert));  // --tls-plain redirect, the default
    const std::string authority = "127.0.0.1:" + std::to_string(server.port());
    auto moved = server.http("GET", "/r/abc?watch=1", {{"Host", authority}});
    CHECK(moved.status == 308);
    CHECK(moved.header("location") == "https://" + authority + "/r/abc?watch=1");
    CHECK(moved.header("connection") == "close");
    CHECK(server.http("HEAD", "/", {{"Host", authority}}).status == 308);
    // The Location is made of the Host the client sent: anything but a host and port is refused.
    for (const char* host : {"evil.example/x", "user@evil.example", "evil.example:99999", "", "[::1", "a b"}) {
      INFO(host);
      CHECK(server.http("GET", "/", {{"Host", host}}).status == 400);
    }
    CHECK(server.http("GET", "/", {{"Host", "[::1]:8443"}}).header("location") == "https://[::1]:8443/");
    // A plain WebSocket upgrade is told to use wss://.
    auto upgrade = server.http("GET", "/ws", {{"Host", authority}, {"Upgrade", "websocket"}, {"Connection", "Upgrade"},
                                              {"Sec-WebSocket-Key", "dGhlIHNhbXBsZSBub25jZQ=="},
                                              {"Sec-WebSocket-Version", "13"}});
    CHECK(upgrade.status == 400);
    CHECK(upgrade.body.find("wss://") != std::string::npos);
    // And the same port serves HTTPS.
    CHECK(https_get(server.port(), "/healthz", cert.cert).status == 200);
  }
  {
    ServerProcess server({"--tls-cert", cert.cert, "--tls-key", cert.key, "--tls-plain", "refuse"});
    auto refused = server.http("GET", "/", {{"Host", "127.0.0.1:" + std::to_string(server.port())}});
    CHECK(refused.status == 400);
    CHECK(refused.body == "this port serves HTTPS only: use https://\n");
    CHECK(refused.header("location").empty());
    CHECK(https_get(server.port(), "/healthz", cert.cert).status == 200);
  }
}

TEST_CASE("tls: a stalled or garbled handshake is closed and the server goes on", "[server][tls]") {
  TempDir dir;
  const CertFiles cert = make_certificate(dir, "server");
  ServerProcess server({"--tls-cert", cert.cert, "--tls-key", cert.key, "--handshake-timeout-ms", "500"});
  // Nothing at all, half a record header, and the start of a ClientHello that promises 512
  // bytes and sends 9: each is closed at the handshake deadline.
  const std::string hello_start("\x16\x03\x01\x02\x00\x01\x00\x01\xfc", 9);
  for (const std::string& bytes : {std::string(), std::string("\x16\x03", 2), hello_start}) {
    const auto after = closed_after(server.port(), bytes, 5s);
    INFO(bytes.size() << " bytes: closed after " << after.count() << " ms");
    CHECK(after >= 400ms);
    CHECK(after < 3s);
  }
  // A ClientHello of garbage (its record and message lengths agree, as the server looks for),
  // and bytes that are neither TLS nor HTTP: closed at once.
  const std::string garbage_hello = std::string("\x16\x03\x01\x00\x30\x01\x00\x00\x2c", 9) + std::string(44, '\xee');
  CHECK(closed_after(server.port(), garbage_hello, 5s) < 400ms);
  CHECK(closed_after(server.port(), std::string("\x00\xff\x13\x37 hello\r\n\r\n", 13), 5s) < 400ms);
  // An old protocol is refused; TLS 1.2 and 1.3 are served.
  CHECK(presented_fingerprint(server.port(), TLS1_1_VERSION).empty());
  CHECK(presented_fingerprint(server.port(), TLS1_2_VERSION) == file_fingerprint(cert.cert));
  CHECK(presented_fingerprint(server.port()) == file_fingerprint(cert.cert));
  REQUIRE(server.running());
  const Answer metrics = https_get(server.port(), "/metrics", cert.cert);
  REQUIRE(metrics.status == 200);
  std::smatch m;
  REQUIRE(std::regex_search(metrics.body, m, std::regex("nyanhall_tls_handshake_failures_total (\\d+)")));
  CHECK(std::stoi(m[1]) == 3);  // the stalled and the garbled ClientHello, and TLS 1.1
}

TEST_CASE("tls: /healthz and nyanhall --healthcheck over TLS, from the port file or the flags", "[server][tls]") {
  TempDir dir;
  const CertFiles cert = make_certificate(dir, "server");
  const std::string port_file = (dir.path / "port").string();
  ServerProcess server({"--tls-cert", cert.cert, "--tls-key", cert.key, "--port-file", port_file});
  const Answer health = https_get(server.port(), "/healthz", cert.cert);
  CHECK(health.status == 200);
  CHECK(health.body == "ok\n");
  const auto deadline = std::chrono::steady_clock::now() + 10s;
  while (!std::filesystem::exists(port_file) && std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(20ms);
  std::ifstream in(port_file);
  std::string address, scheme;
  int port = 0;
  REQUIRE(in >> address >> port >> scheme);
  CHECK(port == server.port());
  CHECK(scheme == "https");
  // As in the image: the environment names the port file and not the certificate; the file
  // says TLS.
  const auto from_file = run_program({server_binary(), "--healthcheck"}, {"NYANHALL_PORT_FILE=" + port_file});
  INFO(from_file.err);
  CHECK(from_file.exit == 0);
  // Without a port file the flags say it, as the environment may.
  const std::string p = std::to_string(server.port());
  CHECK(run_program({server_binary(), "--healthcheck", "--bind", "127.0.0.1", "--port", p, "--tls-cert", cert.cert,
                     "--tls-key", cert.key})
            .exit == 0);
  CHECK(run_program({server_binary(), "--healthcheck"},
                    {"NYANHALL_BIND=127.0.0.1", "NYANHALL_PORT=" + p, "NYANHALL_TLS_CERT=" + cert.cert,
                     "NYANHALL_TLS_KEY=" + cert.key})
            .exit == 0);
  // Asked in plain HTTP, the server redirects, which is not healthy.
  const auto plain = run_program({server_binary(), "--healthcheck", "--bind", "127.0.0.1", "--port", p});
  CHECK(plain.exit == 1);
  CHECK(plain.err.find("answered 308") != std::string::npos);
}

// Issue 34 over TLS: the private key the server was started with, the journal and the
// system's files are not the browser client's, however the path is spelled.
TEST_CASE("tls: nothing outside the web root is answered over https://, the key least of all", "[server][tls][security]") {
  TempDir dir;
  const CertFiles cert = make_certificate(dir, "server");
  const std::string data = (dir.path / "data").string();
  ServerProcess server({"--tls-cert", cert.cert, "--tls-key", cert.key, "--data-dir", data});
  REQUIRE(https_get(server.port(), "/", cert.cert).status == 200);  // the client is served
  const std::string key = cert.key.substr(1), db = data.substr(1) + "/nyanhall.db";
  for (const std::string& path : {"//" + key, "///" + key, "//./" + key, "/%2F" + key, "//" + db, "//" + db + "-wal",
                                  std::string("//etc/passwd"), std::string("//proc/self/environ"),
                                  std::string("/js/../../../../../../") + key}) {
    INFO(path);
    const Answer answer = https_get(server.port(), path, cert.cert);
    CHECK(answer.status == 404);
    CHECK(answer.body == "not found\n");
    CHECK(answer.body.find("PRIVATE KEY") == std::string::npos);
  }
}

TEST_CASE("tls: the certificate flags are checked before the server starts", "[server][tls]") {
  TempDir dir;
  const CertFiles cert = make_certificate(dir, "server");
  const CertFiles other = make_certificate(dir, "other");
  const std::string data = (dir.path / "data").string();
  const auto alone = run_program({server_binary(), "--port", "0", "--data-dir", data, "--tls-cert", cert.cert});
  CHECK(alone.exit == 2);
  CHECK(alone.err.find("--tls-cert and --tls-key go together") != std::string::npos);
  const auto mismatched =
      run_program({server_binary(), "--port", "0", "--data-dir", data, "--tls-cert", cert.cert, "--tls-key", other.key});
  CHECK(mismatched.exit == 2);
  CHECK(mismatched.out.find("does not match the certificate") != std::string::npos);
  CHECK_FALSE(std::filesystem::exists(data));  // stopped before the journal was made
  const auto plain = run_program({server_binary(), "--tls-plain", "maybe"});
  CHECK(plain.exit == 2);
  const auto help = run_program({server_binary(), "--help"});
  for (const char* line : {"--tls-cert FILE", "NYANHALL_TLS_CERT, default empty", "--tls-key FILE",
                           "NYANHALL_TLS_KEY, default empty", "--tls-plain redirect|refuse",
                           "NYANHALL_TLS_PLAIN, default redirect"})
    CHECK(help.out.find(line) != std::string::npos);
}

TEST_CASE("tls: SIGHUP reloads the certificate in the middle of a game, and open connections play on", "[server][tls]") {
  TempDir dir;
  const CertFiles first = make_certificate(dir, "first");
  const CertFiles second = make_certificate(dir, "second");
  const CertFiles live = {(dir.path / "live.crt").string(), (dir.path / "live.key").string()};
  install(first.cert, live.cert);
  install(first.key, live.key);
  ServerProcess server(tls_flags(live));
  REQUIRE(presented_fingerprint(server.port()) == file_fingerprint(first.cert));

  // Both players trust both certificates: a client that reconnected would still connect.
  const std::string both = dir.write("both.pem", [&] {
                                  std::ifstream a(first.cert), b(second.cert);
                                  return std::string(std::istreambuf_iterator<char>(a), {}) +
                                         std::string(std::istreambuf_iterator<char>(b), {});
                                }())
                               .string();
  auto host = connect_player(wss(server.port(), both));
  auto guest = connect_player(wss(server.port(), both));
  open_room({host.get(), guest.get()}, {}, "oikake", Json::object());
  SplitMix rng(7);
  bool reloaded = false;
  play_to_end({host.get(), guest.get()}, {}, rng, [&](int actions) {
    if (reloaded || actions < 3) return;
    reloaded = true;
    // A new pair: new connections get it.
    install(second.cert, live.cert);
    install(second.key, live.key);
    ::kill(server.pid(), SIGHUP);
    REQUIRE(log_shows(server, "tls_reloaded"));
    CHECK(server.log().find("sha256=" + file_fingerprint(second.cert)) != std::string::npos);
    CHECK(presented_fingerprint(server.port()) == file_fingerprint(second.cert));
    // A pair that does not fit keeps the one in use, and the log says why.
    install(first.key, live.key);
    ::kill(server.pid(), SIGHUP);
    REQUIRE(log_shows(server, "tls_reload_failed"));
    CHECK(server.log().find("does not match the certificate") != std::string::npos);
    CHECK(presented_fingerprint(server.port()) == file_fingerprint(second.cert));
    install(second.key, live.key);
  });
  REQUIRE(reloaded);
  // The game ended over the connections it started on.
  CHECK(host->conn.is_open());
  CHECK(guest->conn.is_open());
  CHECK(host->client.game_over());
  const Answer metrics = https_get(server.port(), "/metrics", second.cert);
  CHECK(metrics.body.find("nyanhall_tls_reloads_total 1\n") != std::string::npos);
  CHECK(metrics.body.find("nyanhall_tls_reload_failures_total 1\n") != std::string::npos);
  CHECK(metrics.body.find("nyanhall_connections_total 2\n") != std::string::npos);
  // The guest named the room as it connected, but a TLS connection stays on its thread.
  CHECK(metrics.body.find("nyanhall_connections_moved_total 0\n") != std::string::npos);
  CHECK(server.terminate() == 0);
}
