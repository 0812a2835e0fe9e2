#include "protocol/json_diff.h"

#include <algorithm>

namespace nyan {

namespace {

// How far a list may have moved towards its front and still be sent as a shift. Views drop
// at most a few old log events per action.
constexpr std::size_t kMaxShift = 4;

class Differ {
 public:
  explicit Differ(Json& ops) : ops_(ops) {}

  void diff(const Json& from, const Json& to) {
    if (from.is_object() && to.is_object())
      objects(from.get_ref<const Json::object_t&>(), to.get_ref<const Json::object_t&>());
    else if (from.is_array() && to.is_array())
      arrays(from.get_ref<const Json::array_t&>(), to.get_ref<const Json::array_t&>());
    else if (from != to)
      op("replace", &to);
  }

 private:
  Json& ops_;
  std::string path_;  // JSON Pointer of the value being compared

  void op(const char* name, const Json* value) {
    // Filled in place: an initializer list would build and copy every member twice.
    Json& o = ops_.emplace_back(Json::value_t::object);
    auto& members = o.get_ref<Json::object_t&>();
    members.emplace("op", name);
    members.emplace("path", path_);
    if (value) members.emplace("value", *value);
  }

  // Runs `f` with path_ extended by one reference token, escaped per RFC 6901.
  template <typename F>
  void under(std::string_view token, F f) {
    const std::size_t size = path_.size();
    path_ += '/';
    for (char c : token) {
      if (c == '~') path_ += "~0";
      else if (c == '/') path_ += "~1";
      else path_ += c;
    }
    f();
    path_.resize(size);
  }
  template <typename F>
  void under(std::size_t index, F f) {
    under(std::to_string(index), f);
  }

  void objects(const Json::object_t& from, const Json::object_t& to) {
    // Both are sorted by key: one merge walk finds removed, added and common members.
    auto a = from.begin();
    auto b = to.begin();
    while (a != from.end() || b != to.end()) {
      if (b == to.end() || (a != from.end() && a->first < b->first)) {
        under(a->first, [&] { op("remove", nullptr); });
        ++a;
      } else if (a == from.end() || b->first < a->first) {
        under(b->first, [&] { op("add", &b->second); });
        ++b;
      } else {
        under(a->first, [&] { diff(a->second, b->second); });
        ++a;
        ++b;
      }
    }
  }

  // The smallest d such that `from` without its first d elements (not all of them) is the
  // start of `to`; 0 if there is none.
  static std::size_t shift(const Json::array_t& from, const Json::array_t& to) {
    if (from.empty() || to.empty() || from.front() == to.front()) return 0;
    for (std::size_t d = 1; d <= kMaxShift && d < from.size(); ++d)
      if (from.size() - d <= to.size() && std::equal(from.begin() + static_cast<std::ptrdiff_t>(d), from.end(), to.begin()))
        return d;
    return 0;
  }

  void arrays(const Json::array_t& from, const Json::array_t& to) {
    const std::size_t d = shift(from, to);
    for (std::size_t i = 0; i < d; ++i) under(std::size_t{0}, [&] { op("remove", nullptr); });
    const std::size_t kept = from.size() - d;  // elements of `from` now at the front of `to`
    const std::size_t common = std::min(kept, to.size());
    for (std::size_t i = 0; i < common; ++i) under(i, [&] { diff(from[i + d], to[i]); });
    for (std::size_t i = kept; i < to.size(); ++i) under(i, [&] { op("add", &to[i]); });
    for (std::size_t i = kept; i > to.size(); --i) under(i - 1, [&] { op("remove", nullptr); });
  }
};

}  // namespace

Json json_diff(const Json& from, const Json& to) {
  Json ops = Json::array();
  Differ(ops).diff(from, to);
  return ops;
}

}  // namespace nyan
