#!/bin/sh
# Instructions spent by N random Guerrilla games on side 8 (issue 13), counted by callgrind:
# a figure that does not depend on the machine's load, unlike `benches/compare.sh`.
#
#   benches/wells_callgrind.sh [COMMIT] [GAMES]     (default: this tree, 300 games)
#
# Builds `benches/wells_games.rs` of this tree (at COMMIT: the same file copied into a temporary
# `git worktree` of that commit, with its own target directory, removed at the end), runs it
# under `valgrind --tool=callgrind` and prints its line (games, steps, checksum: equal for two
# builds that draw the same games) and the instructions counted. The callgrind output is left
# in `${TMPDIR:-/tmp}/wells_games.<commit>.callgrind` for `callgrind_annotate`.
set -eu
commit=${1:-}
games=${2:-300}
root=$(git rev-parse --show-toplevel)
tmp=$(mktemp -d)
cleanup() {
    [ -z "$commit" ] || git -C "$root" worktree remove --force "$tmp/base" 2>/dev/null || true
    rm -rf "$tmp"
}
trap cleanup EXIT INT TERM
if [ -z "$commit" ]; then
    dir=$root
    target=$root/target
    name=tree
else
    dir=$tmp/base
    target=$tmp/target
    name=$(git -C "$root" rev-parse --short "$commit")
    git -C "$root" worktree add --quiet --detach "$dir" "$commit"
    mkdir -p "$dir/benches"
    cp "$root/benches/wells_games.rs" "$dir/benches/"
    grep -q 'name = "wells_games"' "$dir/Cargo.toml" ||
        printf '\n[[bench]]\nname = "wells_games"\nharness = false\n' >>"$dir/Cargo.toml"
fi
echo "building $name ..." >&2
(cd "$dir" && CARGO_TARGET_DIR="$target" cargo build --quiet --release --bench wells_games)
bin=$(ls -t "$target"/release/deps/wells_games-* | grep -v '\.d$' | head -n 1)
out=${TMPDIR:-/tmp}/wells_games.$name.callgrind
valgrind --tool=callgrind --callgrind-out-file="$out" "$bin" "$games" 2>"$tmp/log"
sed -n 's/.*Collected : */instructions: /p' "$tmp/log"
