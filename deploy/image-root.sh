#!/usr/bin/env bash
# Assembles the root filesystem of the server image in OUT_DIR/root: the nyanhall binary,
# exactly the shared libraries it loads (ldd's list: glibc, libstdc++, OpenSSL's libssl and
# libcrypto, SQLite, libpq with the Kerberos and LDAP libraries it links, spdlog, fmt, zlib,
# all from the Debian packages the build stage installed), the user and group nyanhall (10001:10001), /tmp, and the browser client;
# OUT_DIR/data is the empty /data, which the Dockerfile copies with its owner. The image is
# FROM scratch with this tree: no shell, no package manager, nothing the server does not run.
# Usage: deploy/image-root.sh BINARY WEB_DIR OUT_DIR   (run in the build stage)
set -euo pipefail
binary=$1 web=$2 out=$3
uid=10001

root=$out/root
rm -rf "$out"
mkdir -p "$out/data" "$root/usr/local/bin" "$root/usr/local/share/nyanhall/web" "$root/etc" "$root/tmp"
chmod 750 "$out/data"
chmod 1777 "$root/tmp"
install -m 755 -s "$binary" "$root/usr/local/bin/nyanhall"

# Each library at the path the loader finds it (the loader's own path is in the binary).
libraries=$(ldd "$binary" | awk '$2 == "=>" && $3 ~ /^\// {print $3} $1 ~ /^\// {print $1}')
[[ -n $libraries ]] || { echo "image-root: ldd found no libraries in $binary" >&2; exit 1; }
for lib in $libraries; do
  mkdir -p "$root$(dirname "$lib")"
  cp -L "$lib" "$root$lib"
done

# Names for the server's user and group, so that ps, ls and the orchestrator show them.
printf 'root:x:0:0:root:/:/sbin/nologin\nnyanhall:x:%d:%d:nyanhall:/data:/sbin/nologin\n' $uid $uid >"$root/etc/passwd"
printf 'root:x:0:\nnyanhall:x:%d:\n' $uid >"$root/etc/group"

# The browser client: its built output if it has a build step, else the folder as it is.
if [[ -f $web/dist/index.html ]]; then cp -R "$web/dist/." "$root/usr/local/share/nyanhall/web/"
elif [[ -d $web ]]; then cp -R "$web/." "$root/usr/local/share/nyanhall/web/"; fi
echo "image-root: $(du -sh "$root" | cut -f1) in $root, $(wc -w <<<"$libraries") libraries"
