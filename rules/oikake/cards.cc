#include "rules/oikake/cards.h"

namespace nyan::oikake {

namespace {
constexpr std::array<std::string_view, kKinds> kNames = {"find",  "danger", "lazy",   "walk",
                                                         "twist", "watch",  "bigcat", "spy"};
}

std::string_view kind_name(Kind k) { return kNames[static_cast<int>(k)]; }

std::optional<Kind> kind_from_name(std::string_view name) {
  for (int i = 0; i < kKinds; ++i)
    if (kNames[i] == name) return static_cast<Kind>(i);
  return std::nullopt;
}

int copies(Mode mode, Kind k) {
  switch (k) {
    case Kind::find:
    case Kind::danger:
    case Kind::lazy:
    case Kind::walk: return mode == Mode::normal ? 6 : 4;
    case Kind::twist:
    case Kind::watch: return mode == Mode::normal ? 6 : 0;
    case Kind::bigcat:
    case Kind::spy: return mode == Mode::normal ? 1 : 0;
  }
  return 0;
}

Value value(Kind kind, int k) {
  const int col = k >= 3 ? 2 : (k <= 1 ? 0 : 1);  // 4th and later copies use the 3rd column
  auto move = [](int m) { return Value{m, false, false}; };
  switch (kind) {
    case Kind::find: return col == 2 ? Value{0, true, false} : move(0);
    case Kind::danger: return col == 0 ? move(2) : col == 1 ? move(3) : Value{0, false, true};
    case Kind::lazy: return col == 2 ? move(-2) : move(-1);
    case Kind::walk: return move(col + 1);
    case Kind::twist: return col == 1 ? move(6) : move(-1);
    case Kind::watch: return col == 0 ? move(0) : col == 1 ? move(2) : move(6);
    case Kind::bigcat: return move(4);
    case Kind::spy: return move(-3);
  }
  return move(0);
}

int total(const Counts& c) {
  int n = 0;
  for (int x : c) n += x;
  return n;
}

}  // namespace nyan::oikake
