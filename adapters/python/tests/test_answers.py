"""The parsers of answers.py on lines written here, including lines with unknown words."""

from __future__ import annotations

import pytest

from guerrilla_client import EngineError, GameOver, Removal, Score, parse_info
from guerrilla_client.about import (
    AboutField,
    AboutHelp,
    AboutPiece,
    AboutRemoval,
    AboutWord,
    parse_about,
    parse_geometry,
)
from guerrilla_client.answers import (
    parse_bench,
    parse_describe,
    parse_divide,
    parse_history,
    parse_played,
    parse_stepped,
    parse_turns,
    parse_undone,
)
from guerrilla_client.options import parse_option


def test_info_with_a_value_score_and_a_cut_pv() -> None:
    info = parse_info("info depth 4 nodes 1000 time 24 nps 40325 score 0.223 pv d4-c3 C5C6 d6-e7 D7...")
    assert (info.depth, info.nodes, info.time, info.nps) == (4, 1000, 24, 40325)
    assert info.score == Score(value=0.223)
    assert info.pv == ["d4-c3", "C5C6", "d6-e7", "D7..."] and info.pv_incomplete
    assert info.extra == {} and info.string is None


@pytest.mark.parametrize(
    ("text", "score", "expected"),
    [("win in 3", Score(proven="win", turns=3), 1.0), ("loss in 2", Score(proven="loss", turns=2), -1.0),
     ("draw in 7", Score(proven="draw", turns=7), 0.0), ("-0.5", Score(value=-0.5), -0.5)],
)
def test_info_scores(text: str, score: Score, expected: float) -> None:
    info = parse_info(f"info depth 1 nodes 1 time 0 nps 0 score {text}")
    assert info.score == score and info.score.expected() == expected and info.pv == []
    assert str(info.score) == (text if score.is_proven else "-0.500")


def test_info_keeps_unknown_fields_and_never_fails() -> None:
    info = parse_info("info depth x nodes 5 seldepth 2 lowerbound score cp 13 pv a b")
    assert info.depth is None and info.nodes == 5 and info.score is None
    # Another engine's UCI score is read as one (wire.py), and kept in extra as it was written.
    assert info.extra == {"depth": "x", "seldepth": "2", "lowerbound": "", "score": "cp 13"}
    assert info.pv == ["a", "b"]
    flagged = parse_info("info depth 2 nodes 9 time 1 nps 9 score 0.5 exact")
    assert (flagged.depth, flagged.score, flagged.extra) == (2, Score(value=0.5), {"exact": ""})
    assert parse_info("info").raw == "info"
    assert parse_info("info string hello  there").string == "hello  there"
    assert parse_info("info depth 1 string a string  b").string == "a string  b"
    assert parse_info("info string").string == ""


def test_stepped_variants() -> None:
    plain = parse_stepped("stepped +b1")
    assert (plain.step, plain.auto, plain.turn, plain.extra, plain.turn_complete) == ("+b1", [], None, [], False)
    full = parse_stepped("stepped endgroup auto endmove turn +b1,*g7,a1-c1")
    assert (full.auto, full.turn) == (["endmove"], "+b1,*g7,a1-c1")
    many = parse_stepped("stepped c5xd6 auto d6xe5 =c4 i14xj15 turn c5xd6xe5")
    assert many.auto == ["d6xe5", "=c4", "i14xj15"]
    future = parse_stepped("stepped D4 auto D5 captured c5 turn D4D5 over=p1win")
    assert (future.auto, future.turn, future.extra) == (["D5"], "D4D5", ["captured", "c5", "over=p1win"])


def test_removed_and_over_are_read_from_stepped_and_played() -> None:
    stepped = parse_stepped("stepped d4xc3 auto endmove turn x removed - D4:captured,E5:captured over p2win no-checkers")
    assert stepped.removed == [[], [Removal("D4", "captured"), Removal("E5", "captured")]]
    assert stepped.over == GameOver("p2win", "no-checkers", None) and stepped.extra == []
    played = parse_played("played *a1 steps *a1 endmove over p1win turn-limit 4-0")
    assert (played.move, played.steps, played.removed) == ("*a1", ["*a1", "endmove"], [])
    assert played.over == GameOver("p1win", "turn-limit", (4, 0)) and played.extra == []
    expanded = parse_played("expanded c3xd4xe5 steps c3xd4 d4xe5 removed D4:captured E5:captured", "expanded")
    assert expanded.removed == [[Removal("D4", "captured")], [Removal("E5", "captured")]]
    assert expanded.over is None
    # Words that do not read as the documented tail stay in extra, in order.
    odd = parse_played("played D4D5 steps D4 D5 removed d4,d6 over soon flag")
    assert (odd.steps, odd.removed, odd.over) == (["D4", "D5"], [], None)
    assert odd.extra == ["removed", "d4,d6", "over", "soon", "flag"]
    with pytest.raises(ValueError):
        parse_played("expanded c3xd4", "played")


def test_undone_variants() -> None:
    assert parse_undone("undone step c5-b4").step == "c5-b4"
    assert parse_undone("undone step").step is None
    turn = parse_undone("undone turn")
    assert (turn.kind, turn.step, turn.extra) == ("turn", None, [])


def test_turns_and_divide_and_bench() -> None:
    turns = parse_turns("turns partial 1000 a b")
    assert (turns.status, turns.count, turns.turns, turns.complete) == ("partial", 1000, ["a", "b"], False)
    with pytest.raises(ValueError):
        parse_turns("turns complete")
    assert parse_divide("+f3,*a1,e3-g3.f3-h3: 12") == ("+f3,*a1,e3-g3.f3-h3", 12)
    assert parse_divide("Nodes searched: 12") is None
    bench = parse_bench(["Nodes searched: 10", "Nodes/second: 20", "Threads: 1"])
    assert (bench.nodes, bench.nps, bench.fields["Threads"]) == (10, 20, "1")


def test_describe_history_geometry_option() -> None:
    assert parse_describe("describe game=x a=1 b= c") == {"game": "x", "a": "1", "b": "", "c": ""}
    history = parse_history(["start 4 ..../...../....../......./....../...../.... w 1 0", "history 2 *a1 *e5", "building 1 +b1"])
    assert (history.start, history.moves, history.building) == ("4 ..../...../....../......./....../...../.... w 1 0", ["*a1", "*e5"], ["+b1"])
    board = parse_geometry([
        "geometry game g points 2 squares 0 layout hex",
        "point a1 0 0.866 play b1 red",
        "point b1 1 0.866 edge -",
        "arrow a1 b1",
        "geometry end",
    ])
    assert board.header["layout"] == "hex" and board.extra_lines == ["arrow a1 b1"]
    assert board.point("a1").extra == ["red"] and board.point("b1").neighbours == []
    option = parse_option("option name Hash type spin default 256 min 1 max 65536")
    assert (option.name, option.type, option.default, option.min, option.max, option.var) == ("Hash", "spin", 256, 1, 65536, [])


def test_about_with_unknown_lines() -> None:
    about = parse_about([
        "about game g",
        "title A Game",
        "side p1 The First",
        "side p2 Second",
        "piece X none red single massacre token",
        "piece W p1 white grouped piece",
        "options -",
        "field hand count stones in hand",
        "reason two-passes two passes in a row",
        "removal massacred X massacred",
        "removal killed - killed",
        "step endgroup end group",
        "help phase move+moving Jump again, or stop.",
        "help step endgroup Stops the group.",
        "tour One.",
        "tour Two.",
        "colour p1 #fff",
        "about end",
    ])
    assert (about.game, about.title, about.sides, about.options) == ("g", "A Game", ("The First", "Second"), [])
    assert about.pieces == [AboutPiece("X", None, "red", False, "massacre token"), AboutPiece("W", "p1", "white", True, "piece")]
    assert about.fields == [AboutField("hand", "count", "stones in hand")]
    assert about.tour == ["One.", "Two."] and about.extra_lines == ["colour p1 #fff"]
    assert about.reasons == [AboutWord("two-passes", "two passes in a row")]
    assert about.removals == [AboutRemoval("massacred", "X", "massacred"), AboutRemoval("killed", None, "killed")]
    assert about.steps == [AboutWord("endgroup", "end group")]
    assert about.help == [AboutHelp("phase", "move", "moving", "Jump again, or stop."), AboutHelp("step", "endgroup", None, "Stops the group.")]
    assert about.reason_label("two-passes") == "two passes in a row" and about.reason_label("resigned") == "resigned"
    assert parse_about(["about game h", "options A B"]).sides == ("p1", "p2")
    with pytest.raises(ValueError):
        parse_about(["title x"])


def test_engine_error_fields() -> None:
    error = EngineError("expected a legal move but got 'x' (why); the game is over, lost by p1 in 'position startpos moves x'")
    assert error.forfeit_by == "p1"
    assert error.line.startswith("info string error: expected a legal move")
    assert EngineError("expected a number but got 'x'").forfeit_by is None
