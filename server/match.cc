#include "server/match.h"

#include <algorithm>

#include "protocol/canonical.h"
#include "protocol/commitment.h"
#include "protocol/json_diff.h"

namespace nyan::server {

namespace {
Frame frame(const Json& j) { return std::make_shared<const std::string>(j.dump()); }
}  // namespace

Match::Match(const Game& game, Json options, std::string room_code, std::string room_secret, int game_no,
             const Seed& seed, bool replaying)
    : game_(game),
      options_(std::move(options)),
      code_(std::move(room_code)),
      secret_(std::move(room_secret)),
      game_no_(game_no),
      seed_(seed),
      seed_hash_(seed_commitment(seed)) {
  restart(replaying);
}

void Match::restart(bool replaying) {
  state_ = game_.start(options_, std::make_unique<Drbg>(seed_));
  moves_.clear();
  sealed_.clear();
  announced_ = 0;
  before_.reset();
  fresh_ = false;
  if (!replaying) ensure_sealed();
}

void Match::ensure_sealed() {
  if (fresh_) return;
  sync_sealed();
  announced_ = sealed_.size();  // everyone gets these commitments in a snapshot
  fresh_ = true;
}

Result Match::apply(Seat seat, const Json& action) {
  std::unique_ptr<State> before = state_->clone();
  Result r = replay(seat, action);
  if (r) before_ = std::move(before);
  return r;
}

Result Match::replay(Seat seat, const Json& action) {
  Result r = state_->apply(seat, action);
  if (r) moves_.push_back(Move{seat, action});
  return r;
}

void Match::undo_last() {
  if (moves_.empty()) return;
  std::vector<Move> keep(moves_.begin(), moves_.end() - 1);
  const std::size_t announced = announced_;
  std::vector<std::uint64_t> opened;
  for (const SealedSlot& s : sealed_) opened.push_back(s.opened);
  restart(/*replaying=*/false);
  for (const Move& m : keep) {
    (void)state_->apply(m.seat, m.action);
    moves_.push_back(m);
  }
  sync_sealed();
  for (std::size_t i = 0; i < sealed_.size() && i < opened.size(); ++i) sealed_[i].opened = opened[i];
  announced_ = std::min(announced, sealed_.size());
}

void Match::sync_sealed() {
  std::vector<Sealed> now = state_->sealed();
  for (std::size_t i = 0; i < now.size(); ++i) {
    if (i == sealed_.size()) {
      SealedSlot s;
      s.slot = "g" + std::to_string(game_no_) + "." + now[i].slot;
      s.nonce = commitment_nonce(secret_, s.slot);
      s.commitment = commitment_hash(s.slot, now[i].value, s.nonce);
      s.value = now[i].value;
      sealed_.push_back(std::move(s));
    }
    sealed_[i].known_to = std::move(now[i].known_to);
    sealed_[i].revealed = now[i].revealed;
  }
}

Json Match::commitments_since(std::size_t first) const {
  Json out = Json::array();
  for (std::size_t i = first; i < sealed_.size(); ++i)
    out.push_back({{"slot", sealed_[i].slot}, {"commitment", sealed_[i].commitment}});
  return out;
}

Json Match::openings_for(Seat seat, bool only_new) {
  Json out = Json::array();
  const std::uint64_t bit = audience_bit(seat);
  for (SealedSlot& s : sealed_) {
    const bool entitled =
        s.revealed || (seat != kSpectator && std::find(s.known_to.begin(), s.known_to.end(), seat) != s.known_to.end());
    if (!entitled || (only_new && (s.opened & bit))) continue;
    s.opened |= bit;
    out.push_back({{"slot", s.slot}, {"value", s.value}, {"nonce", s.nonce}});
  }
  return out;
}

Json Match::frame_common(const char* type) const {
  Json j = {{"type", type}, {"room", code_}, {"game_no", game_no_}, {"version", version()},
            {"to_act", state_->to_act()}, {"seed_hash", seed_hash_}};
  if (state_->over()) {
    j["seed"] = seed_hex(seed_);
    j["record"] = record();
  }
  return j;
}

Match::Update Match::update(bool spectators) {
  ensure_sealed();
  sync_sealed();
  const std::unique_ptr<State> before = std::move(before_);
  const Json commitments = commitments_since(announced_);
  announced_ = sealed_.size();
  const Json common = frame_common("update");
  Update u;
  const int n = state_->seat_count();
  for (Seat s = (spectators ? kSpectator : 0); s < n; ++s) {
    Json view = state_->view(s);
    Json j = common;
    // Without a state before (never after apply()), the patch replaces the whole view.
    j["patch"] = json_diff(before ? before->view(s) : Json(), view);
    const std::string hash = view_hash(view);
    j["hash"] = hash;
    j["legal"] = s == kSpectator ? Json::array() : Json(state_->legal_actions(s));
    j["commitments"] = commitments;
    j["openings"] = openings_for(s, true);
    if (s != kSpectator) u.hashes.push_back(hash);
    u.frames.push_back(frame(j));
  }
  // Seats first, spectators last.
  if (spectators) std::rotate(u.frames.begin(), u.frames.begin() + 1, u.frames.end());
  return u;
}

Frame Match::snapshot(Seat seat) {
  ensure_sealed();
  sync_sealed();
  Json j = frame_common("snapshot");
  Json view = state_->view(seat);
  j["hash"] = view_hash(view);
  j["legal"] = seat == kSpectator ? Json::array() : Json(state_->legal_actions(seat));
  j["commitments"] = commitments_since(0);
  j["openings"] = openings_for(seat, false);
  j["view"] = std::move(view);
  return frame(j);
}

std::vector<std::string> Match::hashes() const {
  std::vector<std::string> out;
  for (Seat s = 0; s < state_->seat_count(); ++s) out.push_back(view_hash(state_->view(s)));
  return out;
}

Json Match::record() const {
  Json moves = Json::array();
  for (const Move& m : moves_) moves.push_back({{"seat", m.seat}, {"action", m.action}});
  Json j = {{"game", game_.id()}, {"options", options_}, {"game_no", game_no_}, {"seed", seed_hex(seed_)},
            {"seed_hash", seed_hash_}, {"moves", moves}};
  if (state_->over()) j["outcome"] = state_->outcome().to_json();
  return j;
}

}  // namespace nyan::server
