// Prints the server's DRBG values for sequences given on stdin, so that another
// implementation (the browser client's, tests/web/drbg_cross_test.mjs) can be compared with
// it value by value. Each input line is a seed (64 hex digits) and then tokens: a number n
// asks for uniform(n) (0 <= n < 2^64), `u` for a raw next_u64. Each output line holds the
// values of one input line, in decimal, separated by spaces. A line that cannot be read
// prints `error` and the tool exits 2.
#include <cerrno>
#include <cstdlib>
#include <iostream>
#include <sstream>
#include <string>

#include "protocol/drbg.h"

int main() {
  std::string line;
  while (std::getline(std::cin, line)) {
    std::istringstream in(line);
    std::string seed_text, token;
    if (!(in >> seed_text)) continue;
    auto seed = nyan::seed_from_hex(seed_text);
    if (!seed) {
      std::cout << "error\n";
      return 2;
    }
    nyan::Drbg drbg(*seed);
    std::string out;
    while (in >> token) {
      std::uint64_t value = 0;
      if (token == "u") {
        value = drbg.next_u64();
      } else {
        char* end = nullptr;
        errno = 0;
        const unsigned long long n = std::strtoull(token.c_str(), &end, 10);
        if (errno != 0 || end == token.c_str() || *end != '\0' || token[0] == '-') {
          std::cout << "error\n";
          return 2;
        }
        value = drbg.uniform(n);
      }
      if (!out.empty()) out += ' ';
      out += std::to_string(value);
    }
    std::cout << out << '\n';
  }
  return 0;
}
