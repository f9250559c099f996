"""The client for asyncio: :class:`Engine` has the methods of :class:`guerrilla_client.Engine`,
as coroutines::

    import asyncio
    from guerrilla_client import Limit, aio

    async def main() -> None:
        async with aio.Engine.start("target/release/guerrilla") as engine:
            info = await engine.analyse(Limit(nodes=2000))
            print(info["pv"][0], info["score"])
            async with await engine.analysis(multipv=3) as analysis:
                async for info in analysis:
                    if info.get("depth", 0) >= 4:
                        break

    asyncio.run(main())

python-chess's ``transport, engine = await chess.engine.popen_uci(path)`` is
``transport, engine = await popen_ugi(path)`` here (:func:`popen_ugi`).

Each call runs the blocking client's method on a worker thread (``loop.run_in_executor``), so
the event loop never waits on the engine and both APIs share one implementation of the
protocol. The calls on one engine run one at a time, in the order they are awaited; an
analysis being iterated lets other calls in between its lines. When a task awaiting a call is
cancelled, the client sends ``stop`` (ending a search or perft the call waits for) and the
cancellation takes effect once the worker thread has returned, so the engine is left ready for
the next call. The search and the analysis an engine starts are in aio_search.py.
"""

from __future__ import annotations

import asyncio
import functools
import os
import signal
import subprocess
from types import TracebackType
from typing import (
    IO,
    Any,
    Callable,
    Dict,
    Generator,
    List,
    Mapping,
    Optional,
    Sequence,
    Tuple,
    Type,
    TypeVar,
    Union,
    overload,
)

from . import engine as blocking
from .aio_search import AsyncAnalysisResult, AsyncSearch
from .analysis import INFO_ALL, INFO_NONE, InfoDict, InfoFlags, PlayResult
from .about import About, Geometry
from .answers import (
    Bench,
    History,
    Legal,
    LegalTurns,
    Perft,
    Played,
    Stepped,
    Undone,
)
from .engine import DEFAULT_TIMEOUT, Command, OptionValue
from .limit import Limit
from .options import Options
from .reports import SearchResult

T = TypeVar("T")

async def _settled(future: "asyncio.Future[T]") -> None:
    """Waits until ``future`` is done, through any cancellation, and drops its outcome."""
    while not future.done():
        try:
            await asyncio.wait([future])
        except asyncio.CancelledError:
            continue
    if not future.cancelled():
        future.exception()


class Engine:
    """A running engine for asyncio: the methods of :class:`guerrilla_client.Engine`, awaited.

    Start one with :meth:`start` (``async with Engine.start(path) as engine`` quits it at the
    end, or ``engine = await Engine.start(path)``). The blocking engine is :attr:`sync`.
    """

    def __init__(self, engine: blocking.Engine) -> None:
        self.sync: blocking.Engine = engine
        """The blocking engine that does the work."""
        self._lock = asyncio.Lock()

    @classmethod
    def start(
        cls,
        command: Command,
        options: Optional[Mapping[str, OptionValue]] = None,
        *,
        timeout: float = DEFAULT_TIMEOUT,
        cwd: Optional[Union[str, "os.PathLike[str]"]] = None,
        env: Optional[Mapping[str, str]] = None,
        stderr: Optional[Union[int, IO[str]]] = None,
    ) -> "Starting":
        """Starts the engine as :meth:`guerrilla_client.Engine.start` does; await the result,
        or use it in ``async with``."""
        start = functools.partial(
            blocking.Engine.start, command, options, timeout=timeout, cwd=cwd, env=env, stderr=stderr
        )
        return Starting(cls, start)

    async def _call(self, function: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        """Runs ``function`` on a worker thread, one call at a time."""
        async with self._lock:
            return await _run(self.sync, functools.partial(function, *args, **kwargs))

    async def __aenter__(self) -> "Engine":
        return self

    async def __aexit__(
        self,
        exc_type: Optional[Type[BaseException]],
        exc: Optional[BaseException],
        traceback: Optional[TracebackType],
    ) -> None:
        await self.quit()

    # The engine's state, read without a call.
    @property
    def id(self) -> Dict[str, str]:
        return self.sync.id

    @property
    def options(self) -> Options:
        return self.sync.options

    @property
    def alive(self) -> bool:
        return self.sync.alive

    async def quit(self, timeout: Optional[float] = None) -> Optional[int]:
        self.sync._interrupt()
        return await self._call(self.sync.quit, timeout)

    close = quit

    async def kill(self) -> None:
        await _run(self.sync, self.sync.kill)

    async def command(self, line: str, timeout: Optional[float] = None) -> List[str]:
        return await self._call(self.sync.command, line, timeout)

    async def is_ready(self, timeout: Optional[float] = None) -> None:
        await self._call(self.sync.is_ready, timeout)

    async def ping(self, timeout: Optional[float] = None) -> None:
        await self._call(self.sync.ping, timeout)

    async def set_option(self, name: str, value: OptionValue) -> None:
        await self._call(self.sync.set_option, name, value)

    async def configure(self, options: Mapping[str, OptionValue]) -> None:
        await self._call(self.sync.configure, options)

    async def select_game(self, game: str) -> None:
        await self._call(self.sync.select_game, game)

    async def new_game(self) -> None:
        await self._call(self.sync.new_game)

    async def position(self, fen: Optional[str] = None, moves: Sequence[str] = ()) -> None:
        await self._call(self.sync.position, fen, moves)

    async def legal(self) -> Legal:
        return await self._call(self.sync.legal)

    async def legal_steps(self) -> List[str]:
        return await self._call(self.sync.legal_steps)

    async def legal_turns(self) -> LegalTurns:
        return await self._call(self.sync.legal_turns)

    async def push(self, move: str) -> Played:
        return await self._call(self.sync.push, move)

    async def expand(self, move: str) -> Played:
        return await self._call(self.sync.expand, move)

    async def step(self, step: str) -> Stepped:
        return await self._call(self.sync.step, step)

    async def undo(self) -> Undone:
        return await self._call(self.sync.undo)

    async def undo_step(self) -> Undone:
        return await self._call(self.sync.undo_step)

    async def go(
        self,
        limit: Optional[Limit] = None,
        *,
        nodes: Optional[int] = None,
        depth: Optional[int] = None,
        infinite: bool = False,
        searchmoves: Optional[Sequence[str]] = None,
        timeout: Optional[float] = None,
    ) -> SearchResult:
        return await self._call(
            self.sync.go, limit, nodes=nodes, depth=depth, infinite=infinite, searchmoves=searchmoves, timeout=timeout
        )

    async def search(
        self,
        limit: Optional[Limit] = None,
        *,
        nodes: Optional[int] = None,
        depth: Optional[int] = None,
        infinite: bool = False,
        ponder: bool = False,
        searchmoves: Optional[Sequence[str]] = None,
        timeout: Optional[float] = None,
    ) -> "AsyncSearch":
        search = await self._call(
            self.sync.search,
            limit,
            nodes=nodes,
            depth=depth,
            infinite=infinite,
            ponder=ponder,
            searchmoves=searchmoves,
            timeout=timeout,
        )
        return AsyncSearch(self._call, search)

    async def stop(self) -> Optional[SearchResult]:
        return await self._call(self.sync.stop)

    async def perft(self, depth: int, timeout: Optional[float] = None) -> Perft:
        return await self._call(self.sync.perft, depth, timeout)

    async def bench(self, timeout: Optional[float] = 120.0) -> Bench:
        return await self._call(self.sync.bench, timeout)

    async def query(self, what: str) -> str:
        return await self._call(self.sync.query, what)

    async def is_game_over(self) -> bool:
        return await self._call(self.sync.is_game_over)

    async def is_p1_turn(self) -> bool:
        return await self._call(self.sync.is_p1_turn)

    async def result(self) -> str:
        return await self._call(self.sync.result)

    async def show(self) -> str:
        return await self._call(self.sync.show)

    async def describe(self) -> Dict[str, str]:
        return await self._call(self.sync.describe)

    async def geometry(self) -> Geometry:
        return await self._call(self.sync.geometry)

    async def about(self) -> About:
        return await self._call(self.sync.about)

    async def history(self) -> History:
        return await self._call(self.sync.history)

    async def help(self) -> str:
        return await self._call(self.sync.help)

    async def analysis(
        self,
        limit: Optional[Limit] = None,
        *,
        multipv: Optional[int] = None,
        searchmoves: Optional[Sequence[str]] = None,
        root_moves: Optional[Sequence[str]] = None,
        info: InfoFlags = INFO_ALL,
        timeout: Optional[float] = None,
    ) -> "AsyncAnalysisResult":
        running = await self._call(
            self.sync.analysis,
            limit,
            multipv=multipv,
            searchmoves=searchmoves,
            root_moves=root_moves,
            info=info,
            timeout=timeout,
        )
        return AsyncAnalysisResult(self._call, running)

    @overload
    async def analyse(
        self,
        limit: Limit,
        *,
        multipv: None = None,
        searchmoves: Optional[Sequence[str]] = None,
        root_moves: Optional[Sequence[str]] = None,
        info: InfoFlags = INFO_ALL,
        timeout: Optional[float] = None,
    ) -> InfoDict: ...

    @overload
    async def analyse(
        self,
        limit: Limit,
        *,
        multipv: int,
        searchmoves: Optional[Sequence[str]] = None,
        root_moves: Optional[Sequence[str]] = None,
        info: InfoFlags = INFO_ALL,
        timeout: Optional[float] = None,
    ) -> List[InfoDict]: ...

    async def analyse(
        self,
        limit: Limit,
        *,
        multipv: Optional[int] = None,
        searchmoves: Optional[Sequence[str]] = None,
        root_moves: Optional[Sequence[str]] = None,
        info: InfoFlags = INFO_ALL,
        timeout: Optional[float] = None,
    ) -> Union[InfoDict, List[InfoDict]]:
        analyse: Callable[[], Union[InfoDict, List[InfoDict]]] = functools.partial(
            self.sync.analyse,
            limit,
            multipv=multipv,
            searchmoves=searchmoves,
            root_moves=root_moves,
            info=info,
            timeout=timeout,
        )
        return await self._call(analyse)

    async def play(
        self,
        limit: Limit,
        *,
        ponder: bool = False,
        searchmoves: Optional[Sequence[str]] = None,
        root_moves: Optional[Sequence[str]] = None,
        info: InfoFlags = INFO_NONE,
        timeout: Optional[float] = None,
    ) -> PlayResult:
        if not isinstance(limit, Limit):
            raise TypeError(f"play takes a Limit (push plays a move), got {limit!r}")
        return await self._call(
            self.sync.play,
            limit,
            ponder=ponder,
            searchmoves=searchmoves,
            root_moves=root_moves,
            info=info,
            timeout=timeout,
        )

    @property
    def pondering(self) -> bool:
        """Whether a ponder search that :meth:`play` started is running."""
        return self.sync.pondering

    async def ponderhit(
        self, *, ponder: bool = False, info: InfoFlags = INFO_NONE, timeout: Optional[float] = None
    ) -> PlayResult:
        return await self._call(self.sync.ponderhit, ponder=ponder, info=info, timeout=timeout)


async def _run(engine: blocking.Engine, call: Callable[[], T]) -> T:
    """Runs ``call`` on a worker thread; a cancellation sends ``stop`` and waits for it."""
    future = asyncio.get_running_loop().run_in_executor(None, call)
    try:
        return await asyncio.shield(future)
    except asyncio.CancelledError:
        engine._interrupt()
        await _settled(future)
        raise


class Starting:
    """What :meth:`Engine.start` returns: await it for the engine, or enter it with
    ``async with`` (the engine is quit at the end of the block)."""

    def __init__(self, cls: Type[Engine], start: Callable[[], blocking.Engine]) -> None:
        self._cls = cls
        self._start = start
        self._engine: Optional[Engine] = None

    async def _started(self) -> Engine:
        loop = asyncio.get_running_loop()
        self._engine = self._cls(await loop.run_in_executor(None, self._start))
        return self._engine

    def __await__(self) -> Generator[Any, None, Engine]:
        return self._started().__await__()

    async def __aenter__(self) -> Engine:
        return await self._started()

    async def __aexit__(
        self,
        exc_type: Optional[Type[BaseException]],
        exc: Optional[BaseException],
        traceback: Optional[TracebackType],
    ) -> None:
        if self._engine is not None:
            await self._engine.quit()


class Transport:
    """The engine's process, as python-chess's ``popen_uci`` gives it beside the engine (there
    an :class:`asyncio.SubprocessTransport`): its pid and exit status, and ways to end it."""

    def __init__(self, process: "subprocess.Popen[str]") -> None:
        self._process = process

    def get_pid(self) -> int:
        return self._process.pid

    def get_returncode(self) -> Optional[int]:
        """The exit status, or ``None`` while the process runs."""
        return self._process.poll()

    def is_closing(self) -> bool:
        """Whether the process has exited."""
        return self._process.poll() is not None

    def send_signal(self, sig: int) -> None:
        if self._process.poll() is None:
            self._process.send_signal(sig)

    def terminate(self) -> None:
        self.send_signal(signal.SIGTERM)

    def kill(self) -> None:
        if self._process.poll() is None:
            self._process.kill()

    def close(self) -> None:
        """Kills the process, as :meth:`asyncio.SubprocessTransport.close` does (``await
        engine.quit()`` ends it cleanly)."""
        self.kill()


async def popen_ugi(
    command: Command,
    options: Optional[Mapping[str, OptionValue]] = None,
    *,
    timeout: float = DEFAULT_TIMEOUT,
    cwd: Optional[Union[str, "os.PathLike[str]"]] = None,
    env: Optional[Mapping[str, str]] = None,
    stderr: Optional[Union[int, IO[str]]] = None,
) -> Tuple[Transport, Engine]:
    """python-chess's ``popen_uci`` for this engine: starts it as :meth:`Engine.start` does and
    returns ``(transport, engine)``, the process and the started engine::

        transport, engine = await popen_ugi("target/release/guerrilla")
        info = await engine.analyse(Limit(nodes=2000))
        await engine.quit()
    """
    engine = await Engine.start(command, options, timeout=timeout, cwd=cwd, env=env, stderr=stderr)
    return Transport(engine.sync.process), engine


__all__ = ["AsyncAnalysisResult", "AsyncSearch", "Engine", "Starting", "Transport", "popen_ugi"]
