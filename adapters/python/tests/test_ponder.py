"""Pondering in a script's normal loop, against the real engine in both games: the read-only
calls answer for the script's position while the engine ponders two turns ahead, pushing the
engine's turn and then the expected reply keeps the ponder, and the next ``play`` takes the
ponder search by ``ponderhit``; another reply, or any call that changes the state, ends it."""

from __future__ import annotations

import logging
from typing import Dict, Iterator, List

import pytest

from guerrilla_client import Engine, Limit, OptionValue
from guerrilla_client.ponder import after_turn, same_budget

WELLS_TURNS = ["*c5", "*g4"]


@pytest.fixture(params=["guerrilla-checkers", "guerrilla"])
def game(request: pytest.FixtureRequest, engine_path: str) -> Iterator[Engine]:
    """A fresh engine of each game, a turn or two in (Seed 1)."""
    options: Dict[str, OptionValue] = {"Game": request.param, "BoardSide": 5, "Seed": 1}
    with Engine.start(engine_path, options=options) as started:
        started.position(moves=["D4D5"] if request.param == "guerrilla-checkers" else WELLS_TURNS)
        yield started


def sent(caplog: pytest.LogCaptureFixture) -> List[str]:
    """The lines the client wrote to the engine, in order (its DEBUG log)."""
    return [record.getMessage()[3:] for record in caplog.records if record.getMessage().startswith(">> ")]


def test_read_only_calls_keep_the_ponder_and_the_predicted_reply_hits_it(
    game: Engine, caplog: pytest.LogCaptureFixture
) -> None:
    before = game.history().moves
    mover = game.describe()["tomove"]
    turns = game.legal_turns()
    played = game.play(Limit(nodes=3000), ponder=True)
    assert played.ponder is not None and game.pondering
    search = game._pondering.search if game._pondering is not None else None
    assert search is not None and search.command == "go ponder nodes 3000"
    caplog.set_level(logging.DEBUG, logger="guerrilla_client")
    # The script's position is still the one searched: the read-only calls say so.
    assert not game.is_game_over() and game.result() == "none"
    assert game.history().moves == before and game.describe()["tomove"] == mover
    assert game.legal_turns() == turns and game.is_p1_turn() == (mover == "p1")
    assert game.about().sides and game.geometry().points
    assert game.pondering and not search.poll()
    # The engine's turn, pushed: the answer the engine gave when it played it ahead.
    assert game.push(played.move).move == played.move
    assert game.history().moves == before + [played.move] and game.describe()["tomove"] != mover
    assert played.ponder in game.legal_turns().turns or game.legal_turns().status == "partial"
    assert game.pondering and not search.poll()
    # The expected reply, pushed: the script has caught up with the ponder search.
    assert game.push(played.ponder).move == played.ponder
    assert game.history().moves == before + [played.move, played.ponder] and game.pondering
    assert game.describe()["tomove"] == mover
    assert not [line for line in sent(caplog) if line.split()[0] in ("stop", "undo", "play", "go")]
    # The next play takes the ponder search: ponderhit, no new go.
    caplog.clear()
    answer = game.play(Limit(nodes=3000))
    assert search.done and answer.move == search._result().bestmove
    assert [line for line in sent(caplog) if line != "isready"] == ["ponderhit"]
    assert not game.pondering and game.history().moves == before + [played.move, played.ponder]
    assert game.expand(answer.move).move == answer.move


def test_another_reply_ends_the_ponder_and_takes_the_expected_one_back(game: Engine) -> None:
    before = game.history().moves
    played = game.play(Limit(nodes=2000), ponder=True)
    assert played.ponder is not None
    game.push(played.move)
    other = next(turn for turn in game.legal_turns().turns if turn != played.ponder)
    assert game.push(other).move == other
    assert not game.pondering and game.history().moves == before + [played.move, other]
    assert game.expand(game.play(Limit(nodes=500)).move)


def test_a_play_before_the_reply_searches_the_scripts_position(game: Engine) -> None:
    # Self-play: the script pushes the engine's turn and asks for the other side's at once.
    before = game.history().moves
    first = game.play(Limit(nodes=1000), ponder=True)
    game.push(first.move)
    second = game.play(Limit(nodes=1000), ponder=True)
    assert game.history().moves == before + [first.move] and game.pondering
    assert game.push(second.move).move == second.move and game.pondering
    assert game.history().moves == before + [first.move, second.move]


def test_a_play_with_another_budget_searches_afresh(game: Engine, caplog: pytest.LogCaptureFixture) -> None:
    played = game.play(Limit(nodes=1000), ponder=True)
    assert played.ponder is not None
    game.push(played.move)
    game.push(played.ponder)
    caplog.set_level(logging.DEBUG, logger="guerrilla_client")
    answer = game.play(Limit(nodes=500))
    lines = sent(caplog)
    assert "ponderhit" not in lines and "stop" in lines and "go nodes 500" in lines
    assert "undo" not in lines and game.expand(answer.move).move == answer.move


def test_the_ponder_limit_is_the_clock_after_the_turn() -> None:
    limit = Limit(p1_clock=10, p2_clock=8, p1_inc=1, p2_inc=0.5)
    after = after_turn(limit, "p1", 2.0)
    assert (after.p1_clock, after.p2_clock, after.p1_inc, after.p2_inc) == (9.0, 8.0, 1.0, 0.5)
    assert after_turn(limit, "p2", 9.0).p2_clock == 0.5  # the clock ran out: 0, plus the increment
    assert after_turn(Limit(nodes=5), "p1", 3.0) == Limit(nodes=5)
    assert same_budget(Limit(p1_clock=5, p2_clock=5), after) and not same_budget(Limit(nodes=5), after)
    assert same_budget(Limit(time=0.5), Limit(time=0.5)) and not same_budget(Limit(time=0.5), Limit(time=0.4))
