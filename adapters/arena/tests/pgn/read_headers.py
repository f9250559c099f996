"""Reads every game of the PGN files given with python-chess's PGN reader (a reader the
project did not write) and prints their tags as JSON: a list of files, each a list of games,
each a dict of tags. Used by tests/pgn_reader.rs."""

import json
import sys

import chess.pgn


def read(path):
    games = []
    with open(path, encoding="utf-8") as f:
        while True:
            headers = chess.pgn.read_headers(f)
            if headers is None:
                break
            games.append(dict(headers))
    return games


if __name__ == "__main__":
    json.dump([read(p) for p in sys.argv[1:]], sys.stdout)
