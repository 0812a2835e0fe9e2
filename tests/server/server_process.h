// A real nyanhall process for tests: started on 127.0.0.1 with an ephemeral port, its log
// collected (tests scan it for hidden values), stopped with SIGTERM (or SIGKILL).
#pragma once

#include <chrono>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

namespace nyan::test {

class ServerProcess {
 public:
  // Starts the server binary with `args` added to "--bind 127.0.0.1 --port 0". Fails the
  // test if it does not report a listening port within a few seconds.
  // `binary`: another build of the server (fault_server_binary()); the server's by default.
  // `open_files`: the process's descriptor limit (soft and hard), when not 0.
  explicit ServerProcess(std::vector<std::string> args = {}, std::string binary = {}, int open_files = 0);
  ~ServerProcess();

  unsigned short port() const { return port_; }
  int pid() const { return pid_; }

  // SIGTERM, then waits; returns the exit status (or -1 when it had to be killed).
  int terminate(std::chrono::milliseconds grace = std::chrono::seconds(10));
  void kill_hard();  // SIGKILL, as a crash
  bool running();

  std::string log() const;  // everything the server wrote so far

  // GET `path` over a fresh connection: status code and body.
  std::pair<int, std::string> http_get(const std::string& path) const;

  // Any request over a fresh connection, with the answer's headers (names in lower case).
  // Status 0 (and the error in `body`) when there was no answer.
  struct HttpAnswer {
    int status = 0;
    std::map<std::string, std::string> headers;
    std::string body;
    std::string header(const std::string& name) const {
      auto it = headers.find(name);
      return it == headers.end() ? "" : it->second;
    }
  };
  HttpAnswer http(const std::string& method, const std::string& path,
                  const std::map<std::string, std::string>& headers = {}) const;

 private:
  int pid_ = -1;  // negated once the process has been reaped
  int exit_status_ = -1;
  unsigned short port_ = 0;
  int out_fd_ = -1;
  std::thread reader_;
  mutable std::mutex mu_;
  std::string log_;
};

// The binary under test (set by CMake), and the same server with a journal that fails or
// holds back the writes a plan file names (fault_journal.h).
std::string server_binary();
std::string fault_server_binary();

}  // namespace nyan::test
