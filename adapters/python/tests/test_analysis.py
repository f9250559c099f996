"""Limit, analyse, analysis, play and push, PovScore and the asyncio API against the real engine."""

from __future__ import annotations

import asyncio
import time
import warnings

import pytest

from conftest import HANG
from guerrilla_client import (
    INFO_ALL,
    INFO_PV,
    Engine,
    EngineError,
    Limit,
    Played,
    PlayResult,
    PovScore,
    Score,
    Wdl,
    aio,
)

# COIN to move; c3xd4xe5 takes both stones and wins at once (protocol.md § 3.6).
COIN_WINS = "8/C7/8/8/8/2C5/8/8 9/9/9/9/4G4/3G5/9/9/9 20 C -"


def test_limits_in_seconds_reach_the_engine_in_milliseconds(engine: Engine) -> None:
    # What the engine does with its limits is protocol.md's to say and tests/protocol's to
    # check; here: the line the client sends, and a search that ends.
    search = engine.search(Limit(time=0.15))
    assert search.command == "go movetime 150"
    assert search.wait().bestmove in engine.legal_turns().turns
    engine.new_game()
    result = engine.go(Limit(depth=3))
    assert result.info is not None and result.info.depth is not None and result.info.depth >= 3
    engine.new_game()
    search = engine.search(Limit(p1_clock=3, p2_clock=3, p1_inc=0.1, p2_inc=0.1))
    assert search.command == "go p1time 3000 p2time 3000 p1inc 100 p2inc 100"
    assert search.wait().bestmove in engine.legal_turns().turns
    assert engine.go(Limit(white_clock=2, black_clock=2)).bestmove in engine.legal_turns().turns


def test_the_millisecond_keywords_still_work_with_a_warning(engine: Engine) -> None:
    with pytest.warns(DeprecationWarning, match=r"write Limit\(time=0.1\)"):
        search = engine.search(movetime=100)
    assert search.command == "go movetime 100" and search.wait().bestmove
    with pytest.raises(TypeError, match=r"for 0.1 seconds write go\(Limit\(time=0.1\)\)"):
        engine.go(movetime=0.1)  # type: ignore[arg-type]
    assert engine.alive and engine.history().moves == []


def test_analyse_returns_one_info_dict_with_a_pov_score(engine: Engine) -> None:
    engine.position(COIN_WINS)
    info = engine.analyse(Limit(nodes=300))
    assert info["pv"] == ["c3xd4xe5"] and info["depth"] == 1 and info["multipv"] == 1
    assert info["nodes"] == 300 and isinstance(info["time"], float) and 0 <= info["time"] < 60
    score = info["score"]
    assert isinstance(score, PovScore) and score.turn == "p2" and str(score) == "win in 1"
    assert score.relative == score.pov("p2") == score.pov("coin") == Score(proven="win", turns=1)
    assert score.pov("p1") == score.pov("Guerrilla") == score.p1() == Score(proven="loss", turns=1)
    assert score.is_mate() and score.relative.mate() == 1
    assert score.wdl().pov("guerrilla") == Wdl(0, 0, 1000) and score.wdl().relative.expectation() == 1.0
    # Nothing was played.
    assert engine.history().moves == [] and engine.describe()["tomove"] == "p2"


def test_pov_follows_the_side_to_move(engine: Engine) -> None:
    first = engine.analyse(Limit(nodes=2000))["score"]
    assert first.turn == "p1"
    engine.push(engine.play(Limit(nodes=2000)).move)
    second = engine.analyse(Limit(nodes=2000))["score"]
    assert second.turn == "p2"
    assert second.pov("coin") == second.relative and second.pov("p1") == -second.relative
    value = second.relative.value
    assert value is not None and -1 <= value <= 1
    assert second.wdl().relative.winning_chance() == pytest.approx((1 + value) / 2, abs=0.001)


def test_analyse_in_guerrilla_names_white_and_black(wells: Engine) -> None:
    info = wells.analyse(Limit(nodes=200), info=INFO_ALL)
    score = info["score"]
    assert score.turn == "p1" and score.pov("white") == score.relative and score.pov("Black") == -score.relative
    with pytest.raises(ValueError, match="expected a side"):
        score.pov("coin")
    assert info["pv"][0] in wells.legal_turns().turns


def test_analysis_streams_and_stops(engine: Engine) -> None:
    legal = engine.legal_turns().turns
    with engine.analysis() as running:
        assert running.search.command == "go infinite" and running.turn == "p1"
        for info in running:
            if "score" in info:
                assert info["pv"][0] in legal and info["nodes"] > 0
                running.stop()
        assert running.done
    best = running.wait()
    assert best.move in legal and best.ponder is None
    assert running.info["score"].turn == "p1" and running.multipv == [running.info]
    assert engine.stop() is None  # nothing runs any more
    with engine.analysis(Limit(nodes=500)) as limited:
        lines = list(limited)
    assert lines and lines[-1]["nodes"] == 500 and limited.done


def test_leaving_the_analysis_block_stops_the_search(engine: Engine) -> None:
    with engine.analysis(info=INFO_PV) as running:
        pass
    assert running.done and engine.describe()["tomove"] == "p1"
    assert engine.go(nodes=100).bestmove in engine.legal_turns().turns


@pytest.mark.parametrize("text", ["frobnicate", "perft x"])
def test_stray_input_during_analysis_is_answered_and_the_search_goes_on(engine: Engine, text: str) -> None:
    # The client itself stops a search before any command that is not read-only; a line sent
    # past it, as another program might, gets its error line beside the analysis.
    running = engine.analysis()
    running.search.channel.send(text)
    deadline = time.monotonic() + HANG
    while not any(line.startswith("info string error:") for line in engine.stray_lines):
        assert time.monotonic() < deadline, "no error line came"
        running.search._read_one(deadline)
    assert not running.done
    running.stop()
    assert running.wait().move in engine.legal_turns().turns


def test_play_asks_for_a_turn_and_push_plays_it(engine: Engine) -> None:
    legal = engine.legal_turns().turns
    result = engine.play(Limit(nodes=1000), info=INFO_ALL)
    assert isinstance(result, PlayResult) and result.move in legal
    assert result.info["pv"][0] == result.move and result.info["score"].turn == "p1"
    assert result.ponder is None or result.ponder == result.info["pv"][1]
    assert engine.history().moves == []  # asked, not played
    assert engine.play(Limit(nodes=1000)).info == {}  # python-chess's default: no info
    played = engine.push(result.move)
    assert isinstance(played, Played) and played.move == result.move
    assert engine.history().moves == [result.move]


def test_play_with_a_move_is_push_with_a_warning(engine: Engine) -> None:
    with pytest.warns(DeprecationWarning, match=r"Engine\.push\(move\)"):
        played = engine.play("D5D4")
    assert isinstance(played, Played) and played.move == "D4D5"
    assert engine.history().moves == ["D4D5"]
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert engine.push("d4xc3").move == "d4xc3"
    with pytest.raises(TypeError, match="play takes a Limit"):
        engine.play(300)  # type: ignore[call-overload]


def test_a_string_of_moves_is_refused_before_anything_is_sent(engine: Engine) -> None:
    with pytest.raises(TypeError, match=r"takes a list of turns, such as \['D4D5'\], not a single string"):
        engine.position(moves="D4D5")
    # The engine received nothing: no game lost to 'D 4 D 5', the position is the start.
    fields = engine.describe()
    assert (fields["forfeit"], fields["result"]) == ("none", "none") and engine.history().moves == []
    with pytest.raises(TypeError, match="not a single string"):
        engine.analyse(Limit(nodes=10), searchmoves="D4D5")
    with pytest.raises(TypeError, match="not a single string"):
        engine.go(nodes=10, searchmoves="D4D5")
    engine.position(moves=("D4D5", "d4xc3"))  # any sequence of turns
    assert engine.history().moves == ["D4D5", "d4xc3"]


def test_a_bad_move_in_position_loses_the_game_as_documented(engine: Engine) -> None:
    with pytest.raises(EngineError) as caught:
        engine.position(moves=["D4D5", "D4D5"])
    assert caught.value.forfeit_by == "p2" and engine.result() == "p1win"
    with pytest.raises(EngineError, match="expected a game in progress"):
        engine.analyse(Limit(nodes=10))
    assert engine.undo().kind == "forfeit" and engine.history().moves == ["D4D5"]


def test_the_asyncio_api(engine_path: str) -> None:
    async def main() -> None:
        async with aio.Engine.start(engine_path, options={"Seed": 3}) as engine:
            assert engine.id["name"] == "guerrilla" and "Game" in engine.options
            await engine.position(COIN_WINS)
            info = await engine.analyse(Limit(nodes=300))
            assert info["score"].pov("coin") == Score(proven="win", turns=1)
            await engine.position()
            running = await engine.analysis()
            async with running:
                async for line in running:
                    if "score" in line:
                        # Other calls run between the analysis's lines.
                        assert (await engine.describe())["tomove"] == "p1"
                        running.stop()
            assert running.done and (await running.wait()).move in (await engine.legal_turns()).turns
            played = await engine.play(Limit(nodes=200))
            await engine.push(played.move)
            assert (await engine.history()).moves == [played.move]
            with pytest.raises(TypeError, match="not a single string"):
                await engine.position(moves="D4D5")
        assert not engine.alive and engine.sync.process.returncode == 0

    asyncio.run(main())


def test_a_cancelled_call_stops_the_search_and_leaves_the_engine_ready(engine_path: str) -> None:
    async def main() -> None:
        engine = await aio.Engine.start(engine_path)
        try:
            task = asyncio.ensure_future(engine.go(infinite=True, timeout=60))
            await asyncio.sleep(0.3)
            task.cancel()
            with pytest.raises(asyncio.CancelledError):
                await task
            assert engine.sync._running is None  # the search was stopped and read to its end
            assert (await engine.describe())["tomove"] == "p1"
            assert (await engine.go(nodes=50)).bestmove in (await engine.legal_turns()).turns
        finally:
            assert await engine.quit() == 0

    asyncio.run(main())
