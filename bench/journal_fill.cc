// Fills a data directory's journal with unfinished Oikake rooms exactly as the server would
// have written them (real seeds, real moves, real view hashes), to measure restart time. The
// rooms are written 100 at a time, taking turns record by record as rooms that play at the
// same time do, so their records are interleaved in the journal as a busy server leaves them.
// usage: journal_fill DATA_DIR ROOMS MOVES_PER_ROOM
#include <cstdio>
#include <cstdlib>

#include "protocol/drbg.h"
#include "rules/core/registry.h"
#include "server/room/match.h"
#include "server/room/room_code.h"
#include "server/journal/sqlite_journal.h"
#include "server/room/tokens.h"

using namespace nyan;
using namespace nyan::server;

int main(int argc, char** argv) {
  if (argc != 4) {
    std::fprintf(stderr, "usage: journal_fill DATA_DIR ROOMS MOVES_PER_ROOM\n");
    return 2;
  }
  const int rooms = std::atoi(argv[2]), moves = std::atoi(argv[3]);
  register_all_games();
  const Game& game = *registry().find("oikake");
  Json options;
  (void)game.normalize_options(Json::object(), options);
  std::string error;
  auto journal = open_sqlite_journal(argv[1], 2000, error);
  if (!journal) {
    std::fprintf(stderr, "journal_fill: %s\n", error.c_str());
    return 1;
  }
  SplitMix pick(42);
  constexpr int kAtOnce = 100;
  std::vector<std::pair<std::string, std::vector<Json>>> playing;
  int failed = 0;
  auto write_in_turns = [&] {
    for (std::size_t k = 0;; ++k) {
      bool any = false;
      for (auto& [code, records] : playing)
        if (k < records.size()) {
          any = true;
          journal->append(code, {journal_record(std::move(records[k]))}, [&failed](bool ok) { failed += ok ? 0 : 1; });
        }
      if (!any) break;
    }
    journal->flush();
    playing.clear();
  };
  for (int i = 0; i < rooms; ++i) {
    const std::string code = new_room_code(""), secret = new_room_secret();
    const Seed seed = random_seed();
    std::vector<Json> records = {
        {{"kind", "room_created"}, {"code", code}, {"game", "oikake"}, {"options", options}, {"secret", secret}},
        {{"kind", "seat_claimed"}, {"seat", 0}, {"token_hash", token_hash(new_token())}, {"name", "a"}},
        {{"kind", "seat_claimed"}, {"seat", 1}, {"token_hash", token_hash(new_token())}, {"name", "b"}},
        {{"kind", "game_started"}, {"game_no", 1}, {"seed", seed_hex(seed)}, {"rules", kRulesVersion}}};
    Match match(game, options, code, secret, 1, seed);
    for (int m = 0; m < moves && !match.over(); ++m) {
      auto move = random_move(match.state(), pick);
      if (!move || !match.replay(move->seat, move->action)) return 1;
      if (match.over()) break;  // keep every room unfinished
      records.push_back({{"kind", "action"}, {"game_no", 1}, {"version", match.version()}, {"seat", move->seat},
                         {"action", move->action}, {"request", nullptr}, {"hashes", match.hashes()}});
    }
    if (match.over()) {  // the last move ended the game: leave it out and replay without it
      --i;
      continue;
    }
    playing.emplace_back(code, std::move(records));
    if (playing.size() == kAtOnce) write_in_turns();
  }
  write_in_turns();
  if (failed) {
    std::fprintf(stderr, "journal_fill: %d writes failed\n", failed);
    return 1;
  }
  std::printf("journal_fill: %d unfinished rooms with up to %d moves in %s\n", rooms, moves, argv[1]);
  return 0;
}
