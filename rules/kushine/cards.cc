#include "rules/kushine/cards.h"

namespace nyan::kushine {

namespace {
constexpr std::array<std::string_view, kKinds> kKindNames = {
    "passenger", "guard", "sailor", "cook", "mouse", "tanuki", "matatabi"};
constexpr std::array<std::string_view, kOfficers> kOfficerNames = {"captain", "mate", "boatswain",
                                                                   "doctor"};
}  // namespace

int copies(Kind k) { return is_nyanko(k) ? 5 : 4; }

std::string_view kind_name(Kind k) { return kKindNames[static_cast<int>(k)]; }

std::optional<Kind> kind_from_name(std::string_view name) {
  for (int i = 0; i < kKinds; ++i)
    if (kKindNames[i] == name) return static_cast<Kind>(i);
  return std::nullopt;
}

std::string_view officer_name(Officer o) { return kOfficerNames[static_cast<int>(o)]; }

std::optional<Officer> officer_from_name(std::string_view name) {
  for (int i = 0; i < kOfficers; ++i)
    if (kOfficerNames[i] == name) return static_cast<Officer>(i);
  return std::nullopt;
}

int total(const Hand& h) {
  int n = 0;
  for (int x : h) n += x;
  return n;
}

int nyanko_count(const Hand& h) { return total(h) - mice(h); }

}  // namespace nyan::kushine
