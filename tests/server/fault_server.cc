// nyanhall with a journal that fails or holds back the writes a test names (fault_journal.h):
// the same server otherwise, for tests of what a room does when its journal does not say ok.
#include "server/server_main.h"
#include "tests/server/fault_journal.h"

int main(int argc, char** argv) {
  return nyan::server::server_main(argc, argv, [](std::unique_ptr<nyan::server::Journal> inner) {
    return nyan::test::make_fault_journal(std::move(inner));
  });
}
