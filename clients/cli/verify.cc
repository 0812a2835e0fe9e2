// `nyanhall-cli verify FILE`: checks a saved transcript (what `play`/`bot --save` wrote) or
// a game record (what /api/rooms/{code}/transcript serves).
#include <cstdio>
#include <fstream>
#include <sstream>

#include "clients/cli/command.h"
#include "clients/cli/verifier.h"

namespace nyan::cli {

int verify(const Args& args) {
  if (args.size() != 1) {
    std::fprintf(stderr, "usage: nyanhall-cli verify FILE\n");
    return 2;
  }
  std::ifstream in(args[0]);
  std::stringstream text;
  text << in.rdbuf();
  const Json j = Json::parse(text.str(), nullptr, false);
  if (!in || j.is_discarded() || !j.is_object()) {
    std::fprintf(stderr, "verify: %s is not a JSON transcript\n", args[0].c_str());
    return 2;
  }
  std::vector<Json> messages;
  Json record = j;
  int seat = kSpectator;
  if (j.contains("messages")) {
    messages = j["messages"].get<std::vector<Json>>();
    if (j.contains("seat") && j["seat"].is_number_integer()) seat = j["seat"];
    record = nullptr;
    for (const Json& m : messages)
      if (m.contains("record")) record = m["record"];
  }
  const VerifyReport r = verify_game(record, messages, seat);
  std::printf("moves re-derived from the seed: %d\n", r.moves);
  std::printf("frames checked against the replay: %d\n", r.frames);
  std::printf("openings checked against commitments and replay: %d\n", r.openings);
  for (const std::string& p : r.problems) std::printf("PROBLEM: %s\n", p.c_str());
  std::printf("%s\n", r.ok() ? "verified" : "NOT verified");
  return r.ok() ? 0 : 1;
}

}  // namespace nyan::cli
