"""Timeouts, deaths and answers with unknown words, with the fake engine of fake_engine.py."""

from __future__ import annotations

import time

import pytest

from conftest import HANG, fake
from guerrilla_client import Engine, EngineTerminated, EngineTimeout, Score


def test_an_engine_that_never_answers_ugi_times_out_and_is_stopped() -> None:
    start = time.monotonic()
    with pytest.raises(EngineTimeout) as caught:
        Engine.start(fake("mute"), timeout=0.3)
    assert caught.value.command == "ugi"
    assert time.monotonic() - start < HANG


def test_a_silent_engine_times_out_and_is_killed_at_quit() -> None:
    with Engine.start(fake("silent")) as engine:
        engine.timeout = 0.3  # set after the handshake, which a loaded machine may make slow
        assert engine.id == {"name": "fake", "author": "the tests"}
        start = time.monotonic()
        with pytest.raises(EngineTimeout):
            engine.is_ready()
        with pytest.raises(EngineTimeout):
            engine.describe()
        assert 0.6 <= time.monotonic() - start < HANG
    # It ignored 'quit' and the end of its input: it was killed.
    assert engine.process.returncode is not None and engine.process.returncode < 0


def test_a_search_that_never_ends_kills_the_hung_engine() -> None:
    engine = Engine.start(fake("silent"))
    engine.timeout = 0.3
    start = time.monotonic()
    with pytest.raises(EngineTimeout) as caught:
        engine.go(nodes=10)  # neither readyok nor bestmove after go, nor after stop: hung
    assert caught.value.command == "go nodes 10"
    assert "killed" in str(caught.value)
    assert time.monotonic() - start < HANG
    assert not engine.alive and engine.process.returncode is not None
    with pytest.raises(EngineTerminated):
        engine.query("p1turn")
    engine.quit()


def test_an_engine_that_exits_raises_terminated() -> None:
    with Engine.start(fake("die"), timeout=2) as engine:
        engine.is_ready()
        with pytest.raises(EngineTerminated) as caught:
            engine.describe()
        assert caught.value.returncode == 3
        assert not engine.alive
        with pytest.raises(EngineTerminated):
            engine.is_ready()


def test_answers_with_more_words_than_documented_are_read() -> None:
    with Engine.start(fake("future"), timeout=2) as engine:
        stepped = engine.step("C5")
        assert (stepped.step, stepped.auto, stepped.turn) == ("C5", ["D5"], "C5D5")
        assert stepped.extra == ["removed", "d4,d6", "reason=surrounded", "gameover", "p1win"]
        played = engine.push("D4D5")
        assert (played.move, played.removed, played.extra) == ("D4D5", [[]], ["flag"])
        undone = engine.undo()
        assert (undone.kind, undone.extra) == ("turn", ["D4D5", "restored", "d4"])
        fields = engine.describe()
        assert fields["newfield"] == "42" and fields["flag"] == "" and fields["side"] == "guerrilla"
        legal = engine.legal()
        assert legal.steps == ["B2", "B3", "extra"] and legal.turns.turns == ["B2B3"]
        result = engine.go(nodes=10)
        assert result.bestmove == "B2B3" and result.bestmove_line == "bestmove B2B3 ponder none"
        assert result.info is not None
        assert result.info.score == Score(proven="win", turns=1)
        assert result.info.extra == {"seldepth": "3", "hashfull": "5"}
        assert result.pv == ["B2B3"] and result.strings == ["a note"]
