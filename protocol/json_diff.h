// RFC 6902 patches between two views: what the server sends after each action instead of the
// whole view. Any correct patch would do for clients (they apply it and check the view hash);
// this one is built to be cheap to compute and small on the wire for the way views change.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace nyan {

// Where every object and array of a canonical text ends, found in one pass over it. The diff
// walks a view level by level; without it, each level would skip over the bytes of the
// levels below it again. The server keeps the index of the view it last sent each seat with
// that view's text, so that each text is indexed once: as the new view of one action's
// patch, and again as the old view of the next.
class TextIndex {
 public:
  TextIndex() = default;
  explicit TextIndex(std::string_view text);
  // The index of `text` made from the index of `like`, another text that `text` begins alike
  // with (one action's views of different seats are alike up to a seat's own entry): only the
  // bytes from where they part are read. The same index as TextIndex(text).
  TextIndex(std::string_view text, std::string_view like, const TextIndex& like_index);
  bool empty() const { return spans_.empty(); }
  // The end of the value that starts at s[i], where `s` is a part of `text` (the text indexed).
  // `cursor` is the caller's place in the index: reading the values of one container in
  // order, each container among them is found at the cursor without a search.
  std::size_t value_end(std::string_view text, std::string_view s, std::size_t i, std::size_t& cursor) const;

 // One container of the text.
  struct Span {
    std::uint32_t open, close;  // the opening bracket's position; one past the closing one
    std::uint32_t after;        // the entry after this container and everything inside it
    bool operator==(const Span&) const = default;
  };
  bool operator==(const TextIndex&) const = default;

 private:
  // Indexes text[from..] after the first `kept` entries of the thread's scratch spans, which
  // hold the containers that open before `from`, `depth` of them (listed first in its open
  // stack) still open there.
  void build(std::string_view text, std::size_t from, std::size_t kept, std::size_t depth);
  std::vector<Span> spans_;  // by position of the opening bracket
};

// The patches of parts of views, kept over the audiences of one action. The parts that every
// seat sees alike (the board, the trick, the log, the other players) change alike in every
// seat's view: each is diffed once, and for the next seat whose texts of that part are the
// same bytes its operations are copied rather than worked out again. An entry points into
// the texts diffed, so they must outlive the memo: make one per action.
class DiffMemo {
 public:
  struct Entry {
    std::string_view from, to;  // the part's texts, before and after
    std::string ops;            // its operations, without the comma before the first
  };
  // The entries of one path (a JSON Pointer).
  std::vector<Entry>& at(const std::string& path) { return by_path_[path]; }

  // The last patch's walk over the members of its whole texts (two objects): where each pair
  // of members alike by key ended in each text, and the patch's size then. The next audience's
  // views are alike with these up to its own members: the operations of the members that are
  // the same bytes at the same places in its texts are copied, and its walk goes on from there.
  struct Step {
    std::size_t from_end, to_end;  // the bytes after the members (a comma or the closing brace)
    std::size_t patch_size;
  };
  struct Walk {
    std::string_view from, to;
    std::string patch;  // as it was at the end of the walk, without its closing bracket
    std::vector<Step> steps;
  };
  Walk& walk() { return walk_; }

 private:
  std::unordered_map<std::string, std::vector<Entry>> by_path_;
  Walk walk_;
};

// A JSON Patch (an array of add / remove / replace operations), as compact JSON text, that
// turns `from` into `to`. Both must be canonical JSON text (canonical.h): the server keeps
// the last view it sent each seat as that text, because it needs the text for the view hash
// anyway and it is a tenth of the memory of a parsed tree; the diff reads the text directly.
// Objects are compared key by key; arrays element by element, except that a list which lost
// elements at its front and gained them at its back (a log of recent events) becomes removes
// at the front and adds at the back rather than a replace of every element. Values are equal
// exactly when their canonical texts are.
std::string json_diff(std::string_view from, std::string_view to);
// The same with both texts already indexed (each index made from exactly its text).
// With `memo`, the parts already diffed for another audience of the same action are copied.
std::string json_diff(std::string_view from, const TextIndex& from_index, std::string_view to,
                      const TextIndex& to_index, DiffMemo* memo = nullptr);

}  // namespace nyan
