#include "clients/cli/verifier.h"

#include <algorithm>
#include <memory>
#include <set>

#include "protocol/canonical.h"
#include "protocol/drbg.h"
#include "protocol/view_tracker.h"
#include "rules/core/move.h"
#include "rules/core/registry.h"

namespace nyan::cli {

namespace {

// Keys a snapshot or update may carry; anything else would be unexplained data.
const std::set<std::string> kFrameKeys = {"type",        "room",     "game_no", "version", "to_act", "seed_hash",
                                          "seed",        "record",   "hash",    "legal",   "view",   "patch",
                                          "commitments", "openings", "clock",   "re"};

}  // namespace

VerifyReport verify_game(const Json& record, const std::vector<Json>& messages, int seat) {
  VerifyReport r;
  auto problem = [&](std::string p) {
    if (r.problems.size() < 20) r.problems.push_back(std::move(p));
  };
  register_all_games();
  if (!record.is_object() || !record.contains("game") || !record.contains("seed") || !record.contains("moves")) {
    problem("no record of a finished game");
    return r;
  }
  const Game* game = registry().find(record.value("game", ""));
  auto seed = seed_from_hex(record.value("seed", ""));
  if (!game || !seed) {
    problem("the record names an unknown game or carries no valid seed");
    return r;
  }
  if (seed_commitment(*seed) != record.value("seed_hash", "")) problem("the seed does not match its published hash");
  // A record from before the rules had versions has none: it was played under version 1.
  const Json rules = record.value("rules", Json(1));
  if (!rules.is_number_integer() || !known_rules_version(rules.get<std::int64_t>())) {
    problem("the record names rules version " + rules.dump() + ", which this client does not know");
    return r;
  }
  Json options;
  if (!game->normalize_options(record.value("options", Json()), options)) {
    problem("the record's options are not valid for " + game->type().id);
    return r;
  }

  // Replay from the seed, keeping the state at every version.
  std::vector<std::unique_ptr<State>> states;
  states.push_back(game->start(options, std::make_unique<Drbg>(*seed, rules.get<int>())));
  for (const Json& m : record["moves"]) {
    auto next = states.back()->clone();
    // A move is an accepted action or a forfeit the server made (rules/core/move.h).
    if (!m.contains("seat") || !m["seat"].is_number_integer() ||
        !apply_move(*next, Move{m["seat"].get<Seat>(), m.value("action", Json())})) {
      problem("move " + std::to_string(r.moves + 1) + " is not legal in the replay");
      return r;
    }
    states.push_back(std::move(next));
    ++r.moves;
  }
  if (!states.back()->over()) problem("the replayed game does not end");
  else if (record.contains("outcome") && states.back()->outcome().to_json() != record["outcome"])
    problem("the replayed outcome differs from the recorded one");

  // Every frame of this game against the replay, and every opening against its commitment.
  const int game_no = record.value("game_no", 0);
  const std::string prefix = "g" + std::to_string(game_no) + ".";
  ViewTracker tracker;
  for (const Json& msg : messages) {
    const std::string type = msg.value("type", "");
    if (type != "snapshot" && type != "update") continue;
    const ViewTracker::Check c = type == "snapshot" ? tracker.on_snapshot(msg) : tracker.on_update(msg);
    if (msg.value("game_no", 0) != game_no) continue;
    if (!c.ok) problem(c.problem);
    for (const auto& [k, v] : msg.items())
      if (!kFrameKeys.count(k)) problem("unexpected field '" + k + "' in a " + type);
    const int v = msg.value("version", -1);
    if (v < 0 || v >= static_cast<int>(states.size())) {
      problem("a frame has version " + std::to_string(v) + ", outside the recorded game");
      continue;
    }
    const State& s = *states[v];
    const std::string at = " at version " + std::to_string(v);
    if (msg.value("hash", "") != view_hash(s.view(seat))) problem("view hash differs from the replay" + at);
    const Json legal = seat == kSpectator ? Json::array() : Json(s.legal_actions(seat));
    if (msg.value("legal", Json()) != legal) problem("legal actions differ from the replay" + at);
    if (msg.value("to_act", Json()) != Json(s.to_act())) problem("whose turn differs from the replay" + at);
    // The clocks run for exactly the seats the game waits for.
    if (msg.contains("clock") && msg["clock"].value("running", Json()) != Json(s.to_act()))
      problem("the running clocks are not those of the seats to act" + at);
    if (msg.contains("seed") != s.over() || msg.contains("record") != s.over())
      problem("the seed or record appeared before the end" + at);
    const std::vector<Sealed> sealed = s.sealed();
    for (const Json& o : msg.value("openings", Json::array())) {
      const std::string slot = o.value("slot", "");
      auto it = std::find_if(sealed.begin(), sealed.end(), [&](const Sealed& x) { return prefix + x.slot == slot; });
      if (it == sealed.end() || !it->known_by(seat)) problem("opening of " + slot + " not owed to this seat" + at);
      else if (o.value("value", Json()) != it->value) problem("opening of " + slot + " differs from the replay");
      ++r.openings;
    }
    ++r.frames;
  }
  return r;
}

}  // namespace nyan::cli
