#include "clients/cli/render.h"

namespace nyan::cli {

const Renderer* find_renderer(const std::string& game) {
  for (const Renderer& r : renderers())
    if (game == r.game) return &r;
  return nullptr;
}

std::string render_view(const std::string& game, const Json& view, const std::vector<std::string>& names) {
  const Renderer* r = find_renderer(game);
  std::string out = r ? r->view(view) : render_generic(game, view);
  if (view.is_object() && view.contains("outcome") && view["outcome"].is_object())
    out += "  " + end_line(game, view["outcome"], names) + "\n";
  return out;
}

std::string describe_action(const std::string& game, const Json& action) {
  if (const Renderer* r = find_renderer(game)) return r->action(action);
  return describe_generic(action);
}

}  // namespace nyan::cli
