"""The exceptions the client raises.

Every exception of this package derives from :class:`ClientError`, so ``except ClientError``
catches them all. The three that matter in a script:

* :class:`EngineError`: the engine refused a command (its one error line, :class:`wire.Error`);
* :class:`EngineTimeout`: an answer did not come in time;
* :class:`EngineTerminated`: the engine process is gone.

python-chess's names are aliases of the same classes: ``EngineError`` is this module's
:class:`EngineError`, ``EngineTerminatedError`` is :class:`EngineTerminated`; python-chess
raises ``asyncio.TimeoutError`` (a :class:`TimeoutError`) where this client raises
:class:`EngineTimeout`, a subclass of :class:`TimeoutError`.
"""

from __future__ import annotations

import re
from typing import Optional, Sequence

from . import wire
from .reports import SearchResult

ERROR_PREFIX = wire.ERROR_PREFIX
"""What starts every error line of the engine (protocol.md § 1)."""

_FORFEIT = re.compile(r"; the game is over, lost by (p1|p2)\b")


class ClientError(Exception):
    """The base of every exception this package raises."""


class EngineError(ClientError):
    """The engine answered a command with its error line.

    ``str(error)`` is the engine's own message (the error line without its prefix). The engine left its state unchanged, except after an
    illegal move inside ``position … moves`` (protocol.md § 3.5): the moves before it are played
    and the side that sent the bad move has lost; :attr:`forfeit_by` names that side.
    """

    def __init__(self, message: str, *, command: str = "", lines: Sequence[str] = ()) -> None:
        super().__init__(message)
        self.message: str = message
        """The engine's message, without the error line's prefix."""
        self.command: str = command
        """The command line that was refused."""
        self.lines: list[str] = list(lines)
        """The other lines of the answer (for example the divide lines a perft wrote before it
        gave up)."""

    @property
    def line(self) -> str:
        """The error line exactly as the engine wrote it."""
        return str(wire.Error(self.message))

    @property
    def forfeit_by(self) -> Optional[str]:
        """``"p1"`` or ``"p2"`` when the refused command was a ``position`` whose move list held
        an illegal or malformed move, so that the side which played it lost the game; else
        ``None``."""
        found = _FORFEIT.search(self.message)
        return found.group(1) if found else None


class EngineTimeout(ClientError, TimeoutError):
    """An answer of the engine did not come within the time allowed.

    After a timed-out search or perft the client has sent ``stop`` and read the search's end,
    so the engine is ready for the next command; :attr:`result` then holds what the stopped
    search answered, or ``None``.
    """

    def __init__(self, message: str, *, command: str = "", result: Optional[SearchResult] = None) -> None:
        super().__init__(message)
        self.command: str = command
        """The command whose answer was late."""
        self.result: Optional[SearchResult] = result
        """What the stopped search answered, when it did (a ``SearchResult``), else ``None``."""


class EngineTerminated(ClientError):
    """The engine process exited (or closed its output) while the client needed it."""

    def __init__(self, message: str, *, returncode: Optional[int] = None) -> None:
        super().__init__(message)
        self.returncode: Optional[int] = returncode
        """The process's exit status when it is known."""


EngineTerminatedError = EngineTerminated
"""python-chess's name for :class:`EngineTerminated`."""


class ProtocolError(ClientError):
    """The engine answered with a line this client cannot read as the answer it expected."""
