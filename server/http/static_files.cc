#include "server/http/static_files.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#include <algorithm>
#include <cstring>

#include "protocol/sha256.h"

namespace nyan::server {

namespace fs = std::filesystem;

namespace {

bool compressible(const char* content_type) {
  const std::string t = content_type;
  return t.rfind("text/", 0) == 0 || t.rfind("application/json", 0) == 0 || t.rfind("image/svg+xml", 0) == 0;
}

// A name the set may hold: letters, digits, '.', '-' and '_', not hidden. A request reaches a
// file only by spelling its name exactly, and these names need no percent-encoding, so the
// server never decodes a path.
bool plain_name(const std::string& name) {
  if (name.empty() || name.front() == '.') return false;
  return std::all_of(name.begin(), name.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' || c == '-' ||
           c == '_';
  });
}

// Whether `real` (canonical) lies strictly inside `root` (canonical).
bool inside(const fs::path& real, const fs::path& root) {
  auto [r, p] = std::mismatch(root.begin(), root.end(), real.begin(), real.end());
  return r == root.end() && p != real.end();
}

std::int64_t modified_ns(const struct stat& st) {
  return static_cast<std::int64_t>(st.st_mtim.tv_sec) * 1000000000 + st.st_mtim.tv_nsec;
}

// Reads the regular file at `path` (never through a symlink: the walk resolved those), or
// nullptr when it is not one any more, is too large or cannot be read.
std::shared_ptr<StaticFile> read_file(const fs::path& path, std::uintmax_t& size, std::int64_t& modified) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
  if (fd < 0) return nullptr;
  struct stat st {};
  std::string bytes;
  bool ok = ::fstat(fd, &st) == 0 && S_ISREG(st.st_mode) &&
            static_cast<std::uintmax_t>(st.st_size) <= StaticFiles::kMaxFileBytes;
  if (ok) {
    bytes.resize(static_cast<std::size_t>(st.st_size));
    std::size_t got = 0;
    while (ok && got < bytes.size()) {
      const ssize_t n = ::read(fd, bytes.data() + got, bytes.size() - got);
      if (n < 0 && errno == EINTR) continue;
      ok = n > 0;
      if (ok) got += static_cast<std::size_t>(n);
    }
  }
  ::close(fd);
  if (!ok) return nullptr;
  size = static_cast<std::uintmax_t>(st.st_size);
  modified = modified_ns(st);
  auto f = std::make_shared<StaticFile>();
  f->body = std::move(bytes);
  f->content_type = mime_type(path.filename().string());
  // 16 bytes of SHA-256 tell versions of one file apart; the tag is not a security check.
  const std::string hash = sha256_hex(f->body).substr(0, 32);
  f->etag = "\"" + hash + "\"";
  f->etag_gzip = "\"" + hash + "-gzip\"";
  if (compressible(f->content_type)) {
    std::string z = gzip(f->body);
    // Small files barely shrink, and the client would pay for the inflate for nothing.
    if (z.size() + 64 < f->body.size()) f->gzip = std::move(z);
  }
  return f;
}

}  // namespace

const char* mime_type(const std::string& path) {
  auto ends = [&](const char* ext) {
    const std::size_t n = std::strlen(ext);
    return path.size() >= n && path.compare(path.size() - n, n, ext) == 0;
  };
  if (ends(".html")) return "text/html; charset=utf-8";
  if (ends(".js") || ends(".mjs")) return "text/javascript; charset=utf-8";
  if (ends(".css")) return "text/css; charset=utf-8";
  if (ends(".json")) return "application/json";
  if (ends(".svg")) return "image/svg+xml";
  if (ends(".png")) return "image/png";
  if (ends(".ico")) return "image/x-icon";
  if (ends(".woff2")) return "font/woff2";
  return "application/octet-stream";
}

std::string gzip(const std::string& data) {
  z_stream z{};
  // windowBits 15 + 16: a gzip wrapper instead of zlib's; deflateInit2 writes a header with
  // no name and time 0.
  if (deflateInit2(&z, Z_BEST_COMPRESSION, Z_DEFLATED, 15 + 16, 9, Z_DEFAULT_STRATEGY) != Z_OK) return "";
  std::string out(deflateBound(&z, data.size()), '\0');
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(data.data()));
  z.avail_in = static_cast<uInt>(data.size());
  z.next_out = reinterpret_cast<Bytef*>(out.data());
  z.avail_out = static_cast<uInt>(out.size());
  const int r = deflate(&z, Z_FINISH);
  out.resize(z.total_out);
  deflateEnd(&z);
  return r == Z_STREAM_END ? out : "";
}

bool StaticFiles::load(std::string& error) {
  std::error_code ec;
  const fs::path root = fs::canonical(root_, ec);
  if (ec || !fs::is_directory(root, ec)) {
    error = "web root " + root_ + " is not a readable directory";
    return false;
  }
  Set next;
  std::uintmax_t total = 0;
  auto not_a_client = [&](const std::string& why) {
    error = "web root " + root_ + " is not a browser client's folder: " + why;
    return false;
  };
  // Symlinked folders are not followed (directory_options::none); a symlinked file is taken
  // when it resolves to a regular file inside the root, read from where it resolves. Only the
  // walk's own errors end it; an entry that cannot be examined is left out.
  fs::recursive_directory_iterator it(root, fs::directory_options::skip_permission_denied, ec), end;
  for (; !ec && it != end; it.increment(ec)) {
    const fs::directory_entry& entry = *it;
    std::error_code entry_ec;
    const bool link = entry.is_symlink(entry_ec);
    const bool folder = !link && entry.is_directory(entry_ec);
    if (!plain_name(entry.path().filename().string())) {
      if (folder) it.disable_recursion_pending();
      continue;
    }
    if (it.depth() >= kMaxDepth) return not_a_client("deeper than " + std::to_string(kMaxDepth) + " folders");
    if (folder) continue;
    fs::path path = entry.path();
    if (link) {
      path = fs::canonical(path, entry_ec);
      if (entry_ec || !inside(path, root)) continue;
    }
    if (!fs::is_regular_file(path, entry_ec)) continue;
    const std::uintmax_t size = fs::file_size(path, entry_ec);
    if (entry_ec || size > kMaxFileBytes) continue;  // not served
    // Counted before anything is read, so a wrong root fails fast.
    if (next.size() >= kMaxFiles) return not_a_client("more than " + std::to_string(kMaxFiles) + " files");
    if ((total += size) > kMaxTotalBytes) return not_a_client("more than " + std::to_string(kMaxTotalBytes >> 20) + " MiB");
    Entry e{path, nullptr, 0, 0};
    e.file = read_file(path, e.size, e.modified);
    if (!e.file) continue;  // unreadable: not served
    next.emplace("/" + entry.path().lexically_relative(root).generic_string(), std::move(e));
  }
  if (ec) {
    error = "web root " + root_ + ": " + ec.message();
    return false;
  }
  std::lock_guard<std::mutex> lock(mu_);
  files_ = std::move(next);
  return true;
}

std::size_t StaticFiles::size() const {
  std::lock_guard<std::mutex> lock(mu_);
  return files_.size();
}

std::shared_ptr<const StaticFile> StaticFiles::find(std::string_view path) const {
  std::string key(path);
  if (key.empty() || key.back() == '/') key += "index.html";
  Entry entry;
  {
    std::lock_guard<std::mutex> lock(mu_);
    const auto it = files_.find(key);
    if (it == files_.end()) return nullptr;
    entry = it->second;
  }
  struct stat st {};
  if (::lstat(entry.path.c_str(), &st) != 0 || !S_ISREG(st.st_mode)) return nullptr;
  if (static_cast<std::uintmax_t>(st.st_size) == entry.size && modified_ns(st) == entry.modified) return entry.file;
  // Changed on disk: read again outside the lock (other requests go on meanwhile).
  std::shared_ptr<const StaticFile> file = read_file(entry.path, entry.size, entry.modified);
  if (!file) return nullptr;
  std::lock_guard<std::mutex> lock(mu_);
  if (const auto it = files_.find(key); it != files_.end() && it->second.path == entry.path) {
    it->second.file = file;
    it->second.size = entry.size;
    it->second.modified = entry.modified;
  }
  return file;
}

}  // namespace nyan::server
