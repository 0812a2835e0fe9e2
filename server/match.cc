#include "server/match.h"

#include <algorithm>

#include "protocol/canonical.h"
#include "protocol/commitment.h"
#include "protocol/json_diff.h"
#include "protocol/sha256.h"

namespace nyan::server {

namespace {

// Frames are written as text: the view and the patch already are text, and a tree would be
// built only to be dumped again.
void member(std::string& frame, std::string_view key, std::string_view text) {
  frame += frame.size() > 1 ? ",\"" : "\"";
  frame += key;
  frame += "\":";
  frame += text;
}
std::string in_quotes(const std::string& hex) { return '"' + hex + '"'; }
// Ends a frame with the members every frame about the match carries.
Frame finish_frame(std::string frame, std::string_view common) {
  frame += ',';
  frame += common;
  frame += '}';
  return std::make_shared<const std::string>(std::move(frame));
}

}  // namespace

Match::Match(const Game& game, Json options, std::string room_code, std::string room_secret, int game_no,
             const Seed& seed, bool replaying, int rules_version)
    : game_(game),
      options_(std::move(options)),
      code_(std::move(room_code)),
      secret_(std::move(room_secret)),
      game_no_(game_no),
      seed_(seed),
      rules_version_(rules_version),
      seed_hash_(seed_commitment(seed)) {
  restart(replaying);
}

void Match::restart(bool replaying) {
  state_ = game_.start(options_, std::make_unique<Drbg>(seed_, rules_version_));
  moves_.clear();
  sealed_.clear();
  announced_ = 0;
  sent_.assign(static_cast<std::size_t>(state_->seat_count()) + 1, SentView{});
  fresh_ = false;
  if (!replaying) ensure_sealed();
}

void Match::ensure_sealed() {
  if (fresh_) return;
  sync_sealed();
  announced_ = sealed_.size();  // everyone gets these commitments in a snapshot
  fresh_ = true;
}

Match::SentView& Match::current_view(Seat seat) {
  SentView& v = sent_[audience(seat)];
  if (v.version != version()) {
    v.text = state_->view_text(seat);
    v.text.shrink_to_fit();
    v.index = TextIndex();
    v.version = version();
  }
  return v;
}

Result Match::apply(Seat seat, const Json& action) {
  // The views before the action, which the patches start from: normally the ones last sent,
  // so nothing is computed here; after a restore or an undo they are made now, once.
  for (Seat s = 0; s < state_->seat_count(); ++s) current_view(s);
  if (sent_.back().version >= 0) current_view(kSpectator);
  return replay(seat, action);
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
  restart(/*replaying=*/false);  // also forgets the views of the undone state
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

// Both lists are written as text: they go into every frame, and are empty in most.
std::string Match::commitments_since(std::size_t first) const {
  std::string out;
  TextWriter w(out);
  w.open_array();
  for (std::size_t i = first; i < sealed_.size(); ++i)
    w.open_object().key("commitment").str(sealed_[i].commitment).key("slot").str(sealed_[i].slot).close_object();
  w.close_array();
  return out;
}

std::string Match::openings_for(Seat seat, bool only_new) {
  std::string out;
  TextWriter w(out);
  w.open_array();
  const std::uint64_t bit = audience_bit(seat);
  for (SealedSlot& s : sealed_) {
    const bool entitled =
        s.revealed || (seat != kSpectator && std::find(s.known_to.begin(), s.known_to.end(), seat) != s.known_to.end());
    if (!entitled || (only_new && (s.opened & bit))) continue;
    s.opened |= bit;
    w.open_object().key("nonce").str(s.nonce).key("slot").str(s.slot).key("value").json(s.value).close_object();
  }
  w.close_array();
  return out;
}

std::string Match::audience_members(Seat to, std::string_view commitments, const std::string& hash, bool only_new,
                                    std::size_t rest) {
  const std::string legal = to == kSpectator ? "[]" : state_->legal_text(to);
  const std::string openings = openings_for(to, only_new);
  std::string f;
  // The members' texts, their keys and separators (under 64 bytes), and the end of the frame.
  f.reserve(commitments.size() + hash.size() + legal.size() + openings.size() + 64 + rest);
  f += '{';
  member(f, "commitments", commitments);
  member(f, "hash", in_quotes(hash));
  member(f, "legal", legal);
  member(f, "openings", openings);
  return f;
}

std::string Match::common_members() const {
  std::string out;
  TextWriter w(out);
  // A member list, not an object: the caller writes the braces around it with other members.
  w.key("game_no").num(game_no_);
  if (state_->over()) w.key("record").raw(record_text());
  w.key("room").str(code_);
  if (state_->over()) w.key("seed").str(seed_hex(seed_));
  w.key("seed_hash").str(seed_hash_);
  w.key("to_act").open_array();
  for (const Seat s : state_->to_act()) w.num(s);
  w.close_array();
  w.key("version").num(version());
  return out;
}

Match::Update Match::update(bool spectators) {
  ensure_sealed();
  sync_sealed();
  const std::string commitments = commitments_since(announced_);
  announced_ = sealed_.size();
  const std::string common = common_members();
  if (!spectators) sent_.back() = SentView{};  // nobody to patch: keep nothing for them
  std::vector<Seat> audiences;  // seats first, spectators last
  for (Seat s = 0; s < state_->seat_count(); ++s) audiences.push_back(s);
  if (spectators) audiences.push_back(kSpectator);
  Update u;
  for (const Seat to : audiences) {
    SentView& sent = sent_[audience(to)];
    // Without the view before (spectators who were not kept), the patch replaces the view.
    SentView before;
    if (sent.version == version() - 1) before = std::move(sent);
    if (before.index.empty()) before.index = TextIndex(before.text);  // a snapshot's view, or none
    SentView& now = current_view(to);
    now.index = TextIndex(now.text);
    const std::string patch = json_diff(before.text, before.index, now.text, now.index);
    const std::string hash = sha256_hex(now.text);
    std::string f = audience_members(to, commitments, hash, /*only_new=*/true, patch.size() + common.size() + 32);
    member(f, "patch", patch);
    member(f, "type", "\"update\"");
    if (to != kSpectator) u.hashes.push_back(hash);
    u.frames.push_back(finish_frame(std::move(f), common));
  }
  // A finished game gets no more updates: a resync makes its view again.
  if (state_->over()) std::fill(sent_.begin(), sent_.end(), SentView{});
  return u;
}

Frame Match::snapshot(Seat seat) {
  ensure_sealed();
  sync_sealed();
  const SentView& view = current_view(seat);
  const std::string common = common_members();
  std::string f = audience_members(seat, commitments_since(0), sha256_hex(view.text), /*only_new=*/false,
                                   view.text.size() + common.size() + 32);
  member(f, "type", "\"snapshot\"");
  member(f, "view", view.text);
  return finish_frame(std::move(f), common);
}

std::vector<std::string> Match::hashes() const {
  std::vector<std::string> out;
  for (Seat s = 0; s < state_->seat_count(); ++s) out.push_back(sha256_hex(state_->view_text(s)));
  return out;
}

Json Match::record() const { return Json::parse(record_text()); }

// Written member by member: the last update of every game carries it, and a tree of every
// move would be built only to be written out.
std::string Match::record_text() const {
  std::string out;
  TextWriter w(out);
  w.open_object();
  w.key("game").str(game_.id()).key("game_no").num(game_no_);
  w.key("moves").open_array();
  for (const Move& m : moves_) w.open_object().key("action").json(m.action).key("seat").num(m.seat).close_object();
  w.close_array();
  w.key("options").json(options_);
  if (state_->over()) w.key("outcome").json(state_->outcome().to_json());
  w.key("rules").num(rules_version_);
  w.key("seed").str(seed_hex(seed_)).key("seed_hash").str(seed_hash_);
  w.close_object();
  return out;
}

}  // namespace nyan::server
