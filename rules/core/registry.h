// The game registry. Registration is explicit: register_all_games() (rules/all_games.cc)
// adds every engine; nothing registers itself through static initialisers.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "rules/core/game.h"

namespace nyan {

class Registry {
 public:
  // Adds a game; a second game with the same id replaces nothing and returns false.
  bool add(std::unique_ptr<Game> game);
  // nullptr when unknown.
  const Game* find(const std::string& id) const;
  // In registration order.
  std::vector<const Game*> games() const;

 private:
  std::vector<std::unique_ptr<Game>> games_;
};

// The process-wide registry, filled by register_all_games().
Registry& registry();

// Registers every engine in nyanhall. Idempotent.
void register_all_games();

}  // namespace nyan
