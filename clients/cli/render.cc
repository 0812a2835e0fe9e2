#include "clients/cli/render.h"

#include <iterator>

namespace nyan::cli {

namespace {

// Add a game's renderer here (one line).
const Renderer kRenderers[] = {
    {"oikake", render_oikake, describe_oikake},
    {"daihugo", render_daihugo, describe_daihugo},
    {"kushine", render_kushine, describe_kushine},
    {"doublehunt", render_doublehunt, describe_doublehunt},
    {"hinode", render_hinode, describe_hinode},
};

const Renderer* find(const std::string& game) {
  for (const Renderer& r : kRenderers)
    if (game == r.game) return &r;
  return nullptr;
}

}  // namespace

std::string render_view(const std::string& game, const Json& view, const std::vector<std::string>& names) {
  std::string out = find(game) ? find(game)->view(view) : view.dump(2) + "\n";
  if (view.is_object() && view.contains("outcome") && view["outcome"].is_object())
    out += "  " + end_line(game, view["outcome"], names) + "\n";
  return out;
}

std::string describe_action(const std::string& game, const Json& action) {
  if (const Renderer* r = find(game)) return r->action(action);
  return action.dump();
}

}  // namespace nyan::cli
