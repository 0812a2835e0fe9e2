#include "server/server.h"

#include <boost/asio/io_context.hpp>
#include <boost/asio/signal_set.hpp>
#include <boost/asio/steady_timer.hpp>
#include <sys/resource.h>

#include <csignal>
#include <cstdio>
#include <filesystem>
#include <thread>
#include <vector>

#include "rules/core/registry.h"
#include "server/http/healthcheck.h"
#include "server/session/listener.h"
#include "server/common/log.h"
#include "server/common/metrics.h"
#include "server/journal/pg_journal.h"
#include "server/journal/sqlite_journal.h"
#include "server/session/ws_session.h"

namespace nyan::server {

namespace net = boost::asio;

namespace {

// The browser client: --web-root, else `web` next to the binary's share directory, else the
// source tree's clients/web.
std::string find_web_root(const Config& c, const std::string& program_path) {
  namespace fs = std::filesystem;
  if (!c.web_root.empty()) return c.web_root;
  std::error_code ec;
  const fs::path exe = fs::weakly_canonical(fs::path(program_path), ec);
  for (const fs::path& candidate : {exe.parent_path() / "web", exe.parent_path().parent_path() / "share/nyanhall/web",
                                    exe.parent_path() / "../../clients/web/dist", exe.parent_path() / "../../clients/web"})
    if (fs::exists(candidate / "index.html", ec)) return fs::weakly_canonical(candidate, ec).string();
  return "";
}

// Everything the configuration names, checked before anything touches the disk: a mistyped
// directory must not leave a journal or a half-started server behind. The bind address was
// checked as the flags were read. Returns an error line's fields, or null when all is well.
Json preflight(const Config& c) {
  namespace fs = std::filesystem;
  std::error_code ec;
  if (!c.web_root.empty() && !fs::is_directory(c.web_root, ec))
    return {{"web_root", c.web_root}, {"error", "not a directory"}};
  if (c.journal == "sqlite" && !c.data_dir.empty() && fs::exists(c.data_dir, ec) && !fs::is_directory(c.data_dir, ec))
    return {{"data_dir", c.data_dir}, {"error", "not a directory"}};
  return nullptr;
}

// The certificate and key the configuration names, loaded, with the log line that says which
// certificate is in use; null (logged) when they cannot be used. `reload`: on SIGHUP, when a
// failure keeps the context in use (`kept`).
TlsContext load_tls(const Config& c, bool reload, const TlsContext& kept = nullptr) {
  std::string error;
  TlsCertificate about;
  TlsContext next = load_server_tls(c.tls_cert, c.tls_key, error, &about);
  if (!next) {
    if (reload) {
      metrics().tls_reload_failures++;
      log::warn("tls_reload_failed", {{"error", error}, {"kept_sha256", kept ? certificate_fingerprint(*kept) : ""}});
    } else {
      log::error("bad_config", {{"tls", error}});
    }
    return nullptr;
  }
  const Json fields = {
      {"cert", c.tls_cert}, {"subject", about.subject}, {"sha256", about.fingerprint}, {"not_after", about.not_after}};
  metrics().tls_certificate_not_after = static_cast<long>(about.not_after_unix);
  if (reload) metrics().tls_reloads++;
  log::info(reload ? "tls_reloaded" : "tls", fields);
  if (about.expired) log::warn("tls_certificate_expired", fields);
  return next;
}

std::unique_ptr<Journal> open_journal(const Config& c, std::string& error) {
  if (c.journal == "none") return make_memory_journal();
  if (c.journal == "postgres") {
    PgJournalOptions o;
    o.database.url = c.postgres;
    o.database.password_file = c.postgres_password_file;
    o.node = c.node;
    o.address = c.replica_address;
    o.lease_ttl_ms = c.lease_ttl_ms;
    o.group_commit_us = c.group_commit_us;
    return open_postgres_journal(o, error);
  }
  return open_sqlite_journal(c.data_dir, c.group_commit_us, error);
}

// Every connection is a descriptor: the soft limit goes up to the hard one, and the connection
// limit stays below it with room for the journal, the log and the listener, so that accept()
// never fails for want of one (an excess socket is accepted, refused and closed at once).
void fit_connections_to_descriptors(Config& config) {
  rlimit fds{};
  if (getrlimit(RLIMIT_NOFILE, &fds) != 0) return;
  if (fds.rlim_cur < fds.rlim_max) {
    fds.rlim_cur = fds.rlim_max;
    if (setrlimit(RLIMIT_NOFILE, &fds) != 0) getrlimit(RLIMIT_NOFILE, &fds);
  }
  constexpr rlim_t kSpare = 32;
  if (fds.rlim_cur == RLIM_INFINITY || fds.rlim_cur <= kSpare) return;
  const rlim_t usable = fds.rlim_cur - kSpare;
  if (static_cast<rlim_t>(config.max_connections) <= usable) return;
  log::warn("max_connections_lowered", {{"configured", config.max_connections},
                                        {"now", static_cast<long long>(usable)},
                                        {"open_files_limit", static_cast<long long>(fds.rlim_cur)}});
  config.max_connections = static_cast<int>(usable);
}

}  // namespace

int run_server(const Config& given, const std::string& program_path, const JournalWrap& wrap) {
  Config config = given;
  fit_connections_to_descriptors(config);
  register_all_games();
  std::vector<std::string> ids;
  for (const Game* g : registry().games()) ids.push_back(g->type().id);
  metrics().set_games(ids);

  // A write to a file over its size limit must fail with an error, not kill the process.
  std::signal(SIGXFSZ, SIG_IGN);
  std::signal(SIGPIPE, SIG_IGN);

  if (const Json problem = preflight(config); !problem.is_null()) {
    log::error("bad_config", problem);
    return 2;
  }
  boost::system::error_code ec;
  const auto address = net::ip::make_address(config.bind, ec);
  if (ec) {
    log::error("bad_bind_address", {{"bind", config.bind}});
    return 2;
  }
  // The certificate is checked with the rest of the configuration, before the journal opens.
  TlsContext tls;
  if (!config.tls_cert.empty() && !(tls = load_tls(config, false))) return 2;
  // The browser client's files are read now, before the journal opens: a web root that is
  // not a client's folder stops the server like any other mistake in its configuration.
  StaticFiles web(find_web_root(config, program_path));
  if (std::string error; !web.root().empty() && !web.load(error)) {
    log::error("bad_config", {{"web_root", web.root()}, {"error", error}});
    return 2;
  }
  if (!web.find("/"))
    log::warn("no_browser_client", {{"web_root", web.root().empty() ? "(none found)" : web.root()},
                                    {"detail", "no index.html: / answers 404"}});

  std::string journal_error;
  std::unique_ptr<Journal> journal = open_journal(config, journal_error);
  if (!journal && config.journal == "postgres") {
    // Unreachable, refused or newer than this build: the configuration, not a passing fault.
    log::error("bad_config", {{"postgres", describe_postgres_url(config.postgres)}, {"error", journal_error}});
    return 2;
  }
  if (!journal) {
    log::error("journal_open_failed", {{"data_dir", config.data_dir}, {"error", journal_error}});
    return 1;
  }
  if (wrap) journal = wrap(std::move(journal));
  if (config.journal == "none")
    log::warn("journal", {{"backend", journal->describe()}, {"mode", "in-memory: rooms do not survive a restart"}});
  else
    log::info("journal", {{"backend", journal->describe()}});

  const int threads = config.threads > 0 ? config.threads : std::max(1u, std::thread::hardware_concurrency());
  IoPool io(threads);
  net::io_context& ioc = io.main();
  RoomManager rooms(io, *journal, config);
  const auto restore_start = Clock::now();
  const RoomManager::RestoreSummary restored = rooms.restore_all(threads);
  log::info("rooms_restored", {{"restored", restored.restored},
                               {"broken", restored.broken},
                               {"ms", std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - restore_start).count()}});
  ServerContext ctx{config, rooms, *journal, web};
  ctx.tls.replace(tls);

  auto listener = std::make_shared<Listener>(io, ctx);
  std::string error;
  if (!listener->open({address, static_cast<unsigned short>(config.port)}, error)) {
    log::error("listen_failed", {{"bind", config.bind}, {"port", config.port}, {"error", error}});
    return 1;
  }
  listener->run();
  // Where the other replicas are told this one is, with its rooms (the proxy routes by --node).
  if (Leases* leases = journal->leases(); leases && config.replica_address.empty())
    leases->set_address(config.bind + ":" + std::to_string(listener->port()));
  const char* scheme = tls ? "https" : "http";
  log::info("listening", {{"address", config.bind}, {"port", listener->port()}, {"scheme", scheme},
                          {"threads", threads}, {"web_root", web.root().empty() ? "(none)" : web.root()},
                          {"web_files", web.size()}});
  // Without the file the server still serves; only a health check that relies on it is misled
  // (it falls back to --bind and --port), so this is a warning (a read-only /tmp, say).
  if (!config.port_file.empty() && !write_port_file(config.port_file, config.bind, listener->port(), scheme, error))
    log::warn("port_file_failed", {{"port_file", config.port_file}, {"error", error}});

  // SIGTERM/SIGINT: stop accepting, close every WebSocket with 1001, wait for the sessions to
  // finish (bounded by drain_ms), then stop.
  net::signal_set signals(ioc, SIGINT, SIGTERM);
  net::steady_timer drain(ioc);
  Clock::time_point deadline;
  std::function<void()> poll_drain = [&] {
    if ((ctx.session_count() == 0 && rooms.clocks_pausing() == 0) || Clock::now() >= deadline) {
      log::info("stopping", {{"open_connections", ctx.session_count()}});
      io.stop();
      return;
    }
    drain.expires_after(std::chrono::milliseconds(20));
    drain.async_wait([&](boost::system::error_code e) {
      if (!e) poll_drain();
    });
  };
  auto close_sessions = [&ctx](websocket::close_code code, const char* reason) {
    ctx.for_each_session([code, reason](const std::shared_ptr<WsSession>& s) { s->close(code, reason); });
  };
  // With a shared journal the rooms are handed over: once every running clock is journaled
  // and everything written, the leases are given up, and only then are the clients told to
  // reconnect (1012, service restart), so that the replica each reaches next can take its room
  // at once (before, it would find the room still held here).
  std::thread handover;
  signals.async_wait([&](boost::system::error_code e, int signal) {
    if (e) return;
    log::info("shutdown", {{"signal", signal}, {"connections", ctx.session_count()}});
    ctx.stopping = true;
    listener->stop();
    rooms.pause_clocks();
    deadline = Clock::now() + std::chrono::milliseconds(config.drain_ms);
    if (Leases* leases = journal->leases()) {
      handover = std::thread([&, leases] {
        while (rooms.clocks_pausing() > 0 && Clock::now() < deadline) std::this_thread::sleep_for(std::chrono::milliseconds(5));
        journal->flush();
        const bool released = leases->release_all();
        log::info("leases_released", {{"ok", released}});
        net::post(ioc, [&] { close_sessions(websocket::close_code::service_restart, "server restarting: reconnect"); });
      });
    } else {
      close_sessions(websocket::close_code::going_away, "server shutting down");
    }
    poll_drain();
  });

  // SIGHUP: the web root's set of files is walked again (a file added since start is served
  // from now on, one removed no longer), and with TLS a new certificate and key are loaded for
  // new connections; open ones keep theirs. What cannot be used keeps what is in use, and the
  // log says why.
  net::signal_set reload(ioc, SIGHUP);
  std::function<void()> await_reload = [&] {
    reload.async_wait([&](boost::system::error_code e, int) {
      if (e) return;
      if (!web.root().empty()) {
        std::string error;
        if (web.load(error))
          log::info("web_root_reloaded", {{"web_root", web.root()}, {"web_files", web.size()}});
        else
          log::warn("web_root_reload_failed", {{"web_root", web.root()}, {"error", error}, {"kept_files", web.size()}});
      }
      if (tls)
        if (TlsContext next = load_tls(config, true, ctx.tls.current())) ctx.tls.replace(std::move(next));
      await_reload();
    });
  };
  await_reload();

  io.run();
  if (handover.joinable()) handover.join();
  journal->flush();
  if (!config.port_file.empty()) std::remove(config.port_file.c_str());  // nobody listens there now
  log::info("stopped");
  return 0;
}

}  // namespace nyan::server
