// `nyanhall-cli verify FILE`: checks a saved transcript (what `play`/`bot --save` wrote) or
// a game record (what /api/rooms/{code}/transcript serves).
#include <cstdio>
#include <fstream>
#include <sstream>

#include "clients/cli/command.h"
#include "clients/cli/verifier.h"

namespace nyan::cli {

const CommandSpec kVerify = {
    "verify",
    "FILE",
    "check a saved game: every view hash, every opened commitment, and a replay of the whole game\n"
    "from the revealed seed; exit code 0 when everything checks out, 1 when something does not",
    {},
    "FILE",
    "a transcript written by play or bot --save, or a game record from /api/rooms/CODE/transcript"};

int verify(const Args& args) {
  const Flags f(args, kVerify);
  if (f.help()) return print_help(kVerify);
  if (!f.ok()) return usage_error(kVerify, f.error());
  if (f.positional().size() != 1) return usage_error(kVerify, "give one FILE");
  const std::string& file = f.positional()[0];
  std::ifstream in(file);
  std::stringstream text;
  text << in.rdbuf();
  const Json j = Json::parse(text.str(), nullptr, false);
  if (!in || j.is_discarded() || !j.is_object()) {
    std::fprintf(stderr, "verify: %s is not a JSON transcript\n", file.c_str());
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
