#!/bin/sh
# Plays the self-play games the tuning data is read from (tools/tune/README.md, "Data").
#
#   tools/tune/generate.sh OUT_DIR [ENGINE] [ARENA] [SCALE]
#
# ENGINE and ARENA default to this checkout's release builds (target/release/guerrilla,
# target/release/guerrilla-arena); SCALE (default 1) multiplies every line's number of games.
# Each line is one `guerrilla-arena` match of the engine against itself at a node budget (so
# that the machine's load changes nothing and a line replays exactly), colour-swapped pairs
# from random openings of a seed of its own, written to OUT_DIR/<line>.pgn with the per-move
# scores the records keep. Guerrilla games end by the rules or by the arena's resignation rule
# (five moves of each engine at 0.95 or more: both engines judge the game decided).
set -eu
out=${1:?usage: generate.sh OUT_DIR [ENGINE] [ARENA] [SCALE]}
engine=${2:-target/release/guerrilla}
arena=${3:-target/release/guerrilla-arena}
scale=${4:-1}
mkdir -p "$out"

# line  game  board side  games (before SCALE)  node budget  seed
lines="
checkers     guerrilla-checkers 0 400 10000 101
guerrilla-5  guerrilla 5  80 300 105
guerrilla-6  guerrilla 6  80 300 106
guerrilla-7  guerrilla 7  60 300 107
guerrilla-8  guerrilla 8  60 300 108
guerrilla-9  guerrilla 9  30 300 109
guerrilla-10 guerrilla 10 30 300 110
guerrilla-11 guerrilla 11 20 300 111
guerrilla-12 guerrilla 12 4 300 112
"
echo "$lines" | while read -r name game side games nodes seed; do
    [ -n "$name" ] || continue
    [ -s "$out/$name.pgn" ] && { echo "$out/$name.pgn exists, kept" >&2; continue; }
    n=$((games * scale))
    set -- --engine name=a "cmd=$engine" option.Seed=1 --engine name=b "cmd=$engine" option.Seed=2 \
        --game "$game" --games "$n" --tc "nodes=$nodes" --random-plies 2 --seed "$seed" \
        --records "$out/$name.pgn.part" --no-progress --rating-interval 0
    if [ "$game" = guerrilla ]; then
        set -- "$@" --option "BoardSide=$side" --resign movecount=5 score=0.95 twosided=true
    fi
    echo "$name: $n games at nodes=$nodes" >&2
    nice -n 19 "$arena" "$@" >"$out/$name.txt"
    mv "$out/$name.pgn.part" "$out/$name.pgn"
done
