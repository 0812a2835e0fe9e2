#include "protocol/view_tracker.h"

#include "protocol/canonical.h"
#include "protocol/commitment.h"
#include "protocol/drbg.h"

namespace nyan {

namespace {
ViewTracker::Check fail(std::string why) { return {false, std::move(why)}; }
}  // namespace

void ViewTracker::new_game(int game_no) {
  game_no_ = game_no;
  hashes_.clear();
  seed_.reset();
  record_ = nullptr;
}

ViewTracker::Check ViewTracker::absorb_common(const Json& msg) {
  if (auto it = msg.find("legal"); it != msg.end()) legal_ = *it;
  if (auto it = msg.find("to_act"); it != msg.end()) to_act_ = *it;
  if (auto it = msg.find("seed_hash"); it != msg.end() && it->is_string()) seed_hash_ = it->get<std::string>();
  if (auto it = msg.find("commitments"); it != msg.end() && it->is_array())
    for (const Json& c : *it) {
      const std::string slot = c.value("slot", "");
      const std::string commitment = c.value("commitment", "");
      auto known = commitments_.find(slot);
      // A commitment never changes once given: a changed one would let the server swap cards.
      if (known != commitments_.end() && known->second != commitment)
        return fail("commitment for " + slot + " changed");
      commitments_[slot] = commitment;
    }
  if (auto it = msg.find("openings"); it != msg.end() && it->is_array())
    for (const Json& o : *it) {
      const std::string slot = o.value("slot", "");
      auto c = commitments_.find(slot);
      if (c == commitments_.end()) return fail("opening for " + slot + " without a commitment");
      if (!o.contains("value") || !verify_commitment(c->second, slot, o["value"], o.value("nonce", "")))
        return fail("opening for " + slot + " does not match its commitment");
      if (opened_.find(slot) == opened_.end()) ++openings_verified_;
      opened_[slot] = o["value"];
    }
  if (auto it = msg.find("seed"); it != msg.end() && it->is_string()) {
    auto seed = seed_from_hex(it->get<std::string>());
    if (!seed || !seed_hash_ || seed_commitment(*seed) != *seed_hash_)
      return fail("the revealed seed does not match the seed hash published at the start");
    seed_ = it->get<std::string>();
  }
  if (auto it = msg.find("record"); it != msg.end()) record_ = *it;
  return {};
}

namespace {
// A message from the server is checked like any input: one whose fields have the wrong types
// is refused (and the caller resyncs), it does not throw out of the tracker.
template <class F>
ViewTracker::Check guarded(const Json& msg, F&& check) {
  if (!msg.is_object()) return fail("the message is not an object");
  try {
    return check();
  } catch (const Json::exception& e) {
    return fail(std::string("malformed message: ") + e.what());
  }
}
}  // namespace

ViewTracker::Check ViewTracker::on_snapshot(const Json& msg) {
  return guarded(msg, [&] { return snapshot(msg); });
}

ViewTracker::Check ViewTracker::on_update(const Json& msg) {
  return guarded(msg, [&] { return update(msg); });
}

ViewTracker::Check ViewTracker::snapshot(const Json& msg) {
  const int game_no = msg.value("game_no", 0);
  if (game_no != game_no_) new_game(game_no);
  view_ = msg.value("view", Json());
  version_ = msg.value("version", -1);
  has_view_ = true;
  const std::string hash = msg.value("hash", "");
  hashes_[version_] = hash;
  if (view_hash(view_) != hash) {
    ++hash_mismatches_;
    return fail("snapshot hash does not match its view");
  }
  return absorb_common(msg);
}

ViewTracker::Check ViewTracker::update(const Json& msg) {
  if (!has_view_) return fail("update before any snapshot");
  if (msg.value("game_no", 0) != game_no_) return fail("update for another game");
  const int version = msg.value("version", -1);
  if (version != version_ + 1) return fail("update skips from version " + std::to_string(version_));
  Check common = absorb_common(msg);
  try {
    // In place: a patch touches a few members, and a copy of the whole view per update would
    // cost more than the rest of the check. A patch that fails part way leaves the view
    // damaged, which the failed check makes the caller repair with a resync.
    view_.patch_inplace(msg.at("patch"));
  } catch (const std::exception&) {
    ++hash_mismatches_;
    return fail("the patch does not apply to the local view");
  }
  version_ = version;
  const std::string hash = msg.value("hash", "");
  hashes_[version_] = hash;
  if (view_hash(view_) != hash) {
    ++hash_mismatches_;
    return fail("view hash mismatch at version " + std::to_string(version_));
  }
  return common;
}

}  // namespace nyan
