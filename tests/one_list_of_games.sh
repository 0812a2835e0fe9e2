#!/usr/bin/env bash
# A game is a folder: apart from documentation, the only files that name every game are the two
# lists, and everything else asks them (the registry at run time, the CMake list at build time).
#
#   tests/one_list_of_games.sh SOURCE_DIR NYANHALL_CLI GAME...
#
# GAME...: the CMake list of game folders (NYAN_GAMES). The games registered in the program
# (`nyanhall-cli games`) must be the same set. Then every file of the sources that names each
# registered id (as a word) is listed, and the test fails when any but these two do:
#   rules/all_games.cc  the registry: register_all_games() constructs each engine
#   CMakeLists.txt      NYAN_GAMES, the one list of game folders the build iterates
# Documentation (*.md: the README, PROTOCOL.md's per-game sections, the CHANGELOG) may name
# them all; a test checks PROTOCOL.md against the catalog instead. Build and dependency
# folders are not sources (.gitignore's).
set -euo pipefail
if [[ $# -lt 3 ]]; then
  echo "usage: $0 SOURCE_DIR NYANHALL_CLI GAME..." >&2
  exit 2
fi
src=$1
cli=$2
shift 2
allowed=(rules/all_games.cc CMakeLists.txt)

mapfile -t registered < <("$cli" games | awk '{print $1}')
if [[ ${#registered[@]} -eq 0 ]]; then
  echo "no registered games from '$cli games'" >&2
  exit 1
fi
status=0
if [[ "$(printf '%s\n' "${registered[@]}" | sort)" != "$(printf '%s\n' "$@" | sort)" ]]; then
  echo "the registry's games (${registered[*]}) are not the CMake list's ($*)"
  status=1
fi

# Every file of the sources that names each registered id.
naming=()
while IFS= read -r -d '' file; do
  all=1
  for id in "${registered[@]}"; do
    if ! grep -qIwF -- "$id" "$file"; then
      all=0
      break
    fi
  done
  if [[ $all == 1 ]]; then naming+=("${file#"$src"/}"); fi
done < <(find "$src" \( -name .git -o -path "$src/build*" -o -path "$src/data" -o -path "$src/test-artifacts" \
                        -o -name node_modules \) -prune -o -type f ! -name '*.md' -print0 | sort -z)

echo "files naming every game (${registered[*]}):"
for file in "${naming[@]}"; do
  what="EXTRA: ask the registry or the CMake list instead"
  for ok in "${allowed[@]}"; do
    if [[ $file == "$ok" ]]; then what="one of the lists"; fi
  done
  [[ $what == EXTRA* ]] && status=1
  echo "  $file  ($what)"
done
# The lists themselves must name them all, or this test checks the wrong files.
for ok in "${allowed[@]}"; do
  if ! printf '%s\n' "${naming[@]}" | grep -qxF -- "$ok"; then
    echo "  $ok does not name every game: is it still a list of games?"
    status=1
  fi
done
exit $status
