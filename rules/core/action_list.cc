#include "rules/core/action_list.h"

#include <algorithm>
#include <stdexcept>

#include "rules/core/state.h"

namespace nyan {

ActionList::ActionList(const State& state, Seat seat) : w_(text_) {
  text_.reserve(256);
  w_.open_array();
  state.list_legal(*this, seat);
  if (!spans_.empty()) end_action();
  w_.close_array();
}

TextWriter& ActionList::add(bool side) {
  if (!spans_.empty()) end_action();
  // The writer puts a comma before every element but the first.
  const auto begin = static_cast<std::uint32_t>(text_.size() + (spans_.empty() ? 0 : 1));
  spans_.push_back(Span{begin, begin, side});
  return w_;
}

void ActionRun::add_text(std::string_view canonical) {
  if (!ends_.empty()) text_ += ',';
  text_ += canonical;
  ends_.push_back(static_cast<std::uint32_t>(text_.size()));
  longest_ = std::max(longest_, static_cast<std::uint32_t>(canonical.size()));
}

void ActionList::add_run(const ActionRun& run) {
  if (run.ends_.empty()) return;
  if (!spans_.empty()) end_action();
  const auto base = static_cast<std::uint32_t>(text_.size() + (spans_.empty() ? 0 : 1));
  w_.raw(run.text_);  // one element to the writer: its comma before, none after
  std::uint32_t begin = base;
  for (const std::uint32_t end : run.ends_) {
    spans_.push_back(Span{begin, base + end, run.side_});
    begin = base + end + 1;
  }
  // The last span ends where the text does, as end_action() will find it.
  if (run.longest_ > longest_) longest_ = run.longest_;
}

void ActionList::end_action() {
  Span& s = spans_.back();
  s.end = static_cast<std::uint32_t>(text_.size());
  if (TextWriter::checking_key_order() && (s.end <= s.begin || text_[s.begin] != '{' || text_[s.end - 1] != '}'))
    throw std::logic_error("ActionList: each add() must be followed by exactly one object");
  if (s.end - s.begin > longest_) longest_ = s.end - s.begin;
}

std::string_view ActionList::action(std::size_t i) const {
  return std::string_view(text_).substr(spans_[i].begin, spans_[i].end - spans_[i].begin);
}

Json ActionList::parse(std::size_t i) const { return Json::parse(action(i)); }

std::vector<Json> ActionList::parse_all() const {
  Json list = Json::parse(text_);
  return std::move(list.get_ref<Json::array_t&>());
}

std::optional<std::size_t> ActionList::find(const Json& wanted) const {
  std::string text;
  if (!append_canonical_json_within(text, wanted, longest_)) return std::nullopt;
  for (std::size_t i = 0; i < spans_.size(); ++i)
    if (action(i) == text) return i;
  return std::nullopt;
}

}  // namespace nyan
