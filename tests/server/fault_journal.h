// A journal for tests that fails or holds back chosen writes, around the real one. What it
// does is read, before every append, from the plan file named by NYANHALL_FAULT_PLAN, so a
// test changes it while the server runs. One rule per line:
//
//   fail KIND[:TYPE] [COUNT]        the next COUNT (default 1) appends holding a record of
//                                   that kind (an action record: of that action type) fail
//   delay KIND[:TYPE] MS [COUNT]    ... are written MS milliseconds late
//
// Counts start again whenever the file's text changes. Lines starting with # are ignored.
#pragma once

#include <memory>

#include "server/journal/journal.h"

namespace nyan::test {

std::unique_ptr<server::Journal> make_fault_journal(std::unique_ptr<server::Journal> inner);

}  // namespace nyan::test
