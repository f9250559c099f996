#!/bin/sh
# Instructions spent by N seeded random games, counted by callgrind: a figure that
# does not depend on the machine's load, unlike `benches/compare.sh`.
#
#   benches/callgrind.sh BENCH [COMMIT] [GAMES]     (default: this tree, 300 games)
#
# BENCH is `wells_games` (Guerrilla on side 8, by steps: `benches/wells_games.rs`) or
# `checkers_games` (Guerrilla Checkers by whole turns: `benches/checkers_games.rs`).
# Builds the bench of this tree (at COMMIT: the same file copied into a temporary `git worktree`
# of that commit, with its own target directory, removed at the end), runs it under
# `valgrind --tool=callgrind` and prints its line (games, steps or turns, checksum: equal for
# two builds that play the same games) and the instructions counted; then under cachegrind's
# branch simulation, the branches and the mispredicted ones of that model. The callgrind output is
# left in `${TMPDIR:-/tmp}/BENCH.<commit>.callgrind` for `callgrind_annotate`.
set -eu
bench=${1:?usage: benches/callgrind.sh wells_games|checkers_games [COMMIT] [GAMES]}
case $bench in
wells_games | checkers_games) ;;
*) echo "unknown bench: $bench (wells_games or checkers_games)" >&2 && exit 2 ;;
esac
commit=${2:-}
games=${3:-300}
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
    cp "$root/benches/$bench.rs" "$dir/benches/"
    grep -q "name = \"$bench\"" "$dir/Cargo.toml" ||
        printf '\n[[bench]]\nname = "%s"\nharness = false\n' "$bench" >>"$dir/Cargo.toml"
fi
echo "building $name ..." >&2
# The bench's binary as cargo names it in its JSON messages (not the newest file of that name:
# a build of another profile leaves its own beside it; the engine's binary is named there too
# when it is rebuilt).
bin=$(cd "$dir" && CARGO_TARGET_DIR="$target" cargo build --quiet --release --bench "$bench" \
    --message-format=json | sed -n 's/.*"executable":"\([^"]*\)".*/\1/p' |
    grep "/deps/$bench-" | tail -n 1)
[ -n "$bin" ] || { echo "no binary built for $bench" >&2 && exit 1; }
out=${TMPDIR:-/tmp}/$bench.$name.callgrind
valgrind --tool=callgrind --callgrind-out-file="$out" "$bin" "$games" 2>"$tmp/log"
sed -n 's/.*Collected : */instructions: /p' "$tmp/log"
# The branches and those a simple model of a predictor misses (cachegrind's branch simulation:
# not the machine's own predictor, but repeatable): a random game's steps branch on drawn
# numbers, and a build that runs fewer instructions can still be slower, or the reverse.
valgrind --tool=cachegrind --cache-sim=no --branch-sim=yes --cachegrind-out-file=/dev/null \
    "$bin" "$games" 2>"$tmp/log" >/dev/null
sed -n 's/.*Branches: *\([0-9,]*\).*/branches: \1/p; s/.*Mispredicts: *\([0-9,]*\).*/mispredicted (simulated): \1/p' "$tmp/log"
