"""A Python client for the ``guerrilla`` engine (Guerrilla Checkers and Wells' Guerrilla).

It starts the engine as a child process and speaks the engine's text protocol (protocol.md at
the root of the engine's repository) for you: one method per command, answers parsed into
objects, the engine's refusals raised as :class:`EngineError` with the engine's own message,
and a timeout on every wait. Analysis comes in python-chess's shape (:class:`Limit` in
seconds, :meth:`Engine.analyse`, :meth:`Engine.analysis`, :meth:`Engine.play`,
:class:`PovScore`), and :mod:`guerrilla_client.aio` has the same methods for asyncio. Only the
standard library is used.

    from guerrilla_client import Engine, Limit

    with Engine.start("target/release/guerrilla", options={"Game": "guerrilla", "BoardSide": 5}) as engine:
        info = engine.analyse(Limit(nodes=500))
        print(info["pv"][0], info["score"].pov("white"))
"""

from .about import (
    About,
    AboutField,
    AboutHelp,
    AboutPiece,
    AboutRemoval,
    AboutWord,
    Geometry,
    Point,
    Square,
)
from .answers import (
    Bench,
    GameOver,
    History,
    Legal,
    LegalTurns,
    Perft,
    Played,
    Removal,
    Stepped,
    Undone,
)
from .options import (
    MANAGED_OPTIONS,
    Option,
    Options,
)
from .engine import (
    DEFAULT_TIMEOUT,
    GUERRILLA,
    GUERRILLA_CHECKERS,
    Command,
    Engine,
    OptionValue,
)
from .analysis import (
    INFO_ALL,
    INFO_BASIC,
    INFO_NONE,
    INFO_PV,
    INFO_SCORE,
    AnalysisComplete,
    AnalysisResult,
    BestMove,
    InfoDict,
    InfoFlags,
    PlayResult,
)
from .limit import Limit
from .scores import PovScore, PovWdl, Score, Wdl
from .reports import Info, SearchResult, parse_info
from .search import Search
from .errors import ClientError, EngineError, EngineTerminated, EngineTerminatedError, EngineTimeout, ProtocolError

__version__ = "0.1.0"

__all__ = [
    "About",
    "AboutField",
    "AboutHelp",
    "AboutPiece",
    "AboutRemoval",
    "AboutWord",
    "AnalysisComplete",
    "AnalysisResult",
    "Bench",
    "BestMove",
    "ClientError",
    "Command",
    "DEFAULT_TIMEOUT",
    "Engine",
    "EngineError",
    "EngineTerminated",
    "EngineTerminatedError",
    "EngineTimeout",
    "GameOver",
    "GUERRILLA",
    "GUERRILLA_CHECKERS",
    "Geometry",
    "History",
    "INFO_ALL",
    "INFO_BASIC",
    "INFO_NONE",
    "INFO_PV",
    "INFO_SCORE",
    "Info",
    "InfoDict",
    "InfoFlags",
    "Legal",
    "LegalTurns",
    "Limit",
    "MANAGED_OPTIONS",
    "Option",
    "Options",
    "OptionValue",
    "Perft",
    "PlayResult",
    "Played",
    "Point",
    "PovScore",
    "PovWdl",
    "ProtocolError",
    "Removal",
    "Score",
    "Search",
    "SearchResult",
    "Square",
    "Stepped",
    "Undone",
    "Wdl",
    "parse_info",
]
