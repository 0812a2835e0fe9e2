// A program under test (nyanhall-cli, mostly) run beside the test: its stdin and its output
// (stdout and stderr together) are pipes the test writes to and reads, while it runs.
#pragma once

#include <catch2/catch.hpp>
#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <regex>
#include <string>
#include <thread>
#include <vector>

namespace nyan::test {

struct Child {
  pid_t pid = -1;
  int in = -1, out = -1;
  std::string output;

  explicit Child(std::vector<std::string> args) {
    signal(SIGPIPE, SIG_IGN);  // a child that exited must not take the test with it
    int to[2], from[2];
    REQUIRE(pipe(to) == 0);
    REQUIRE(pipe(from) == 0);
    pid = fork();
    REQUIRE(pid >= 0);
    if (pid == 0) {
      dup2(to[0], 0);
      dup2(from[1], 1);
      dup2(from[1], 2);
      close(to[1]);
      close(from[0]);
      std::vector<char*> argv;
      for (auto& a : args) argv.push_back(a.data());
      argv.push_back(nullptr);
      execv(argv[0], argv.data());
      _exit(127);
    }
    close(to[0]);
    close(from[1]);
    in = to[1];
    out = from[0];
    fcntl(out, F_SETFL, O_NONBLOCK);
  }
  ~Child() {
    if (pid > 0) {
      ::kill(pid, SIGKILL);
      waitpid(pid, nullptr, 0);
    }
    close(in);
    close(out);
  }
  void read_available() {
    char buf[4096];
    for (ssize_t n; (n = read(out, buf, sizeof buf)) > 0;) output.append(buf, static_cast<std::size_t>(n));
  }
  void write_line(const std::string& s) { (void)!write(in, (s + "\n").data(), s.size() + 1); }
  // Waits for the exit status (or -1 on timeout).
  int wait(std::chrono::seconds timeout) {
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    while (std::chrono::steady_clock::now() < deadline) {
      read_available();
      int status = 0;
      if (waitpid(pid, &status, WNOHANG) == pid) {
        pid = -1;
        read_available();
        return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    return -1;
  }
  std::string room_code(std::chrono::seconds timeout) {
    const std::regex re("room: ([a-z0-9-]+)");
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    while (std::chrono::steady_clock::now() < deadline) {
      read_available();
      std::smatch m;
      if (std::regex_search(output, m, re)) return m[1];
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    return "";
  }
};

}  // namespace nyan::test
