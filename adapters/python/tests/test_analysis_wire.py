"""The analysis API's reading of the wire (MultiPV ranks, wdl, ponder, searchmoves, currmove),
against the fake engine's ``analyst`` mode (fake_engine.py), which writes those fields as the
analysis extensions of protocol.md § 3.6 say."""

from __future__ import annotations

import asyncio
import threading
from typing import Iterator, List

import pytest

from conftest import fake
from guerrilla_client import (
    INFO_BASIC,
    INFO_PV,
    INFO_SCORE,
    AnalysisComplete,
    ClientError,
    Engine,
    InfoDict,
    Limit,
    PovScore,
    PovWdl,
    Score,
    Wdl,
    parse_info,
)
from guerrilla_client import aio


@pytest.fixture
def analyst() -> Iterator[Engine]:
    with Engine.start(fake("analyst"), timeout=5) as started:
        yield started


def test_info_lines_of_the_analysis_extensions_parse() -> None:
    line = "info depth 7 multipv 2 nodes 900 time 31 nps 29032 score -0.125 wdl 420 30 550 pv a1 b2..."
    info = parse_info(line)
    assert (info.depth, info.multipv, info.nodes, info.time, info.nps) == (7, 2, 900, 31, 29032)
    assert info.score == Score(value=-0.125) and info.wdl == Wdl(420, 30, 550)
    assert info.pv == ["a1", "b2..."] and info.extra == {}
    current = parse_info("info currmove c5-b4 currmovenumber 3")
    assert (current.currmove, current.currmovenumber, current.depth, current.extra) == ("c5-b4", 3, None, {})
    odd = parse_info("info depth 2 score win in 3 wdl 1000 0 pv x")
    assert odd.score == Score(proven="win", turns=3) and odd.wdl is None and odd.extra == {"wdl": "1000", "0": ""}


def test_analyse_with_multipv_returns_the_ranked_lines(analyst: Engine) -> None:
    lines = analyst.analyse(Limit(nodes=300), multipv=3)
    assert [line["multipv"] for line in lines] == [1, 2, 3]
    assert [line["pv"][0] for line in lines] == ["c5-b4", "d4xc3", "e5-f6"]
    scores = [line["score"] for line in lines]
    assert all(isinstance(score, PovScore) and score.turn == "p2" for score in scores)
    assert [score.relative for score in scores] == [Score(value=0.5), Score(value=0.25), Score(value=0.0)]
    assert scores[0].pov("coin") == Score(value=0.5) and scores[0].pov("guerrilla") == Score(value=-0.5)
    # ShowWDL was turned on, so the engine's figures come with each line.
    assert lines[0]["wdl"] == PovWdl(Wdl(750, 0, 250), "p2", ("Guerrilla", "COIN"))
    assert scores[1].wdl().pov("p1") == Wdl(375, 0, 625)
    assert (lines[0]["depth"], lines[0]["nodes"], lines[0]["time"], lines[0]["nps"]) == (3, 300, 0.021, 14000)
    # Without multipv, one dict: the best line.
    best = analyst.analyse(Limit(nodes=300))
    assert isinstance(best, dict) and best["multipv"] == 1 and best["pv"] == ["c5-b4", "D4D5", "e3-d2..."]


def test_without_about_the_sides_are_p1_and_p2() -> None:
    with Engine.start(fake("analyst-without-about"), timeout=5) as older:
        score = older.analyse(Limit(nodes=1))["score"]
        assert score.names == () and score.pov("p1") == Score(value=-0.5)
        with pytest.raises(ValueError, match=r"expected a side \('p1', 'p2'\) but got 'COIN'"):
            score.pov("COIN")
        assert older._side_names == {"guerrilla-checkers": ()}  # asked once, the refusal kept


def test_analysis_sets_the_options_it_needs_once(analyst: Engine) -> None:
    analyst.analyse(Limit(nodes=1), multipv=2)
    assert analyst._set == {"multipv": "2", "showwdl": "true"}
    analyst.set_option("ShowWDL", False)
    best = analyst.analyse(Limit(nodes=1))
    assert analyst._set == {"multipv": "1", "showwdl": "false"}
    assert "wdl" not in best and best["score"].wdl().relative == Wdl(750, 0, 250)  # read from the score
    with pytest.raises(ValueError, match="multipv takes a whole number from 1"):
        analyst.analyse(Limit(nodes=1), multipv=0)


def test_searchmoves_and_root_moves_go_on_the_wire_last(analyst: Engine) -> None:
    running = analyst.analysis(Limit(time=0.25, nodes=40), searchmoves=["D4D5", "D6D7"])
    assert running.search.command == "go movetime 250 nodes 40 searchmoves D4D5 D6D7"
    assert running.wait().move == "D4D5"
    assert running.search.strings == ["go movetime 250 nodes 40 searchmoves D4D5 D6D7"]
    lines = analyst.analyse(Limit(depth=2), multipv=4, root_moves=["e5-f6"])
    assert [line["pv"][0] for line in lines] == ["e5-f6"]  # one root turn: one line
    with pytest.raises(TypeError, match="not a single string"):
        analyst.analyse(Limit(nodes=1), searchmoves="D4D5")
    with pytest.raises(TypeError, match="searchmoves or root_moves, not both"):
        analyst.analyse(Limit(nodes=1), searchmoves=["a"], root_moves=["b"])


def test_play_reads_the_ponder_turn(analyst: Engine) -> None:
    played = analyst.play(Limit(nodes=10))
    assert (played.move, played.ponder, played.info) == ("c5-b4", "D4D5", {})  # the PV's reply
    analyst.command("setoption name Ponder value true")
    played = analyst.play(Limit(nodes=10), info=INFO_SCORE | INFO_PV)
    assert (played.move, played.ponder) == ("c5-b4", "D4D5")  # the bestmove's ponder word
    assert set(played.info) == {"score", "wdl", "pv"} and played.info["score"].p2() == Score(value=0.5)
    assert analyst.go(nodes=10).ponder == "D4D5"


def test_analysis_iterates_until_stopped(analyst: Engine) -> None:
    seen: List[InfoDict] = []
    with analyst.analysis(multipv=2) as running:
        assert running.search.command == "go infinite" and running.turn == "p2"
        for info in running:
            seen.append(info)
            if info.get("depth") == 3:
                running.stop()
        # The lines written until the bestmove were still given; the iteration then ended.
        assert running.done and running.next() is None
        with pytest.raises(AnalysisComplete):
            running.get()
    # Two lines a report, until the report that 'stop' wrote (reports may have come between).
    depths = [info["depth"] for info in seen if "depth" in info]
    assert depths[:6] == [1, 1, 2, 2, 3, 3] and len(depths) % 2 == 0 and depths[-1] == depths[-2] >= 4
    currmoves = [info for info in seen if "currmove" in info]
    assert currmoves[0] == {"currmove": "c5-b4", "currmovenumber": 1}
    assert seen[0] == {"string": "go infinite"}
    assert running.wait().move == "c5-b4"
    assert [line["depth"] for line in running.multipv] == [depths[-1]] * 2
    assert running.info["currmovenumber"] == 1  # merged into the best line, as python-chess does


def test_the_context_stops_and_reads_the_search_to_its_end(analyst: Engine) -> None:
    with analyst.analysis(info=INFO_BASIC) as running:
        first = running.get()
        assert first == {"string": "go infinite"}
    assert running.done
    assert set(running.info) <= {"depth", "multipv", "nodes", "time", "nps", "currmove", "currmovenumber"}
    assert analyst.describe()["tomove"] == "p2"  # the engine reads commands as usual


def test_stop_from_another_thread_ends_the_iteration(analyst: Engine) -> None:
    running = analyst.analysis()
    timer = threading.Timer(0.2, running.stop)
    timer.start()
    count = sum(1 for _ in running)
    timer.join()
    assert running.done and count > 2


def test_ponder_then_ponderhit(analyst: Engine) -> None:
    analyst.command("setoption name Ponder value true")
    search = analyst.search(Limit(time=1), ponder=True)
    assert search.command == "go ponder movetime 1000"
    assert not search.poll()
    search.ponderhit()
    result = search.wait()
    assert (result.bestmove, result.ponder) == ("c5-b4", "D4D5")
    with pytest.raises(TypeError):
        analyst.go(Limit(time=1), ponder=True)  # type: ignore[call-arg]


def test_play_with_ponder_thinks_on_the_expected_reply_until_ponderhit(analyst: Engine) -> None:
    played = analyst.play(Limit(nodes=10), ponder=True)
    assert (played.move, played.ponder) == ("c5-b4", "D4D5") and analyst._set["ponder"] == "true"
    # The engine played the turn and the reply, and ponders on the position after them.
    assert analyst.pondering and analyst._pondering is not None
    assert analyst._pondering.search.command == "go ponder nodes 10"
    hit = analyst.ponderhit(info=INFO_SCORE)
    assert (hit.move, hit.ponder, hit.info["score"].turn) == ("c5-b4", "D4D5", "p2")
    assert not analyst.pondering and analyst.show() == "moves c5-b4 D4D5"  # both turns kept
    with pytest.raises(ClientError, match=r"no ponder search is running"):
        analyst.ponderhit()


def test_any_other_call_ends_the_ponder_and_takes_back_what_the_script_did_not_push(analyst: Engine) -> None:
    analyst.play(Limit(nodes=10), ponder=True)
    assert analyst.pondering
    # A read-only call answers for the script's position, before both turns, and the ponder
    # search goes on; so does a push of the engine's own turn.
    assert analyst.show() == "moves" and analyst.pondering
    assert analyst.push("c5-b4").move == "c5-b4" and analyst.show() == "moves c5-b4" and analyst.pondering
    analyst.push("e5-f6")  # not the reply the engine expected: the ponder ends, D4D5 taken back
    assert not analyst.pondering
    assert analyst.play(Limit(nodes=10), ponder=True).move == "c5-b4"
    stopped = analyst.stop()
    assert stopped is not None and stopped.bestmove == "c5-b4"
    assert analyst.show() == "moves c5-b4 e5-f6" and analyst.stop() is None
    # ponderhit with ponder=True ponders again on the next expected reply.
    analyst.play(Limit(nodes=10), ponder=True)
    assert analyst.ponderhit(ponder=True).move == "c5-b4" and analyst.pondering
    assert analyst.describe()["tomove"] == "p2"
    assert analyst.show() == "moves c5-b4 e5-f6 c5-b4 D4D5"


def test_the_asyncio_api_reads_the_same_lines() -> None:
    async def main() -> None:
        async with aio.Engine.start(fake("analyst"), timeout=5) as engine:
            lines = await engine.analyse(Limit(nodes=20), multipv=2)
            assert [line["score"].relative for line in lines] == [Score(value=0.5), Score(value=0.25)]
            running = await engine.analysis()
            depths = []
            async for info in running:
                if "depth" in info:
                    depths.append(info["depth"])
                if len(depths) == 2:
                    running.stop()
            assert depths[:2] == [1, 2] and (await running.wait()).move == "c5-b4"
            played = await engine.play(Limit(nodes=1))
            assert played.ponder == "D4D5"
            await engine.play(Limit(nodes=1), ponder=True)
            assert engine.pondering and (await engine.ponderhit()).move == "c5-b4"
            assert not engine.pondering and await engine.show() == "moves c5-b4 D4D5"

    asyncio.run(main())
