"""MultiPV, wdl, searchmoves, pondering and streamed analysis through the client, against the
real engine, in both games (the analysis extensions of protocol.md § 3.6)."""

from __future__ import annotations

from typing import Iterator

import pytest

from guerrilla_client import Engine, Limit

# Guerrilla on side 5 after a turn each: a position with many turns to rank.
WELLS_TURNS = ["*c5", "*g4"]


@pytest.fixture(params=["guerrilla-checkers", "guerrilla"])
def game(request: pytest.FixtureRequest, engine_path: str) -> Iterator[Engine]:
    """A fresh engine of each game, in a position a few turns in (Seed 1)."""
    options = {"Game": request.param, "BoardSide": 5, "Seed": 1}
    with Engine.start(engine_path, options=options) as started:
        started.position(moves=["D4D5"] if request.param == "guerrilla-checkers" else WELLS_TURNS)
        yield started


def test_multipv_one_is_the_plain_search(engine_path: str) -> None:
    answers = []
    for multipv in (None, 1):
        with Engine.start(engine_path, options={"Seed": 5}) as engine:
            engine.position(moves=["D4D5"])
            if multipv is None:
                result = engine.go(nodes=3000)
                answers.append((result.bestmove, result.pv))
            else:
                (line,) = engine.analyse(Limit(nodes=3000), multipv=multipv)
                answers.append((line["pv"][0], line["pv"]))
    assert answers[0] == answers[1]


def test_the_ponder_option_names_the_expected_reply(game: Engine) -> None:
    result = game.go(nodes=500)
    assert result.bestmove_line == f"bestmove {result.bestmove}" and result.ponder is None
    game.set_option("Ponder", True)
    result = game.go(nodes=3000)
    assert result.ponder is not None and result.pv[:2] == [result.bestmove, result.ponder]
    played = game.play(Limit(nodes=3000))
    assert played.ponder == game.go(nodes=3000).ponder