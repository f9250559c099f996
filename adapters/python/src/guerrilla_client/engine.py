"""The engine, :class:`Engine`: a method per protocol command, and python-chess's ``play``,
``analyse`` and ``analysis``. Its methods come in three layers, one module each, every one
standing on the one before: link.py (:class:`~guerrilla_client.link.EngineLink`: the process,
the lines to and from it, any command, the options), game.py
(:class:`~guerrilla_client.game.EngineGame`: the game, the position, turns and steps, counting,
reading the state) and searching.py (:class:`~guerrilla_client.searching.EngineSearches`:
``go``, analysis and play, pondering). The lines in and out go through
:class:`~guerrilla_client.channel.Channel` in channel.py, which a running search shares.
"""

from __future__ import annotations

from .link import DEFAULT_TIMEOUT, Command, OptionValue
from .searching import EngineSearches

__all__ = ["DEFAULT_TIMEOUT", "GUERRILLA", "GUERRILLA_CHECKERS", "Command", "Engine", "OptionValue"]

GUERRILLA_CHECKERS = "guerrilla-checkers"
"""The ``Game`` option's value for Guerrilla Checkers (the engine's default game)."""
GUERRILLA = "guerrilla"
"""The ``Game`` option's value for Wells' Guerrilla."""


class Engine(EngineSearches):
    """A running ``guerrilla`` engine, driven over its standard input and output.

    Start one with :meth:`start`, preferably in a ``with`` block, which quits it at the end::

        with Engine.start("target/release/guerrilla", options={"Game": "guerrilla"}) as engine:
            print(engine.go(nodes=1000).bestmove)

    Every method sends one protocol command and returns its answer, parsed. A refused command
    raises :class:`EngineError` with the engine's message, and the engine's state is unchanged
    — except after an illegal move in :meth:`position`'s ``moves``, which loses the game for
    the side that played it (protocol.md § 3.5, :attr:`EngineError.forfeit_by`). An answer
    later than the timeout raises :class:`EngineTimeout`; a dead engine raises
    :class:`EngineTerminated`. One engine is meant to be used from one thread at a time (but
    :meth:`AnalysisResult.stop` may be called from another).

    In python-chess's shape: :meth:`play` asks for the engine's turn, :meth:`analyse` and
    :meth:`analysis` analyse the current position, each under a :class:`Limit` in seconds;
    :meth:`push` plays a turn; :meth:`ponderhit` follows ``play(limit, ponder=True)``.
    """
