"""The engine's answers about turns, steps, counts and the state as Python objects, and the
functions that read them from its lines (a search's ``info`` and ``wire.BestMove`` lines are
read in search.py; ``about`` and ``geometry`` in about.py; the ``ugi`` options in options.py).

Each parser reads the fields protocol.md documents and keeps what it does not know: the raw
line, the extra words of a line (``extra``), the extra ``key=value`` fields of ``describe``.
A line with more words than this client knows parses as well as one without them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Dict, List, Optional, Sequence, Tuple

from . import wire


# One step of a turn in either game's step notation (protocol.md § 6.1, § 7.1): a Guerrilla
# Checkers stone (``D4``) or COIN hop (``c5-d6``, ``c5xd6``); a Guerrilla ``pass``, ``endgroup``,
# ``endmove``, growth ``+f3``, new group ``*a1``, split choice ``=c4``, jump ``e3-g3`` or kill
# ``i14xj15``. Used to tell the steps of a ``stepped … auto …`` list from words this client
# does not know.
_STEP = re.compile(r"^(?:pass|endgroup|endmove|[A-I][1-9]|[+*=][a-z]\d{1,2}|[a-z]\d{1,2}[-x][a-z]\d{1,2})$")


def int_or_none(text: str) -> Optional[int]:
    """``text`` read as a whole number, ``None`` when it is none."""
    try:
        return int(text)
    except ValueError:
        return None


def float_or_none(text: str) -> Optional[float]:
    """``text`` read as a number, ``None`` when it is none."""
    try:
        return float(text)
    except ValueError:
        return None


def _after(line: str, keyword: str) -> List[str]:
    """The words of ``line`` after its first word, which must be ``keyword``: the line read by
    wire.py as an answer about the game (:class:`~guerrilla_client.wire.Answer`)."""
    answer = wire.parse_message(line)
    if not isinstance(answer, wire.Answer) or answer.keyword != keyword:
        raise ValueError(f"expected a line starting with {keyword!r} but got {line!r}")
    return list(answer.words)


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
    if not words or int_or_none(words[0]) is None:
        raise ValueError(f"expected 'steps <n> …' but got {line!r}")
    return words[1:]


def parse_turns(line: str) -> LegalTurns:
    words = _after(line, "turns")
    count = int_or_none(words[1]) if len(words) > 1 else None
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
    number = int_or_none(count)
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
    nodes = int_or_none(fields.get("Nodes searched", ""))
    nps = int_or_none(fields.get("Nodes/second", ""))
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
