// libFuzzer target: every engine's action parsing and apply, through the registry, at states
// deep in real games. The input is lines: the first picks the game, its options and the seed;
// then each line is either an action to try (any JSON, for any seat) or, when it is not JSON,
// a byte that picks one of the legal moves to go on with. An action that is refused must leave
// the state exactly as it was (every seat's view the same), and one that is accepted must have
// been legal: apply() never throws, asserts or aborts on client input.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "protocol/drbg.h"
#include "rules/core/registry.h"

namespace {

std::vector<std::string> all_views(const nyan::State& s) {
  std::vector<std::string> v;
  for (nyan::Seat seat = 0; seat < s.seat_count(); ++seat) v.push_back(s.view_text(seat));
  v.push_back(s.view_text(nyan::kSpectator));
  return v;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const bool registered = (nyan::register_all_games(), true);
  (void)registered;
  std::string_view in(reinterpret_cast<const char*>(data), size);
  if (in.size() < 3) return 0;
  const auto games = nyan::registry().games();
  const nyan::Game& game = *games[static_cast<std::uint8_t>(in[0]) % games.size()];
  const auto samples = game.type().sample_options;
  nyan::Json options;
  if (!game.normalize_options(samples[static_cast<std::uint8_t>(in[1]) % samples.size()], options)) return 0;
  auto state = game.start(options, std::make_unique<nyan::Drbg>(nyan::seed_from_number(static_cast<std::uint8_t>(in[2]))));
  in.remove_prefix(3);
  int steps = 0;
  while (!in.empty() && steps++ < 400) {
    const auto end = in.find('\n');
    const std::string_view line = in.substr(0, end);
    in = end == std::string_view::npos ? std::string_view() : in.substr(end + 1);
    if (line.empty()) continue;
    const nyan::Seat seat = static_cast<nyan::Seat>(static_cast<std::uint8_t>(line[0]) % (state->seat_count() + 1)) - 1;
    nyan::Json action = nyan::Json::parse(line.substr(1), nullptr, false);
    if (!action.is_discarded()) {
      const auto before = all_views(*state);
      nyan::Result r = state->apply(seat, action);
      if (!r && all_views(*state) != before) __builtin_trap();  // a refusal changed the state
      if (r && state->over() && !state->to_act().empty()) __builtin_trap();
      continue;
    }
    if (state->over()) break;
    const auto to_act = state->to_act();
    const nyan::Seat mover = to_act[static_cast<std::uint8_t>(line[0]) % to_act.size()];
    const auto legal = state->legal_actions(mover);
    if (legal.empty()) __builtin_trap();  // to_act names a seat that cannot act
    const nyan::Json& pick = legal[static_cast<std::uint8_t>(line.back()) % legal.size()];
    if (!state->apply(mover, pick)) __builtin_trap();  // a listed action was refused
  }
  return 0;
}
