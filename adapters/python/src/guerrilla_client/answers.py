"""The engine's answers as Python objects, and the functions that read them from its lines
(a search's ``info`` and ``bestmove`` lines are read in search.py).

Each parser reads the fields protocol.md documents and keeps what it does not know: the raw
line, the extra words of a line (``extra``), the extra ``key=value`` fields of ``describe``.
A line with more words than this client knows parses as well as one without them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Dict, Iterator, List, Mapping, Optional, Sequence, Tuple, Union


# One step of a turn in either game's step notation (protocol.md § 6.1, § 7.1): a Guerrilla
# Checkers stone (``D4``) or COIN hop (``c5-d6``, ``c5xd6``); a Guerrilla ``pass``, ``endgroup``,
# ``endmove``, growth ``+f3``, new group ``*a1``, split choice ``=c4``, jump ``e3-g3`` or kill
# ``i14xj15``. Used to tell the steps of a ``stepped … auto …`` list from words this client
# does not know.
_STEP = re.compile(r"^(?:pass|endgroup|endmove|[A-I][1-9]|[+*=][a-z]\d{1,2}|[a-z]\d{1,2}[-x][a-z]\d{1,2})$")


def _int(text: str) -> Optional[int]:
    try:
        return int(text)
    except ValueError:
        return None


def _float(text: str) -> Optional[float]:
    try:
        return float(text)
    except ValueError:
        return None


def _after(line: str, keyword: str) -> List[str]:
    """The words of ``line`` after its first word, which must be ``keyword``."""
    words = line.split()
    if not words or words[0] != keyword:
        raise ValueError(f"expected a line starting with {keyword!r} but got {line!r}")
    return words[1:]


# --------------------------------------------------------------------------------------------
# Turns and steps


@dataclass(frozen=True)
class Removal:
    """One piece or stone a step removed (protocol.md § 4.3): where it stood (a point or square
    as the engine names it) and why (``captured``, ``surrounded``, ``split``, ``killed``,
    ``massacred``, or a word this client does not know)."""

    where: str
    why: str


@dataclass(frozen=True)
class GameOver:
    """How the turn just completed ended the game (protocol.md § 4.3): ``result`` is ``p1win``,
    ``p2win`` or ``draw``, ``reason`` the engine's word for why (``no-checkers``,
    ``two-passes``, ``turn-limit`` …), ``scores`` the two final scores in Guerrilla, p1's
    (White's) first, and ``None`` in Guerrilla Checkers."""

    result: str
    reason: str
    scores: Optional[Tuple[int, int]] = None


# A group of ``removed``: one step's removals ``<where>:<why>`` joined by ``,``, or ``-``.
_REMOVAL_GROUP = re.compile(r"^(?:-|[^\s:,]+:[^\s:,]+(?:,[^\s:,]+:[^\s:,]+)*)$")
_RESULTS = frozenset(("p1win", "p2win", "draw"))
_SCORES = re.compile(r"^(\d+)-(\d+)$")


def _removal_group(word: str) -> List[Removal]:
    if word == "-":
        return []
    return [Removal(*item.split(":", 1)) for item in word.split(",")]


def _read_tail(words: List[str], i: int, extra: List[str]) -> Tuple[int, List[List[Removal]], Optional[GameOver]]:
    """Reads ``removed <group> …`` or ``over <result> <reason>[ <scores>]`` at ``words[i]``
    when it is one (else the word goes to ``extra``); returns the index after what it read."""
    removed: List[List[Removal]] = []
    over: Optional[GameOver] = None
    word = words[i]
    if word == "removed":
        j = i + 1
        while j < len(words) and _REMOVAL_GROUP.match(words[j]):
            removed.append(_removal_group(words[j]))
            j += 1
        if j > i + 1:
            return j, removed, over
    elif word == "over" and i + 2 < len(words) and words[i + 1] in _RESULTS:
        scores: Optional[Tuple[int, int]] = None
        j = i + 3
        found = _SCORES.match(words[j]) if j < len(words) else None
        if found:
            scores = (int(found.group(1)), int(found.group(2)))
            j += 1
        return j, removed, GameOver(result=words[i + 1], reason=words[i + 2], scores=scores)
    extra.append(word)
    return i + 1, removed, over


@dataclass(frozen=True)
class Played:
    """The answer to ``play`` or ``expand`` (protocol.md § 4.2).

    ``move`` is the turn in canonical notation, ``steps`` the steps that play it from the
    current position (chosen and automatic, in order), ``removed`` what each of those steps
    removed (one list per step, empty when it removed nothing; empty altogether when nothing
    was removed), ``over`` how the turn ended the game (``None`` if it did not). Words this
    client does not know are kept in order in ``extra``, and the line in ``raw``.
    """

    move: str
    steps: List[str]
    removed: List[List[Removal]]
    over: Optional[GameOver]
    extra: List[str]
    raw: str


def parse_played(line: str, keyword: str = "played") -> Played:
    """Reads a ``played …`` line (``keyword="expanded"`` for the answer to ``expand``)."""
    words = _after(line, keyword)
    if not words:
        raise ValueError(f"expected a move after {keyword!r} but got {line!r}")
    steps: List[str] = []
    removed: List[List[Removal]] = []
    over: Optional[GameOver] = None
    extra: List[str] = []
    i = 1
    while i < len(words):
        if words[i] == "steps" and not steps and i + 1 < len(words) and _STEP.match(words[i + 1]):
            i += 1
            while i < len(words) and _STEP.match(words[i]):
                steps.append(words[i])
                i += 1
            continue
        i, more, ended = _read_tail(words, i, extra)
        removed.extend(more)
        over = ended or over
    return Played(move=words[0], steps=steps, removed=removed, over=over, extra=extra, raw=line)


@dataclass(frozen=True)
class Stepped:
    """The answer to ``step`` (protocol.md § 4.3).

    ``step`` is the step played (canonical), ``auto`` the steps the engine then took by itself,
    ``turn`` the whole turn's token when the step completed it (else ``None``), ``removed``
    what each step of the answer removed (one list per step: the step played, then each
    ``auto`` step; empty altogether when nothing was removed), ``over`` how the completed turn
    ended the game (``None`` if it did not). Words this client does not know are kept in order
    in ``extra``, and the line in ``raw``.
    """

    step: str
    auto: List[str]
    turn: Optional[str]
    removed: List[List[Removal]]
    over: Optional[GameOver]
    extra: List[str]
    raw: str

    @property
    def turn_complete(self) -> bool:
        """Whether this step (with its automatic steps) completed the turn."""
        return self.turn is not None


def parse_stepped(line: str) -> Stepped:
    words = _after(line, "stepped")
    if not words:
        raise ValueError(f"expected a step after 'stepped' but got {line!r}")
    auto: List[str] = []
    turn: Optional[str] = None
    removed: List[List[Removal]] = []
    over: Optional[GameOver] = None
    extra: List[str] = []
    i = 1
    while i < len(words):
        word = words[i]
        if word == "auto":
            i += 1
            while i < len(words) and _STEP.match(words[i]):
                auto.append(words[i])
                i += 1
        elif word == "turn" and turn is None and i + 1 < len(words):
            turn = words[i + 1]
            i += 2
        else:
            i, more, ended = _read_tail(words, i, extra)
            removed.extend(more)
            over = ended or over
    return Stepped(step=words[0], auto=auto, turn=turn, removed=removed, over=over, extra=extra, raw=line)


@dataclass(frozen=True)
class Undone:
    """The answer to ``undo`` or ``undo step`` (protocol.md § 4.4).

    ``kind`` is ``"forfeit"``, ``"step"`` or ``"turn"``; ``step`` the step taken back when the
    engine names it (``undo step`` does), else ``None``.
    """

    kind: str
    step: Optional[str]
    extra: List[str]
    raw: str


def parse_undone(line: str) -> Undone:
    words = _after(line, "undone")
    if not words:
        raise ValueError(f"expected what was undone after 'undone' but got {line!r}")
    step = words[1] if words[0] == "step" and len(words) > 1 else None
    return Undone(kind=words[0], step=step, extra=words[2 if step else 1 :], raw=line)


@dataclass(frozen=True)
class LegalTurns:
    """The ``turns`` line of ``legal`` (protocol.md § 4.1).

    ``status`` is ``"complete"`` (every legal turn is listed), ``"partial"`` (only the first
    ones: there are too many) or ``"midturn"`` (a turn is being built: none is listed).
    ``count`` is the number the engine printed.
    """

    status: str
    count: int
    turns: List[str]

    @property
    def complete(self) -> bool:
        """Whether ``turns`` lists every legal turn."""
        return self.status == "complete"


def parse_steps(line: str) -> List[str]:
    words = _after(line, "steps")
    if not words or _int(words[0]) is None:
        raise ValueError(f"expected 'steps <n> …' but got {line!r}")
    return words[1:]


def parse_turns(line: str) -> LegalTurns:
    words = _after(line, "turns")
    count = _int(words[1]) if len(words) > 1 else None
    if count is None:
        raise ValueError(f"expected 'turns <status> <n> …' but got {line!r}")
    return LegalTurns(status=words[0], count=count, turns=words[2:])


@dataclass(frozen=True)
class Legal:
    """Both lines of ``legal``: the legal next steps and the legal whole turns."""

    steps: List[str]
    turns: LegalTurns


# --------------------------------------------------------------------------------------------
# Counting and describing


@dataclass(frozen=True)
class Perft:
    """The answer to ``perft``: the leaf count under each legal turn (sorted by move text, as
    the engine prints them) and the total."""

    divide: Dict[str, int]
    total: int


def parse_divide(line: str) -> Optional[Tuple[str, int]]:
    """Reads a ``<move>: <count>`` line of perft; ``None`` when the line is not one."""
    move, sep, count = line.rpartition(": ")
    number = _int(count)
    if not sep or not move or " " in move or number is None:
        return None
    return move, number


@dataclass(frozen=True)
class Bench:
    """The answer to ``bench`` (protocol.md § 4.8): the steps the benchmark's searches applied
    (a signature of the build) and their rate. ``fields`` holds every ``name: value`` line."""

    nodes: int
    nps: int
    fields: Dict[str, str]


def parse_bench(lines: Sequence[str]) -> Bench:
    fields: Dict[str, str] = {}
    for line in lines:
        name, sep, value = line.partition(": ")
        if sep:
            fields[name] = value.strip()
    nodes = _int(fields.get("Nodes searched", ""))
    nps = _int(fields.get("Nodes/second", ""))
    if nodes is None or nps is None:
        raise ValueError(f"expected 'Nodes searched' and 'Nodes/second' lines but got {list(lines)!r}")
    return Bench(nodes=nodes, nps=nps, fields=fields)


def parse_describe(line: str) -> Dict[str, str]:
    """Reads ``describe``'s line into a dict of its ``key=value`` fields, in the engine's order.

    Values stay strings (``"true"``, ``"64"``, ``"-"`` …), as the engine wrote them; a word
    without ``=`` is kept as a key with the value ``""``.
    """
    fields: Dict[str, str] = {}
    for word in _after(line, "describe"):
        key, _, value = word.partition("=")
        fields[key] = value
    return fields


@dataclass(frozen=True)
class History:
    """The answer to ``history`` (protocol.md § 4.11): the position string the game was set up
    from, the whole turns played since (oldest first), and the steps of the turn being built
    (chosen and automatic; empty at a turn start)."""

    start: str
    moves: List[str]
    building: List[str]


def parse_history(lines: Sequence[str]) -> History:
    start: Optional[str] = None
    moves: Optional[List[str]] = None
    building: List[str] = []
    for line in lines:
        keyword, _, rest = line.partition(" ")
        if keyword == "start":
            start = rest.strip()
        elif keyword == "history":
            moves = rest.split()[1:]
        elif keyword == "building":
            building = rest.split()[1:]
    if start is None or moves is None:
        raise ValueError(f"expected 'start' and 'history' lines but got {list(lines)!r}")
    return History(start=start, moves=moves, building=building)


# --------------------------------------------------------------------------------------------
# How a game is presented


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
        x = _float(words[2]) if len(words) > 2 else None
        y = _float(words[3]) if len(words) > 3 else None
        if kind == "point" and len(words) >= 6 and x is not None and y is not None:
            points.append(Point(words[1], x, y, words[4], _names(words[5]), words[6:]))
        elif kind == "square" and len(words) >= 6 and x is not None and y is not None:
            squares.append(Square(words[1], x, y, _names(words[4]), _names(words[5]), words[6:]))
        else:
            extra_lines.append(line)
    if "game" not in header:
        raise ValueError(f"expected a 'geometry game …' line but got {list(lines)[:1]!r}")
    return Geometry(header["game"], points, squares, header, extra_lines)


# --------------------------------------------------------------------------------------------
# The ugi handshake


MANAGED_OPTIONS = frozenset(["multipv", "ponder"])
"""The options the client sets itself for each call (``MultiPV`` for ``analyse``'s
``multipv``, ``Ponder`` for ``play``'s ``ponder``), lower-case: ``Engine.configure`` refuses
them, as python-chess does."""


@dataclass(frozen=True)
class Option:
    """An ``option`` line of the ``ugi`` answer, in python-chess's shape: the option's ``name``,
    ``type`` (``spin``, ``check``, ``combo``, ``string``, ``button``), ``default``, ``min`` and
    ``max`` (a ``spin``'s bounds) and ``var`` (a ``combo``'s values), typed as python-chess
    types them: a ``spin``'s ``default``, ``min`` and ``max`` are ``int``, a ``check``'s
    ``default`` a ``bool``, the others' ``default`` a ``str``; what a line lacks (or a number
    that does not read as one) is ``None``. ``raw`` is the line."""

    name: str
    type: str
    default: Union[int, bool, str, None]
    min: Optional[int] = None
    max: Optional[int] = None
    var: List[str] = field(default_factory=list)
    raw: str = ""

    @property
    def vars(self) -> List[str]:
        """The combo's values (this client's earlier name of :attr:`var`)."""
        return self.var

    def is_managed(self) -> bool:
        """Whether the client sets this option itself for each call (``MultiPV``, ``Ponder``),
        so that :meth:`Engine.configure <guerrilla_client.Engine.configure>` refuses it, as
        python-chess's ``Option.is_managed()``."""
        return self.name.lower() in MANAGED_OPTIONS


class Options(Mapping[str, Option]):
    """The engine's options by name, found in any case (``options["multipv"]`` is the
    ``MultiPV`` option, as the engine matches names), iterated in the engine's order and with
    the engine's spelling; python-chess's options mapping is case-insensitive the same way."""

    def __init__(self) -> None:
        self._by_key: Dict[str, Option] = {}

    def __setitem__(self, name: str, option: Option) -> None:
        self._by_key[name.lower()] = option

    def __getitem__(self, name: str) -> Option:
        try:
            return self._by_key[name.lower()]
        except KeyError:
            raise KeyError(name) from None

    def __iter__(self) -> Iterator[str]:
        return (option.name for option in self._by_key.values())

    def __len__(self) -> int:
        return len(self._by_key)

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and name.lower() in self._by_key

    def __repr__(self) -> str:
        return f"Options({dict(self)!r})"


_OPTION_KEYS = ("name", "type", "default", "min", "max", "var")


def _typed_default(kind: str, text: Optional[str]) -> Union[int, bool, str, None]:
    if text is None:
        return None
    if kind == "spin":
        return _int(text)
    if kind == "check":
        return {"true": True, "false": False}.get(text.lower())
    return text


def parse_option(line: str) -> Option:
    words = _after(line, "option")
    parts: Dict[str, List[str]] = {}
    vars_: List[str] = []
    key: Optional[str] = None
    for word in words:
        if word in _OPTION_KEYS:
            key = word
            if key == "var":
                vars_.append("")
            else:
                parts[key] = []
        elif key == "var":
            vars_[-1] = f"{vars_[-1]} {word}".strip()
        elif key is not None:
            parts[key].append(word)

    def get(name: str) -> Optional[str]:
        return " ".join(parts[name]) if name in parts else None

    def number(name: str) -> Optional[int]:
        text = get(name)
        return None if text is None else _int(text)

    name = get("name")
    if not name:
        raise ValueError(f"expected 'option name …' but got {line!r}")
    kind = get("type") or ""
    return Option(
        name=name,
        type=kind,
        default=_typed_default(kind, get("default")),
        min=number("min"),
        max=number("max"),
        var=vars_,
        raw=line,
    )
