"""The line channel to the engine process: lines written whole, lines read with a deadline.

:class:`Channel` is what :class:`~guerrilla_client.Engine` and a running
:class:`~guerrilla_client.Search` share: neither calls the other's private members, and this
module imports neither. A reader thread moves the engine's output lines into a queue, so that
every read waits with a deadline and no call waits for ever.

Every message names the command of the script's own call (:meth:`Channel.calling`), not the
commands the client sends on its own to serve it (a ``wire.ISREADY``, a ``wire.SetOption("MultiPV", …)``
before an analysis, the ``undo`` that ends a ponder).
"""

from __future__ import annotations

import logging
import queue
import subprocess
import threading
import time
from collections import deque
from contextlib import contextmanager
from typing import IO, Deque, Iterator, Optional

from . import wire
from .errors import EngineTerminated, EngineTimeout

LOGGER = logging.getLogger("guerrilla_client")
"""Every line sent (``>> …``) and read (``<< …``) is logged here at DEBUG level."""

_EOF = None


def _reader(stream: IO[str], lines: "queue.Queue[Optional[str]]") -> None:
    """Moves the engine's output lines into ``lines``, then ``_EOF`` when the output closes."""
    try:
        for line in stream:
            lines.put(line.rstrip("\r\n"))
    except (OSError, ValueError):
        pass
    finally:
        lines.put(_EOF)
        try:
            stream.close()
        except OSError:
            pass


class Channel:
    """The engine process's standard input and output, as lines.

    ``timeout`` is the default number of seconds a read may wait. ``ready_owed`` counts the
    ``wire.ISREADY`` lines sent whose ``wire.ReadyOk`` has not been read yet, so that the lines of an
    answer given up earlier are recognised when they come.
    """

    def __init__(self, process: "subprocess.Popen[str]", timeout: float) -> None:
        if process.stdin is None or process.stdout is None:
            raise ValueError("the engine process needs stdin and stdout pipes")
        self.process: "subprocess.Popen[str]" = process
        self.timeout: float = timeout
        self.stray_lines: Deque[str] = deque(maxlen=100)
        self.ready_owed = 0
        self._stdin: IO[str] = process.stdin
        self._lines: "queue.Queue[Optional[str]]" = queue.Queue()
        self._eof = False
        self._call: Optional[str] = None
        # Lines are written whole under this lock, so that another thread may send 'stop'
        # while this one reads.
        self._write_lock = threading.Lock()
        self._reader = threading.Thread(
            target=_reader, args=(process.stdout, self._lines), name="guerrilla-engine-reader", daemon=True
        )
        self._reader.start()

    @property
    def alive(self) -> bool:
        """Whether the engine process is running and its output open."""
        return not self._eof and self.process.poll() is None

    @contextmanager
    def calling(self, command: str) -> Iterator[None]:
        """Within the block, messages name ``command`` (the script's call) for every line the
        client sends; an outer call's command wins over an inner one's."""
        if self._call is not None:
            yield
            return
        self._call = command
        try:
            yield
        finally:
            self._call = None

    def name(self, line: str) -> str:
        """The command to name in a message about ``line``: the script's call, if one runs."""
        return self._call if self._call is not None else line

    def seconds(self, timeout: Optional[float]) -> float:
        return self.timeout if timeout is None else timeout

    def deadline(self, timeout: Optional[float]) -> float:
        return time.monotonic() + self.seconds(timeout)

    def terminated(self, what: str) -> EngineTerminated:
        """The exception for an engine found dead ``what`` (a phrase such as ``before …``)."""
        self._eof = True
        try:
            code: Optional[int] = self.process.wait(timeout=1.0)
        except subprocess.TimeoutExpired:
            code = None
        return EngineTerminated(f"the engine exited ({what}; exit status {code})", returncode=code)

    def send(self, line: str) -> None:
        """Writes ``line``; :class:`EngineTerminated` when the engine is gone."""
        if "\n" in line or "\r" in line:
            raise ValueError(f"a command is one line, got {line!r}")
        if self._eof or self.process.poll() is not None:
            raise self.terminated(f"before {self.name(line)!r} was sent")
        LOGGER.debug(">> %s", line)
        try:
            with self._write_lock:
                self._stdin.write(line + "\n")
                self._stdin.flush()
        except (OSError, ValueError):
            raise self.terminated(f"while {self.name(line)!r} was sent") from None

    def interrupt(self) -> None:
        """Sends ``stop`` from any thread, if the engine runs: it ends a running search or
        perft and does nothing without one (protocol.md § 3.7)."""
        if self.alive:
            try:
                self.send(str(wire.STOP))
            except EngineTerminated:
                pass

    def pop(self, deadline: Optional[float], command: str) -> str:
        """The next output line; ``EngineTimeout`` past ``deadline`` (``None``: no deadline, the
        end of the output ends the wait), ``EngineTerminated`` at the end of the output.
        ``command`` is the command whose answer is read."""
        command = self.name(command)
        if self._eof:
            raise self.terminated(f"before the answer to {command!r}")
        try:
            wait = None if deadline is None else max(0.0, deadline - time.monotonic())
            line = self._lines.get(timeout=wait)
        except queue.Empty:
            raise EngineTimeout(f"no answer to {command!r} in time", command=command) from None
        if line is _EOF:
            raise self.terminated(f"before the end of the answer to {command!r}")
        LOGGER.debug("<< %s", line)
        if self.ready_owed > 0 and wire.is_ready(line):
            self.ready_owed -= 1
        return line

    def stray(self, line: str) -> None:
        """Keeps a line that answered no command, for inspection."""
        LOGGER.debug("stray line: %s", line)
        self.stray_lines.append(line)

    def quit(self, timeout: Optional[float]) -> Optional[int]:
        """Sends ``quit``, closes the input and waits for the exit (killing the process past
        ``timeout``); the exit status."""
        if self.process.poll() is None:
            try:
                with self._write_lock:
                    self._stdin.write(f"{wire.QUIT}\n")
                    self._stdin.flush()
            except (OSError, ValueError):
                pass
        self._close_input()
        try:
            self.process.wait(timeout=self.seconds(timeout))
        except subprocess.TimeoutExpired:
            LOGGER.warning("the engine did not exit after 'quit': killing it")
            self.process.kill()
            self.process.wait()
        self._eof = True
        self._reader.join(timeout=1.0)
        return self.process.returncode

    def kill(self) -> None:
        """Kills the engine process at once."""
        if self.process.poll() is None:
            self.process.kill()
        self.process.wait()
        self._eof = True
        self._close_input()
        self._reader.join(timeout=1.0)

    def _close_input(self) -> None:
        try:
            self._stdin.close()
        except (OSError, ValueError):
            pass
