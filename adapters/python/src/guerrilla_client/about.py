"""How a game is presented to people, as the engine announces it: the ``about`` answer
(:class:`About`: the game's title, the sides' names, its pieces, the ``describe`` fields a
player reads, its words and their help, a tour of the rules) and the ``geometry`` answer
(:class:`Geometry`: the points and squares of its board). Like answers.py, each parser keeps
what it does not know.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Dict, List, Optional, Sequence, Tuple

from .answers import float_or_none


@dataclass(frozen=True)
class AboutPiece:
    """A ``piece`` line of ``about``: a character of ``describe``'s cells, its owner (``"p1"``,
    ``"p2"``, or ``None`` for a token of nobody's), its colour, whether neighbouring pieces of it
    form groups, and what a player calls one."""

    char: str
    owner: Optional[str]
    colour: str
    grouped: bool
    noun: str


@dataclass(frozen=True)
class AboutField:
    """A ``field`` line of ``about``: a ``describe`` field of the game's own, ``count`` (of the
    game as a whole) or ``turn`` (a detail of the turn being built), and its label."""

    name: str
    kind: str
    label: str


@dataclass(frozen=True)
class AboutWord:
    """A ``reason`` or ``step`` line of ``about``: a word the game names for itself (why it
    ends, a step that names no place) and what a person reads for it."""

    word: str
    label: str


@dataclass(frozen=True)
class AboutRemoval:
    """A ``removal`` line of ``about``: why a piece leaves the board, the character of
    ``describe``'s cells its place then holds (``None``: left empty), and its label."""

    word: str
    leaves: Optional[str]
    label: str


@dataclass(frozen=True)
class AboutHelp:
    """A ``help`` line of ``about``: the rules in plain words on one topic. ``kind`` is
    ``"phase"`` (``word`` a value of ``describe``'s ``phase`` field; with ``while_set``, only
    while that ``describe`` field says something, not ``-`` or ``0``), ``"step"`` (a word step)
    or ``"removal"`` (a removal's word); ``text`` the sentences."""

    kind: str
    word: str
    while_set: Optional[str]
    text: str


@dataclass(frozen=True)
class About:
    """The answer to ``about`` (protocol.md § 4.12): how a program that knows no rule presents
    the current game. ``sides`` are the names of p1 and p2 as people write them (``Guerrilla``
    and ``COIN``, ``White`` and ``Black``); ``options`` the options that belong to the game;
    ``tour`` the rules in a few paragraphs; ``reasons``, ``removals`` and ``steps`` the game's
    own words with what a person reads for each (:meth:`reason_label` reads a reason of
    :class:`GameOver`); ``help`` the rules in plain words by topic. Lines of other kinds are
    kept in ``extra_lines``."""

    game: str
    title: str
    sides: Tuple[str, str]
    pieces: List[AboutPiece]
    options: List[str]
    fields: List[AboutField]
    tour: List[str]
    extra_lines: List[str] = field(default_factory=list)
    reasons: List[AboutWord] = field(default_factory=list)
    removals: List[AboutRemoval] = field(default_factory=list)
    steps: List[AboutWord] = field(default_factory=list)
    help: List[AboutHelp] = field(default_factory=list)

    def reason_label(self, word: str) -> str:
        """What a person reads for the reason ``word``; a word not announced is given back."""
        return next((r.label for r in self.reasons if r.word == word), word)


def parse_about(lines: Sequence[str]) -> About:
    game = title = ""
    sides = ["p1", "p2"]
    pieces: List[AboutPiece] = []
    options: List[str] = []
    fields: List[AboutField] = []
    tour: List[str] = []
    extra_lines: List[str] = []
    reasons: List[AboutWord] = []
    removals: List[AboutRemoval] = []
    steps: List[AboutWord] = []
    help: List[AboutHelp] = []
    for line in lines:
        kind, _, rest = line.partition(" ")
        words = rest.split()
        if kind == "about" and words[:1] == ["game"] and len(words) == 2:
            game = words[1]
        elif kind == "about" and words == ["end"]:
            continue
        elif kind == "title":
            title = rest.strip()
        elif kind == "side" and len(words) >= 2 and words[0] in ("p1", "p2"):
            sides[0 if words[0] == "p1" else 1] = " ".join(words[1:])
        elif kind == "piece" and len(words) >= 5 and words[3] in ("grouped", "single"):
            owner = None if words[1] == "none" else words[1]
            pieces.append(AboutPiece(words[0], owner, words[2], words[3] == "grouped", " ".join(words[4:])))
        elif kind == "options":
            options = [] if words == ["-"] else words
        elif kind == "field" and len(words) >= 3:
            fields.append(AboutField(words[0], words[1], " ".join(words[2:])))
        elif kind in ("reason", "step") and len(words) >= 2:
            (reasons if kind == "reason" else steps).append(AboutWord(words[0], " ".join(words[1:])))
        elif kind == "removal" and len(words) >= 3:
            leaves = None if words[1] == "-" else words[1]
            removals.append(AboutRemoval(words[0], leaves, " ".join(words[2:])))
        elif kind == "help" and len(words) >= 3 and words[0] in ("phase", "step", "removal"):
            word, plus, while_set = words[1].partition("+") if words[0] == "phase" else (words[1], "", "")
            text = rest.split(" ", 2)[2]
            help.append(AboutHelp(words[0], word, while_set if plus else None, text))
        elif kind == "tour":
            tour.append(rest.strip())
        else:
            extra_lines.append(line)
    if not game:
        raise ValueError(f"expected an 'about game …' line but got {list(lines)[:1]!r}")
    return About(game, title, (sides[0], sides[1]), pieces, options, fields, tour, extra_lines, reasons, removals, steps, help)


# --------------------------------------------------------------------------------------------
# Geometry


@dataclass(frozen=True)
class Point:
    """A ``point`` line of ``geometry`` (protocol.md § 4.10).

    ``x`` grows to the right and ``y`` downward; neighbouring points are 1 apart. ``role`` is
    ``"play"`` (can hold a piece) or ``"edge"`` (drawn only); ``neighbours`` are the adjacent
    points under the rules (empty for an edge point).
    """

    name: str
    x: float
    y: float
    role: str
    neighbours: List[str]
    extra: List[str] = field(default_factory=list)


@dataclass(frozen=True)
class Square:
    """A ``square`` line of ``geometry`` (Guerrilla Checkers only): its centre, its four corner
    points (bottom-left, bottom-right, top-right, top-left) and its diagonal neighbours."""

    name: str
    x: float
    y: float
    corners: List[str]
    diagonals: List[str]
    extra: List[str] = field(default_factory=list)


@dataclass(frozen=True)
class Geometry:
    """The board of the current game and settings: its points and squares, in the engine's
    order. ``header`` holds the ``geometry`` line's fields (``game``, ``points``, ``squares``,
    and any other); lines of other kinds are kept in ``extra_lines``."""

    game: str
    points: List[Point]
    squares: List[Square]
    header: Dict[str, str]
    extra_lines: List[str] = field(default_factory=list)

    def point(self, name: str) -> Point:
        """The point called ``name`` (``KeyError`` if there is none)."""
        for point in self.points:
            if point.name == name:
                return point
        raise KeyError(name)

    def square(self, name: str) -> Square:
        """The square called ``name`` (``KeyError`` if there is none)."""
        for square in self.squares:
            if square.name == name:
                return square
        raise KeyError(name)


def _names(text: str) -> List[str]:
    return [] if text == "-" else text.split(",")


def parse_geometry(lines: Sequence[str]) -> Geometry:
    header: Dict[str, str] = {}
    points: List[Point] = []
    squares: List[Square] = []
    extra_lines: List[str] = []
    for line in lines:
        words = line.split()
        kind = words[0] if words else ""
        if kind == "geometry" and words[1:] == ["end"]:
            continue
        if kind == "geometry":
            pairs = words[1:]
            header.update(zip(pairs[0::2], pairs[1::2]))
            continue
        x = float_or_none(words[2]) if len(words) > 2 else None
        y = float_or_none(words[3]) if len(words) > 3 else None
        if kind == "point" and len(words) >= 6 and x is not None and y is not None:
            points.append(Point(words[1], x, y, words[4], _names(words[5]), words[6:]))
        elif kind == "square" and len(words) >= 6 and x is not None and y is not None:
            squares.append(Square(words[1], x, y, _names(words[4]), _names(words[5]), words[6:]))
        else:
            extra_lines.append(line)
    if "game" not in header:
        raise ValueError(f"expected a 'geometry game …' line but got {list(lines)[:1]!r}")
    return Geometry(header["game"], points, squares, header, extra_lines)
