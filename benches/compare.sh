#!/bin/sh
# Rules speed, this tree against another commit, side by side in one run.
#
#   benches/compare.sh BASE_COMMIT [SECONDS]      (default 3 seconds a figure)
#   NEW=path/to/guerrilla benches/compare.sh …     (a build of this tree made beforehand)
#   OLD=path/to/guerrilla benches/compare.sh …     (a build of BASE_COMMIT made beforehand)
#
# Builds BASE_COMMIT in a temporary `git worktree` (its own target directory, removed at the
# end) and this tree, then runs the rules benchmark of both builds in turn (`guerrilla
# rules-bench`, called `bench` in builds that predate that name), twice each per game, old and
# new alternating so that a change of the machine's load touches both, and prints each figure
# of both builds (the mean of the two runs) and the ratio new / old:
#   * checkers perft(6) nodes/second: perft from the start position, one ply a whole turn (GC6);
#   * checkers random games/second: random complete games, each decision (a stone, one hop of
#     a checker) drawn uniformly among the legal next steps, as the search's playouts are built;
#     a base older than the step model (src/checkers/steps.rs) drew whole turns instead, so
#     that ratio compares unlike games;
#   * guerrilla (side 8) random games/second: the same, for Wells' Guerrilla.
# The random games are seeded: two builds that draw the same steps play the same games.
set -eu
base=${1:?usage: benches/compare.sh BASE_COMMIT [SECONDS]}
secs=${2:-3}
root=$(git rev-parse --show-toplevel)
tmp=$(mktemp -d)
cleanup() {
    git -C "$root" worktree remove --force "$tmp/base" 2>/dev/null || true
    rm -rf "$tmp"
}
trap cleanup EXIT INT TERM
old=${OLD:-}
if [ -z "$old" ]; then
    git -C "$root" worktree add --quiet --detach "$tmp/base" "$base"
    echo "building $base ..." >&2
    (cd "$tmp/base" && CARGO_TARGET_DIR="$tmp/target" cargo build --quiet --release --bin guerrilla)
    old="$tmp/target/release/guerrilla"
fi
new=${NEW:-}
if [ -z "$new" ]; then
    echo "building this tree ..." >&2
    (cd "$root" && cargo build --quiet --release --bin guerrilla)
    new="$root/target/release/guerrilla"
fi
# The rules benchmark's subcommand of a build: `rules-bench`, or `bench` in older builds.
sub() {
    if "$1" rules-bench --help >/dev/null 2>&1; then echo rules-bench; else echo bench; fi
}
old_sub=$(sub "$old")
new_sub=$(sub "$new")

# run GAME DEPTH: four bench runs, old and new alternating, into $tmp/{old,new}{1,2}.
run() {
    for i in 1 2; do
        "$old" "$old_sub" --game "$1" --depth "$2" --seconds "$secs" >"$tmp/old$i"
        "$new" "$new_sub" --game "$1" --depth "$2" --seconds "$secs" >"$tmp/new$i"
    done
}

# field FILE NAME: the value of `NAME: value` in FILE, empty when absent.
field() {
    sed -n "s|^$2: ||p" "$1"
}

# line LABEL OLD_FIELD NEW_FIELD: the means of both builds and their ratio; `-` for a figure
# the build does not have.
line() {
    o1=$(field "$tmp/old1" "$2"); o2=$(field "$tmp/old2" "$2")
    n1=$(field "$tmp/new1" "$3"); n2=$(field "$tmp/new2" "$3")
    awk -v l="$1" -v o1="$o1" -v o2="$o2" -v n1="$n1" -v n2="$n2" 'BEGIN {
        o = (o1 + o2) / 2; n = (n1 + n2) / 2;
        os = (o1 == "") ? sprintf("%14s", "-") : sprintf("%14.1f", o);
        ns = (n1 == "") ? sprintf("%14s", "-") : sprintf("%14.1f", n);
        r = (o1 == "" || n1 == "" || o == 0) ? "-" : sprintf("%.2f", n / o);
        printf "%-44s old %s  new %s  ratio %s\n", l, os, ns, r }'
}

echo "base $base ($(git -C "$root" rev-parse --short "$base")), this tree $(git -C "$root" rev-parse --short HEAD)$(git -C "$root" diff --quiet || echo '+changes')"
run guerrilla-checkers 6
line "checkers perft(6) nodes/second" "perft nodes/second" "perft nodes/second"
line "checkers random games/second" "random games/second" "random games/second"
run guerrilla 1
line "guerrilla side 8 random games/second" "random games/second" "random games/second"
