"""MultiPV, wdl, searchmoves, pondering and streamed analysis through the client, against the
real engine, in both games (the analysis extensions of protocol.md § 3.6)."""

from __future__ import annotations

import time
from typing import Dict, Iterator, List, Tuple

import pytest

from guerrilla_client import INFO_SCORE, Engine, InfoDict, Limit, OptionValue, Score

# Guerrilla on side 5 after a turn each: a position with many turns to rank.
WELLS_TURNS = ["*c5", "*g4"]


@pytest.fixture(params=["guerrilla-checkers", "guerrilla"])
def game(request: pytest.FixtureRequest, engine_path: str) -> Iterator[Engine]:
    """A fresh engine of each game, in a position a few turns in (Seed 1)."""
    options: Dict[str, OptionValue] = {"Game": request.param, "BoardSide": 5, "Seed": 1}
    with Engine.start(engine_path, options=options) as started:
        started.position(moves=["D4D5"] if request.param == "guerrilla-checkers" else WELLS_TURNS)
        yield started


def firsts(lines: List[InfoDict]) -> List[str]:
    return [line["pv"][0] for line in lines]


def legal(engine: Engine, turn: str) -> bool:
    """Whether ``turn`` is a legal whole turn here: ``expand`` plays it out. (Guerrilla's
    ``legal turns`` may list fewer spellings than the rules allow, and may be partial.)"""
    return engine.expand(turn).move == turn


def check_lines(engine: Engine, lines: List[InfoDict], best: str, count: int) -> None:
    """The lines of one report: ranks 1 … count in order, distinct first turns, the first the
    turn the search answered; whole legal turns, then any the tree has not followed to their
    end (``...``, protocol.md § 3.6)."""
    assert [line["multipv"] for line in lines] == list(range(1, count + 1)), lines
    whole = [first for first in firsts(lines) if not first.endswith("...")]
    assert firsts(lines)[: len(whole)] == whole and all(legal(engine, first) for first in whole), lines
    assert len(set(firsts(lines))) == count and firsts(lines)[0] == best


def test_multipv_gives_three_distinct_lines_the_best_first(game: Engine) -> None:
    with game.analysis(Limit(nodes=3000), multipv=3) as running:
        best = running.wait().move
    lines = running.multipv
    check_lines(game, lines, best, 3)
    assert legal(game, game.analyse(Limit(nodes=3000), multipv=3)[0]["pv"][0])


@pytest.mark.parametrize("game_name", ["guerrilla-checkers", "guerrilla"])
def test_multipv_lines_are_ordered_by_score_at_the_greedy_level(engine_path: str, game_name: str) -> None:
    options: Dict[str, OptionValue] = {"Game": game_name, "BoardSide": 5, "Strength": "greedy"}
    with Engine.start(engine_path, options=options) as engine:
        with engine.analysis(Limit(nodes=3000), multipv=3) as running:
            best = running.wait().move
        lines = running.multipv
        check_lines(engine, lines, best, 3)
        scores = [line["score"].relative for line in lines]
        assert scores == sorted(scores, reverse=True), lines


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


def test_the_engine_wdl_sums_to_1000_and_is_the_score(game: Engine) -> None:
    checkers = game.describe()["game"] == "guerrilla-checkers"
    lines = game.analyse(Limit(nodes=2000), multipv=2)
    for line in lines:
        wdl = line["wdl"].relative
        assert wdl.total() == 1000 and min(wdl) >= 0, line
        assert not checkers or wdl.draws == 0, line  # Guerrilla Checkers has no draws (GC5)
        assert line["score"].wdl() == line["wdl"]  # the engine's figures, not the client's reading
        score = line["score"].relative
        if not score.is_proven:
            assert abs((wdl.wins - wdl.losses) / 1000 - score.expected()) <= 0.0015, line
        other = "p1" if line["wdl"].turn == "p2" else "p2"
        assert line["wdl"].pov(other) == -wdl and line["score"].pov(other) == -score


def test_searchmoves_keeps_the_answer_among_the_turns_given(game: Engine) -> None:
    free = game.play(Limit(nodes=1000)).move
    chosen = [turn for turn in game.legal_turns().turns if turn != free][:2]
    assert game.play(Limit(nodes=1000), searchmoves=chosen).move in chosen
    lines = game.analyse(Limit(nodes=2000), multipv=3, root_moves=chosen)
    assert 1 <= len(lines) <= 2 and set(firsts(lines)) <= set(chosen), lines
    assert game.go(nodes=300, searchmoves=[chosen[1]]).bestmove == chosen[1]


def shared_first_step(engine: Engine) -> Tuple[str, List[str]]:
    """A first step that several legal turns begin with, and those turns."""
    by_step: Dict[str, List[str]] = {}
    for turn in engine.legal_turns().turns:
        by_step.setdefault(engine.expand(turn).steps[0], []).append(turn)
    step, turns = max(by_step.items(), key=lambda item: len(item[1]))
    assert len(turns) >= 2, by_step
    return step, turns


def test_searchmoves_in_the_middle_of_a_turn(game: Engine) -> None:
    if game.describe()["game"] == "guerrilla-checkers":
        game.position()  # the first turn, the Guerrilla's two stones; COIN's turns are one step
    step, turns = shared_first_step(game)
    game.step(step)
    given = turns[1:3]
    assert game.play(Limit(nodes=500), searchmoves=given).move in given
    with game.analysis(Limit(nodes=500), multipv=2, searchmoves=given) as running:
        best = running.wait().move
    assert best in given and set(firsts(running.multipv)) <= set(given)


def test_the_ponder_option_names_the_expected_reply(game: Engine) -> None:
    result = game.go(nodes=500)
    assert result.bestmove_line == f"bestmove {result.bestmove}" and result.ponder is None
    game.command("setoption name Ponder value true")  # set_option refuses it: play manages it
    result = game.go(nodes=3000)
    assert result.ponder is not None and result.pv[:2] == [result.bestmove, result.ponder]
    played = game.play(Limit(nodes=3000))
    assert played.ponder == game.go(nodes=3000).ponder


def test_play_with_ponder_thinks_until_ponderhit(game: Engine) -> None:
    before = game.history().moves
    played = game.play(Limit(time=0.2), ponder=True)
    assert played.ponder is not None and game.pondering
    time.sleep(0.5)  # longer than the limit: a ponder search has none until ponderhit
    assert game._pondering is not None and not game._pondering.search.poll()
    hit = game.ponderhit(info=INFO_SCORE)  # the opponent played the reply: both turns count
    assert not game.pondering and game.history().moves == before + [played.move, played.ponder]
    assert legal(game, hit.move) and isinstance(hit.info["score"].relative, Score)


def test_a_missed_ponder_is_taken_back_and_stop_answers(game: Engine) -> None:
    before = game.history().moves
    played = game.play(Limit(nodes=2000), ponder=True)
    assert played.ponder is not None and game.pondering
    game.push(played.move)  # the engine's own turn: the ponder goes on
    assert game.pondering and game.history().moves == before + [played.move]
    game.undo()  # any call that changes the state ends it, taking back what was played ahead
    assert not game.pondering and game.history().moves == before
    game.push(played.move)
    game.play(Limit(nodes=2000), ponder=True)
    stopped = game.stop()
    assert stopped is not None and stopped.bestmove != "none"
    assert game.history().moves == before + [played.move]
    # At the protocol's level: go ponder on the position set, answered by stop.
    search = game.search(Limit(time=5), ponder=True)
    assert search.command == "go ponder movetime 5000"
    assert legal(game, search.stop().bestmove)


def test_analysis_streams_reports_and_stops(game: Engine) -> None:
    # Under a node limit, a report every 100,000 iterations and one at the end.
    with game.analysis(Limit(nodes=150000), multipv=2) as running:
        reports = [info for info in running if info.get("multipv") == 1 and "depth" in info]
    nodes = [report["nodes"] for report in reports]
    assert len(nodes) == 2 and 100000 <= nodes[0] < nodes[1] == 150000, reports
    check_lines(game, running.multipv, running.wait().move, 2)
    # Without a limit, until stop(): the lines written before the bestmove still come.
    seen: List[InfoDict] = []
    with game.analysis(multipv=2) as running:
        for info in running:
            seen.append(info)
            if len([line for line in seen if line.get("multipv") == 2]) == 2:
                running.stop()
    assert running.done and legal(game, running.wait().move)
    assert len([line for line in seen if line.get("multipv") == 1]) >= 2
    check_lines(game, running.multipv, running.wait().move, 2)
