"""A Python client for the ``guerrilla`` engine (Guerrilla Checkers and Wells' Guerrilla).

It starts the engine as a child process and speaks the engine's text protocol (protocol.md at
the root of the engine's repository) for you: one method per command, answers parsed into
objects, the engine's refusals raised as :class:`EngineError` with the engine's own message,
and a timeout on every wait. Only the standard library is used.

    from guerrilla_client import Engine

    with Engine.start("target/release/guerrilla", options={"Game": "guerrilla", "BoardSide": 5}) as engine:
        result = engine.go(nodes=500)
        print(result.bestmove, result.info.score if result.info else None)
"""

from .answers import (
    Bench,
    GameOver,
    Geometry,
    History,
    Info,
    Legal,
    LegalTurns,
    Option,
    Perft,
    Played,
    Point,
    Removal,
    Score,
    SearchResult,
    Square,
    Stepped,
    Undone,
    parse_info,
)
from .engine import (
    DEFAULT_TIMEOUT,
    GUERRILLA,
    GUERRILLA_CHECKERS,
    Command,
    Engine,
    OptionValue,
)
from .search import Search
from .errors import ClientError, EngineError, EngineTerminated, EngineTimeout, ProtocolError

__version__ = "0.1.0"

__all__ = [
    "Bench",
    "ClientError",
    "Command",
    "DEFAULT_TIMEOUT",
    "Engine",
    "EngineError",
    "EngineTerminated",
    "EngineTimeout",
    "GameOver",
    "GUERRILLA",
    "GUERRILLA_CHECKERS",
    "Geometry",
    "History",
    "Info",
    "Legal",
    "LegalTurns",
    "Option",
    "OptionValue",
    "Perft",
    "Played",
    "Point",
    "ProtocolError",
    "Removal",
    "Score",
    "Search",
    "SearchResult",
    "Square",
    "Stepped",
    "Undone",
    "parse_info",
]
