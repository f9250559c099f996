"""Scores and win/draw/loss figures, and the point of view they are seen from.

The engine scores a position for the side to move (protocol.md § 3.6): an expected result in
[-1, 1] (1 a sure win), or a result its solver has proven (``win in 3``, ``loss in 2``,
``draw in 1``). :class:`Score` is such a score, :class:`Wdl` the per mille chances of a win, a
draw and a loss. :class:`PovScore` and :class:`PovWdl` pair one with the side it belongs to, so
that it can be read from either side's view, as python-chess's classes of these names do.

Sides are ``"p1"`` (the side that moves first) and ``"p2"``; the game's own names for them,
as the engine's ``about`` gives them (protocol.md § 4.12), are accepted too, in any case: in
Guerrilla Checkers ``Guerrilla`` (p1) and ``COIN`` (p2), in Guerrilla ``White`` (p1) and
``Black`` (p2).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Iterator, Optional, Tuple

SIDES = ("p1", "p2")
"""The protocol's names of the two sides, the first player first."""


def side_of(side: str, names: Tuple[str, ...] = ()) -> str:
    """``"p1"`` or ``"p2"`` for ``side``: one of those, or one of ``names`` (p1's name first),
    in any case; ``ValueError`` for anything else."""
    if not isinstance(side, str):
        raise TypeError(f"a side is a string such as 'p1' or 'p2', got {side!r}")
    wanted = side.lower()
    if wanted in SIDES:
        return wanted
    for protocol_name, name in zip(SIDES, names):
        if wanted == name.lower():
            return protocol_name
    accepted = ", ".join(repr(name) for name in SIDES + tuple(names))
    raise ValueError(f"expected a side ({accepted}) but got {side!r}")


@dataclass(frozen=True)
class Wdl:
    """Win, draw and loss chances in per mille, for one side (python-chess's ``Wdl``).

    The engine writes them beside the score when its ``ShowWDL`` option is on (protocol.md
    § 3.6); Guerrilla Checkers cannot be drawn, so its ``draws`` are always 0.
    """

    wins: int
    draws: int
    losses: int

    def total(self) -> int:
        """``wins + draws + losses`` (1000 for the engine's figures)."""
        return self.wins + self.draws + self.losses

    def winning_chance(self) -> float:
        """The chance of a win, from 0 to 1."""
        return self.wins / self.total() if self.total() else 0.0

    def drawing_chance(self) -> float:
        """The chance of a draw, from 0 to 1."""
        return self.draws / self.total() if self.total() else 0.0

    def losing_chance(self) -> float:
        """The chance of a loss, from 0 to 1."""
        return self.losses / self.total() if self.total() else 0.0

    def expectation(self) -> float:
        """The expected points, a win 1 and a draw ½, from 0 to 1, as in python-chess.
        (``2 * expectation() - 1`` is on the engine's score scale, [-1, 1].)"""
        return (self.wins + 0.5 * self.draws) / self.total() if self.total() else 0.5

    def __neg__(self) -> "Wdl":
        """The same figures from the other side's view."""
        return Wdl(self.losses, self.draws, self.wins)

    def __iter__(self) -> Iterator[int]:
        return iter((self.wins, self.draws, self.losses))


@dataclass(frozen=True)
class Score:
    """A score for the side to move (protocol.md § 3.6).

    Either an expected result ``value`` in [-1, 1] (1 a sure win), or a result the search has
    proven: ``proven`` is ``"win"``, ``"loss"`` or ``"draw"`` and ``turns`` the whole turns
    until the game ends (both sides' turns, this one included).

    Scores are ordered from the worst to the best (a slow loss is better than a quick one, a
    quick win better than a slow one), and ``-score`` is the score from the other side's view.
    """

    value: Optional[float] = None
    """The expected result in [-1, 1]; ``None`` when the score is proven."""
    proven: Optional[str] = None
    """``"win"``, ``"loss"`` or ``"draw"`` for a proven result, else ``None``."""
    turns: Optional[int] = None
    """The N of ``win in N`` / ``loss in N`` / ``draw in N``; ``None`` when not proven."""

    @property
    def is_proven(self) -> bool:
        """Whether the search has proven the result."""
        return self.proven is not None

    def is_mate(self) -> bool:
        """Whether this is a proven win or loss (python-chess's name for it)."""
        return self.proven in ("win", "loss")

    def mate(self) -> Optional[int]:
        """python-chess's ``mate()``: the side to move's own turns until its proven win,
        negative until its proven loss, else ``None``. The sides alternate whole turns and the
        side to move plays the first, so of :attr:`turns` (both sides' turns) it plays
        ``(turns + 1) // 2``: ``win in 3`` is ``mate() == 2``, as python-chess's ``Mate(2)``,
        and ``loss in 2`` is ``-1``, mated after one turn of its own."""
        if self.turns is None or self.proven not in ("win", "loss"):
            return None
        own = (self.turns + 1) // 2
        return own if self.proven == "win" else -own

    def expected(self) -> float:
        """The expected result as a number: ``value``, or 1, -1, 0 for a proven win, loss, draw."""
        if self.proven == "win":
            return 1.0
        if self.proven == "loss":
            return -1.0
        if self.proven == "draw":
            return 0.0
        return self.value if self.value is not None else 0.0

    def wdl(self) -> Wdl:
        """Per mille chances read from this score alone: a proven result is certain, and an
        expected result ``v`` is split into ``(1 + v) / 2`` wins and the rest losses, with no
        draws (exact in Guerrilla Checkers, which cannot be drawn). The engine's own figures come
        with its ``wdl`` field (``ShowWDL``): :meth:`PovScore.wdl` gives them when it sent them
        (they hold no draws either, but in a proven draw, protocol.md § 3.6)."""
        if self.proven == "win":
            return Wdl(1000, 0, 0)
        if self.proven == "loss":
            return Wdl(0, 0, 1000)
        if self.proven == "draw":
            return Wdl(0, 1000, 0)
        wins = min(1000, max(0, round(500 * (1 + self.expected()))))
        return Wdl(wins, 0, 1000 - wins)

    def _rank(self) -> Tuple[int, float]:
        if self.proven == "win":
            return (2, -float(self.turns or 0))
        if self.proven == "loss":
            return (0, float(self.turns or 0))
        return (1, self.expected())

    def __lt__(self, other: "Score") -> bool:
        return self._rank() < other._rank()

    def __le__(self, other: "Score") -> bool:
        return self._rank() <= other._rank()

    def __gt__(self, other: "Score") -> bool:
        return self._rank() > other._rank()

    def __ge__(self, other: "Score") -> bool:
        return self._rank() >= other._rank()

    def __neg__(self) -> "Score":
        """The score from the other side's view: ``-v``, a win a loss, a draw a draw."""
        if self.proven is not None:
            flipped = {"win": "loss", "loss": "win"}.get(self.proven, self.proven)
            return Score(proven=flipped, turns=self.turns)
        if self.value is None:
            return self
        return Score(value=-self.value if self.value else 0.0)

    def __str__(self) -> str:
        if self.proven is not None:
            return f"{self.proven} in {self.turns}"
        return f"{self.value:.3f}" if self.value is not None and math.isfinite(self.value) else "?"


def _pov(turn: str, names: Tuple[str, ...], side: str) -> bool:
    """Whether ``side`` is ``turn``, the side a relative figure belongs to."""
    return side_of(side, names) == turn


@dataclass(frozen=True)
class PovWdl:
    """Win/draw/loss figures of the side to move, ``relative``, and that side, ``turn``
    (``"p1"`` or ``"p2"``): python-chess's ``PovWdl`` with the protocol's sides."""

    relative: Wdl
    turn: str
    names: Tuple[str, ...] = ()
    """The game's names of p1 and p2 (the engine's ``about``), also accepted by :meth:`pov`."""

    def pov(self, side: str) -> Wdl:
        """The figures from ``side``'s view (``"p1"``, ``"p2"`` or the game's name of one)."""
        return self.relative if _pov(self.turn, self.names, side) else -self.relative

    def p1(self) -> Wdl:
        """The figures from p1's view."""
        return self.pov("p1")

    def p2(self) -> Wdl:
        """The figures from p2's view."""
        return self.pov("p2")

    def white(self) -> Wdl:
        """python-chess's name for :meth:`p1` (p1 moves first, as White does)."""
        return self.pov("p1")

    def black(self) -> Wdl:
        """python-chess's name for :meth:`p2`."""
        return self.pov("p2")


@dataclass(frozen=True)
class PovScore:
    """A score of the side to move, ``relative``, and that side, ``turn`` (``"p1"`` or
    ``"p2"``): python-chess's ``PovScore`` with the protocol's sides.

    ``str()`` gives the relative score as the engine wrote it.
    """

    relative: Score
    turn: str
    names: Tuple[str, ...] = ()
    """The game's names of p1 and p2 (the engine's ``about``), also accepted by :meth:`pov`."""
    engine_wdl: Optional[Wdl] = None
    """The ``wdl`` figures the engine wrote beside the score, if it did (``ShowWDL``)."""

    def pov(self, side: str) -> Score:
        """The score from ``side``'s view (``"p1"``, ``"p2"`` or the game's name of one)."""
        return self.relative if _pov(self.turn, self.names, side) else -self.relative

    def p1(self) -> Score:
        """The score from p1's view."""
        return self.pov("p1")

    def p2(self) -> Score:
        """The score from p2's view."""
        return self.pov("p2")

    def white(self) -> Score:
        """python-chess's name for :meth:`p1`: the score from the view of p1, the side that
        moves first as White does (in Guerrilla, White; in Guerrilla Checkers, the Guerrilla)."""
        return self.pov("p1")

    def black(self) -> Score:
        """python-chess's name for :meth:`p2`: the score from the view of p2 (in Guerrilla,
        Black; in Guerrilla Checkers, COIN)."""
        return self.pov("p2")

    def is_mate(self) -> bool:
        """Whether the score is a proven win or loss."""
        return self.relative.is_mate()

    def wdl(self) -> PovWdl:
        """Win/draw/loss figures with the same point of view: the engine's own when it wrote
        them beside the score, else :meth:`Score.wdl`'s reading of the score."""
        return PovWdl(self.engine_wdl or self.relative.wdl(), self.turn, self.names)

    def __str__(self) -> str:
        return str(self.relative)
