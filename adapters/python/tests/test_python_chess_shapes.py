"""The names and shapes python-chess users bring: managed options refused by ``configure``,
typed ``Option``s found in any case, ``ping()``, ``white()``/``black()``, the exception
aliases, ``popen_ugi``, ``PlayResult``'s fields, ``mate()``; and messages that name the
script's own call, not the commands the client sent for it."""

from __future__ import annotations

import asyncio
import signal

import pytest

import guerrilla_client
from guerrilla_client import (
    Engine,
    EngineError,
    EngineTerminated,
    EngineTerminatedError,
    Limit,
    Option,
    PovScore,
    PovWdl,
    Score,
    Wdl,
    aio,
)

from conftest import fake

COIN_WINS = "8/C7/8/8/8/2C5/8/8 9/9/9/9/4G4/3G5/9/9/9 20 C -"


@pytest.mark.parametrize("name", ["MultiPV", "multipv", "Ponder", "PONDER"])
def test_configure_refuses_the_managed_options_and_sets_nothing(engine: Engine, name: str) -> None:
    with pytest.raises(EngineError, match=rf"^cannot set {name} which is automatically managed$"):
        engine.configure({"Seed": 7, name: 3})
    with pytest.raises(EngineError, match=rf"^cannot set {name} which is automatically managed$"):
        engine.set_option(name, 3)
    assert "seed" not in engine._set  # refused before any option was sent
    # analyse() still sets MultiPV for its own call, and play() Ponder.
    assert len(engine.analyse(Limit(nodes=2000), multipv=3)) == 3
    assert engine.options[name].is_managed() and not engine.options["Seed"].is_managed()


def test_engine_start_refuses_a_managed_option(engine_path: str) -> None:
    with pytest.raises(EngineError, match="cannot set MultiPV which is automatically managed"):
        Engine.start(engine_path, options={"MultiPV": 3})


def test_options_are_typed_and_found_in_any_case(engine: Engine) -> None:
    side = engine.options["boardside"]
    assert side is engine.options["BOARDSIDE"] is engine.options["BoardSide"]
    assert (side.name, side.type, side.default, side.min, side.max) == ("BoardSide", "spin", 8, 4, 12)
    assert engine.options["game"].var == ["guerrilla-checkers", "guerrilla"] == engine.options["Game"].vars
    wdl = engine.options["showwdl"]
    assert (wdl.type, wdl.default, wdl.min, wdl.var) == ("check", False, None, [])
    assert "multipv" in engine.options and "MultiPV" in list(engine.options) and "nope" not in engine.options
    with pytest.raises(KeyError):
        engine.options["nope"]
    assert isinstance(engine.options.get("ponder"), Option)


def test_ping_waits_for_readyok_even_during_a_search(engine: Engine) -> None:
    engine.ping()
    search = engine.search(infinite=True)
    engine.ping()
    assert not search.done
    assert search.stop().bestmove in engine.legal_turns().turns


def test_white_and_black_are_p1_and_p2() -> None:
    # In Guerrilla Checkers p1 is the Guerrilla and p2 COIN; in Guerrilla, White and Black.
    coin_wins = PovScore(Score(proven="win", turns=1), "p2", ("Guerrilla", "COIN"))
    assert coin_wins.black() == coin_wins.p2() == coin_wins.pov("coin") == Score(proven="win", turns=1)
    assert coin_wins.white() == coin_wins.p1() == coin_wins.pov("guerrilla") == Score(proven="loss", turns=1)
    white_ahead = PovWdl(Wdl(700, 0, 300), "p1", ("White", "Black"))
    assert white_ahead.white() == white_ahead.pov("White") == Wdl(700, 0, 300)
    assert white_ahead.black() == white_ahead.pov("black") == Wdl(300, 0, 700)


def test_the_exception_names_of_python_chess() -> None:
    assert EngineTerminatedError is EngineTerminated and guerrilla_client.EngineTerminatedError is EngineTerminated
    assert issubclass(guerrilla_client.EngineTimeout, TimeoutError)


def test_play_result_has_python_chess_fields(engine: Engine) -> None:
    played = engine.play(Limit(nodes=300))
    assert played.draw_offered is False and played.resigned is False
    assert played.move in engine.legal_turns().turns


def test_mate_counts_the_side_to_moves_own_turns(engine: Engine) -> None:
    engine.position(COIN_WINS)
    score = engine.analyse(Limit(nodes=300))["score"]
    assert score.relative == Score(proven="win", turns=1) and score.relative.mate() == 1
    assert score.white().mate() == -1  # the Guerrilla is lost after COIN's one turn
    assert Score(proven="win", turns=5).mate() == 3 and Score(proven="loss", turns=6).mate() == -3
    assert Score(value=0.5).mate() is None and Score(proven="draw", turns=4).mate() is None


def test_popen_ugi_returns_the_transport_and_the_engine(engine_path: str) -> None:
    async def main() -> None:
        transport, engine = await aio.popen_ugi(engine_path, options={"Seed": 1})
        assert transport.get_pid() == engine.sync.process.pid and transport.get_returncode() is None
        assert not transport.is_closing()
        await engine.ping()
        info = await engine.analyse(Limit(nodes=500))
        assert info["pv"][0] in (await engine.legal_turns()).turns
        assert "MultiPV" in engine.options and engine.options["multipv"].max is not None
        assert await engine.quit() == 0
        assert transport.is_closing() and transport.get_returncode() == 0

    asyncio.run(main())


def test_popen_ugi_transport_kills(engine_path: str) -> None:
    async def main() -> None:
        transport, engine = await aio.popen_ugi(engine_path)
        transport.close()
        assert engine.sync.process.wait(timeout=10) == -signal.SIGKILL
        assert transport.is_closing()
        await engine.quit()

    asyncio.run(main())


def test_a_dead_engine_is_reported_against_the_scripts_own_call(engine_path: str) -> None:
    engine = Engine.start(engine_path)
    engine.process.kill()
    engine.process.wait()
    # analyse() first sends 'setoption name MultiPV value 1' of its own: the message names the
    # go line the script asked for.
    with pytest.raises(EngineTerminated) as caught:
        engine.analyse(Limit(nodes=300))
    assert "'go nodes 300'" in str(caught.value) and "setoption" not in str(caught.value)
    engine.quit()


def test_a_refusal_names_the_scripts_call_and_keeps_the_engines_message(engine: Engine) -> None:
    too_many = (engine.options["MultiPV"].max or 0) + 1
    with pytest.raises(EngineError) as refused:
        engine.analyse(Limit(nodes=300), multipv=too_many)
    # The engine's own message quotes the line it refused; the error's command is the call's.
    assert f"in 'setoption name MultiPV value {too_many}'" in refused.value.message
    assert refused.value.command == "go nodes 300"
    assert engine.analyse(Limit(nodes=300))["nodes"] == 300  # nothing changed


def test_a_timeout_names_the_scripts_call() -> None:
    with Engine.start(fake("silent"), timeout=0.3) as silent:
        with pytest.raises(guerrilla_client.EngineTimeout) as late:
            silent.analyse(Limit(nodes=5))
        assert late.value.command == "go nodes 5" and "'go nodes 5'" in str(late.value)
        silent.kill()
