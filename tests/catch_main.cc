// One main for every test program: Catch2's, with TextWriter's key-order check turned on, so
// that a view or an action written with a key out of order fails the test that wrote it, and
// with the test cases made for every registered game (tests/support/game_cases.h).
#define CATCH_CONFIG_RUNNER
#include <catch2/catch.hpp>

#include "rules/core/canonical_text.h"
#include "tests/support/game_cases.h"

int main(int argc, char* argv[]) {
  nyan::TextWriter::check_key_order(true);
  nyan::test::register_game_cases();
  return Catch::Session().run(argc, argv);
}
