#include "tests/server/server_process.h"

#include <catch2/catch.hpp>
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <boost/asio/connect.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <regex>

namespace nyan::test {

std::string server_binary() { return NYANHALL_BINARY; }
std::string fault_server_binary() { return NYANHALL_FAULT_BINARY; }

ServerProcess::ServerProcess(std::vector<std::string> args, std::string binary, int open_files) {
  int pipefd[2];
  REQUIRE(pipe(pipefd) == 0);
  std::vector<std::string> argv_s = {binary.empty() ? server_binary() : binary, "--bind", "127.0.0.1", "--port", "0"};
  argv_s.insert(argv_s.end(), args.begin(), args.end());
  pid_ = fork();
  REQUIRE(pid_ >= 0);
  if (pid_ == 0) {
    dup2(pipefd[1], 1);
    dup2(pipefd[1], 2);
    if (open_files > 0) {
      const rlimit limit{static_cast<rlim_t>(open_files), static_cast<rlim_t>(open_files)};
      setrlimit(RLIMIT_NOFILE, &limit);
    }
    close(pipefd[0]);
    close(pipefd[1]);
    std::vector<char*> argv;
    for (auto& a : argv_s) argv.push_back(a.data());
    argv.push_back(nullptr);
    execv(argv[0], argv.data());
    _exit(127);
  }
  close(pipefd[1]);
  out_fd_ = pipefd[0];
  reader_ = std::thread([this] {
    char buf[4096];
    for (;;) {
      const ssize_t n = read(out_fd_, buf, sizeof buf);
      if (n <= 0) break;
      std::lock_guard<std::mutex> lock(mu_);
      log_.append(buf, static_cast<std::size_t>(n));
    }
  });
  const std::regex listening(R"(listening[^\n]*port[=":]+(\d+))");
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(20);
  while (std::chrono::steady_clock::now() < deadline) {
    std::smatch m;
    const std::string text = log();
    if (std::regex_search(text, m, listening)) {
      port_ = static_cast<unsigned short>(std::stoi(m[1]));
      return;
    }
    if (!running()) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  INFO("server log:\n" << log());
  FAIL("the server did not start");
}

ServerProcess::~ServerProcess() {
  if (pid_ > 0 && running()) terminate(std::chrono::seconds(5));
  if (reader_.joinable()) reader_.join();
  if (out_fd_ >= 0) close(out_fd_);
}

bool ServerProcess::running() {
  if (pid_ <= 0) return false;
  int status = 0;
  const pid_t r = waitpid(pid_, &status, WNOHANG);
  if (r == pid_) {
    pid_ = -pid_;  // reaped; remember it ended
    exit_status_ = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    return false;
  }
  return r == 0;
}

int ServerProcess::terminate(std::chrono::milliseconds grace) {
  if (pid_ <= 0) return exit_status_;
  ::kill(pid_, SIGTERM);
  const auto deadline = std::chrono::steady_clock::now() + grace;
  while (std::chrono::steady_clock::now() < deadline) {
    if (!running()) return exit_status_;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  kill_hard();
  return -1;
}

void ServerProcess::kill_hard() {
  if (pid_ <= 0) return;
  ::kill(pid_, SIGKILL);
  int status = 0;
  waitpid(pid_, &status, 0);
  pid_ = -pid_;
  exit_status_ = -1;
}

std::string ServerProcess::log() const {
  std::lock_guard<std::mutex> lock(mu_);
  return log_;
}

std::pair<int, std::string> ServerProcess::http_get(const std::string& path) const {
  const HttpAnswer a = http("GET", path);
  return {a.status, a.body};
}

ServerProcess::HttpAnswer ServerProcess::http(const std::string& method, const std::string& path,
                                              const std::map<std::string, std::string>& headers) const {
  namespace net = boost::asio;
  namespace beast = boost::beast;
  namespace http = beast::http;
  net::io_context ioc;
  beast::tcp_stream stream(ioc);
  beast::error_code ec;
  HttpAnswer answer;
  stream.expires_after(std::chrono::seconds(10));
  stream.connect(net::ip::tcp::endpoint(net::ip::make_address("127.0.0.1"), port_), ec);
  if (ec) {
    answer.body = ec.message();
    return answer;
  }
  http::request<http::empty_body> req{http::string_to_verb(method), path, 11};
  req.set(http::field::host, "127.0.0.1");
  for (const auto& [name, value] : headers) req.set(name, value);
  http::write(stream, req, ec);
  beast::flat_buffer buffer;
  http::response_parser<http::string_body> parser;
  parser.skip(method == "HEAD");  // a HEAD answer has a Content-Length but no body
  parser.body_limit(64 << 20);
  http::read(stream, buffer, parser, ec);
  if (ec) {
    answer.body = ec.message();
    return answer;
  }
  const auto& res = parser.get();
  answer.status = static_cast<int>(res.result_int());
  for (const auto& field : res) {
    std::string name(field.name_string());
    for (char& c : name) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    answer.headers[name] = std::string(field.value());
  }
  answer.body = res.body();
  return answer;
}

}  // namespace nyan::test
