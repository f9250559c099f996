"""Analysis in python-chess's shape: info dicts, a running analysis to iterate, play results.

:meth:`Engine.analysis <guerrilla_client.Engine.analysis>` returns an :class:`AnalysisResult`:
the ``info`` lines of a running search as :class:`InfoDict` dicts, one by one as the engine
writes them (``for info in analysis``), and the latest line of each rank (``multipv``).
:meth:`Engine.analyse <guerrilla_client.Engine.analyse>` waits for its end and returns the last
report's lines; :meth:`Engine.play <guerrilla_client.Engine.play>` returns a
:class:`PlayResult`.
"""

from __future__ import annotations

import enum
import time
from collections import deque
from dataclasses import dataclass, field
from types import TracebackType
from typing import Deque, Iterator, List, Optional, Tuple, Type, TypedDict

from .errors import ClientError
from .reports import Info
from .scores import PovScore, PovWdl
from .search import Search


class InfoDict(TypedDict, total=False):
    """One ``info`` line as python-chess gives it: only the fields the line had (and that the
    ``info`` selector asked for) are keys.

    ``score`` is a :class:`PovScore` (the side to move's score, readable from either side),
    ``wdl`` a :class:`PovWdl` (the engine's per mille figures, when ``ShowWDL`` is on),
    ``time`` is in seconds, ``pv`` a list of turn tokens (the last one may be a half turn
    ending in ``...``, protocol.md § 3.6; in a line below the best, possibly the first and only
    one), ``multipv`` the line's rank (1 the best; set to 1 on
    the lines of a search with one line, which the engine writes without it).
    """

    depth: int
    multipv: int
    nodes: int
    time: float
    nps: int
    score: PovScore
    wdl: PovWdl
    pv: List[str]
    currmove: str
    currmovenumber: int
    string: str


class InfoFlags(enum.IntFlag):
    """Which fields of the ``info`` lines to keep (python-chess's ``Info`` flags)."""

    NONE = 0
    BASIC = 1
    """``depth``, ``multipv``, ``nodes``, ``time``, ``nps``, ``currmove``, ``currmovenumber``,
    ``string``."""
    SCORE = 2
    """``score`` and ``wdl``."""
    PV = 4
    """``pv``."""
    ALL = BASIC | SCORE | PV


INFO_NONE = InfoFlags.NONE
INFO_BASIC = InfoFlags.BASIC
INFO_SCORE = InfoFlags.SCORE
INFO_PV = InfoFlags.PV
INFO_ALL = InfoFlags.ALL


@dataclass(frozen=True)
class Pov:
    """Who is to move at the searched position, and the game's names of the sides: what a
    relative score needs to be read from either side."""

    turn: str
    names: Tuple[str, ...] = ()


def info_dict(info: Info, pov: Pov, selector: InfoFlags = INFO_ALL) -> InfoDict:
    """The :class:`InfoDict` of one parsed ``info`` line."""
    result = InfoDict()
    if selector & INFO_BASIC:
        if info.string is not None:
            result["string"] = info.string
        if info.depth is not None:
            result["depth"] = info.depth
            result["multipv"] = info.multipv or 1
        if info.nodes is not None:
            result["nodes"] = info.nodes
        if info.time is not None:
            result["time"] = info.time / 1000
        if info.nps is not None:
            result["nps"] = info.nps
        if info.currmove is not None:
            result["currmove"] = info.currmove
        if info.currmovenumber is not None:
            result["currmovenumber"] = info.currmovenumber
    if selector & INFO_SCORE:
        if info.score is not None:
            result["score"] = PovScore(info.score, pov.turn, pov.names, info.wdl)
        if info.wdl is not None:
            result["wdl"] = PovWdl(info.wdl, pov.turn, pov.names)
    if selector & INFO_PV and info.pv:
        result["pv"] = list(info.pv)
    return result


@dataclass(frozen=True)
class BestMove:
    """The end of a search: its ``wire.BestMove`` turn and the reply it expects (``ponder``)."""

    move: str
    ponder: Optional[str]


@dataclass(frozen=True)
class PlayResult:
    """What :meth:`Engine.play <guerrilla_client.Engine.play>` answers (python-chess's
    ``PlayResult``): the engine's turn (``move``, a whole turn token, not yet played), the reply
    it expects (``ponder``, or ``None``), and the ``info`` of its last report's best line, as
    the ``info`` selector asked (empty by default, as in python-chess).

    ``draw_offered`` and ``resigned`` are python-chess's fields for engines that offer draws
    or resign; the protocol has neither (protocol.md § 3.6: a search answers a turn), so both
    are ``False`` for every result of this engine."""

    move: str
    ponder: Optional[str]
    info: InfoDict = field(default_factory=InfoDict)
    draw_offered: bool = False
    resigned: bool = False


class AnalysisComplete(ClientError):
    """:meth:`AnalysisResult.get` was called after the analysis ended and its lines were all
    read."""


class AnalysisResult:
    """A running analysis (python-chess's ``AnalysisResult``), from
    :meth:`Engine.analysis <guerrilla_client.Engine.analysis>`.

    Iterating it gives each ``info`` line as an :class:`InfoDict`, as the engine writes it,
    and ends after the search's ``wire.BestMove``; :meth:`stop` asks the engine to end the search
    (the lines written until then are still given). :attr:`info` and :attr:`multipv` hold the
    latest line of each rank, merged as python-chess merges them. As a context manager it
    stops the search at the end of the block and reads it to its end. (A ``wire.InfoString``
    line is given as ``{"string": text}`` when iterating, and not merged.)

    A wait for the next line is bounded by the analysis's deadline (the limit's time plus the
    engine's timeout; none for an analysis without a limit, which runs until :meth:`stop`):
    past it :class:`EngineTimeout` is raised and the search keeps running.
    """

    def __init__(self, search: "Search", pov: Pov, selector: InfoFlags, deadline: Optional[float]) -> None:
        self._search = search
        self._pov = pov
        self._selector = selector
        self._deadline = deadline
        self._queue: Deque[InfoDict] = deque()
        self._lines: List[InfoDict] = [InfoDict()]
        self._report_size = 1
        search._listener = self._post

    @property
    def search(self) -> "Search":
        """The underlying :class:`~guerrilla_client.Search` (its raw ``info`` lines)."""
        return self._search

    @property
    def turn(self) -> str:
        """The side to move at the analysed position (``"p1"`` or ``"p2"``), whose view the
        relative scores take."""
        return self._pov.turn

    def _post(self, info: Info) -> None:
        posted = info_dict(info, self._pov, self._selector)
        if not posted:
            return
        self._queue.append(posted)
        if info.string is not None:
            return  # a message, not a line of the search: iterated, not merged
        rank = info.multipv or 1
        while len(self._lines) < rank:
            self._lines.append(InfoDict())
        self._lines[rank - 1].update(posted)
        if info.depth is not None:
            self._report_size = 1 if rank == 1 else max(self._report_size, rank)

    @property
    def info(self) -> InfoDict:
        """The best line's fields, the latest of each (a copy)."""
        return self._lines[0].copy()

    @property
    def multipv(self) -> List[InfoDict]:
        """The latest line of each rank, best first (copies), as many as the last report had."""
        return [line.copy() for line in self._lines[: self._report_size]]

    @property
    def done(self) -> bool:
        """Whether the search's ``wire.BestMove`` has been read."""
        return self._search.done

    def stop(self) -> None:
        """Asks the engine to end the search (sends ``stop`` once) and returns at once; the
        lines until its ``wire.BestMove`` are still read. Safe to call from another thread while
        this one iterates."""
        self._search._send_stop()

    def wait(self, timeout: Optional[float] = None) -> BestMove:
        """Reads the search to its end and returns its turn and expected reply. ``timeout``
        (seconds) bounds the wait; by default the analysis's deadline."""
        result = self._search.wait(timeout) if timeout is not None else self._search._wait_until(self._deadline)
        return BestMove(result.bestmove, result.ponder)

    def empty(self) -> bool:
        """Whether every line read so far has been given (a next line would have to be read)."""
        return not self._queue

    def would_block(self) -> bool:
        """Whether getting the next line would wait for the engine."""
        if self._queue or self._search.done:
            return False
        self._search.poll()
        return not self._queue and not self._search.done

    def next(self, timeout: Optional[float] = None) -> Optional[InfoDict]:
        """The next line, or ``None`` once the analysis has ended and every line was given.
        ``timeout`` (seconds) bounds the wait (default: the analysis's deadline)."""
        deadline = self._deadline if timeout is None else time.monotonic() + timeout
        while not self._queue:
            if self._search.done:
                return None
            self._search._read_one(deadline)
        return self._queue.popleft()

    def get(self, timeout: Optional[float] = None) -> InfoDict:
        """The next line; :class:`AnalysisComplete` once the analysis has ended and every line
        was given."""
        got = self.next(timeout)
        if got is None:
            raise AnalysisComplete("the analysis is over and every line was read")
        return got

    def __iter__(self) -> Iterator[InfoDict]:
        return self

    def __next__(self) -> InfoDict:
        got = self.next()
        if got is None:
            raise StopIteration
        return got

    def __enter__(self) -> "AnalysisResult":
        return self

    def __exit__(
        self,
        exc_type: Optional[Type[BaseException]],
        exc: Optional[BaseException],
        traceback: Optional[TracebackType],
    ) -> None:
        if self._search.done or not self._search.channel.alive:
            return
        try:
            self._search.stop()
        except ClientError:
            if exc is None:
                raise
