"""The engine's process and the lines to and from it: :class:`EngineLink`, the first layer of
:class:`~guerrilla_client.engine.Engine` (its life cycle, the answers delimited by ``isready``,
any command, and the options).

How answers are delimited (protocol.md § 1): a command answered on the engine's command loop is
followed by ``wire.ISREADY``, and its answer is every line up to the ``wire.ReadyOk``; the client counts
the ``wire.ISREADY`` lines it has sent, so the lines of an answer it gave up waiting for (a timeout)
are recognised and dropped when they come later. ``go`` and ``perft`` run beside the command loop
and end with their own last line (``wire.BestMove``; ``Nodes searched: …``, ``wire.InfoString("perft
stopped")`` or an error line). Every read waits on a queue filled by a reader thread, with a
deadline, so no call waits for ever.
"""

from __future__ import annotations

import os
import subprocess
from typing import IO, Deque, Dict, List, Mapping, Optional, Sequence, Tuple, Type, TypeVar, Union
from types import TracebackType

from .options import MANAGED_OPTIONS, Options, option_of
from . import wire
from .channel import Channel
from .ponder import GAME_LEVEL, Pondering
from .reports import SearchResult
from .search import Search
from .errors import EngineError, ProtocolError


OptionValue = Union[int, str, bool]
"""An option value: sent as its decimal text (int), as is (str), or as ``true``/``false``."""

Command = Union[str, "os.PathLike[str]", Sequence[str]]
"""How to start the engine: a program path, or a program and its arguments."""

DEFAULT_TIMEOUT = 10.0
"""Seconds an answer may take, unless a call or :attr:`Engine.timeout` says otherwise."""

# Commands the engine answers beside a running search, without stopping it (protocol.md § 3.10).
_READ_ONLY = wire.READ_ONLY

_Link = TypeVar("_Link", bound="EngineLink")


def _option_text(value: OptionValue) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


class EngineLink:
    """A running engine's process, the lines to and from it, and its options: what every
    command of :class:`~guerrilla_client.engine.Engine` is sent and answered through."""

    def __init__(self, process: "subprocess.Popen[str]", *, timeout: float = DEFAULT_TIMEOUT) -> None:
        """Wraps a started process whose stdin and stdout are text pipes; :meth:`start` is the
        usual way to get one (it also reads the ``ugi`` handshake)."""
        self._channel = Channel(process, timeout)
        self.process: "subprocess.Popen[str]" = process
        """The engine's process."""
        self.id: Dict[str, str] = {}
        """The ``id`` lines of the ``ugi`` answer: ``name``, ``author``."""
        self.options: Options = Options()
        """The options the engine declared in its ``ugi`` answer, by name in any case."""
        self._search: Optional[Search] = None
        self._pondering: Optional[Pondering] = None
        # The option values this client set (lower-case names), to set only what changes.
        self._set: Dict[str, str] = {}
        # Each game's names of p1 and p2, from its 'about' (empty when the engine has no about).
        self._side_names: Dict[str, Tuple[str, ...]] = {}

    @property
    def timeout(self) -> float:
        """Seconds an answer may take when a call gives no timeout of its own."""
        return self._channel.timeout

    @timeout.setter
    def timeout(self, seconds: float) -> None:
        self._channel.timeout = seconds

    @property
    def stray_lines(self) -> Deque[str]:
        """The latest output lines that answered no command (kept for inspection)."""
        return self._channel.stray_lines


    # ----------------------------------------------------------------------------------------
    # Life cycle

    @classmethod
    def start(
        cls: Type[_Link],
        command: Command,
        options: Optional[Mapping[str, OptionValue]] = None,
        *,
        timeout: float = DEFAULT_TIMEOUT,
        cwd: Optional[Union[str, "os.PathLike[str]"]] = None,
        env: Optional[Mapping[str, str]] = None,
        stderr: Optional[Union[int, IO[str]]] = None,
    ) -> _Link:
        """Starts the engine, reads its ``ugi`` handshake and sets ``options`` in their order.

        ``command`` is the binary's path, or a sequence of the program and its arguments.
        ``timeout`` becomes :attr:`timeout`. ``stderr`` is passed to :class:`subprocess.Popen`
        (default: the engine's log goes to this process's stderr). When the handshake or an
        option fails, the engine is stopped and the exception raised.
        """
        if isinstance(command, (str, os.PathLike)):
            args: List[str] = [os.fspath(command)]
        else:
            args = [os.fspath(part) for part in command]
        process = subprocess.Popen(
            args,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=stderr,
            cwd=cwd,
            env=None if env is None else dict(env),
            text=True,
            encoding="utf-8",
            errors="replace",
            bufsize=1,
        )
        engine = cls(process, timeout=timeout)
        try:
            engine._handshake()
            if options:
                engine.configure(options)
        except BaseException:
            engine.quit(timeout=min(timeout, 2.0))
            raise
        return engine

    def __enter__(self: _Link) -> _Link:
        return self

    def __exit__(
        self,
        exc_type: Optional[Type[BaseException]],
        exc: Optional[BaseException],
        traceback: Optional[TracebackType],
    ) -> None:
        self.quit()

    def quit(self, timeout: Optional[float] = None) -> Optional[int]:
        """Sends ``quit`` and waits for the process to exit; kills it if it has not exited
        within ``timeout`` seconds (default :attr:`timeout`). Returns the exit status. Safe to
        call more than once and on an engine that has already died."""
        self._search = None
        self._pondering = None
        return self._channel.quit(timeout)

    close = quit

    def kill(self) -> None:
        """Kills the engine process at once."""
        self._search = None
        self._pondering = None
        self._channel.kill()

    def _interrupt(self) -> None:
        """Sends ``stop``, from any thread: it ends a running search or perft, and does nothing
        without one (it has no answer of its own, protocol.md § 3.7)."""
        self._channel.interrupt()

    @property
    def alive(self) -> bool:
        """Whether the engine process is running and its output open."""
        return self._channel.alive

    # ----------------------------------------------------------------------------------------
    # Lines in and out

    @property
    def _running(self) -> Optional[Search]:
        """The search running in the engine, if any (a ponder search included)."""
        search = self._search
        return search if search is not None and not search.done else None

    def _settle(self) -> None:
        """Before a search or perft, whose answers end with their own line rather than a
        ``wire.ReadyOk``: reads out any answer given up earlier, which could end them too soon
        (a late ``bench`` also ends with ``Nodes searched: …``)."""
        self._finish_search()
        if self._channel.ready_owed:
            self._exchange(None)

    def _finish_search(self) -> None:
        """Stops a running search before a command that is not read-only (the engine stops it
        for every command that changes the state, § 3.10)."""
        self._end_ponder()
        running = self._running
        if running is not None:
            running.stop()

    def _end_ponder(self) -> Optional[SearchResult]:
        """Ends the ponder search :meth:`play` left running, if any: stops it and takes back
        the turns it played that the script has not pushed, so that the engine stands at the
        script's position. Returns the stopped search's result."""
        pondering = self._pondering
        if pondering is None:
            return None
        self._pondering = None
        result = pondering.search.stop()
        for _ in pondering.ahead:
            self._exchange(str(wire.Verb("undo")))
        return result

    def _exchange(
        self, line: Optional[str], timeout: Optional[float] = None, command: Optional[str] = None
    ) -> List[str]:
        """Sends ``line`` (if any) and ``wire.ISREADY``; returns the answer lines up to ``wire.ReadyOk``.

        Lines of a running search are given to it; lines left from answers given up earlier
        (before their ``wire.ReadyOk``) are dropped. Raises :class:`EngineError` on an error line.
        ``command`` names the command in exceptions (default ``line``, or ``wire.ISREADY``).

        While a ponder search runs ahead of the script, a read-only command about the position
        is answered as the engine answered it at the script's position (:mod:`.ponder`), one
        about the game runs beside the search, and any other command first ends the ponder.
        """
        command = command or line or str(wire.ISREADY)
        with self._channel.calling(command):
            if line is not None:
                head = line.split(maxsplit=1)[:1]
                pondering = self._pondering
                if pondering is not None and pondering.ahead:
                    kept = pondering.answer(line)
                    if kept is not None:
                        return kept
                    if not head or head[0] not in GAME_LEVEL:
                        self._end_ponder()
                elif not head or head[0] not in _READ_ONLY:
                    self._finish_search()
                self._channel.send(line)
            return self._read_answer(timeout, command)

    def _read_answer(self, timeout: Optional[float], command: str) -> List[str]:
        """Sends ``wire.ISREADY`` and reads the answer lines up to its ``wire.ReadyOk`` (see
        :meth:`_exchange`)."""
        channel = self._channel
        channel.send(str(wire.ISREADY))
        channel.ready_owed += 1
        deadline = channel.deadline(timeout)
        lines: List[str] = []
        while True:
            got = channel.pop(deadline, command)
            if self._search is not None and self._search._takes(got):
                self._search._feed(got)
            elif wire.is_ready(got):
                if channel.ready_owed == 0:
                    break
                for stale in lines:
                    channel.stray(stale)
                lines.clear()
            else:
                lines.append(got)
        errors = [got for got in lines if wire.is_error(got)]
        if errors:
            others = [got for got in lines if got is not errors[0]]
            error = wire.parse_message(errors[0])
            assert isinstance(error, wire.Error)
            raise EngineError(error.text, command=channel.name(command), lines=others)
        return lines

    def _one(self, line: str, keyword: str) -> str:
        """Runs ``line`` and returns its answer line that starts with ``keyword``."""
        for got in self._exchange(line):
            if got.split(maxsplit=1)[:1] == [keyword]:
                return got
        raise ProtocolError(f"expected a '{keyword} …' line in the answer to {line!r}")

    def _handshake(self) -> None:
        channel = self._channel
        channel.send(str(wire.UGI))
        deadline = channel.deadline(None)
        while True:
            line = channel.pop(deadline, str(wire.UGI))
            message = wire.parse_message(line)
            if isinstance(message, wire.UgiOk):
                return
            if isinstance(message, wire.Id):
                self.id[message.field] = message.text
            elif isinstance(message, wire.OptionDecl):
                option = option_of(line, message)
                self.options[option.name] = option
            else:
                channel.stray(line)

    # ----------------------------------------------------------------------------------------
    # Any command

    def command(self, line: str, timeout: Optional[float] = None) -> List[str]:
        """Sends any command answered on the engine's command loop and returns its answer lines
        (delimited by ``wire.ISREADY``), for commands this client has no method for.

        Raises :class:`EngineError` on the engine's error line. ``go`` and ``perft`` have their
        own methods (their answers end later), and ``quit`` is :meth:`quit`.
        """
        first = line.split(maxsplit=1)[:1]
        if first and first[0] in ("go", "perft", "quit"):
            raise ValueError(f"use the {first[0]}() method for {line!r}")
        if first == ["setoption"]:
            self._set.clear()  # the values this client set may no longer hold
        return self._exchange(line, timeout)

    def is_ready(self, timeout: Optional[float] = None) -> None:
        """Sends ``wire.ISREADY`` and waits for ``wire.ReadyOk`` (raises on a timeout)."""
        self._exchange(None, timeout)

    def ping(self, timeout: Optional[float] = None) -> None:
        """python-chess's name for :meth:`is_ready`: ``wire.ISREADY``, answered by ``wire.ReadyOk`` (at
        once, even during a search); :class:`EngineTimeout` when it does not come in time."""
        self._exchange(None, timeout, command=str(wire.ISREADY))

    # ----------------------------------------------------------------------------------------
    # Options and games

    def set_option(self, name: str, value: OptionValue) -> None:
        """``wire.SetOption(name, value)``; :class:`EngineError` on an unknown name or a
        bad value. Setting ``Game``, or ``BoardSide``/``TurnLimit`` while Guerrilla is played,
        starts a new game. The options this client manages (``MultiPV``, ``Ponder``, in any
        case) are refused with python-chess's message, before anything is sent: ``analyse``'s
        ``multipv`` and ``play``'s ``ponder`` set them for each call."""
        if name.lower() in MANAGED_OPTIONS:
            raise EngineError(
                f"cannot set {name} which is automatically managed",
                command=str(wire.SetOption(name, _option_text(value))),
            )
        self._set_option(name, value)

    def _set_option(self, name: str, value: OptionValue) -> None:
        text = _option_text(value)
        self._exchange(str(wire.SetOption(name, text)))
        self._set[name.lower()] = text.lower()

    def configure(self, options: Mapping[str, OptionValue]) -> None:
        """Sets each option of ``options``, in order (python-chess's ``configure``). A managed
        option (``MultiPV``, ``Ponder``) raises :class:`EngineError` before any is set."""
        for name in options:
            if name.lower() in MANAGED_OPTIONS:
                raise EngineError(
                    f"cannot set {name} which is automatically managed",
                    command=str(wire.SetOption(name, _option_text(options[name]))),
                )
        for name, value in options.items():
            self.set_option(name, value)
