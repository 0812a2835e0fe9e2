// The client side of views, hashes and commitments: keeps one connection's copy of its view
// up to date from snapshots and patches, checks every hash and every opening, and records
// what it verified. Used by nyanhall-cli and by the tests; a browser does the same in JS.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "rules/core/types.h"

namespace nyan {

class ViewTracker {
 public:
  struct Check {
    bool ok = true;
    std::string problem;  // why the message could not be verified (ok == false)
  };

  // A `snapshot` message: replaces the view. Checks its hash and the openings it carries.
  Check on_snapshot(const Json& msg);
  // An `update` message: applies the patch, checks version continuity and the hash, records
  // new commitments and checks new openings. On a mismatch the caller should ask for resync.
  Check on_update(const Json& msg);

  bool has_view() const { return has_view_; }
  const Json& view() const { return view_; }
  int version() const { return version_; }
  int game_no() const { return game_no_; }
  const Json& legal() const { return legal_; }
  const Json& to_act() const { return to_act_; }
  // For tests of the resync path: damage the local copy as a buggy client would.
  Json& mutable_view() { return view_; }

  // Every hash received, by version, for the current game (a transcript replays against it).
  const std::map<int, std::string>& hashes() const { return hashes_; }
  const std::map<std::string, std::string>& commitments() const { return commitments_; }
  const std::map<std::string, Json>& opened() const { return opened_; }
  const std::optional<std::string>& seed_hash() const { return seed_hash_; }
  const std::optional<std::string>& seed() const { return seed_; }
  // The final record (options, seed, every action) sent when the game ends.
  const Json& record() const { return record_; }

  int hash_mismatches() const { return hash_mismatches_; }
  int openings_verified() const { return openings_verified_; }

 private:
  Check snapshot(const Json& msg);
  Check update(const Json& msg);
  Check absorb_common(const Json& msg);
  void new_game(int game_no);

  bool has_view_ = false;
  Json view_;
  int version_ = -1;
  int game_no_ = 0;
  Json legal_ = Json::array();
  Json to_act_ = Json::array();
  std::map<int, std::string> hashes_;
  std::map<std::string, std::string> commitments_;
  std::map<std::string, Json> opened_;
  std::optional<std::string> seed_hash_, seed_;
  Json record_;
  int hash_mismatches_ = 0;
  int openings_verified_ = 0;
};

}  // namespace nyan
