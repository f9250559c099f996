"""Limit, Score, Wdl, PovScore and PovWdl on values written here (no engine)."""

from __future__ import annotations

import math

import pytest

from guerrilla_client import Limit, PovScore, PovWdl, Score, Wdl
from guerrilla_client.limit import go_line, limit_of, tokens


def test_limit_takes_seconds_and_writes_milliseconds() -> None:
    assert go_line(Limit(time=0.1)) == "go movetime 100"
    assert go_line(Limit(time=0.57)) == "go movetime 570"  # 0.57 * 1000 is 569.99…: rounded
    assert go_line(Limit(time=2)) == "go movetime 2000"
    assert go_line(Limit(nodes=500, depth=3)) == "go nodes 500 depth 3"
    clocks = Limit(p1_clock=60, p2_clock=59.5, p1_inc=0.5, p2_inc=0.25)
    assert go_line(clocks) == "go p1time 60000 p2time 59500 p1inc 500 p2inc 250"
    assert clocks.budget() == 60.0 and Limit(time=0.2, p1_clock=9).budget() == 0.2 and Limit().budget() == 0
    assert go_line(Limit()) == "go" and go_line(None, infinite=True) == "go infinite"
    assert go_line(Limit(time=1), ponder=True) == "go ponder movetime 1000"
    assert go_line(Limit(nodes=9), searchmoves=["D4D5", "c5-b4"]) == "go nodes 9 searchmoves D4D5 c5-b4"


def test_limit_accepts_python_chess_clock_names() -> None:
    chess_like = Limit(white_clock=10, black_clock=8, white_inc=0.1, black_inc=0.2)
    assert chess_like == Limit(p1_clock=10, p2_clock=8, p1_inc=0.1, p2_inc=0.2)
    assert (chess_like.white_clock, chess_like.black_inc) == (10.0, 0.2)
    assert repr(chess_like) == "Limit(p1_clock=10.0, p2_clock=8.0, p1_inc=0.1, p2_inc=0.2)"
    assert repr(Limit(time=0.1, nodes=5)) == "Limit(time=0.1, nodes=5)"
    with pytest.raises(TypeError, match="both p1_clock and white_clock"):
        Limit(p1_clock=1, white_clock=1)


@pytest.mark.parametrize(
    ("kwargs", "error"),
    [
        ({"time": -0.1}, ValueError),
        ({"time": math.nan}, ValueError),
        ({"time": math.inf}, ValueError),
        ({"time": "1"}, TypeError),
        ({"time": True}, TypeError),
        ({"nodes": 1.5}, TypeError),
        ({"nodes": -1}, ValueError),
        ({"depth": 2**32}, ValueError),
        ({"p2_inc": -1}, ValueError),
    ],
)
def test_limit_refuses_bad_values(kwargs: dict[str, object], error: type[Exception]) -> None:
    with pytest.raises(error, match="Limit"):
        Limit(**kwargs)  # type: ignore[arg-type]


def test_the_millisecond_keywords_are_deprecated_and_floats_refused() -> None:
    with pytest.warns(DeprecationWarning, match=r"write Limit\(time=0.15\) \(seconds\)"):
        assert limit_of(None, legacy={"movetime": 150}) == Limit(time=0.15)
    with pytest.warns(DeprecationWarning, match=r"p1time, p2inc in milliseconds"):
        assert limit_of(None, nodes=5, legacy={"p1time": 3000, "p2inc": 100}) == Limit(
            nodes=5, p1_clock=3, p2_inc=0.1
        )
    with pytest.raises(TypeError, match=r"for 0.1 seconds write go\(Limit\(time=0.1\)\)"):
        limit_of(None, legacy={"movetime": 0.1})  # type: ignore[dict-item]
    with pytest.raises(TypeError, match="as a Limit or as keywords, not both"):
        limit_of(Limit(nodes=5), nodes=5)
    assert limit_of(None) is None and limit_of(None, depth=2) == Limit(depth=2)


def test_moves_are_a_list_never_a_bare_string() -> None:
    assert tokens(["D4D5", "d4xc3"], "moves") == ["D4D5", "d4xc3"]
    assert tokens(iter(("D4D5",)), "moves") == ["D4D5"]
    with pytest.raises(TypeError, match=r"takes a list of turns, such as \['D4D5'\], not a single string"):
        tokens("D4D5", "moves")
    with pytest.raises(TypeError, match="not a single string"):
        tokens(b"D4D5", "moves")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="turns as strings"):
        tokens([1], "moves")  # type: ignore[list-item]
    with pytest.raises(ValueError, match="one word"):
        tokens(["D4D5 D6D7"], "moves")
    with pytest.raises(ValueError, match="at least one turn"):
        go_line(None, searchmoves=[])


def test_scores_order_negate_and_read_as_wdl() -> None:
    ranked = [
        Score(proven="loss", turns=1),
        Score(proven="loss", turns=5),
        Score(value=-0.5),
        Score(proven="draw", turns=3),
        Score(value=0.25),
        Score(proven="win", turns=7),
        Score(proven="win", turns=1),
    ]
    assert sorted(reversed(ranked)) == ranked
    assert max(ranked) == Score(proven="win", turns=1) and Score(value=0.1) > Score(value=0.0)
    assert -Score(value=0.25) == Score(value=-0.25) and -Score(value=0.0) == Score(value=0.0)
    assert -Score(proven="win", turns=3) == Score(proven="loss", turns=3)
    assert -Score(proven="draw", turns=2) == Score(proven="draw", turns=2)
    # python-chess's mate(): the side to move's own turns (it plays turns 1, 3, 5 … of them).
    assert Score(proven="win", turns=3).mate() == 2 and Score(proven="loss", turns=2).mate() == -1
    assert Score(proven="win", turns=1).mate() == 1 and Score(proven="loss", turns=4).mate() == -2
    assert Score(proven="draw", turns=1).mate() is None and not Score(proven="draw", turns=1).is_mate()
    assert Score(value=0.5).wdl() == Wdl(750, 0, 250)
    assert Score(value=-1.0).wdl() == Wdl(0, 0, 1000)
    assert Score(proven="win", turns=2).wdl() == Wdl(1000, 0, 0)
    assert Score(proven="draw", turns=2).wdl() == Wdl(0, 1000, 0)


def test_wdl_figures() -> None:
    wdl = Wdl(600, 100, 300)
    assert wdl.total() == 1000 and tuple(wdl) == (600, 100, 300)
    assert (wdl.winning_chance(), wdl.drawing_chance(), wdl.losing_chance()) == (0.6, 0.1, 0.3)
    assert wdl.expectation() == pytest.approx(0.65)  # python-chess's scale: a draw is half a point
    assert -wdl == Wdl(300, 100, 600)
    assert Wdl(0, 0, 0).expectation() == 0.5 and Wdl(0, 0, 0).winning_chance() == 0.0


def test_pov_score_reads_from_either_side_by_any_name() -> None:
    coin_to_move = PovScore(Score(value=0.4), "p2", ("Guerrilla", "COIN"))
    assert coin_to_move.relative == Score(value=0.4) and coin_to_move.turn == "p2"
    assert coin_to_move.pov("p2") == coin_to_move.pov("coin") == coin_to_move.p2() == Score(value=0.4)
    assert coin_to_move.pov("p1") == coin_to_move.pov("Guerrilla") == coin_to_move.p1() == Score(value=-0.4)
    assert str(coin_to_move) == "0.400" and not coin_to_move.is_mate()
    with pytest.raises(ValueError, match=r"expected a side \('p1', 'p2', 'Guerrilla', 'COIN'\) but got 'white'"):
        coin_to_move.pov("white")
    # Without the engine's figures, wdl() reads them from the score, with the same point of view.
    wdl = coin_to_move.wdl()
    assert isinstance(wdl, PovWdl) and wdl.relative == Wdl(700, 0, 300)
    assert wdl.pov("coin") == Wdl(700, 0, 300) and wdl.p1() == Wdl(300, 0, 700)
    # The engine's figures, when it wrote them, are what wdl() gives.
    white_to_move = PovScore(Score(value=0.1), "p1", ("White", "Black"), Wdl(480, 150, 370))
    assert white_to_move.wdl().pov("black") == Wdl(370, 150, 480)
    assert white_to_move.pov("BLACK") == Score(value=-0.1)
    assert PovScore(Score(proven="win", turns=1), "p1").pov("p2") == Score(proven="loss", turns=1)
