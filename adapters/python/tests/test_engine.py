"""Every method of Engine against the real engine binary."""

from __future__ import annotations

import time

import pytest

from conftest import HANG
from guerrilla_client import (
    GUERRILLA,
    Engine,
    EngineError,
    EngineTerminated,
    EngineTimeout,
    GameOver,
    Played,
    Removal,
    Score,
)

CHECKERS_START = "8/8/3C4/2C1C3/3C1C2/4C3/8/8 9/9/9/9/9/9/9/9/9 66 G first"
# COIN to move; c3xd4xe5 takes both stones and wins at once (protocol.md § 3.6).
COIN_WINS = "8/C7/8/8/8/2C5/8/8 9/9/9/9/4G4/3G5/9/9/9 20 C -"
# Guerrilla on side 5, White to move with more than 1000 legal turns.
WELLS_MANY = ["*c5", "*g4", "+d5,*b6,c5-e5.d5-f5", "+f3,*d1,f3-h5.g4-i6"]


def test_handshake_reads_id_and_options(engine: Engine) -> None:
    assert engine.id["name"] == "guerrilla"
    assert engine.id["author"]
    game = engine.options["Game"]
    assert (game.type, game.default, game.var) == ("combo", "guerrilla-checkers", ["guerrilla-checkers", "guerrilla"])
    side = engine.options["BoardSide"]
    assert (side.type, side.default, side.min, side.max) == ("spin", 8, 4, 12)


def test_start_sets_options_in_order(engine_path: str) -> None:
    with Engine.start(engine_path, options={"Game": "guerrilla", "BoardSide": 4, "TurnLimit": 30}) as engine:
        fields = engine.describe()
        assert (fields["game"], fields["board_side"], fields["turn_limit"]) == ("guerrilla", "4", "30")


def test_start_with_a_bad_option_raises_and_stops_the_engine(engine_path: str) -> None:
    with pytest.raises(EngineError) as caught:
        Engine.start(engine_path, options={"BoardSide": 13})
    assert str(caught.value) == "expected an integer from 4 to 12 but got '13' in 'setoption name BoardSide value 13'"


def test_set_option_errors_carry_the_engine_message(engine: Engine) -> None:
    with pytest.raises(EngineError) as caught:
        engine.set_option("Contempt", 16)
    # The engine names every option it has; the list grows with the engine.
    assert caught.value.message.startswith("expected an option name (Game, Seed, BoardSide, TurnLimit, ")
    assert caught.value.message.endswith(") but got 'Contempt' in 'setoption name Contempt value 16'")
    assert caught.value.line.startswith("info string error: expected an option name")
    assert caught.value.command == "setoption name Contempt value 16"
    with pytest.raises(EngineError, match=r"expected one of guerrilla-checkers, guerrilla but got 'chess'"):
        engine.select_game("chess")
    with pytest.raises(EngineError, match=r"but got 'true' in 'setoption name Seed value true'"):
        engine.set_option("Seed", True)
    # Nothing changed: still Guerrilla Checkers at its start.
    assert engine.describe()["game"] == "guerrilla-checkers"


def test_select_game_and_new_game(engine: Engine) -> None:
    engine.select_game(GUERRILLA)
    engine.set_option("BoardSide", "6")
    assert engine.describe()["board_side"] == "6"
    engine.push("*a1")
    assert engine.history().moves == ["*a1"]
    engine.new_game()
    assert engine.history().moves == []
    assert engine.describe()["points"] == "." * 91  # side 6: 3·6·5 + 1 points, all empty


def test_position_startpos_fen_and_moves(engine: Engine) -> None:
    engine.position(moves=["D5D4", "d4xc3"])
    history = engine.history()
    assert history.start == CHECKERS_START
    assert history.moves == ["D4D5", "d4xc3"]  # canonical form
    assert engine.is_p1_turn()
    engine.position(COIN_WINS)
    assert engine.history().start == COIN_WINS
    assert not engine.is_p1_turn()
    engine.position("startpos")
    assert engine.history() == type(history)(start=CHECKERS_START, moves=[], building=[])


def test_bad_position_raises_and_changes_nothing(engine: Engine) -> None:
    engine.position(moves=["D4D5"])
    with pytest.raises(EngineError) as caught:
        engine.position("bad")
    assert caught.value.message == (
        "expected a valid position but got 'bad' (expected 5 fields (squares, points, hand, "
        "side, first) but got 1) in 'position fen bad'"
    )
    assert caught.value.forfeit_by is None
    assert engine.history().moves == ["D4D5"]


def test_illegal_move_in_position_is_a_forfeit(engine: Engine) -> None:
    with pytest.raises(EngineError) as caught:
        engine.position(moves=["D4D5", "d4xc3", "E5E6", "a1-b2"])
    assert caught.value.message == (
        "expected a legal move but got 'a1-b2' (no checker on a1); the game is over, lost by p2 "
        "in 'position startpos moves D4D5 d4xc3 E5E6 a1-b2'"
    )
    assert caught.value.forfeit_by == "p2"
    assert engine.is_game_over()
    assert engine.result() == "p1win"
    assert engine.describe()["forfeit"] == "p2"
    with pytest.raises(EngineError, match=r"^expected a game in progress but got 'go' in 'go nodes 5'$"):
        engine.go(nodes=5)
    undone = engine.undo()
    assert (undone.kind, undone.step) == ("forfeit", None)
    assert not engine.is_game_over()
    assert engine.history().moves == ["D4D5", "d4xc3", "E5E6"]


def test_tokens_with_spaces_or_newlines_are_refused_before_sending(engine: Engine) -> None:
    with pytest.raises(ValueError):
        engine.push("D4D5 D6D7")
    with pytest.raises(ValueError):
        engine.position(moves=["D4D5\nquit"])
    with pytest.raises(ValueError):
        engine.set_option("Seed", "1\nquit")
    assert engine.alive
    assert engine.query("p1turn") == "true"


def test_legal_lists_steps_and_turns(engine: Engine) -> None:
    legal = engine.legal()
    assert len(legal.steps) == 49 and legal.steps[0] == "B2"
    assert legal.turns.status == "complete" and legal.turns.complete
    assert legal.turns.count == 84 == len(legal.turns.turns)
    engine.position(moves=["D4D5"])
    assert engine.legal_turns().turns == [
        "c5-b4", "c5-b6", "d4xc3", "d6-c7", "d6-e7", "e3-d2", "e3-f2", "e5-f6", "f4-g3", "f4-g5",
    ]
    assert engine.legal_steps() == engine.legal_turns().turns  # a COIN turn of one hop each


def test_legal_turns_midturn_and_partial(wells: Engine) -> None:
    wells.step("*a1")  # completes White's first turn by itself
    wells.step("*e5")
    wells.step("+b1")
    turns = wells.legal_turns()
    assert (turns.status, turns.count, turns.turns, turns.complete) == ("midturn", 0, [], False)
    wells.position(moves=WELLS_MANY)
    turns = wells.legal_turns()
    assert (turns.status, turns.count, len(turns.turns)) == ("partial", 1000, 1000)


def test_play_answers_the_canonical_move(engine: Engine) -> None:
    played = engine.push("D5D4")
    assert (played.move, played.steps, played.removed, played.over, played.extra, played.raw) == (
        "D4D5", ["D4", "D5"], [], None, [], "played D4D5 steps D4 D5"
    )
    with pytest.raises(EngineError) as caught:
        engine.push("d4d5")
    assert caught.value.message == (
        "expected a COIN move: a path of squares like c5-d6 or c5xd6xe5 (square = a..h 1..8) "
        "but got 'd4d5' in 'play d4d5'"
    )
    assert engine.history().moves == ["D4D5"]


def test_expand_and_play_report_removals_and_the_end(engine: Engine) -> None:
    engine.position(fen=COIN_WINS)
    expanded = engine.expand("c3xd4xe5")
    assert (expanded.move, expanded.steps) == ("c3xd4xe5", ["c3xd4", "d4xe5"])
    assert expanded.removed == [[Removal("D4", "captured")], [Removal("E5", "captured")]]
    assert expanded.over == GameOver("p2win", "no-stones-on-board", None)
    assert engine.describe()["result"] == "none"  # expand plays nothing
    assert engine.push("c3xd4xe5") == Played(
        move=expanded.move,
        steps=expanded.steps,
        removed=expanded.removed,
        over=expanded.over,
        extra=[],
        raw=expanded.raw.replace("expanded", "played", 1),
    )
    assert engine.result() == "p2win"


def test_the_last_step_reports_the_scores_of_the_end(engine_path: str) -> None:
    with Engine.start(engine_path, options={"Game": "guerrilla", "BoardSide": 4, "TurnLimit": 1}) as wells:
        stepped = wells.step("*a1")
        assert (stepped.auto, stepped.turn, stepped.removed) == (["endmove"], "*a1", [])
        assert stepped.over == GameOver("p1win", "turn-limit", (4, 0))


def test_step_reports_auto_steps_and_the_turn(wells: Engine) -> None:
    stepped = wells.step("*a1")
    assert (stepped.step, stepped.auto, stepped.turn) == ("*a1", ["endmove"], "*a1")
    assert stepped.turn_complete
    assert wells.describe()["turnstart"] == "true"


def test_step_undo_and_undo_step(engine: Engine) -> None:
    engine.position(moves=["D4D5"])
    assert engine.step("d4xc3").turn == "d4xc3"
    first = engine.step("C5")
    assert (first.step, first.auto, first.turn) == ("C5", [], None)
    assert engine.describe()["pending"] == "C5"
    assert engine.history().building == ["C5"]
    second = engine.step("C4")
    assert second.turn == "C4C5"
    assert engine.undo().kind == "turn"
    assert engine.history().moves == ["D4D5", "d4xc3"]
    engine.push("C4C5")
    undone = engine.undo_step()
    assert (undone.kind, undone.step) == ("step", "C4")
    assert engine.history().building == ["C5"]
    assert (engine.undo().kind, engine.undo().kind, engine.undo().kind) == ("step", "turn", "turn")
    with pytest.raises(EngineError, match=r"^expected a move or step to undo but got 'undo step'$"):
        engine.undo_step()
    engine.position(moves=["D4D5"])
    with pytest.raises(EngineError, match=r"^expected a COIN step: one diagonal step like c5-d6"):
        engine.step("c5")


def test_go_nodes_is_legal_deterministic_and_parsed(engine: Engine) -> None:
    legal = engine.legal_turns().turns
    result = engine.go(nodes=1000)
    assert result.bestmove in legal
    info = result.info
    assert info is not None and info is result.infos[-1]
    assert info.nodes == 1000
    assert info.depth == len(info.pv) and info.pv[0] == result.bestmove
    assert info.time is not None and info.nps is not None
    assert info.score is not None and info.score.value is not None and -1 <= info.score.value <= 1
    assert not info.score.is_proven and info.raw.startswith("info depth ")
    assert result.bestmove_line == f"bestmove {result.bestmove}"
    engine.new_game()
    assert engine.go(nodes=1000).bestmove == result.bestmove


def test_go_reports_a_proven_win(engine: Engine) -> None:
    engine.position(COIN_WINS)
    result = engine.go(nodes=300)
    assert result.bestmove == "c3xd4xe5"
    assert result.score == Score(proven="win", turns=1)
    assert str(result.score) == "win in 1" and result.score.expected() == 1.0
    assert result.pv == ["c3xd4xe5"]


def test_go_refuses_bad_limits_before_sending(engine: Engine) -> None:
    with pytest.raises(ValueError):
        engine.go(nodes=-1)
    with pytest.raises(ValueError):
        engine.go(depth=2**32)
    assert engine.alive


def test_go_midturn_answers_the_whole_turn_as_a_hint(engine: Engine) -> None:
    engine.step("D4")
    result = engine.go(nodes=10)
    # The whole turn that begins with the step taken; nothing is played.
    assert len(result.bestmove) == 4 and "D4" in (result.bestmove[:2], result.bestmove[2:])
    assert engine.history().building == ["D4"]
    played = engine.push(result.bestmove)
    assert played.move == result.bestmove
    assert engine.history().building == []


def test_infinite_search_runs_beside_read_only_commands_until_stopped(engine: Engine) -> None:
    search = engine.search(infinite=True)
    time.sleep(0.6)
    # Read-only commands are answered beside the search and do not stop it.
    assert engine.describe()["tomove"] == "p1"
    assert engine.legal_turns().count == 84
    assert not search.poll()
    assert search.info is not None and search.info.nodes is not None and search.info.nodes > 0
    result = search.stop()
    assert search.done and result.bestmove in engine.legal_turns().turns
    assert result.info is not None and result.info.nodes is not None and result.info.nodes >= search.infos[0].nodes  # type: ignore[operator]
    assert engine.stop() is None  # nothing runs any more


def test_a_command_that_would_stop_a_search_stops_it_first(engine: Engine) -> None:
    search = engine.search(infinite=True)
    engine.push("D4D5")
    assert search.done and search.wait().bestmove
    assert engine.history().moves == ["D4D5"]


def test_go_infinite_times_out_stops_the_search_and_the_engine_goes_on(engine: Engine) -> None:
    start = time.monotonic()
    with pytest.raises(EngineTimeout) as caught:
        engine.go(infinite=True, timeout=0.3)
    assert 0.3 <= time.monotonic() - start < HANG
    assert caught.value.command == "go infinite"
    assert caught.value.result is not None
    assert caught.value.result.bestmove in engine.legal_turns().turns
    assert engine.go(nodes=100).info is not None


def test_a_late_answer_is_dropped_when_it_comes(wells: Engine) -> None:
    # Guerrilla's bench takes most of a second: its answer comes after the timeout, and the
    # next command still reads its own answer.
    with pytest.raises(EngineTimeout):
        wells.bench(timeout=0.05)
    assert wells.query("p1turn") == "true"
    assert any(line.startswith("Nodes searched") for line in wells.stray_lines)
    assert wells.describe()["game"] == "guerrilla"
    # A perft right after a late bench is not ended by the bench's 'Nodes searched' line.
    with pytest.raises(EngineTimeout):
        wells.bench(timeout=0.05)
    assert wells.perft(1).total == 61  # side 5: 61 points, 60 first placements of W3 and a pass


def test_perft_divide_and_total(engine: Engine) -> None:
    engine.position(moves=["D4D5", "d4xc3"])
    perft = engine.perft(1)
    assert perft.total == 12 == sum(perft.divide.values())
    assert list(perft.divide)[:2] == ["B5C5", "C4C5"]
    engine.position()
    assert engine.perft(0).total == 1 and engine.perft(0).divide == {}
    deeper = engine.perft(2)
    assert deeper.total == 840 == sum(deeper.divide.values()) and len(deeper.divide) == 84


def test_perft_errors_and_timeout(engine_path: str, engine: Engine) -> None:
    engine.step("D4")
    with pytest.raises(EngineError, match=r"^expected a position at the start of a turn \(finish or undo the turn\) but got 'perft 1'$"):
        engine.perft(1)
    with Engine.start(engine_path, options={"Game": "guerrilla"}) as wells:
        start = time.monotonic()
        with pytest.raises(EngineTimeout):
            wells.perft(3, timeout=0.3)
        assert time.monotonic() - start < HANG
        assert wells.perft(1).total == 133  # the 132 first placements of W3 and a pass


def test_queries(engine: Engine) -> None:
    assert (engine.query("gameover"), engine.query("p1turn"), engine.query("result")) == ("false", "true", "none")
    assert not engine.is_game_over() and engine.is_p1_turn() and engine.result() == "none"
    with pytest.raises(EngineError, match=r"^expected gameover, p1turn or result but got 'foo' in 'query foo'$"):
        engine.query("foo")


def test_show_describe_history(engine: Engine) -> None:
    engine.position(moves=["D4D5"])
    text = engine.show()
    lines = text.splitlines()
    assert lines[0].split() == list("ABCDEFGHI")
    assert lines[-3:] == ["fen 8/8/3C4/2C1C3/3C1C2/4C3/8/8 9/9/9/9/3G5/3G5/9/9/9 64 C -", "tomove p2", "result none"]
    fields = engine.describe()
    assert list(fields)[:5] == ["game", "tomove", "turnstart", "result", "forfeit"]
    assert (fields["side"], fields["hand"], fields["stones"], fields["checkers"]) == ("coin", "64", "2", "6")
    assert len(fields["squares"]) == 64 and len(fields["points"]) == 81


def test_geometry_of_both_games(engine: Engine) -> None:
    board = engine.geometry()
    assert (board.game, len(board.points), len(board.squares)) == ("guerrilla-checkers", 81, 64)
    assert board.header == {"game": "guerrilla-checkers", "points": "81", "squares": "64"}
    assert board.points[0].name == "A9" and board.points[0].role == "edge" and board.points[0].neighbours == []
    b8 = board.point("B8")
    assert (b8.x, b8.y, b8.role, b8.neighbours) == (1.0, 1.0, "play", ["C8", "B7"])
    a8 = board.square("a8")
    assert (a8.x, a8.y, a8.corners, a8.diagonals) == (0.5, 0.5, ["A8", "B8", "B9", "A9"], ["b7"])
    with pytest.raises(KeyError):
        board.point("Z9")
    engine.select_game("guerrilla")
    engine.set_option("BoardSide", 4)
    board = engine.geometry()
    assert (board.game, len(board.points), board.squares) == ("guerrilla", 37, [])
    a1 = board.point("a1")
    assert (a1.x, a1.y, a1.neighbours) == (1.5, 5.196, ["b1", "a2", "b2"])


def test_about_names_the_sides_of_both_games(engine: Engine) -> None:
    about = engine.about()
    assert (about.game, about.title, about.sides) == ("guerrilla-checkers", "Guerrilla Checkers", ("Guerrilla", "COIN"))
    assert [(piece.char, piece.owner) for piece in about.pieces] == [("G", "p1"), ("C", "p2")]
    assert about.options == [] and about.tour and about.extra_lines == []
    assert {field.name for field in about.fields} <= set(engine.describe())
    engine.select_game("guerrilla")
    about = engine.about()
    assert (about.game, about.sides, about.options) == ("guerrilla", ("White", "Black"), ["BoardSide", "TurnLimit"])
    assert [piece.owner for piece in about.pieces] == ["p1", "p2", None]
    assert [r.word for r in about.reasons] == ["two-passes", "turn-limit", "forfeit"]
    assert about.reason_label("two-passes") == "two passes in a row"
    assert [(r.word, r.leaves) for r in about.removals] == [("split", None), ("killed", None), ("massacred", "X")]
    assert [s.word for s in about.steps] == ["pass", "endgroup", "endmove"]


def test_bench_is_a_signature(engine: Engine) -> None:
    first = engine.bench()
    assert first.nodes > 0 and first.nps > 0
    assert first.fields["Nodes searched"] == str(first.nodes)
    assert engine.bench().nodes == first.nodes


def test_help_and_raw_command(engine: Engine) -> None:
    assert "perft <depth>" in engine.help()
    assert engine.command("legal turns")[0].startswith("turns complete 84 ")
    with pytest.raises(EngineError, match=r"^expected a command \(type help for the list\) but got 'frobnicate' in 'frobnicate 3'$"):
        engine.command("frobnicate 3")
    with pytest.raises(ValueError):
        engine.command("go nodes 5")
    engine.is_ready()


def test_context_manager_quits_the_engine(engine_path: str) -> None:
    with Engine.start(engine_path) as engine:
        search = engine.search(infinite=True)
    assert engine.process.returncode == 0
    assert not engine.alive
    assert not search.done  # the engine was told to quit, not asked for the search's end
    with pytest.raises(EngineTerminated):
        engine.query("p1turn")
    assert engine.quit() == 0  # quitting again is harmless


def test_a_killed_engine_raises_terminated(engine_path: str) -> None:
    engine = Engine.start(engine_path)
    engine.process.kill()
    engine.process.wait()
    with pytest.raises(EngineTerminated) as caught:
        engine.describe()
    assert caught.value.returncode is not None and caught.value.returncode != 0
    with pytest.raises(EngineTerminated):
        engine.go(nodes=10)
    engine.quit()
