"""A search running in the engine: its ``info`` lines as they come, and its ``bestmove``."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, List, Optional

from .answers import Info, SearchResult, parse_info
from .errors import ERROR_PREFIX, EngineTimeout

if TYPE_CHECKING:
    from .engine import Engine


class Search:
    """A search started by :meth:`Engine.search`: it runs in the engine while the script goes
    on; :meth:`wait` or :meth:`stop` returns its :class:`SearchResult`.

    While it runs, the engine's read-only commands (``query``, ``describe``, ``legal``, ``show``,
    ``history``, ``geometry``) may be used; any other command stops it first (the engine would
    stop it anyway), and its result stays available here.
    """

    def __init__(self, engine: "Engine", command: str) -> None:
        self._engine = engine
        self.command: str = command
        """The ``go`` line that started it."""
        self.infos: List[Info] = []
        """The ``info`` lines with search figures read so far, in order."""
        self.strings: List[str] = []
        """The text of the ``info string`` lines read so far."""
        self._bestmove_line: Optional[str] = None

    @property
    def done(self) -> bool:
        """Whether the search's ``bestmove`` has been read."""
        return self._bestmove_line is not None

    @property
    def info(self) -> Optional[Info]:
        """The last ``info`` line read so far (call :meth:`poll` to read what has come)."""
        return self.infos[-1] if self.infos else None

    def _takes(self, line: str) -> bool:
        return not self.done and (
            line.startswith("bestmove") or (line.startswith("info ") and not line.startswith(ERROR_PREFIX))
        )

    def _feed(self, line: str) -> None:
        if line.startswith("bestmove"):
            self._bestmove_line = line
            if self._engine._search is self:
                self._engine._search = None
            return
        info = parse_info(line)
        if info.string is not None:
            self.strings.append(info.string)
        else:
            self.infos.append(info)

    def _result(self) -> SearchResult:
        assert self._bestmove_line is not None
        words = self._bestmove_line.split()
        return SearchResult(
            bestmove=words[1] if len(words) > 1 else "",
            info=self.info,
            infos=list(self.infos),
            strings=list(self.strings),
            bestmove_line=self._bestmove_line,
        )

    def poll(self) -> bool:
        """Reads the search lines that have arrived, without waiting; returns :attr:`done`."""
        try:
            self._read(time.monotonic())
        except EngineTimeout:
            pass
        return self.done

    def _read(self, deadline: float) -> None:
        while not self.done:
            line = self._engine._pop(deadline, self.command)
            if self._takes(line):
                self._feed(line)
            else:
                self._engine._stray(line)

    def wait(self, timeout: Optional[float] = None) -> SearchResult:
        """Waits for the ``bestmove`` and returns the result.

        Raises :class:`EngineTimeout` after ``timeout`` seconds (default: the engine's
        :attr:`~Engine.timeout`), leaving the search running (:meth:`stop` ends it).
        """
        self._read(self._engine._deadline(timeout))
        return self._result()

    def stop(self, timeout: Optional[float] = None) -> SearchResult:
        """Sends ``stop`` (unless the search is over) and returns the result.

        An engine that does not answer within ``timeout`` seconds (default: the engine's
        :attr:`~Engine.timeout`) is hung: it is killed and :class:`EngineTimeout` raised.
        """
        if not self.done:
            self._engine._send("stop")
            try:
                self._read(self._engine._deadline(timeout))
            except EngineTimeout:
                self._engine.kill()
                raise EngineTimeout(
                    f"the engine did not end its search after 'stop' within {self._engine._seconds(timeout)} s;"
                    " it was killed",
                    command=self.command,
                ) from None
        return self._result()
