"""Reads every game of the PGN files given with python-chess's PGN reader (a reader the
project did not write) and prints their tags as JSON: a list of files, each a list of games,
each a dict of tags, plus `_time_control`: the TimeControl tag as python-chess's
`Game.time_control()` parses it (a list of [moves, seconds, increment] periods), or the
error it raised; and `_moves_read`: how many moves `chess.pgn.read_game` reads of the game
(none: it knows no variant of this project). Used by tests/pgn_reader.rs."""

import io
import json
import sys

import chess.pgn


def time_control(headers):
    try:
        tc = chess.pgn.Game(headers).time_control()
    except ValueError as e:
        return f"error: {e}"
    return [[p.moves, p.time, p.increment] for p in tc.parts]


def read(path):
    games = []
    with open(path, encoding="utf-8") as f:
        text = f.read()
    stream = io.StringIO(text)
    while True:
        offset = stream.tell()
        headers = chess.pgn.read_headers(stream)
        if headers is None:
            break
        tags = dict(headers)
        tags["_time_control"] = time_control(headers)
        # python-chess logs the variant it does not know; keep its words off stderr.
        chess.pgn.LOGGER.disabled = True
        game = chess.pgn.read_game(io.StringIO(text[offset:]))
        tags["_moves_read"] = len(list(game.mainline_moves())) if game else 0
        games.append(tags)
    return games


if __name__ == "__main__":
    json.dump([read(p) for p in sys.argv[1:]], sys.stdout)
