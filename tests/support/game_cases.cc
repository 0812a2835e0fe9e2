#include "tests/support/game_cases.h"

#include <catch2/catch.hpp>

#include <vector>

#include "rules/core/registry.h"

namespace nyan::test {

namespace {

struct Declared {
  const char* prefix;
  const char* tags;
  GameCheck check;
  const char* file;
  std::size_t line;
};

std::vector<Declared>& declared() {
  static std::vector<Declared> all;  // filled by static initialisers: made on first use
  return all;
}

class GameInvoker : public Catch::ITestInvoker {
 public:
  GameInvoker(GameCheck check, std::string id) : check_(check), id_(std::move(id)) {}
  void invoke() const override { check_(id_); }

 private:
  GameCheck check_;
  std::string id_;
};

}  // namespace

GameCases::GameCases(const char* prefix, const char* tags, GameCheck check, const char* file, std::size_t line) {
  declared().push_back({prefix, tags, check, file, line});
}

void register_game_cases() {
  if (declared().empty()) return;
  register_all_games();
  for (const Declared& d : declared())
    for (const Game* g : registry().games()) {
      const std::string name = d.prefix + g->type().id;
      // Catch2 takes ownership of the invoker and copies the name and tags.
      Catch::AutoReg(new GameInvoker(d.check, g->type().id), Catch::SourceLineInfo(d.file, d.line), "",
                     Catch::NameAndTags(name, d.tags));
    }
}

}  // namespace nyan::test
