"""Searching: :class:`EngineSearches`, the last layer of :class:`~guerrilla_client.engine.Engine`
(``go`` and python-chess's ``play``, ``analyse`` and ``analysis``, pondering). The running
search is :class:`~guerrilla_client.search.Search` in search.py, an analysis
:class:`~guerrilla_client.analysis.AnalysisResult` in analysis.py, the limits
:class:`~guerrilla_client.limit.Limit` in limit.py, a ponder search's state in ponder.py.
"""

from __future__ import annotations

import math
import time
import warnings
from typing import Dict, List, Optional, Sequence, Union, overload

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
from .answers import Played
from . import wire
from .game import EngineGame
from .limit import Limit, go_line, limit_of
from .ponder import SNAPSHOT, Ahead, Pondering, after_turn, same_budget
from .scores import SIDES
from .reports import SearchResult
from .search import Search
from .errors import ClientError, EngineError, EngineTimeout, ProtocolError


def _play_result(result: SearchResult, pov: Pov, selector: InfoFlags) -> PlayResult:
    """The :class:`PlayResult` of a finished search: its turn, the reply it expects (the
    ``ponder`` word, else the principal variation's second whole turn) and its info."""
    ponder = result.ponder
    pv = result.pv
    if ponder is None and len(pv) > 1 and pv[0] == result.bestmove and not pv[1].endswith("..."):
        ponder = pv[1]
    found = info_dict(result.info, pov, selector) if result.info is not None else InfoDict()
    return PlayResult(result.bestmove, ponder, found)


class EngineSearches(EngineGame):
    """The engine's searches: ``go``, python-chess's ``play``, ``analyse`` and ``analysis``,
    and pondering."""

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
