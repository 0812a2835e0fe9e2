#include "rules/core/registry.h"

namespace nyan {

bool Registry::add(std::unique_ptr<Game> game) {
  if (!game || find(game->type().id)) return false;
  games_.push_back(std::move(game));
  return true;
}

const Game* Registry::find(const std::string& id) const {
  for (const auto& g : games_)
    if (g->type().id == id) return g.get();
  return nullptr;
}

std::vector<const Game*> Registry::games() const {
  std::vector<const Game*> out;
  for (const auto& g : games_) out.push_back(g.get());
  return out;
}

Registry& registry() {
  static Registry r;
  return r;
}

}  // namespace nyan
