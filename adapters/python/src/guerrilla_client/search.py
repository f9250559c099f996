"""A search running in the engine: its reports as they come, and its chosen turn."""

from __future__ import annotations

import time
from typing import Callable, List, Optional

from . import wire
from .channel import Channel
from .errors import EngineTimeout
from .reports import Info, SearchResult, info_of, last_report, parse_info

__all__ = ["Info", "Search", "SearchResult", "parse_info"]


class Search:
    """A search started by :meth:`Engine.search`: it runs in the engine while the script goes
    on; :meth:`wait` or :meth:`stop` returns its :class:`SearchResult`.

    While it runs, the engine's read-only commands (``query``, ``describe``, ``legal``, ``show``,
    ``history``, ``geometry``, ``expand``, ``about``) may be used; any other command stops it
    first (as the engine does for every command that changes the state, protocol.md § 3.10),
    and its result stays available here.
    """

    def __init__(self, channel: Channel, command: str) -> None:
        self.channel: Channel = channel
        """The line channel to the engine, shared with the :class:`~guerrilla_client.Engine`."""
        self.command: str = command
        """The command line that started it."""
        self.infos: List[Info] = []
        """The ``info`` lines with search figures read so far, in order."""
        self.strings: List[str] = []
        """The text of the engine's string lines read so far."""
        self.best: Optional[wire.BestMove] = None
        """The search's last line, once read: the turn chosen (``None`` when there is none) and
        the reply it expects."""
        self._best_line = ""
        self._stop_sent = False
        self._listener: Optional[Callable[[Info], None]] = None

    @property
    def done(self) -> bool:
        """Whether the search's last line (its chosen turn) has been read."""
        return self.best is not None

    @property
    def info(self) -> Optional[Info]:
        """The best line of the last report read so far (call :meth:`poll` to read what has
        come): the last ``info`` line with a ``depth`` and ``multipv`` 1 or none."""
        lines = last_report(self.infos)
        return lines[0] if lines else None

    def _takes(self, line: str) -> bool:
        return not self.done and isinstance(
            wire.parse_message(line), (wire.BestMove, wire.Info, wire.CurrMove, wire.InfoString)
        )

    def _feed(self, line: str) -> None:
        message = wire.parse_message(line)
        if isinstance(message, wire.BestMove):
            self.best = message
            self._best_line = line
            return
        info = info_of(line, message)
        if info.string is not None:
            self.strings.append(info.string)
        else:
            self.infos.append(info)
        if self._listener is not None:
            self._listener(info)

    def _result(self) -> SearchResult:
        assert self.best is not None
        lines = last_report(self.infos)
        return SearchResult(
            bestmove=self.best.turn or "none",
            info=lines[0] if lines else None,
            infos=list(self.infos),
            strings=list(self.strings),
            bestmove_line=self._best_line,
            lines=lines,
        )

    def poll(self) -> bool:
        """Reads the search lines that have arrived, without waiting; returns :attr:`done`."""
        try:
            self._read(time.monotonic())
        except EngineTimeout:
            pass
        return self.done

    def _read_one(self, deadline: Optional[float]) -> None:
        """Reads one line of the engine's output (``None``: with no deadline) and gives it to
        this search, or keeps it as a stray line."""
        line = self.channel.pop(deadline, self.command)
        if self._takes(line):
            self._feed(line)
        else:
            self.channel.stray(line)

    def _read(self, deadline: Optional[float]) -> None:
        while not self.done:
            self._read_one(deadline)

    def _wait_until(self, deadline: Optional[float]) -> SearchResult:
        self._read(deadline)
        return self._result()

    def wait(self, timeout: Optional[float] = None) -> SearchResult:
        """Waits for the search's end and returns the result.

        Raises :class:`EngineTimeout` after ``timeout`` seconds (default: the engine's
        :attr:`~Engine.timeout`), leaving the search running (:meth:`stop` ends it).
        """
        return self._wait_until(self.channel.deadline(timeout))

    def _send_stop(self) -> None:
        """Sends ``stop`` unless the search is over or it was sent already."""
        if not self.done and not self._stop_sent:
            self._stop_sent = True
            self.channel.send(str(wire.STOP))

    def ponderhit(self) -> None:
        """Sends the ponder hit: the opponent played the expected reply, and this search, started
        with ``ponder=True`` on the position after it, becomes a normal search under its limits,
        its clock starting now (protocol.md § 3.6). Read its end with :meth:`wait`."""
        if not self.done:
            self.channel.send(str(wire.PONDERHIT))

    def stop(self, timeout: Optional[float] = None) -> SearchResult:
        """Sends ``stop`` (unless the search is over) and returns the result.

        An engine that does not answer within ``timeout`` seconds (default: the engine's
        :attr:`~Engine.timeout`) is hung: it is killed and :class:`EngineTimeout` raised.
        """
        if not self.done:
            self._send_stop()
            try:
                self._read(self.channel.deadline(timeout))
            except EngineTimeout:
                self.channel.kill()
                raise EngineTimeout(
                    f"the engine did not end its search after 'stop' within {self.channel.seconds(timeout)} s;"
                    " it was killed",
                    command=self.command,
                ) from None
        return self._result()
