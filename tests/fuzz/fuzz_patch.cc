// libFuzzer target: the project's JSON Patch writer and the client's view tracker, which
// applies patches from the server. The input is two JSON documents on two lines.
// - As views (integers only): the patch json_diff writes from one to the other must turn the
//   first into the second exactly, and be valid RFC 6902 for nlohmann's applier.
// - As messages: a snapshot of the first and an update carrying the second as its patch (any
//   JSON at all) must be refused or applied, never crash the tracker.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "protocol/canonical.h"
#include "protocol/json_diff.h"
#include "protocol/view_tracker.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view in(reinterpret_cast<const char*>(data), size);
  const auto cut = in.find('\n');
  if (cut == std::string_view::npos) return 0;
  const nyan::Json a = nyan::Json::parse(in.substr(0, cut), nullptr, false);
  const nyan::Json b = nyan::Json::parse(in.substr(cut + 1), nullptr, false);
  if (a.is_discarded() || b.is_discarded()) return 0;

  if (nyan::integers_only(a) && nyan::integers_only(b)) {
    const std::string from = nyan::canonical_json(a), to = nyan::canonical_json(b);
    const nyan::Json patch = nyan::Json::parse(nyan::json_diff(from, to), nullptr, false);
    if (patch.is_discarded() || !patch.is_array()) __builtin_trap();
    nyan::Json patched = a;
    try {
      patched.patch_inplace(patch);
    } catch (const nyan::Json::exception&) {
      __builtin_trap();  // the server wrote a patch a client cannot apply
    }
    if (patched != b) __builtin_trap();
  }

  nyan::ViewTracker tracker;
  (void)tracker.on_snapshot(a);  // any message at all, as a hostile server might send
  (void)tracker.on_update(b);
  if (!nyan::integers_only(a)) return 0;
  nyan::ViewTracker fresh;
  const nyan::Json snapshot = {{"type", "snapshot"}, {"game_no", 1}, {"version", 0}, {"view", a},
                               {"hash", nyan::view_hash(a)}, {"legal", nyan::Json::array()}, {"to_act", {0}}};
  if (!fresh.on_snapshot(snapshot).ok) __builtin_trap();
  (void)fresh.on_update({{"type", "update"}, {"game_no", 1}, {"version", 1}, {"patch", b}, {"hash", ""}});
  return 0;
}
