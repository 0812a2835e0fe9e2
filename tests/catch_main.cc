// One main for every test program: Catch2's, with TextWriter's key-order check turned on, so
// that a view or an action written with a key out of order fails the test that wrote it.
#define CATCH_CONFIG_RUNNER
#include <catch2/catch.hpp>

#include "rules/core/canonical_text.h"

int main(int argc, char* argv[]) {
  nyan::TextWriter::check_key_order(true);
  return Catch::Session().run(argc, argv);
}
