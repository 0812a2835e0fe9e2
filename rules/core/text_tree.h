// A read-only tree over JSON text, for the bots' playout policies (bot_policy.h): a policy
// reads the view of the seat to act before every move of every playout, thousands of times
// per decision, and building a nlohmann tree of a Kushine view costs about 35 us, twenty
// times the engine's own writing of it. TextTree reads the text in place into one flat array of nodes (no
// allocation per value); strings are views into the text, their escapes left as written
// (the views' names and ids are plain ASCII, so comparisons with names are exact).
// Numbers are integers only, as in every view (PROTOCOL.md, "Canonical JSON").
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

namespace nyan {

class TextTree {
  struct Node;

 public:
  // Reads `text`, which must outlive the tree. Throws std::invalid_argument on anything that
  // is not one JSON value of integers, strings, booleans, nulls, arrays and objects.
  explicit TextTree(std::string_view text);

  class Ref {
   public:
    bool is_null() const;
    bool is_flag() const;
    bool is_number() const;
    bool is_string() const;
    bool is_array() const;
    bool is_object() const;
    // A member of an object (throws std::out_of_range when absent or not an object), or
    // nullopt from find().
    Ref at(std::string_view key) const;
    std::optional<Ref> find(std::string_view key) const;
    // An element of an array or the value of an object's i-th member (throws when out of range).
    Ref at(std::size_t i) const;
    std::size_t size() const;  // elements or members; 0 for a scalar
    // Scalars (throw std::invalid_argument on another type).
    std::int64_t num() const;
    int integer() const { return static_cast<int>(num()); }
    bool flag() const;
    std::string_view str() const;
    std::string_view key() const;  // the member name, for a value inside an object

    // The elements or member values, in order.
    class Iterator {
     public:
      Ref operator*() const { return {tree_, at_}; }
      Iterator& operator++();
      bool operator!=(const Iterator& o) const { return at_ != o.at_; }

     private:
      friend class Ref;
      Iterator(const TextTree* tree, std::uint32_t at) : tree_(tree), at_(at) {}
      const TextTree* tree_;
      std::uint32_t at_;
    };
    Iterator begin() const;
    Iterator end() const { return {tree_, 0}; }

   private:
    friend class TextTree;
    Ref(const TextTree* tree, std::uint32_t at) : tree_(tree), at_(at) {}
    const Node& node() const;
    const TextTree* tree_;
    std::uint32_t at_;
  };

  Ref root() const { return {this, 1}; }

 private:
  enum class Type : std::uint8_t { null, flag, number, string, array, object };
  struct Node {
    Type type = Type::null;
    bool flag = false;
    std::uint32_t count = 0;  // children
    std::uint32_t first = 0;  // first child (0: none)
    std::uint32_t next = 0;   // next sibling (0: none)
    std::int64_t number = 0;
    std::string_view key, text;
  };
  std::uint32_t value(std::size_t& pos, std::string_view key, int depth);
  std::string_view string_at(std::size_t& pos);
  void skip_space(std::size_t& pos) const;

  std::string_view text_;
  std::vector<Node> nodes_;  // nodes_[0] unused: index 0 means "none"
};

}  // namespace nyan
