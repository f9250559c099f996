"""The engine process and the commands of protocol.md, one method each.

The file is one class, :class:`Engine`, with a method per protocol command (about 700 lines):
it stays whole so that the client's API reads in one place; the running search is
:class:`~guerrilla_client.search.Search` in search.py.

How answers are delimited (protocol.md § 1): a command answered on the engine's command loop is
followed by ``isready``, and its answer is every line up to the ``readyok``; the client counts
the ``isready`` lines it has sent, so the lines of an answer it gave up waiting for (a timeout)
are recognised and dropped when they come later. ``go`` and ``perft`` run beside the command loop
and end with their own last line (``bestmove …``; ``Nodes searched: …``, ``info string perft
stopped`` or an error line). Every read waits on a queue filled by a reader thread, with a
deadline, so no call waits for ever.
"""

from __future__ import annotations

import logging
import os
import queue
import subprocess
import threading
import time
from collections import deque
from typing import (
    IO,
    Deque,
    Dict,
    Iterable,
    List,
    Mapping,
    Optional,
    Sequence,
    Type,
    Union,
)
from types import TracebackType

from .answers import (
    Bench,
    Geometry,
    History,
    Legal,
    LegalTurns,
    Option,
    Perft,
    Played,
    SearchResult,
    Stepped,
    Undone,
    parse_bench,
    parse_describe,
    parse_divide,
    parse_geometry,
    parse_history,
    parse_option,
    parse_played,
    parse_stepped,
    parse_steps,
    parse_turns,
    parse_undone,
)
from .search import Search
from .errors import ERROR_PREFIX, EngineError, EngineTerminated, EngineTimeout, ProtocolError

LOGGER = logging.getLogger("guerrilla_client")
"""Every line sent (``>> …``) and read (``<< …``) is logged here at DEBUG level."""

GUERRILLA_CHECKERS = "guerrilla-checkers"
"""The ``Game`` option's value for Guerrilla Checkers (the engine's default game)."""
GUERRILLA = "guerrilla"
"""The ``Game`` option's value for Wells' Guerrilla."""

OptionValue = Union[int, str, bool]
"""An option value: sent as its decimal text (int), as is (str), or as ``true``/``false``."""

Command = Union[str, "os.PathLike[str]", Sequence[str]]
"""How to start the engine: a program path, or a program and its arguments."""

DEFAULT_TIMEOUT = 10.0
"""Seconds an answer may take, unless a call or :attr:`Engine.timeout` says otherwise."""

# Commands the engine answers beside a running search, without stopping it (protocol.md § 3.10).
_READ_ONLY = frozenset(
    ["isready", "query", "show", "describe", "legal", "geometry", "history", "expand", "help", "ugi"]
)

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


def _token(text: str, what: str) -> str:
    """``text`` when it is one protocol token (non-empty, no whitespace), else ``ValueError``."""
    if not text or any(c.isspace() for c in text):
        raise ValueError(f"a {what} is one word without spaces, got {text!r}")
    return text


def _option_text(value: OptionValue) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _uint(name: str, value: Optional[int], limit: int = 2**64 - 1) -> Optional[int]:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= limit:
        raise ValueError(f"go {name} takes an integer from 0 to {limit}, got {value!r}")
    return value


class Engine:
    """A running ``guerrilla`` engine, driven over its standard input and output.

    Start one with :meth:`start`, preferably in a ``with`` block, which quits it at the end::

        with Engine.start("target/release/guerrilla", options={"Game": "guerrilla"}) as engine:
            print(engine.go(nodes=1000).bestmove)

    Every method sends one protocol command and returns its answer, parsed. A refused command
    raises :class:`EngineError` with the engine's message (the engine's state is unchanged); an
    answer later than the timeout raises :class:`EngineTimeout`; a dead engine raises
    :class:`EngineTerminated`. One engine is meant to be used from one thread at a time.
    """

    def __init__(self, process: "subprocess.Popen[str]", *, timeout: float = DEFAULT_TIMEOUT) -> None:
        """Wraps a started process whose stdin and stdout are text pipes; :meth:`start` is the
        usual way to get one (it also reads the ``ugi`` handshake)."""
        if process.stdin is None or process.stdout is None:
            raise ValueError("the engine process needs stdin and stdout pipes")
        self.process: "subprocess.Popen[str]" = process
        """The engine's process."""
        self.timeout: float = timeout
        """Seconds an answer may take when a call gives no timeout of its own."""
        self.id: Dict[str, str] = {}
        """The ``id`` lines of the ``ugi`` answer: ``name``, ``author``."""
        self.options: Dict[str, Option] = {}
        """The options the engine declared in its ``ugi`` answer, by name."""
        self.stray_lines: Deque[str] = deque(maxlen=100)
        """The latest output lines that answered no command (kept for inspection)."""
        self._stdin: IO[str] = process.stdin
        self._lines: "queue.Queue[Optional[str]]" = queue.Queue()
        self._eof = False
        self._ready_owed = 0
        self._search: Optional[Search] = None
        self._reader = threading.Thread(
            target=_reader, args=(process.stdout, self._lines), name="guerrilla-engine-reader", daemon=True
        )
        self._reader.start()

    # ----------------------------------------------------------------------------------------
    # Life cycle

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
    ) -> "Engine":
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

    def __enter__(self) -> "Engine":
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
        if self.process.poll() is None:
            try:
                self._stdin.write("quit\n")
                self._stdin.flush()
            except (OSError, ValueError):
                pass
        try:
            self._stdin.close()
        except (OSError, ValueError):
            pass
        try:
            self.process.wait(timeout=self._seconds(timeout))
        except subprocess.TimeoutExpired:
            LOGGER.warning("the engine did not exit after 'quit': killing it")
            self.process.kill()
            self.process.wait()
        self._eof = True
        self._search = None
        self._reader.join(timeout=1.0)
        return self.process.returncode

    close = quit

    def kill(self) -> None:
        """Kills the engine process at once."""
        if self.process.poll() is None:
            self.process.kill()
        self.process.wait()
        self._eof = True
        self._search = None
        try:
            self._stdin.close()
        except (OSError, ValueError):
            pass
        self._reader.join(timeout=1.0)

    @property
    def alive(self) -> bool:
        """Whether the engine process is running and its output open."""
        return not self._eof and self.process.poll() is None

    # ----------------------------------------------------------------------------------------
    # Lines in and out

    def _seconds(self, timeout: Optional[float]) -> float:
        return self.timeout if timeout is None else timeout

    def _deadline(self, timeout: Optional[float]) -> float:
        return time.monotonic() + self._seconds(timeout)

    def _terminated(self, what: str) -> EngineTerminated:
        self._eof = True
        self._search = None
        try:
            code: Optional[int] = self.process.wait(timeout=1.0)
        except subprocess.TimeoutExpired:
            code = None
        return EngineTerminated(f"the engine exited ({what}; exit status {code})", returncode=code)

    def _send(self, line: str) -> None:
        if "\n" in line or "\r" in line:
            raise ValueError(f"a command is one line, got {line!r}")
        if self._eof or self.process.poll() is not None:
            raise self._terminated(f"before {line!r} was sent")
        LOGGER.debug(">> %s", line)
        try:
            self._stdin.write(line + "\n")
            self._stdin.flush()
        except (OSError, ValueError):
            raise self._terminated(f"while {line!r} was sent") from None

    def _pop(self, deadline: float, command: str) -> str:
        """The next output line; ``EngineTimeout`` past ``deadline``, ``EngineTerminated`` at the
        end of the output."""
        if self._eof:
            raise self._terminated(f"before the answer to {command!r}")
        try:
            line = self._lines.get(timeout=max(0.0, deadline - time.monotonic()))
        except queue.Empty:
            raise EngineTimeout(f"no answer to {command!r} in time", command=command) from None
        if line is _EOF:
            raise self._terminated(f"before the end of the answer to {command!r}")
        LOGGER.debug("<< %s", line)
        if line == "readyok" and self._ready_owed > 0:
            self._ready_owed -= 1
        return line

    def _stray(self, line: str) -> None:
        LOGGER.debug("stray line: %s", line)
        self.stray_lines.append(line)

    def _settle(self) -> None:
        """Before a search or perft, whose answers end with their own line rather than a
        ``readyok``: reads out any answer given up earlier, which could end them too soon
        (a late ``bench`` also ends with ``Nodes searched: …``)."""
        self._finish_search()
        if self._ready_owed:
            self._exchange(None)

    def _finish_search(self) -> None:
        """Stops a running search before a command that would stop it anyway (§ 3.10)."""
        if self._search is not None:
            self._search.stop()

    def _exchange(
        self, line: Optional[str], timeout: Optional[float] = None, command: Optional[str] = None
    ) -> List[str]:
        """Sends ``line`` (if any) and ``isready``; returns the answer lines up to ``readyok``.

        Lines of a running search are given to it; lines left from answers given up earlier
        (before their ``readyok``) are dropped. Raises :class:`EngineError` on an error line.
        ``command`` names the command in exceptions (default ``line``, or ``isready``).
        """
        command = command or line or "isready"
        if line is not None:
            words = line.split(maxsplit=1)
            if not words or words[0] not in _READ_ONLY:
                self._finish_search()
            self._send(line)
        self._send("isready")
        self._ready_owed += 1
        deadline = self._deadline(timeout)
        lines: List[str] = []
        while True:
            got = self._pop(deadline, command)
            if self._search is not None and self._search._takes(got):
                self._search._feed(got)
            elif got == "readyok":
                if self._ready_owed == 0:
                    break
                for stale in lines:
                    self._stray(stale)
                lines.clear()
            else:
                lines.append(got)
        errors = [got for got in lines if got.startswith(ERROR_PREFIX)]
        if errors:
            others = [got for got in lines if got is not errors[0]]
            raise EngineError(errors[0][len(ERROR_PREFIX) :], command=command, lines=others)
        return lines

    def _one(self, line: str, keyword: str) -> str:
        """Runs ``line`` and returns its answer line that starts with ``keyword``."""
        for got in self._exchange(line):
            if got.split(maxsplit=1)[:1] == [keyword]:
                return got
        raise ProtocolError(f"expected a '{keyword} …' line in the answer to {line!r}")

    def _handshake(self) -> None:
        self._send("ugi")
        deadline = self._deadline(None)
        while True:
            line = self._pop(deadline, "ugi")
            if line == "ugiok":
                return
            words = line.split(maxsplit=2)
            if words[:1] == ["id"] and len(words) == 3:
                self.id[words[1]] = words[2]
            elif words[:1] == ["option"]:
                try:
                    option = parse_option(line)
                except ValueError:
                    self._stray(line)
                else:
                    self.options[option.name] = option
            else:
                self._stray(line)

    # ----------------------------------------------------------------------------------------
    # Any command

    def command(self, line: str, timeout: Optional[float] = None) -> List[str]:
        """Sends any command answered on the engine's command loop and returns its answer lines
        (delimited by ``isready``), for commands this client has no method for.

        Raises :class:`EngineError` on the engine's error line. ``go`` and ``perft`` have their
        own methods (their answers end later), and ``quit`` is :meth:`quit`.
        """
        first = line.split(maxsplit=1)[:1]
        if first and first[0] in ("go", "perft", "quit"):
            raise ValueError(f"use the {first[0]}() method for {line!r}")
        return self._exchange(line, timeout)

    def is_ready(self, timeout: Optional[float] = None) -> None:
        """Sends ``isready`` and waits for ``readyok`` (raises on a timeout)."""
        self._exchange(None, timeout)

    # ----------------------------------------------------------------------------------------
    # Options and games

    def set_option(self, name: str, value: OptionValue) -> None:
        """``setoption name <name> value <value>``; :class:`EngineError` on an unknown name or a
        bad value. Setting ``Game``, or ``BoardSide``/``TurnLimit`` while Guerrilla is played,
        starts a new game."""
        self._exchange(f"setoption name {name} value {_option_text(value)}")

    def configure(self, options: Mapping[str, OptionValue]) -> None:
        """Sets each option of ``options``, in order."""
        for name, value in options.items():
            self.set_option(name, value)

    def select_game(self, game: str) -> None:
        """Selects the game (``"guerrilla-checkers"`` or ``"guerrilla"``) and starts a new game
        of it: the ``Game`` option."""
        self.set_option("Game", game)

    def new_game(self) -> None:
        """``uginewgame``: a new game of the current game and settings, from the start
        position, with nothing kept from before."""
        self._exchange("uginewgame")

    def position(self, fen: Optional[str] = None, moves: Iterable[str] = ()) -> None:
        """Sets the position: the start position (``fen`` ``None`` or ``"startpos"``) or the
        position string ``fen``, then the whole turns ``moves``.

        A move the rules refuse raises :class:`EngineError`; as the protocol says (§ 3.5), the
        moves before it are then played and the game is lost by the side that played it
        (:attr:`EngineError.forfeit_by`; :meth:`undo` takes the loss back).
        """
        if fen is None or fen == "startpos":
            line = "position startpos"
        else:
            line = f"position fen {fen}"
        tokens = [_token(move, "move") for move in moves]
        if tokens:
            line += " moves " + " ".join(tokens)
        self._exchange(line)

    # ----------------------------------------------------------------------------------------
    # Turns and steps

    def legal(self) -> Legal:
        """``legal``: the legal next steps and the legal whole turns."""
        lines = self._exchange("legal")
        steps = next((parse_steps(got) for got in lines if got.startswith("steps")), None)
        turns = next((parse_turns(got) for got in lines if got.startswith("turns")), None)
        if steps is None or turns is None:
            raise ProtocolError(f"expected 'steps' and 'turns' lines but got {lines!r}")
        return Legal(steps=steps, turns=turns)

    def legal_steps(self) -> List[str]:
        """``legal steps``: the legal next steps of the turn being built (sorted)."""
        return parse_steps(self._one("legal steps", "steps"))

    def legal_turns(self) -> LegalTurns:
        """``legal turns``: the legal whole turns, with the list's status (``complete``,
        ``partial`` or ``midturn``)."""
        return parse_turns(self._one("legal turns", "turns"))

    def play(self, move: str) -> Played:
        """``play <move>``: plays one whole turn; the answer holds it in canonical notation, the
        steps that played it, what each removed and how the game ended, if it did."""
        return parse_played(self._one(f"play {_token(move, 'move')}", "played"))

    def expand(self, move: str) -> Played:
        """``expand <move>``: the answer ``play`` would give (the steps that play the turn, what
        they remove, how the game ends), without playing it: the state is unchanged."""
        return parse_played(self._one(f"expand {_token(move, 'move')}", "expanded"), "expanded")

    def step(self, step: str) -> Stepped:
        """``step <step>``: plays one step of the turn being built; the answer holds the step,
        the steps the engine then took by itself, and the whole turn when it is complete."""
        return parse_stepped(self._one(f"step {_token(step, 'step')}", "stepped"))

    def undo(self) -> Undone:
        """``undo``: takes back a forfeit, the last step of the turn being built, or the whole
        previous turn (``Undone.kind`` says which)."""
        return parse_undone(self._one("undo", "undone"))

    def undo_step(self) -> Undone:
        """``undo step``: takes back the last chosen step (reopening the previous turn at a turn
        start); ``Undone.step`` names it."""
        return parse_undone(self._one("undo step", "undone"))

    # ----------------------------------------------------------------------------------------
    # Searching and counting

    def search(
        self,
        *,
        nodes: Optional[int] = None,
        movetime: Optional[int] = None,
        depth: Optional[int] = None,
        p1time: Optional[int] = None,
        p2time: Optional[int] = None,
        p1inc: Optional[int] = None,
        p2inc: Optional[int] = None,
        infinite: bool = False,
        timeout: Optional[float] = None,
    ) -> Search:
        """Starts ``go`` with the limits given and returns with its :class:`Search` as soon as
        the engine has taken the command (its ``readyok`` after ``go``; ``timeout`` bounds that
        wait, default :attr:`timeout`).

        Limits: ``nodes`` (iterations), ``movetime`` (ms), ``depth`` (whole turns), the clocks
        ``p1time``/``p2time`` and increments ``p1inc``/``p2inc`` (ms), ``infinite`` (until
        :meth:`Search.stop`); none: the engine's default budget. A game that is over or a turn
        half built raises :class:`EngineError` (the engine answers its error and ``bestmove
        none``). A search already running is stopped first. When the engine does not take the
        command in time, :class:`EngineTimeout` is raised and the search stays registered, so
        that :meth:`stop` (or the next command) stops it.
        """
        parts = ["go"]
        for name, value in (
            ("p1time", p1time),
            ("p2time", p2time),
            ("p1inc", p1inc),
            ("p2inc", p2inc),
            ("movetime", movetime),
            ("nodes", nodes),
        ):
            if _uint(name, value) is not None:
                parts += [name, str(value)]
        if _uint("depth", depth, 2**32 - 1) is not None:
            parts += ["depth", str(depth)]
        if infinite:
            parts.append("infinite")
        line = " ".join(parts)
        self._settle()
        search = Search(self, line)
        self._search = search
        self._send(line)
        try:
            self._exchange(None, timeout, command=line)
        except EngineError as error:
            # The refused go has answered its error line, then 'bestmove none' (§ 3.6).
            raise EngineError(error.message, command=line, lines=error.lines) from None
        finally:
            if self._search is search and search.done:
                self._search = None
        if search.done and search._bestmove_line is not None and search._bestmove_line.split()[1:2] == ["none"]:
            raise ProtocolError(f"the engine answered 'bestmove none' to {line!r} without an error line")
        return search

    def go(
        self,
        *,
        nodes: Optional[int] = None,
        movetime: Optional[int] = None,
        depth: Optional[int] = None,
        p1time: Optional[int] = None,
        p2time: Optional[int] = None,
        p1inc: Optional[int] = None,
        p2inc: Optional[int] = None,
        infinite: bool = False,
        timeout: Optional[float] = None,
    ) -> SearchResult:
        """Searches the current position (``go`` with the limits of :meth:`search`) and returns
        the best move with the last ``info`` line (and all of them).

        ``timeout`` (seconds) defaults to :attr:`timeout` plus the ``movetime`` or the larger
        clock. When it runs out, the search is stopped and :class:`EngineTimeout` raised, its
        ``result`` holding what the stopped search answered. (``go(infinite=True)`` therefore
        only ends by its timeout: use :meth:`search` and :meth:`Search.stop` to analyse.)
        """
        if timeout is None:
            budget_ms = movetime if movetime is not None else max(p1time or 0, p2time or 0)
            timeout = self.timeout + (0 if infinite else budget_ms / 1000)
        deadline = time.monotonic() + timeout
        search = None
        try:
            search = self.search(
                nodes=nodes,
                movetime=movetime,
                depth=depth,
                p1time=p1time,
                p2time=p2time,
                p1inc=p1inc,
                p2inc=p2inc,
                infinite=infinite,
                timeout=timeout,
            )
            return search.wait(max(0.0, deadline - time.monotonic()))
        except EngineTimeout as late:
            running = search or self._search
            if running is None:
                raise
            result = running.stop()
            raise EngineTimeout(
                f"no bestmove to {running.command!r} within {timeout} s: the search was stopped",
                command=running.command,
                result=result,
            ) from late

    def stop(self) -> Optional[SearchResult]:
        """Stops the running search, if any, and returns its result (``None`` without one)."""
        search = self._search
        if search is None:
            return None
        return search.stop()

    def perft(self, depth: int, timeout: Optional[float] = None) -> Perft:
        """``perft <depth>``: the leaf positions ``depth`` whole turns below, per legal turn.

        When ``timeout`` (default :attr:`timeout`) runs out, the perft is stopped and
        :class:`EngineTimeout` raised. A Guerrilla turn too large to count raises
        :class:`EngineError` (its ``lines`` hold the divide lines written before it).
        """
        if isinstance(depth, bool) or not isinstance(depth, int) or not 0 <= depth < 2**32:
            raise ValueError(f"perft takes a depth from 0 to {2**32 - 1}, got {depth!r}")
        line = f"perft {depth}"
        self._settle()
        self._send(line)
        divide: Dict[str, int] = {}
        lines: List[str] = []

        def read(deadline: float) -> Optional[int]:
            """Reads to the end of the perft; its total, or None when it was stopped."""
            while True:
                got = self._pop(deadline, line)
                if got.startswith("Nodes searched:"):
                    try:
                        return int(got.split(":", 1)[1])
                    except ValueError:
                        raise ProtocolError(f"expected 'Nodes searched: <n>' but got {got!r}") from None
                if got == "info string perft stopped":
                    return None
                if got.startswith(ERROR_PREFIX):
                    raise EngineError(got[len(ERROR_PREFIX) :], command=line, lines=lines)
                pair = parse_divide(got)
                if pair is None:
                    self._stray(got)
                else:
                    divide[pair[0]] = pair[1]
                    lines.append(got)

        try:
            total = read(self._deadline(timeout))
        except EngineTimeout:
            self._send("stop")
            try:
                read(self._deadline(None))
            except EngineTimeout:
                self.kill()
                raise EngineTimeout("perft did not stop after 'stop'; the engine was killed", command=line) from None
            raise EngineTimeout(f"no end of {line!r} within {self._seconds(timeout)} s: it was stopped", command=line)
        if total is None:
            raise ProtocolError(f"{line!r} was stopped by the engine")
        return Perft(divide=divide, total=total)

    def bench(self, timeout: Optional[float] = 120.0) -> Bench:
        """``bench``: the deterministic search benchmark of the current game and settings
        (seconds for Guerrilla on side 8, hence the longer default timeout)."""
        return parse_bench(self._exchange("bench", timeout))

    # ----------------------------------------------------------------------------------------
    # Reading the state

    def query(self, what: str) -> str:
        """``query gameover|p1turn|result``: the word of the engine's ``response`` line."""
        words = self._one(f"query {_token(what, 'query')}", "response").split()
        if len(words) < 2:
            raise ProtocolError(f"expected 'response <word>' but got {' '.join(words)!r}")
        return words[1]

    def is_game_over(self) -> bool:
        """``query gameover``: whether the game is over (by the rules or by a forfeit)."""
        return self.query("gameover") == "true"

    def is_p1_turn(self) -> bool:
        """``query p1turn``: whether p1 is to move (or building its turn)."""
        return self.query("p1turn") == "true"

    def result(self) -> str:
        """``query result``: ``"p1win"``, ``"p2win"``, ``"draw"`` or ``"none"`` (not over)."""
        return self.query("result")

    def show(self) -> str:
        """``show``: the picture for a human, its lines joined by newlines."""
        return "\n".join(self._exchange("show"))

    def describe(self) -> Dict[str, str]:
        """``describe``: every ``key=value`` field of its line, in order (values as strings)."""
        return parse_describe(self._one("describe", "describe"))

    def geometry(self) -> Geometry:
        """``geometry``: the points (and squares) of the current game's board."""
        return parse_geometry(self._exchange("geometry"))

    def history(self) -> History:
        """``history``: the start position string, the whole turns since, the turn being built."""
        return parse_history(self._exchange("history"))

    def help(self) -> str:
        """``help``: the engine's list of commands."""
        return "\n".join(self._exchange("help"))
