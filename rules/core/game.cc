#include "rules/core/game.h"

#include <utility>

#include "rules/core/room_options.h"

namespace nyan {

Game::Game(GameType type, std::unique_ptr<const BotPolicy> policy)
    : type_(std::move(type)), policy_(std::move(policy)) {}

const BotPolicy& Game::bot_policy() const {
  static const BotPolicy plain;  // random playouts, scored by the winners
  return policy_ ? *policy_ : plain;
}

Result Game::normalize_options(const Json& given, Json& out) const {
  // The room options (clock, on_timeout, drop_policy) are every game's, checked apart.
  Json own = given;
  if (own.is_object())
    for (auto it = own.begin(); it != own.end();) it = is_room_option(it.key()) ? own.erase(it) : std::next(it);
  Json normalized;
  if (Result r = nyan::normalize_options(type_.options, own, normalized); !r) return r;
  if (Result r = check_options(normalized); !r) return r;
  if (Result r = normalize_room_options(given, normalized); !r) return r;
  out = std::move(normalized);
  return Result::ok();
}

}  // namespace nyan
