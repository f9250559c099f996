#!/bin/sh
# Rules speed, this tree against an older commit, side by side in one run (issue 13).
#
#   benches/compare.sh [BASE_COMMIT] [SECONDS]      (default: 68e4494, 3 seconds a figure)
#   NEW=path/to/guerrilla benches/compare.sh …       (a build of this tree made beforehand)
#
# Builds BASE_COMMIT in a temporary `git worktree` (its own target directory, removed at the
# end) and this tree, then runs `guerrilla bench` of both builds in turn, twice each, old and
# new alternating so that a change of the machine's load touches both, and prints each figure
# of both builds (the mean of the two runs) and the ratio new / old:
#   * guerrilla-checkers perft(6) nodes/second,
#   * guerrilla-checkers random complete games/second,
#   * guerrilla (side 8) random complete games/second.
# A random complete game plays from the start to the game's end, each decision drawn uniformly
# from its legal options: from the build's own steps. Since the Guerrilla Checkers step model
# (two stone steps, COIN hop by hop), a checkers game is drawn per step, where the old build
# drew per whole turn; the games differ in length, so the figure is games, and steps, per second.
set -eu
base=${1:-68e4494}
secs=${2:-3}
root=$(git rev-parse --show-toplevel)
tmp=$(mktemp -d)
cleanup() {
    git -C "$root" worktree remove --force "$tmp/base" 2>/dev/null || true
    rm -rf "$tmp"
}
trap cleanup EXIT INT TERM
git -C "$root" worktree add --quiet --detach "$tmp/base" "$base"
echo "building $base ..." >&2
(cd "$tmp/base" && CARGO_TARGET_DIR="$tmp/target" cargo build --quiet --release --bin guerrilla)
old="$tmp/target/release/guerrilla"
new=${NEW:-}
if [ -z "$new" ]; then
    echo "building this tree ..." >&2
    (cd "$root" && cargo build --quiet --release --bin guerrilla)
    new="$root/target/release/guerrilla"
fi

# figure BINARY GAME DEPTH FIELD: one bench run, one field's value.
figure() {
    "$1" bench --game "$2" --depth "$3" --seconds "$secs" | sed -n "s|^$4: ||p"
}

# compare LABEL GAME DEPTH FIELD
compare() {
    o1=$(figure "$old" "$2" "$3" "$4"); n1=$(figure "$new" "$2" "$3" "$4")
    o2=$(figure "$old" "$2" "$3" "$4"); n2=$(figure "$new" "$2" "$3" "$4")
    awk -v l="$1" -v o1="$o1" -v o2="$o2" -v n1="$n1" -v n2="$n2" 'BEGIN {
        o = (o1 + o2) / 2; n = (n1 + n2) / 2;
        printf "%-44s old %14.1f  new %14.1f  ratio %.2f\n", l, o, n, n / o }'
}

echo "base $base ($(git -C "$root" rev-parse --short "$base")), this tree $(git -C "$root" rev-parse --short HEAD)$(git -C "$root" diff --quiet || echo '+changes')"
compare "guerrilla-checkers perft(6) nodes/second" guerrilla-checkers 6 "perft nodes/second"
compare "guerrilla-checkers random games/second" guerrilla-checkers 2 "random games/second"
compare "guerrilla side 8 random games/second" guerrilla 1 "random games/second"
