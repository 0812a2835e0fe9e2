// What Linux says of a process in /proc: its CPU time, memory, descriptors and start time.
// The server's /metrics reads its own figures this way; the load generator and the benchmarks
// read the server's, without disturbing it.
#pragma once

namespace nyan {

struct ProcStat {
  double cpu_seconds = 0;  // user + system
  long rss_kib = 0, peak_kib = 0;
  double start_time_seconds = 0;  // since the Unix epoch
  long open_fds = 0;
  long max_fds = 0;  // the soft limit on open descriptors; 0 when unlimited or unknown
};

// All zero for pid <= 0 or a process that cannot be read.
ProcStat read_proc(int pid);

}  // namespace nyan
