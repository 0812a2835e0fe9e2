// The browser client's files, as HTTP serves them, and nothing else.
//
// The set of servable files is built by walking the web root (at start, and again on SIGHUP):
// regular files only, no hidden names, no symlink that resolves outside the root, names of
// plain characters only. A request is answered by looking its path up in that set, as the
// bytes arrived: nothing derived from a request is ever joined onto a filesystem path, so a
// leading "//", "..", "%2F", a backslash or a NUL can only miss.
//
// Each file is kept in memory with its entity tag (a hash of its bytes, so every replica of a
// deployment tags the same file alike) and, for text, its gzip form made once at the best
// compression. A file of the set that changes on disk (its size or modification time) is read
// again, from the path the walk found, on its next request; a file that stops being a regular
// file inside the root (removed, replaced by a symlink) is no longer served.
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <unordered_map>

namespace nyan::server {

struct StaticFile {
  std::string body;
  std::string gzip;  // empty when the type does not compress or compression would not pay
  std::string etag;  // the quoted tag of `body`; the gzip form's is etag_gzip
  std::string etag_gzip;
  const char* content_type = "application/octet-stream";
};

class StaticFiles {
 public:
  // Files larger than this are not served (the client's largest is a few tens of KiB). A web
  // root with more files, more bytes or deeper folders than these is not a browser client (a
  // mistyped --web-root of "/", say) and is refused.
  static constexpr std::uintmax_t kMaxFileBytes = 8 << 20;
  static constexpr std::size_t kMaxFiles = 2000;
  static constexpr std::uintmax_t kMaxTotalBytes = 64 << 20;
  static constexpr int kMaxDepth = 8;

  // No files until load() succeeds.
  explicit StaticFiles(std::string root) : root_(std::move(root)) {}
  const std::string& root() const { return root_; }

  // Walks the root and reads every servable file; the set in use is replaced only when the
  // whole walk succeeds. False with `error` set otherwise (the previous set stays).
  bool load(std::string& error);
  std::size_t size() const;

  // The file at URL path `path` (no query; "/" and a trailing "/" mean its index.html), or
  // nullptr when the set holds none.
  std::shared_ptr<const StaticFile> find(std::string_view path) const;

 private:
  struct Entry {
    std::filesystem::path path;  // where the walk found it: never a request's text
    std::shared_ptr<const StaticFile> file;
    std::uintmax_t size;
    std::int64_t modified;  // ns since the epoch
  };
  using Set = std::unordered_map<std::string, Entry>;

  std::string root_;
  mutable std::mutex mu_;
  mutable Set files_;  // URL path -> entry, guarded by mu_ (find() reads a changed file again)
};

// The Content-Type for a file name, by its extension.
const char* mime_type(const std::string& path);

// gzip (RFC 1952) of `data` at the best compression, with no name and no time in its header,
// so the same bytes always give the same result.
std::string gzip(const std::string& data);

}  // namespace nyan::server
