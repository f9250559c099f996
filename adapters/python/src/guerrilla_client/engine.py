"""One class, Engine (about 1,050 lines): kept whole so that the client's API reads in one place.

:class:`Engine` has a method per protocol command, and python-chess's ``play``, ``analyse``
and ``analysis``; the running search is :class:`~guerrilla_client.search.Search` in search.py,
an analysis :class:`~guerrilla_client.analysis.AnalysisResult` in analysis.py, the limits
:class:`~guerrilla_client.limit.Limit` in limit.py, the lines in and out
:class:`~guerrilla_client.channel.Channel` in channel.py (shared with the running search), a
ponder search's state in ponder.py.

How answers are delimited (protocol.md § 1): a command answered on the engine's command loop is
followed by ``wire.ISREADY``, and its answer is every line up to the ``wire.ReadyOk``; the client counts
the ``wire.ISREADY`` lines it has sent, so the lines of an answer it gave up waiting for (a timeout)
are recognised and dropped when they come later. ``go`` and ``perft`` run beside the command loop
and end with their own last line (``wire.BestMove``; ``Nodes searched: …``, ``wire.InfoString("perft
stopped")`` or an error line). Every read waits on a queue filled by a reader thread, with a
deadline, so no call waits for ever.
"""

from __future__ import annotations

import math
import os
import subprocess
import time
import warnings
from typing import (
    IO,
    Deque,
    Dict,
    List,
    Mapping,
    Optional,
    Sequence,
    Tuple,
    Type,
    Union,
    overload,
)
from types import TracebackType

from .analysis import (
    INFO_ALL,
    INFO_NONE,
    INFO_SCORE,
    AnalysisResult,
    InfoDict,
    InfoFlags,
    PlayResult,
    Pov,
    info_dict,
)

from .answers import (
    About,
    Bench,
    Geometry,
    History,
    Legal,
    LegalTurns,
    MANAGED_OPTIONS,
    Options,
    Perft,
    Played,
    Stepped,
    Undone,
    parse_about,
    parse_bench,
    parse_describe,
    parse_geometry,
    parse_history,
    option_of,
    parse_played,
    parse_stepped,
    parse_steps,
    parse_turns,
    parse_undone,
)
from . import wire
from .channel import Channel
from .limit import Limit, go_line, limit_of, tokens
from .ponder import GAME_LEVEL, SNAPSHOT, Ahead, Pondering, after_turn, same_budget
from .scores import SIDES
from .reports import SearchResult
from .search import Search
from .errors import ClientError, EngineError, EngineTimeout, ProtocolError


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
_READ_ONLY = wire.READ_ONLY

def _token(text: str, what: str) -> str:
    """``text`` when it is one protocol token (non-empty, no whitespace), else ``ValueError``."""
    if not text or any(c.isspace() for c in text):
        raise ValueError(f"a {what} is one word without spaces, got {text!r}")
    return text


def _play_result(result: SearchResult, pov: Pov, selector: InfoFlags) -> PlayResult:
    """The :class:`PlayResult` of a finished search: its turn, the reply it expects (the
    ``ponder`` word, else the principal variation's second whole turn) and its info."""
    ponder = result.ponder
    pv = result.pv
    if ponder is None and len(pv) > 1 and pv[0] == result.bestmove and not pv[1].endswith("..."):
        ponder = pv[1]
    found = info_dict(result.info, pov, selector) if result.info is not None else InfoDict()
    return PlayResult(result.bestmove, ponder, found)


def _option_text(value: OptionValue) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


class Engine:
    """A running ``guerrilla`` engine, driven over its standard input and output.

    Start one with :meth:`start`, preferably in a ``with`` block, which quits it at the end::

        with Engine.start("target/release/guerrilla", options={"Game": "guerrilla"}) as engine:
            print(engine.go(nodes=1000).bestmove)

    Every method sends one protocol command and returns its answer, parsed. A refused command
    raises :class:`EngineError` with the engine's message, and the engine's state is unchanged
    — except after an illegal move in :meth:`position`'s ``moves``, which loses the game for
    the side that played it (protocol.md § 3.5, :attr:`EngineError.forfeit_by`). An answer
    later than the timeout raises :class:`EngineTimeout`; a dead engine raises
    :class:`EngineTerminated`. One engine is meant to be used from one thread at a time (but
    :meth:`AnalysisResult.stop` may be called from another).

    In python-chess's shape: :meth:`play` asks for the engine's turn, :meth:`analyse` and
    :meth:`analysis` analyse the current position, each under a :class:`Limit` in seconds;
    :meth:`push` plays a turn; :meth:`ponderhit` follows ``play(limit, ponder=True)``.
    """

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

    def select_game(self, game: str) -> None:
        """Selects the game (``"guerrilla-checkers"`` or ``"guerrilla"``) and starts a new game
        of it: the ``Game`` option."""
        self.set_option("Game", game)

    def new_game(self) -> None:
        """``wire.UGINEWGAME``: a new game of the current game and settings, from the start
        position, with nothing kept from before."""
        self._exchange(str(wire.UGINEWGAME))

    def position(self, fen: Optional[str] = None, moves: Sequence[str] = ()) -> None:
        """Sets the position: the start position (``fen`` ``None`` or ``"startpos"``) or the
        position string ``fen``, then the whole turns ``moves``, a list of turn tokens.

        ``moves`` as one string (``moves="D4D5"``) raises ``TypeError`` before anything is sent.
        A malformed position string raises :class:`EngineError` and changes nothing. **A move
        the rules refuse is not a plain error**: the engine plays the moves before it, and the
        game is over, lost by the side that played the bad move (protocol.md § 3.5); the
        :class:`EngineError` raised says so (:attr:`EngineError.forfeit_by` names the loser), and
        :meth:`undo` takes the loss back. To try a move without that risk, use :meth:`expand`.
        """
        turns = tokens(moves, "position's moves")
        start = None if fen is None or fen == "startpos" else fen
        self._exchange(str(wire.Position(start, tuple(turns))))

    # ----------------------------------------------------------------------------------------
    # Turns and steps

    def legal(self) -> Legal:
        """``legal``: the legal next steps and the legal whole turns."""
        lines = self._exchange(str(wire.Verb("legal")))
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

    def push(self, move: str) -> Played:
        """``play <move>``: plays one whole turn (or, in the middle of a turn, the rest of a turn
        that begins with the steps taken); the answer holds it in canonical notation, the steps
        that played it, what each removed and how the game ended, if it did. An illegal move
        raises :class:`EngineError` and changes nothing.

        While a ponder search runs (``play(limit, ponder=True)``), pushing the turn the engine
        played for it, as :meth:`play` wrote it, keeps the ponder going: first the engine's
        turn, then the reply it expected, after which the next :meth:`play` takes the ponder
        search (``ponderhit``). Any other move ends the ponder first."""
        token = _token(move, "move")
        pondering = self._pondering
        if pondering is not None and pondering.ahead and pondering.ahead[0].played.move == token:
            return pondering.ahead.pop(0).played
        return parse_played(self._one(f"play {token}", "played"))

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
        limit: Optional[Limit] = None,
        *,
        nodes: Optional[int] = None,
        depth: Optional[int] = None,
        infinite: bool = False,
        ponder: bool = False,
        searchmoves: Optional[Sequence[str]] = None,
        timeout: Optional[float] = None,
        movetime: Optional[int] = None,
        p1time: Optional[int] = None,
        p2time: Optional[int] = None,
        p1inc: Optional[int] = None,
        p2inc: Optional[int] = None,
    ) -> Search:
        """Starts ``go`` under ``limit`` and returns with its :class:`Search` as soon as the
        engine has taken the command (its ``wire.ReadyOk`` after ``go``; ``timeout`` bounds that
        wait, default :attr:`timeout`).

        ``limit`` is a :class:`Limit` (seconds); ``nodes`` and ``depth`` may be given as
        keywords instead; none: the engine's default budget. ``infinite``: until
        :meth:`Search.stop`. ``ponder``: ``wire.Go`` with ``ponder``, which thinks on the position set (the
        one after the reply the engine expects) without a time limit until
        :meth:`Search.ponderhit` (:meth:`play` with ``ponder=True`` sets that position for you).
        ``searchmoves``: only these root turns (a list) are searched. ``movetime``, ``p1time``,
        ``p2time``, ``p1inc`` and ``p2inc`` in whole milliseconds are deprecated (use
        :class:`Limit`).

        A game that is over or a limit the engine refuses raises :class:`EngineError` (the
        engine answers its error and ``wire.BestMove(None)``). A search already running is stopped
        first. When the engine does not take the command in time, :class:`EngineTimeout` is
        raised and the search stays registered, so that :meth:`stop` (or the next command) stops
        it.
        """
        legacy = {"movetime": movetime, "p1time": p1time, "p2time": p2time, "p1inc": p1inc, "p2inc": p2inc}
        limit = limit_of(limit, nodes=nodes, depth=depth, legacy=legacy)
        return self._start(go_line(limit, infinite=infinite, ponder=ponder, searchmoves=searchmoves), timeout)

    def _start(self, line: str, timeout: Optional[float], search: Optional[Search] = None) -> Search:
        """Sends the ``go`` ``line`` (for ``search``, made for it, if given) once the engine is
        settled, and reads up to the ``wire.ReadyOk`` after it."""
        with self._channel.calling(line):
            self._settle()
            search = search or Search(self._channel, line)
            self._search = search
            self._channel.send(line)
            try:
                self._exchange(None, timeout, command=line)
            except EngineError as error:
                # The refused search has answered its error line, then its end without a turn (§ 3.6).
                raise EngineError(error.message, command=self._channel.name(line), lines=error.lines) from None
        if search.best is not None and search.best.turn is None:
            raise ProtocolError(f"the engine answered {str(wire.BestMove(None))!r} to {line!r} without an error line")
        return search

    def go(
        self,
        limit: Optional[Limit] = None,
        *,
        nodes: Optional[int] = None,
        depth: Optional[int] = None,
        infinite: bool = False,
        searchmoves: Optional[Sequence[str]] = None,
        timeout: Optional[float] = None,
        movetime: Optional[int] = None,
        p1time: Optional[int] = None,
        p2time: Optional[int] = None,
        p1inc: Optional[int] = None,
        p2inc: Optional[int] = None,
    ) -> SearchResult:
        """Searches the current position (``go`` with the limits of :meth:`search`) and returns
        the best move with the last report's best ``info`` line (and all of them).

        ``timeout`` (seconds) defaults to :attr:`timeout` plus the limit's time (``time`` or the
        larger clock). When it runs out, the search is stopped and :class:`EngineTimeout`
        raised, its ``result`` holding what the stopped search answered. (``go(infinite=True)``
        therefore only ends by its timeout: use :meth:`analysis` or :meth:`search` to analyse.)
        """
        legacy = {"movetime": movetime, "p1time": p1time, "p2time": p2time, "p1inc": p1inc, "p2inc": p2inc}
        limit = limit_of(limit, nodes=nodes, depth=depth, legacy=legacy)
        line = go_line(limit, infinite=infinite, searchmoves=searchmoves)
        return self._search_to_end(line, limit, infinite, timeout)._result()

    def _search_to_end(self, line: str, limit: Optional[Limit], infinite: bool, timeout: Optional[float]) -> Search:
        """Runs the search ``line`` to its ``wire.BestMove`` within ``timeout`` (default
        :attr:`timeout` plus the limit's time); past it, stops it and raises
        :class:`EngineTimeout` with what it answered."""
        if timeout is None:
            timeout = self.timeout + (0 if infinite or limit is None else limit.budget())
        deadline = time.monotonic() + timeout
        search = None
        try:
            search = self._start(line, timeout)
            search.wait(max(0.0, deadline - time.monotonic()))
            return search
        except EngineTimeout as late:
            running = search or self._running
            if running is None:
                raise
            result = running.stop()
            raise EngineTimeout(
                f"no end of the search {running.command!r} within {timeout} s: the search was stopped",
                command=running.command,
                result=result,
            ) from late

    # ----------------------------------------------------------------------------------------
    # Analysis in python-chess's shape

    def _pov(self) -> Pov:
        """The side to move, from ``describe``, and the game's names of the sides, from its
        ``about`` (read once a game; none from an engine without ``about``)."""
        fields = self.describe()
        turn = fields.get("tomove", "")
        if turn not in SIDES:
            raise ProtocolError(f"expected describe's tomove=p1|p2 but got {turn!r}")
        game = fields.get("game", "")
        if game not in self._side_names:
            try:
                self._side_names[game] = self.about().sides
            except EngineError:
                self._side_names[game] = ()
        return Pov(turn, self._side_names[game])

    def _analysis_options(self, multipv: Optional[int]) -> None:
        """Sets ``MultiPV`` to ``multipv`` (1 when ``None``) if the engine has the option or more
        lines are asked for, and turns ``ShowWDL`` on if the engine has it and the script has
        not set it."""
        if multipv is not None and (isinstance(multipv, bool) or not isinstance(multipv, int) or multipv < 1):
            raise ValueError(f"multipv takes a whole number from 1, got {multipv!r}")
        lines = str(multipv or 1)
        if ("MultiPV" in self.options or lines != "1") and self._set.get("multipv") != lines:
            self._set_option("MultiPV", lines)
        if "ShowWDL" in self.options and "showwdl" not in self._set:
            self._set_option("ShowWDL", True)

    def analysis(
        self,
        limit: Optional[Limit] = None,
        *,
        multipv: Optional[int] = None,
        searchmoves: Optional[Sequence[str]] = None,
        root_moves: Optional[Sequence[str]] = None,
        info: InfoFlags = INFO_ALL,
        timeout: Optional[float] = None,
    ) -> AnalysisResult:
        """Starts analysing the current position and returns the running
        :class:`AnalysisResult` at once (python-chess's ``analysis``)::

            with engine.analysis(Limit(time=2), multipv=3) as analysis:
                for info in analysis:
                    print(info.get("multipv"), info.get("score"), info.get("pv"))

        ``limit``: a :class:`Limit`; ``None`` analyses until :meth:`AnalysisResult.stop`.
        ``multipv``: how many lines (the ``MultiPV`` option). ``searchmoves`` (or python-chess's
        name ``root_moves``): only these root turns, a list. ``info``: which fields to keep
        (:class:`InfoFlags`). ``timeout``: the seconds the analysis may take before a wait for
        its lines raises :class:`EngineTimeout` (default: :attr:`timeout` plus the limit's time;
        no deadline without a limit). A running search is stopped first. ``ShowWDL`` is turned
        on when the engine has it (unless the script set it), for ``info["wdl"]``.
        """
        if root_moves is not None:
            if searchmoves is not None:
                raise TypeError("give searchmoves or root_moves, not both")
            searchmoves = root_moves
        line = go_line(limit, infinite=limit is None, searchmoves=searchmoves)
        with self._channel.calling(line):
            self._finish_search()
            self._analysis_options(multipv)
            pov = self._pov()
            if timeout is not None and math.isinf(timeout):
                timeout = None
            elif timeout is None and limit is not None:
                timeout = self.timeout + limit.budget()
            deadline = None if timeout is None else time.monotonic() + timeout
            running = AnalysisResult(Search(self._channel, line), pov, info, deadline)
            self._start(line, timeout, running.search)
        return running

    @overload
    def analyse(
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
    def analyse(
        self,
        limit: Limit,
        *,
        multipv: int,
        searchmoves: Optional[Sequence[str]] = None,
        root_moves: Optional[Sequence[str]] = None,
        info: InfoFlags = INFO_ALL,
        timeout: Optional[float] = None,
    ) -> List[InfoDict]: ...

    def analyse(
        self,
        limit: Limit,
        *,
        multipv: Optional[int] = None,
        searchmoves: Optional[Sequence[str]] = None,
        root_moves: Optional[Sequence[str]] = None,
        info: InfoFlags = INFO_ALL,
        timeout: Optional[float] = None,
    ) -> Union[InfoDict, List[InfoDict]]:
        """Analyses the current position under ``limit`` and returns the last report (python-
        chess's ``analyse``): its best line's :class:`InfoDict` when ``multipv`` is not given,
        else the list of its lines, best first (fewer than ``multipv`` when there are fewer
        legal turns). Options as :meth:`analysis`; when ``timeout`` (default :attr:`timeout`
        plus the limit's time) runs out, the search is stopped and :class:`EngineTimeout`
        raised.
        """
        running = self.analysis(
            limit, multipv=multipv, searchmoves=searchmoves, root_moves=root_moves, info=info, timeout=timeout
        )
        try:
            running.wait()
        except EngineTimeout as late:
            result = running.search.stop()
            raise EngineTimeout(
                f"no end of the search {running.search.command!r} in time: the search was stopped",
                command=running.search.command,
                result=result,
            ) from late
        return running.info if multipv is None else running.multipv

    @overload
    def play(
        self,
        limit: Limit,
        *,
        ponder: bool = False,
        searchmoves: Optional[Sequence[str]] = None,
        root_moves: Optional[Sequence[str]] = None,
        info: InfoFlags = INFO_NONE,
        timeout: Optional[float] = None,
    ) -> PlayResult: ...

    @overload
    def play(self, limit: str) -> Played: ...

    def play(
        self,
        limit: Union[Limit, str],
        *,
        ponder: bool = False,
        searchmoves: Optional[Sequence[str]] = None,
        root_moves: Optional[Sequence[str]] = None,
        info: InfoFlags = INFO_NONE,
        timeout: Optional[float] = None,
    ) -> Union[PlayResult, Played]:
        """Asks the engine for its turn in the current position under ``limit`` (python-chess's
        ``play``) and returns a :class:`PlayResult`: the turn (not played: :meth:`push` plays
        it), the reply the engine expects (its ``ponder`` word, else the second turn of its
        principal variation, else ``None``), and the ``info`` fields asked for (``info``;
        none by default). ``searchmoves``/``root_moves`` and ``timeout`` as in :meth:`go`. In
        the middle of a turn, the turn is the whole turn those steps begin.

        ``ponder=True`` (python-chess's ``ponder``) turns the engine's ``Ponder`` option on and,
        when there is an expected reply, lets the engine think on the opponent's time: it plays
        the turn and the reply and starts ``wire.Go`` with ``ponder`` on the position after them, under the
        same ``limit`` (the engine's own clock less the time this search took, plus its
        increment, as a GUI sends it). :attr:`pondering` is then true, and the ponder goes on
        while the script reads: the read-only calls (:meth:`is_game_over`, :meth:`describe`,
        :meth:`legal_turns`, :meth:`history`, :meth:`about`, …) answer for the script's
        position, as the engine answered at it before playing ahead. The script pushes the
        turn, then the reply actually played; when that is the expected reply, the next
        ``play`` with the same time, nodes and depth and no ``searchmoves`` takes the ponder
        search (``ponderhit``, its clock starting then) instead of starting afresh. Any other
        call that changes the state (a push of another reply, :meth:`position`, :meth:`step`,
        :meth:`undo`, :meth:`analyse` …) first stops the ponder search and takes back the turns
        the script has not pushed.

        ``play(move)`` with a string is the old name of :meth:`push`: it plays the move, with a
        ``DeprecationWarning``.
        """
        if isinstance(limit, str):
            warnings.warn(
                "Engine.play(move) is deprecated: it plays a move, which is Engine.push(move); "
                "play(limit) asks the engine for its turn",
                DeprecationWarning,
                stacklevel=2,
            )
            return self.push(limit)
        if not isinstance(limit, Limit):
            raise TypeError(f"play takes a Limit (or, deprecated, a move to play), got {limit!r}")
        if root_moves is not None:
            if searchmoves is not None:
                raise TypeError("give searchmoves or root_moves, not both")
            searchmoves = root_moves
        line = go_line(limit, searchmoves=searchmoves)
        with self._channel.calling(line):
            started = time.monotonic()
            pondering = self._pondering
            if (
                pondering is not None
                and not pondering.ahead
                and searchmoves is None
                and same_budget(limit, pondering.limit)
            ):
                self._pondering = None
                played = self._hit(pondering, info, timeout)
            else:
                self._finish_search()
                self._analysis_options(None)
                if ponder and "Ponder" in self.options and self._set.get("ponder") != "true":
                    self._set_option("Ponder", True)
                pov = self._pov() if info & INFO_SCORE else Pov("p1")
                result = self._search_to_end(line, limit, False, timeout)._result()
                played = _play_result(result, pov, info)
            if ponder and played.ponder is not None:
                self._start_ponder(played, limit, time.monotonic() - started)
        return played

    def _snapshot(self) -> Dict[str, List[str]]:
        """The answers of the read-only commands about the position (:data:`.ponder.SNAPSHOT`)
        at the current position."""
        return {line: self._exchange(line) for line in SNAPSHOT}

    def _start_ponder(self, played: PlayResult, limit: Limit, elapsed: float) -> None:
        """Plays ``played``'s turn and expected reply, keeping the answers at the position
        before each, and starts ``wire.Go`` with ``ponder`` on the position after them, under ``limit`` as it
        stands once the opponent has played (``elapsed``: the seconds the turn took); when
        either turn ends the game, takes back what it played and does not ponder."""
        assert played.ponder is not None
        before = self._snapshot()
        first = self.push(played.move)
        if first.over is not None:
            self.undo()
            return
        between = self._snapshot()
        try:
            reply = self.push(played.ponder)
        except EngineError:
            self.undo()  # a reply the engine named but the rules refuse: nothing to ponder on
            raise
        if reply.over is not None:
            self.undo()
            self.undo()
            return
        pov = self._pov()
        mover = "p1" if before["query p1turn"][-1:] == ["response true"] else "p2"
        ponder_limit = after_turn(limit, mover, elapsed)
        search = self._start(go_line(ponder_limit, ponder=True), None)
        self._pondering = Pondering(search, ponder_limit, pov, [Ahead(first, before), Ahead(reply, between)])

    def _hit(self, pondering: Pondering, info: InfoFlags, timeout: Optional[float]) -> PlayResult:
        """Sends ``ponderhit`` to ``pondering``'s search and reads it to its end (within
        ``timeout``, default :attr:`timeout` plus its limit's time); the engine's turn."""
        search = pondering.search
        search.ponderhit()
        if timeout is None:
            timeout = self.timeout + pondering.limit.budget()
        try:
            search.wait(timeout)
        except EngineTimeout as late:
            result = search.stop()
            raise EngineTimeout(
                f"no end of the search within {timeout} s of {str(wire.PONDERHIT)!r}: the search was stopped",
                command=self._channel.name(str(wire.PONDERHIT)),
                result=result,
            ) from late
        return _play_result(search._result(), pondering.pov, info)

    @property
    def pondering(self) -> bool:
        """Whether a ponder search that :meth:`play` started (``ponder=True``) is running."""
        return self._pondering is not None

    def ponderhit(
        self, *, ponder: bool = False, info: InfoFlags = INFO_NONE, timeout: Optional[float] = None
    ) -> PlayResult:
        """The opponent played the reply the engine expected: sends ``ponderhit``, which turns
        the ponder search :meth:`play` started into a normal search under its limit with the
        clock starting now (protocol.md § 3.11), and returns the engine's turn as :meth:`play`
        does. The turn and the reply count as pushed, if the script has not pushed them yet
        (a :meth:`push` of the expected reply followed by :meth:`play` does the same).
        ``ponder=True`` ponders again on the new expected reply; ``timeout`` (default
        :attr:`timeout` plus the limit's time) as in :meth:`go`. Without a ponder search
        running, :class:`ClientError` is raised.
        """
        pondering = self._pondering
        if pondering is None:
            raise ClientError("no ponder search is running: ponderhit follows play(limit, ponder=True)")
        self._pondering = None
        with self._channel.calling(str(wire.PONDERHIT)):
            started = time.monotonic()
            played = self._hit(pondering, info, timeout)
            if ponder and played.ponder is not None:
                self._start_ponder(played, pondering.limit, time.monotonic() - started)
        return played

    def stop(self) -> Optional[SearchResult]:
        """Stops the running search, if any, and returns its result (``None`` without one). A
        ponder search that :meth:`play` started is stopped and the turns it played that the
        script has not pushed are taken back."""
        with self._channel.calling(str(wire.STOP)):
            if self._pondering is not None:
                return self._end_ponder()
            running = self._running
            return None if running is None else running.stop()

    def perft(self, depth: int, timeout: Optional[float] = None) -> Perft:
        """``perft <depth>``: the leaf positions ``depth`` whole turns below, per legal turn.

        When ``timeout`` (default :attr:`timeout`) runs out, the perft is stopped and
        :class:`EngineTimeout` raised. A Guerrilla turn too large to count raises
        :class:`EngineError` (its ``lines`` hold the divide lines written before it).
        """
        if isinstance(depth, bool) or not isinstance(depth, int) or not 0 <= depth < 2**32:
            raise ValueError(f"perft takes a depth from 0 to {2**32 - 1}, got {depth!r}")
        line = str(wire.Verb("perft", (str(depth),)))
        with self._channel.calling(line):
            return self._perft(line, timeout)

    def _perft(self, line: str, timeout: Optional[float]) -> Perft:
        channel = self._channel
        self._settle()
        channel.send(line)
        divide: Dict[str, int] = {}
        lines: List[str] = []

        def read(deadline: float) -> Optional[int]:
            """Reads to the end of the perft; its total, or None when it was stopped."""
            while True:
                got = channel.pop(deadline, line)
                message = wire.parse_message(got)
                if isinstance(message, wire.NodesSearched):
                    return message.count
                if message == wire.InfoString("perft stopped"):
                    return None
                if isinstance(message, wire.Error):
                    raise EngineError(message.text, command=line, lines=lines)
                if isinstance(message, wire.Divide):
                    divide[message.turn] = message.count
                    lines.append(got)
                else:
                    channel.stray(got)

        try:
            total = read(channel.deadline(timeout))
        except EngineTimeout:
            channel.send(str(wire.STOP))
            try:
                read(channel.deadline(None))
            except EngineTimeout:
                self.kill()
                raise EngineTimeout("perft did not stop after 'stop'; the engine was killed", command=line) from None
            raise EngineTimeout(f"no end of {line!r} within {channel.seconds(timeout)} s: it was stopped", command=line)
        if total is None:
            raise ProtocolError(f"{line!r} was stopped by the engine")
        return Perft(divide=divide, total=total)

    def bench(self, timeout: Optional[float] = 120.0) -> Bench:
        """``bench``: the deterministic search benchmark of the current game and settings
        (seconds for Guerrilla on side 8, hence the longer default timeout)."""
        return parse_bench(self._exchange(str(wire.Verb("bench")), timeout))

    # ----------------------------------------------------------------------------------------
    # Reading the state

    def query(self, what: str) -> str:
        """``query gameover|p1turn|result``: the word of the engine's ``response`` line."""
        line = self._one(str(wire.Query(_token(what, "query"))), "response")
        answer = wire.parse_message(line)
        if not isinstance(answer, wire.Response):
            raise ProtocolError(f"expected 'response <word>' but got {line!r}")
        return answer.word

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
        return "\n".join(self._exchange(str(wire.Verb("show"))))

    def describe(self) -> Dict[str, str]:
        """``describe``: every ``key=value`` field of its line, in order (values as strings)."""
        return parse_describe(self._one("describe", "describe"))

    def geometry(self) -> Geometry:
        """``geometry``: the points (and squares) of the current game's board."""
        return parse_geometry(self._exchange(str(wire.Verb("geometry"))))

    def about(self) -> About:
        """``about``: how the current game is presented to people: its title, the sides'
        names, what the characters of ``describe``'s cells are, its options, the ``describe``
        fields a player reads, and a short tour of the rules."""
        return parse_about(self._exchange(str(wire.Verb("about"))))

    def history(self) -> History:
        """``history``: the start position string, the whole turns since, the turn being built."""
        return parse_history(self._exchange(str(wire.Verb("history"))))

    def help(self) -> str:
        """``help``: the engine's list of commands."""
        return "\n".join(self._exchange(str(wire.Verb("help"))))
