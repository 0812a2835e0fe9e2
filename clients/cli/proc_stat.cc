#include "clients/cli/proc_stat.h"

#include <fstream>
#include <sstream>
#include <string>
#include <unistd.h>

namespace nyan::cli {

ProcStat read_proc(int pid) {
  ProcStat p;
  if (pid <= 0) return p;
  std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
  std::string line;
  std::getline(stat, line);
  // Fields after the command name (which may contain spaces) start after the last ')'.
  std::istringstream rest(line.substr(line.rfind(')') + 2));
  std::string field;
  unsigned long long utime = 0, stime = 0;
  for (int i = 3; i <= 15 && rest >> field; ++i) {
    if (i == 14) utime = std::stoull(field);
    if (i == 15) stime = std::stoull(field);
  }
  p.cpu_seconds = static_cast<double>(utime + stime) / static_cast<double>(sysconf(_SC_CLK_TCK));
  std::ifstream status("/proc/" + std::to_string(pid) + "/status");
  while (std::getline(status, line)) {
    if (line.rfind("VmRSS:", 0) == 0) p.rss_kib = std::stol(line.substr(6));
    if (line.rfind("VmHWM:", 0) == 0) p.peak_kib = std::stol(line.substr(6));
  }
  return p;
}

}  // namespace nyan::cli
