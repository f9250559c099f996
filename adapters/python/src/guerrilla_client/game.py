"""The game in the engine: :class:`EngineGame`, the second layer of
:class:`~guerrilla_client.engine.Engine` (the game and the position, turns and steps, counting,
and reading the state), each method one protocol command and its answer, parsed.
"""

from __future__ import annotations

from typing import Dict, List, Optional, Sequence

from .about import About, Geometry, parse_about, parse_geometry
from .answers import (
    Bench,
    History,
    Legal,
    LegalTurns,
    Perft,
    Played,
    Stepped,
    Undone,
    parse_bench,
    parse_describe,
    parse_history,
    parse_played,
    parse_stepped,
    parse_steps,
    parse_turns,
    parse_undone,
)
from . import wire
from .limit import tokens
from .link import EngineLink
from .errors import EngineError, EngineTimeout, ProtocolError


def _token(text: str, what: str) -> str:
    """``text`` when it is one protocol token (non-empty, no whitespace), else ``ValueError``."""
    if not text or any(c.isspace() for c in text):
        raise ValueError(f"a {what} is one word without spaces, got {text!r}")
    return text


class EngineGame(EngineLink):
    """The game and its position in the engine: a method per command about them."""

    # ----------------------------------------------------------------------------------------
    # Games and positions

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
    # Counting

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
