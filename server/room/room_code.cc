#include "server/room/room_code.h"

#include <cctype>

#include "protocol/drbg.h"

namespace nyan::server {

namespace {
constexpr std::string_view kConsonants = "bdfghkmnprstz";
constexpr std::string_view kVowels = "aeiou";
}  // namespace

std::string new_room_code(const std::string& node) {
  Drbg rng(random_seed());
  std::string code = node.empty() ? "" : node + "-";
  for (int group = 0; group < 3; ++group) {
    if (group) code += '-';
    for (int s = 0; s < 3; ++s) {
      code += kConsonants[rng.uniform(kConsonants.size())];
      code += kVowels[rng.uniform(kVowels.size())];
    }
  }
  return code;
}

std::optional<std::string> normalize_room_code(std::string_view typed) {
  // Codes are read aloud and typed by hand: every run of anything but ASCII letters and
  // digits (spaces, underscores, punctuation) stands for one dash.
  std::string out;
  for (char c : typed) {
    const unsigned char u = static_cast<unsigned char>(c);
    if (u < 0x80 && std::isalnum(u)) out += static_cast<char>(std::tolower(u));
    else if (!out.empty() && out.back() != '-') out += '-';
    if (out.size() > 64) return std::nullopt;
  }
  while (!out.empty() && out.back() == '-') out.pop_back();
  if (out.empty()) return std::nullopt;
  return out;
}

}  // namespace nyan::server
