#include "server/common/proc_stat.h"

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace nyan {

namespace {

// The boot time in seconds since the epoch ("btime" in /proc/stat): a process's start time
// is counted in clock ticks from it.
long long boot_time() {
  std::ifstream stat("/proc/stat");
  std::string line;
  while (std::getline(stat, line))
    if (line.rfind("btime ", 0) == 0) return std::stoll(line.substr(6));
  return 0;
}

}  // namespace

ProcStat read_proc(int pid) {
  ProcStat p;
  if (pid <= 0) return p;
  const std::string dir = "/proc/" + std::to_string(pid);
  std::ifstream stat(dir + "/stat");
  std::string line;
  if (!std::getline(stat, line) || line.rfind(')') == std::string::npos) return p;
  // Fields after the command name (which may contain spaces) start after the last ')'; the
  // first of them (the state) is field 3.
  std::istringstream rest(line.substr(line.rfind(')') + 2));
  std::string field;
  unsigned long long utime = 0, stime = 0, start_ticks = 0;
  for (int i = 3; i <= 22 && rest >> field; ++i) {
    if (i == 14) utime = std::stoull(field);
    if (i == 15) stime = std::stoull(field);
    if (i == 22) start_ticks = std::stoull(field);
  }
  const auto ticks = static_cast<double>(sysconf(_SC_CLK_TCK));
  p.cpu_seconds = static_cast<double>(utime + stime) / ticks;
  p.start_time_seconds = static_cast<double>(boot_time()) + static_cast<double>(start_ticks) / ticks;
  std::ifstream status(dir + "/status");
  while (std::getline(status, line)) {
    if (line.rfind("VmRSS:", 0) == 0) p.rss_kib = std::stol(line.substr(6));
    if (line.rfind("VmHWM:", 0) == 0) p.peak_kib = std::stol(line.substr(6));
  }
  std::error_code ec;
  for (std::filesystem::directory_iterator it(dir + "/fd", ec), end; !ec && it != end; it.increment(ec)) ++p.open_fds;
  // "Max open files            1048576              1048576              files"
  std::ifstream limits(dir + "/limits");
  while (std::getline(limits, line))
    if (line.rfind("Max open files", 0) == 0) {
      std::istringstream values(line.substr(14));
      std::string soft;
      values >> soft;
      p.max_fds = soft == "unlimited" ? 0 : std::atol(soft.c_str());
    }
  return p;
}

}  // namespace nyan
