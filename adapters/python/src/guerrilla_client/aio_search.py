"""A search and an analysis for asyncio (:class:`AsyncSearch`, :class:`AsyncAnalysisResult`),
as :meth:`guerrilla_client.aio.Engine.search` and :meth:`~guerrilla_client.aio.Engine.analysis`
return them: the blocking search's or analysis's methods, awaited, each run by the engine that
made it (a :class:`Runner`: on a worker thread, in turn with the engine's other calls).
"""

from __future__ import annotations

import time
from types import TracebackType
from typing import Any, Awaitable, Callable, List, Optional, Protocol, Type, TypeVar

from .analysis import AnalysisComplete, AnalysisResult, BestMove, InfoDict
from .errors import EngineTimeout
from .reports import Info, SearchResult
from .search import Search

T = TypeVar("T")

_POLL = 0.05
"""Seconds an analysis waits for its next line on a worker thread before it lets other calls
in (and looks again)."""


class Runner(Protocol):
    """How an async search runs a blocking call: the engine's own way, on a worker thread and
    one call at a time with the engine's other calls."""

    def __call__(self, function: Callable[..., T], *args: Any, **kwargs: Any) -> Awaitable[T]: ...


class AsyncSearch:
    """A search started by :meth:`guerrilla_client.aio.Engine.search`, for asyncio (see
    :class:`guerrilla_client.Search`)."""

    def __init__(self, run: Runner, search: Search) -> None:
        self._run = run
        self.sync: Search = search
        """The blocking search."""

    @property
    def done(self) -> bool:
        return self.sync.done

    @property
    def info(self) -> Optional[Info]:
        return self.sync.info

    @property
    def command(self) -> str:
        return self.sync.command

    async def wait(self, timeout: Optional[float] = None) -> SearchResult:
        return await self._run(self.sync.wait, timeout)

    async def stop(self, timeout: Optional[float] = None) -> SearchResult:
        return await self._run(self.sync.stop, timeout)

    async def poll(self) -> bool:
        return await self._run(self.sync.poll)

    def ponderhit(self) -> None:
        """Sends ``ponderhit`` (see :meth:`guerrilla_client.Search.ponderhit`)."""
        self.sync.ponderhit()


class AsyncAnalysisResult:
    """A running analysis for asyncio (python-chess's ``AnalysisResult``): ``async for info in
    analysis`` gives its lines as they come, :meth:`stop` asks the engine to end it, and
    :meth:`wait` reads it to its end. ``async with`` stops it and reads it to its end at the end
    of the block; ``with`` (python-chess's ``with await engine.analysis(…)``) only stops it.
    See :class:`guerrilla_client.AnalysisResult`."""

    def __init__(self, run: Runner, running: AnalysisResult) -> None:
        self._run = run
        self.sync: AnalysisResult = running
        """The blocking analysis."""

    @property
    def info(self) -> InfoDict:
        return self.sync.info

    @property
    def multipv(self) -> List[InfoDict]:
        return self.sync.multipv

    @property
    def done(self) -> bool:
        return self.sync.done

    def stop(self) -> None:
        """Asks the engine to end the search (sends ``stop``) and returns at once."""
        self.sync.stop()

    async def wait(self) -> BestMove:
        """Reads the search to its end; its turn and expected reply."""
        return await self._run(self.sync.wait)

    def empty(self) -> bool:
        return self.sync.empty()

    async def next(self) -> Optional[InfoDict]:
        """The next line, or ``None`` once the analysis has ended and every line was given."""
        deadline = self.sync._deadline
        while True:
            wait = _POLL if deadline is None else min(_POLL, max(0.0, deadline - time.monotonic()))
            try:
                return await self._run(self.sync.next, wait)
            except EngineTimeout:
                if deadline is not None and time.monotonic() >= deadline:
                    raise

    async def get(self) -> InfoDict:
        got = await self.next()
        if got is None:
            raise AnalysisComplete("the analysis is over and every line was read")
        return got

    def __aiter__(self) -> "AsyncAnalysisResult":
        return self

    async def __anext__(self) -> InfoDict:
        got = await self.next()
        if got is None:
            raise StopAsyncIteration
        return got

    def __enter__(self) -> "AsyncAnalysisResult":
        return self

    def __exit__(
        self,
        exc_type: Optional[Type[BaseException]],
        exc: Optional[BaseException],
        traceback: Optional[TracebackType],
    ) -> None:
        self.stop()

    async def __aenter__(self) -> "AsyncAnalysisResult":
        return self

    async def __aexit__(
        self,
        exc_type: Optional[Type[BaseException]],
        exc: Optional[BaseException],
        traceback: Optional[TracebackType],
    ) -> None:
        if not self.sync.done and self.sync.search.channel.alive:
            self.stop()
            await self.wait()
