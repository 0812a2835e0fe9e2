// What Linux says of a process in /proc: its CPU time and memory. The load generator and the
// benchmarks read the server's figures this way, without disturbing it.
#pragma once

namespace nyan::cli {

struct ProcStat {
  double cpu_seconds = 0;  // user + system
  long rss_kib = 0, peak_kib = 0;
};

// All zero for pid <= 0.
ProcStat read_proc(int pid);

}  // namespace nyan::cli
