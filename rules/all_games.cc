// The one place that knows every engine. The server and the clients call
// register_all_games() once at start; nothing registers itself implicitly.
#include "rules/core/registry.h"
#include "rules/daihugo/daihugo_game.h"
#include "rules/doublehunt/doublehunt_game.h"
#include "rules/hinode/hinode_game.h"
#include "rules/kushine/kushine_game.h"
#include "rules/oikake/oikake_game.h"

namespace nyan {

void register_all_games() {
  Registry& r = registry();
  if (r.find("oikake")) return;  // already registered
  r.add(std::make_unique<oikake::OikakeGame>());
  r.add(std::make_unique<daihugo::DaihugoGame>());
  r.add(std::make_unique<kushine::KushineGame>());
  r.add(std::make_unique<doublehunt::DoubleHuntGame>());
  r.add(std::make_unique<hinode::HinodeGame>());
}

}  // namespace nyan
