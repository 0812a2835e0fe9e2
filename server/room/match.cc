#include "server/room/match.h"

#include <algorithm>

#include "protocol/canonical.h"
#include "protocol/commitment.h"
#include "protocol/json_diff.h"
#include "protocol/server_messages.h"
#include "protocol/sha256.h"

namespace nyan::server {

namespace {

// Room for the members a frame gets at commit (the clocks of four seats), so that it is
// allocated once.
constexpr std::size_t kExtraRoom = 160;

Frame finished(std::string start, std::string_view common, std::string_view extra) {
  return std::make_shared<const std::string>(finish_frame(std::move(start), common, extra));
}

}  // namespace

Match::Match(const Game& game, const Json& options, std::string room_code, std::string room_secret, int game_no,
             const Seed& seed, bool replaying, int rules_version)
    : game_(game),
      options_(canonical_json_fitted(options)),
      code_(std::move(room_code)),
      secret_(std::move(room_secret)),
      game_no_(game_no),
      seed_(seed),
      rules_version_(rules_version),
      seed_hash_(seed_commitment(seed)),
      state_(game_.start(options, std::make_unique<Drbg>(seed_, rules_version_))) {
  sent_.assign(static_cast<std::size_t>(state_->seat_count()) + 1, SentView{});
  if (!replaying) ensure_sealed();
}

void Match::ensure_sealed() {
  if (fresh_) return;
  entitled_ = state_->sealed();
  std::vector<SealedSlot> added = new_slots(entitled_);
  for (SealedSlot& s : added) slots_.push_back(std::move(s));
  opened_.resize(slots_.size(), 0);
  fresh_ = true;
}

std::vector<Match::SealedSlot> Match::new_slots(const std::vector<Sealed>& now) const {
  std::vector<SealedSlot> out;
  for (std::size_t i = slots_.size(); i < now.size(); ++i) {
    SealedSlot s;
    s.slot = "g" + std::to_string(game_no_) + "." + now[i].slot;
    s.nonce = commitment_nonce(secret_, s.slot);
    s.commitment = commitment_hash(s.slot, now[i].value, s.nonce);
    s.value = now[i].value;
    out.push_back(std::move(s));
  }
  return out;
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

Result Match::replay(Seat seat, const Json& action, bool by_bot) {
  Result r = apply_move(*state_, Move{seat, action});  // a journaled forfeit too
  if (r) moves_.push_back(played(Move{seat, action, by_bot}));
  return r;
}

// Both lists are written as text: they go into every frame, and are empty in most.
std::string Match::commitments(const std::vector<SealedSlot>& slots, std::size_t first) {
  std::string out;
  TextWriter w(out);
  w.open_array();
  for (std::size_t i = first; i < slots.size(); ++i) write_commitment(w, slots[i].slot, slots[i].commitment);
  w.close_array();
  return out;
}

std::string Match::openings(Seat to, bool only_new, const std::vector<Sealed>& entitled,
                            const std::vector<SealedSlot>& added, Opened& opened) const {
  std::string out;
  TextWriter w(out);
  w.open_array();
  const std::uint64_t bit = audience_bit(to);
  for (std::size_t i = 0; i < entitled.size(); ++i) {
    const Sealed& e = entitled[i];
    const bool entitled_now = e.revealed || (to != kSpectator && e.known_by(to));
    if (!entitled_now || (only_new && (opened[i] & bit))) continue;
    opened[i] |= bit;
    const SealedSlot& s = i < slots_.size() ? slots_[i] : added[i - slots_.size()];
    write_opening(w, s.nonce, s.slot, s.value);
  }
  w.close_array();
  return out;
}

std::string Match::legal_text(const State& state, Seat to) { return to == kSpectator ? "[]" : state.legal_text(to); }

std::string Match::common_members(const State& state, int version, const std::string& record) const {
  return match_members(game_no_, state.over() ? std::string_view(record) : std::string_view(), code_,
                       state.over() ? seed_hex(seed_) : std::string(), seed_hash_, state.to_act(), version);
}

Result Match::prepare(Seat seat, const Json& action, bool spectators, Pending& p, bool by_bot) {
  return prepare_move(Move{seat, action, by_bot}, /*forfeit=*/false, spectators, p);
}

Result Match::prepare_forfeit(Seat seat, bool spectators, Pending& p) {
  return prepare_move(Move{seat, forfeit_action()}, /*forfeit=*/true, spectators, p);
}

Result Match::prepare_move(Move move, bool forfeit, bool spectators, Pending& p) {
  ensure_sealed();
  // The views before the action, which the patches start from: normally the ones last sent,
  // so nothing is made here; after a restore they are made now, once (they describe the
  // committed state, so keeping them changes nothing a client sees).
  for (Seat s = 0; s < state_->seat_count(); ++s) current_view(s);
  if (spectators && sent_.back().version >= 0) current_view(kSpectator);

  p = Pending{};
  p.state_ = state_->clone();
  // A client's action goes through the engine's legal list alone; only the server forfeits.
  if (Result r = forfeit ? p.state_->forfeit(move.seat) : p.state_->apply(move.seat, move.action); !r) return r;
  p.move_ = std::move(move);
  p.version_ = version() + 1;
  p.entitled_ = p.state_->sealed();
  p.added_ = new_slots(p.entitled_);
  p.opened_ = opened_;
  p.opened_.resize(p.entitled_.size(), 0);

  // A finished game's last update carries its record, with this move.
  std::string record;
  if (p.state_->over()) record = record_text(*p.state_, &p.move_);
  p.common_ = common_members(*p.state_, p.version_, record);
  const std::string& common = p.common_;
  const std::string new_commitments = commitments(p.added_, 0);

  p.sent_.assign(sent_.size(), SentView{});
  std::vector<Seat> audiences;  // seats first, spectators last
  audiences.reserve(sent_.size());
  for (Seat s = 0; s < state_->seat_count(); ++s) audiences.push_back(s);
  if (spectators) audiences.push_back(kSpectator);
  // Every audience's new view first, written by the engine together (what they show alike
  // it writes once): their hashes are worked out together (the blocks they all begin with
  // are hashed once), and their patches share one memo (the parts they all see alike are
  // diffed once).
  std::vector<std::string> views = p.state_->view_texts(audiences);
  std::vector<std::string_view> texts;
  texts.reserve(audiences.size());
  for (std::size_t a = 0; a < audiences.size(); ++a) {
    SentView& now = p.sent_[audience(audiences[a])];
    now.text = std::move(views[a]);
    now.text.shrink_to_fit();
    // Each view but the first is indexed from the one before it: they are alike up to a
    // seat's own entry, and only the rest is read.
    const SentView* previous = a > 0 ? &p.sent_[audience(audiences[a - 1])] : nullptr;
    now.index = previous ? TextIndex(now.text, previous->text, previous->index) : TextIndex(now.text);
    now.version = p.version_;
    texts.push_back(now.text);
  }
  const std::vector<Digest> digests = sha256_each(texts);
  DiffMemo memo;
  for (std::size_t a = 0; a < audiences.size(); ++a) {
    const Seat to = audiences[a];
    const SentView& now = p.sent_[audience(to)];
    SentView& before = sent_[audience(to)];
    std::string patch;
    if (before.version == version()) {
      if (before.index.empty()) before.index = TextIndex(before.text);  // a snapshot's view
      patch = json_diff(before.text, before.index, now.text, now.index, &memo);
    } else {
      patch = json_diff("", now.text);  // no view kept (spectators): the patch replaces it
    }
    const std::string hash = to_hex(digests[a]);
    const std::string opened = openings(to, /*only_new=*/true, p.entitled_, p.added_, p.opened_);
    std::string f = update_start(new_commitments, hash, legal_text(*p.state_, to), opened, patch,
                                 common.size() + kExtraRoom);
    if (to != kSpectator) p.update_.hashes.push_back(hash);
    p.frames_.push_back(std::move(f));
  }
  // Nobody to patch for: keep nothing for the spectators. A finished game gets no more
  // updates: a resync makes its view again.
  if (!spectators) p.sent_.back() = SentView{};
  if (p.state_->over()) std::fill(p.sent_.begin(), p.sent_.end(), SentView{});
  return Result::ok();
}

Match::Update Match::commit(Pending&& p, std::string_view extra) {
  p.update_.frames.reserve(p.frames_.size());
  for (std::string& f : p.frames_) p.update_.frames.push_back(finished(std::move(f), p.common_, extra));
  state_ = std::move(p.state_);
  moves_.push_back(played(p.move_));
  sent_ = std::move(p.sent_);
  for (SealedSlot& s : p.added_) slots_.push_back(std::move(s));
  entitled_ = std::move(p.entitled_);
  opened_ = std::move(p.opened_);
  return std::move(p.update_);
}

Frame Match::snapshot(Seat seat, const Json& re, std::string_view extra) {
  ensure_sealed();
  const SentView& view = current_view(seat);
  const std::string common = common_members(*state_, version(), state_->over() ? record_text() : std::string());
  static const std::vector<SealedSlot> none;
  const std::string opened = openings(seat, /*only_new=*/false, entitled_, none, opened_);
  std::string f = snapshot_start(commitments(slots_, 0), sha256_hex(view.text), legal_text(*state_, seat), opened, re,
                                 view.text, common.size() + extra.size() + 64);
  return finished(std::move(f), common, extra);
}

std::vector<std::string> Match::hashes() const {
  std::vector<Seat> seats;
  for (Seat s = 0; s < state_->seat_count(); ++s) seats.push_back(s);
  const std::vector<std::string> views = state_->view_texts(seats);
  std::vector<std::string> out;
  for (const Digest& d : sha256_each(std::vector<std::string_view>(views.begin(), views.end()))) out.push_back(to_hex(d));
  return out;
}

Json Match::record() const { return Json::parse(record_text()); }

std::string Match::record_text() const { return record_text(*state_); }

PlayedMove Match::played(const Move& move) {
  return PlayedMove{move.seat, move.bot, canonical_json_fitted(move.action)};  // kept for the whole game
}

// Written member by member: the last update of every game carries it, and a tree of every
// move would be built only to be written out.
std::string Match::record_text(const State& state, const Move* last) const {
  std::string out;
  TextWriter w(out);
  w.open_object();
  w.key("game").str(game_.type().id).key("game_no").num(game_no_);
  w.key("moves").open_array();
  auto write_move = [&w](Seat seat, std::string_view action, bool bot) {
    w.open_object().key("action").raw(action);
    if (bot) w.key("bot").flag(true);
    w.key("seat").num(seat).close_object();
  };
  for (const PlayedMove& m : moves_) write_move(m.seat, m.action, m.bot);
  if (last) write_move(last->seat, canonical_json(last->action), last->bot);
  w.close_array();
  w.key("options").raw(options_);
  if (state.over()) w.key("outcome").raw(state.outcome_text());
  w.key("rules").num(rules_version_);
  w.key("seed").str(seed_hex(seed_)).key("seed_hash").str(seed_hash_);
  w.close_object();
  return out;
}

}  // namespace nyan::server
