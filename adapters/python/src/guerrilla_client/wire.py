"""The protocol's words (protocol.md), in one place: every command this client sends is a value
here written by ``str()``, and every line the engine writes is read here into a typed message
(:func:`parse_message`). The other modules build commands and read lines only through this
module, which imports nothing of the package.

For each value ``str()`` writes the engine's one spelling, and parsing that text gives the
value back; a command or a line of the engine parses and is written back as it came. The kinds
mirror the engine's codec (``src/protocol/codec``): the handshake (:class:`Id`,
:class:`OptionDecl`, :class:`UgiOk`, :class:`ReadyOk`), a search's lines (:class:`Info` with
its :class:`Score`, :class:`CurrMove`, :class:`InfoString`, :class:`Error`, :class:`BestMove`),
:class:`Response`, the lines of ``about`` (:class:`AboutLine`, any kind kept), the answers
about the game read in detail by answers.py (:class:`Answer`), perft's and bench's lines, and
the free text of ``show`` and ``help`` (:class:`Text`). A line of no kind known here is an
:class:`Unmodelled` message, never an error.

``info`` lines are read leniently, as any engine writes them: fields in any order, fields this
client does not know kept in :attr:`Info.extra`, UCI's ``cp`` and ``mate`` scores.

Its length (a little over 600 lines) is the price of the one place: every word of the protocol
stays in this one module, which imports nothing of the package.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Dict, List, Optional, Tuple, Union

# --------------------------------------------------------------------------------------------
# Commands (client -> engine)


@dataclass(frozen=True)
class Verb:
    """A command of a word and its arguments as tokens: ``isready``, ``play D4D5``,
    ``undo step``, ``perft 2`` … (the ones :data:`VERBS` names)."""

    word: str
    args: Tuple[str, ...] = ()

    def __str__(self) -> str:
        return " ".join((self.word, *self.args))


VERBS = frozenset(
    (
        "ugi", "isready", "uginewgame", "stop", "ponderhit", "quit", "play", "step", "expand",
        "undo", "legal", "show", "describe", "history", "geometry", "about", "help", "perft",
        "bench",
    )
)
"""The words of the commands that are a word and tokens (the others have their own types)."""

UGI = Verb("ugi")
ISREADY = Verb("isready")
UGINEWGAME = Verb("uginewgame")
STOP = Verb("stop")
PONDERHIT = Verb("ponderhit")
QUIT = Verb("quit")


@dataclass(frozen=True)
class SetOption:
    """``setoption name <name> [value <value>]``: ``value`` ``None`` for a button."""

    name: str
    value: Optional[str] = None

    def __str__(self) -> str:
        line = f"setoption name {self.name}"
        return line if self.value is None else f"{line} value {self.value}"


@dataclass(frozen=True)
class Position:
    """``position startpos|fen <position string> [moves <turn> …]``: ``fen`` ``None`` for the
    start position."""

    fen: Optional[str] = None
    moves: Tuple[str, ...] = ()

    def __str__(self) -> str:
        line = "position startpos" if self.fen is None else f"position fen {self.fen}"
        return f"{line} moves {' '.join(self.moves)}" if self.moves else line


GO_FLAGS = frozenset(("ponder", "infinite"))
"""The ``go`` arguments without a value."""


@dataclass(frozen=True)
class Go:
    """``go [<key> <value> | ponder | infinite] … [searchmoves <turn> …]``: its arguments in
    order, a flag's value ``None``; ``searchmoves`` last, as it takes every word after it."""

    args: Tuple[Tuple[str, Optional[str]], ...] = ()
    searchmoves: Tuple[str, ...] = ()

    def __str__(self) -> str:
        words = ["go"]
        for key, value in self.args:
            words.append(key if value is None else f"{key} {value}")
        if self.searchmoves:
            words += ["searchmoves", *self.searchmoves]
        return " ".join(words)


@dataclass(frozen=True)
class Query:
    """``query gameover|p1turn|result``."""

    what: str

    def __str__(self) -> str:
        return f"query {self.what}"


@dataclass(frozen=True)
class UnknownCommand:
    """A line of no command kind known here, kept as it is."""

    line: str

    def __str__(self) -> str:
        return self.line


Command = Union[Verb, SetOption, Position, Go, Query, UnknownCommand]

READ_ONLY = frozenset(
    ("isready", "query", "show", "describe", "legal", "geometry", "history", "expand", "help", "ugi", "about")
)
"""The words of the commands the engine answers beside a running search, without stopping it
(protocol.md § 3.10)."""


def parse_command(line: str) -> Command:
    """The command a line spells (words split on spaces); :class:`UnknownCommand` for any
    other."""
    words = line.split()
    head, rest = (words[0], words[1:]) if words else ("", [])
    if head == "setoption" and rest[:1] == ["name"] and len(rest) > 1:
        if "value" in rest[2:]:
            at = rest.index("value", 2)
            return SetOption(" ".join(rest[1:at]), " ".join(rest[at + 1 :]))
        return SetOption(" ".join(rest[1:]))
    if head == "position" and rest:
        at = rest.index("moves") if "moves" in rest else len(rest)
        moves = tuple(rest[at + 1 :])
        if rest[0] == "startpos" and at == 1 and (moves or at == len(rest)):
            return Position(None, moves)
        if rest[0] == "fen" and at > 1 and (moves or at == len(rest)):
            return Position(" ".join(rest[1:at]), moves)
    if head == "go":
        args: List[Tuple[str, Optional[str]]] = []
        i = 0
        while i < len(rest):
            key = rest[i]
            if key == "searchmoves" and i + 1 < len(rest):
                return Go(tuple(args), tuple(rest[i + 1 :]))
            if key in GO_FLAGS:
                args.append((key, None))
                i += 1
            elif key.isalnum() and key != "searchmoves" and i + 1 < len(rest):
                args.append((key, rest[i + 1]))
                i += 2
            else:
                return UnknownCommand(line)
        return Go(tuple(args))
    if head == "query" and len(rest) == 1:
        return Query(rest[0])
    if head in VERBS:
        return Verb(head, tuple(rest))
    return UnknownCommand(line)


# --------------------------------------------------------------------------------------------
# Messages (engine -> client)

ERROR_PREFIX = "info string error: "
"""What the one line that answers a refused input starts with (protocol.md § 1)."""


@dataclass(frozen=True)
class Id:
    """``id name <text>`` or ``id author <text>``."""

    field: str
    text: str

    def __str__(self) -> str:
        return f"id {self.field} {self.text}"


@dataclass(frozen=True)
class OptionDecl:
    """``option name <name> type <type> [default <x>] [min <m>] [max <m>] [var <v>] …``, its
    values as written (``default`` ``""`` for a ``string`` option's empty default, ``None``
    for a ``button``'s none)."""

    name: str
    type: str
    default: Optional[str] = None
    min: Optional[str] = None
    max: Optional[str] = None
    vars: Tuple[str, ...] = ()

    def __str__(self) -> str:
        line = f"option name {self.name} type {self.type}"
        if self.default is not None:
            line += f" default {self.default}" if self.default else " default"
        if self.min is not None:
            line += f" min {self.min}"
        if self.max is not None:
            line += f" max {self.max}"
        return line + "".join(f" var {v}" for v in self.vars)


@dataclass(frozen=True)
class UgiOk:
    def __str__(self) -> str:
        return "ugiok"


@dataclass(frozen=True)
class ReadyOk:
    def __str__(self) -> str:
        return "readyok"


@dataclass(frozen=True)
class Score:
    """A line's score: ``kind`` ``expected`` (``number`` the expected result, written with three
    decimals), ``win``/``loss``/``draw`` (``number`` whole turns), or another engine's UCI
    ``cp`` (centipawns) or ``mate`` (moves)."""

    kind: str
    number: Union[float, int]

    def __str__(self) -> str:
        if self.kind == "expected":
            return f"{self.number:.3f}"
        if self.kind in PROVEN:
            return f"{self.kind} in {self.number}"
        return f"{self.kind} {self.number}"


PROVEN = ("win", "loss", "draw")
"""The words of a proven score."""

_INFO_INTS = ("depth", "multipv", "nodes", "time", "nps", "visits")


@dataclass(frozen=True)
class Info:
    """One ``info`` report of a search (protocol.md § 3.6), a field ``None`` when the line does
    not give it; ``extra`` keeps the fields this client does not know, each name with the word
    after it (``""`` for a name alone), in order."""

    depth: Optional[int] = None
    multipv: Optional[int] = None
    nodes: Optional[int] = None
    time: Optional[int] = None
    nps: Optional[int] = None
    score: Optional[Score] = None
    wdl: Optional[Tuple[int, int, int]] = None
    visits: Optional[int] = None
    pv: Tuple[str, ...] = ()
    extra: Tuple[Tuple[str, str], ...] = ()

    def __str__(self) -> str:
        words = ["info"]
        for key in ("depth", "multipv", "nodes", "time", "nps"):
            value = getattr(self, key)
            if value is not None:
                words += [key, str(value)]
        if self.score is not None:
            words += ["score", str(self.score)]
        if self.wdl is not None:
            words += ["wdl", *map(str, self.wdl)]
        if self.visits is not None:
            words += ["visits", str(self.visits)]
        for key, value in self.extra:
            words += [key, value] if value else [key]
        if self.pv:
            words += ["pv", *self.pv]
        return " ".join(words)


@dataclass(frozen=True)
class CurrMove:
    """``info currmove <turn> currmovenumber <k>``."""

    turn: str
    number: int

    def __str__(self) -> str:
        return f"info currmove {self.turn} currmovenumber {self.number}"


@dataclass(frozen=True)
class InfoString:
    """``info string <text>``, the text not an error's."""

    text: str

    def __str__(self) -> str:
        return f"info string {self.text}"


@dataclass(frozen=True)
class Error:
    """``info string error: <text>``: the one line that answers a refused input."""

    text: str

    def __str__(self) -> str:
        return f"{ERROR_PREFIX}{self.text}"

    @property
    def string(self) -> str:
        """The line's text as an ``info string`` line's (``error: …``)."""
        return str(self)[len("info string ") :]


@dataclass(frozen=True)
class BestMove:
    """``bestmove <turn> [ponder <turn>]`` (``turn`` ``None`` for ``bestmove none``); words
    after these are kept in ``extra``."""

    turn: Optional[str]
    ponder: Optional[str] = None
    extra: Tuple[str, ...] = ()

    def __str__(self) -> str:
        words = ["bestmove", self.turn or "none"]
        if self.ponder is not None:
            words += ["ponder", self.ponder]
        return " ".join((*words, *self.extra))


@dataclass(frozen=True)
class Response:
    """``response <word>``: ``true``, ``false``, a result word, or a word this client does not
    know."""

    word: str

    def __str__(self) -> str:
        return f"response {self.word}"


@dataclass(frozen=True)
class AboutLine:
    """A line of the answer to ``about`` (protocol.md § 4.12): its first word (``about``,
    ``title``, ``side``, ``piece``, ``options``, ``field``, ``reason``, ``removal``, ``step``,
    ``tour``, or a kind a newer engine announces) and the rest as written."""

    kind: str
    text: str = ""

    def __str__(self) -> str:
        return f"{self.kind} {self.text}" if self.text else self.kind


ANSWERS = frozenset(
    (
        "played", "expanded", "stepped", "undone", "steps", "turns", "start", "history",
        "building", "fen", "tomove", "result", "describe", "geometry", "point", "square",
    )
)
"""The words the answers about the game start with (answers.py reads each in detail)."""


@dataclass(frozen=True)
class Answer:
    """A line of an answer about the game: its first word (one of :data:`ANSWERS`) and the
    words after it."""

    keyword: str
    words: Tuple[str, ...] = ()

    def __str__(self) -> str:
        return " ".join((self.keyword, *self.words))


@dataclass(frozen=True)
class Divide:
    """``<turn>: <count>``: one line of perft's divide."""

    turn: str
    count: int

    def __str__(self) -> str:
        return f"{self.turn}: {self.count}"


@dataclass(frozen=True)
class NodesSearched:
    """``Nodes searched: <n>``: the end of perft and of bench."""

    count: int

    def __str__(self) -> str:
        return f"Nodes searched: {self.count}"


@dataclass(frozen=True)
class NodesPerSecond:
    """``Nodes/second: <n>``: bench's speed."""

    count: int

    def __str__(self) -> str:
        return f"Nodes/second: {self.count}"


@dataclass(frozen=True)
class Text:
    """A line of free text: ``show``'s picture or ``help``'s text."""

    line: str

    def __str__(self) -> str:
        return self.line


@dataclass(frozen=True)
class Unmodelled:
    """A line of no kind this client models, kept as it came."""

    line: str

    def __str__(self) -> str:
        return self.line


Message = Union[
    Id, OptionDecl, UgiOk, ReadyOk, Info, CurrMove, InfoString, Error, BestMove, Response,
    AboutLine, Answer, Divide, NodesSearched, NodesPerSecond, Text, Unmodelled,
]

LINES, ABOUT, SHOW, HELP = "lines", "about", "show", "help"
"""Which answer a line is read in (:func:`parse_message`): ``about``'s, ``show``'s and
``help``'s hold lines that only the command that asked tells apart."""

_SHOW_WORDS = frozenset(("fen", "steps", "tomove", "result"))


def _number(text: str) -> Optional[int]:
    return int(text) if text.isdigit() else None


def _signed(text: str) -> Optional[int]:
    try:
        return int(text)
    except ValueError:
        return None


def _expected(text: str) -> Optional[float]:
    try:
        value = float(text)
    except ValueError:
        return None
    return value if value == value and abs(value) != float("inf") else None


def _score(words: Tuple[str, ...]) -> Tuple[Optional[Score], int]:
    """The score at the start of ``words`` (the words after ``score``) and how many words it
    takes; ``(None, 0)`` when they do not start with one."""
    if len(words) >= 3 and words[0] in PROVEN and words[1] == "in" and _number(words[2]) is not None:
        return Score(words[0], int(words[2])), 3
    if len(words) >= 2 and words[0] in ("cp", "mate") and _signed(words[1]) is not None:
        return Score(words[0], int(words[1])), 2
    value = _expected(words[0]) if words else None
    return (Score("expected", value), 1) if value is not None else (None, 0)


_INFO_NAMES = frozenset(_INFO_INTS + ("score", "wdl", "pv", "string", "currmove"))


def parse_info(line: str) -> Union[Info, CurrMove, InfoString, Error, Unmodelled]:
    """Reads a line that starts with ``info``: a report (fields in any order, unknown ones in
    ``extra``), ``currmove``, ``info string``, an error line."""
    if line.startswith(ERROR_PREFIX) and len(line) > len(ERROR_PREFIX):
        return Error(line[len(ERROR_PREFIX) :])
    if line.startswith("info string "):
        return InfoString(line[len("info string ") :])
    words = tuple(line.split())
    if words[:1] != ("info",):
        return Unmodelled(line)
    words = words[1:]
    if len(words) == 4 and words[0] == "currmove" and words[2] == "currmovenumber" and _number(words[3]) is not None:
        return CurrMove(words[1], int(words[3]))
    values: Dict[str, Any] = {}
    extra: List[Tuple[str, str]] = []
    i = 0
    while i < len(words):
        key = words[i]
        if key == "string":
            # The rest of the line as written is the text; fields before it are not kept.
            return InfoString(line.split(maxsplit=i + 2)[i + 2] if len(words) > i + 1 else "")
        if key == "pv":
            values["pv"] = words[i + 1 :]
            break
        if key == "score":
            score, taken = _score(words[i + 1 :])
            if score is not None:
                values["score"] = score
                i += 1 + taken
                continue
        if key == "wdl":
            figures = [_number(w) for w in words[i + 1 : i + 4]]
            if len(figures) == 3 and None not in figures:
                values["wdl"] = tuple(figures)
                i += 4
                continue
        # A field is a name and one value; a name followed by a known name (or nothing) is a
        # flag, kept with the value "".
        value = words[i + 1] if i + 1 < len(words) and words[i + 1] not in _INFO_NAMES else ""
        if key in _INFO_INTS and _number(value) is not None:
            values[key] = int(value)
        else:
            extra.append((key, value))
        i += 2 if value else 1
    return Info(extra=tuple(extra), **values)


def _option(line: str) -> Union[OptionDecl, Unmodelled]:
    """``option name … type …``: the words between the keys, joined by single spaces."""
    words = line.split()[1:]
    keys = ("name", "type", "default", "min", "max", "var")
    parts: Dict[str, List[str]] = {}
    vars_: List[List[str]] = []
    key: Optional[str] = None
    for word in words:
        if word in keys and not (key == "name" and word != "type"):
            key = word
            if key == "var":
                vars_.append([])
            else:
                parts[key] = []
        elif key == "var":
            vars_[-1].append(word)
        elif key is not None:
            parts[key].append(word)
    if words[:1] != ["name"] or not parts.get("name") or not parts.get("type"):
        return Unmodelled(line)
    joined = {k: " ".join(v) for k, v in parts.items()}
    return OptionDecl(
        name=joined["name"],
        type=joined["type"],
        default=joined.get("default"),
        min=joined.get("min"),
        max=joined.get("max"),
        vars=tuple(" ".join(v) for v in vars_),
    )


def parse_message(line: str, within: str = LINES) -> Message:
    """The message ``line`` is, read in the answer ``within`` names (:data:`LINES`,
    :data:`ABOUT`, :data:`SHOW`, :data:`HELP`); a search's lines are read as such in any
    answer. Never fails: a line of no kind known here is :class:`Unmodelled`."""
    if within == HELP:
        return Text(line)
    words = line.split(" ")
    head = words[0]
    if head == "info":
        return parse_info(line)
    if head == "bestmove" and len(words) >= 2 and words[1]:
        turn = None if words[1] == "none" else words[1]
        if len(words) >= 4 and words[2] == "ponder" and turn is not None:
            return BestMove(turn, words[3], tuple(words[4:]))
        return BestMove(turn, None, tuple(words[2:]))
    if within == ABOUT:
        return AboutLine(head, line[len(head) + 1 :])
    if within == SHOW and head not in _SHOW_WORDS:
        return Text(line)
    if head == "readyok" and len(words) == 1:
        return ReadyOk()
    if head == "ugiok" and len(words) == 1:
        return UgiOk()
    if head == "id" and len(words) >= 3:
        return Id(words[1], line.split(" ", 2)[2])
    if head == "option":
        return _option(line)
    if head == "response" and len(words) == 2 and words[1]:
        return Response(words[1])
    if head in ANSWERS:
        return Answer(head, tuple(w for w in words[1:] if w))
    if line.startswith("Nodes searched: ") and _number(line[16:]) is not None:
        return NodesSearched(int(line[16:]))
    if line.startswith("Nodes/second: ") and _number(line[14:]) is not None:
        return NodesPerSecond(int(line[14:]))
    if len(words) == 2 and head.endswith(":") and len(head) > 1 and _number(words[1]) is not None:
        return Divide(head[:-1], int(words[1]))
    return Unmodelled(line)


def within_after(command: Command) -> str:
    """The answer the lines after ``command`` are read in."""
    if isinstance(command, Verb) and not command.args:
        return {"about": ABOUT, "show": SHOW, "help": HELP}.get(command.word, LINES)
    return LINES


def is_ready(line: str) -> bool:
    """Whether ``line`` is the ``readyok`` that ends an answer."""
    return isinstance(parse_message(line), ReadyOk)


def is_error(line: str) -> bool:
    """Whether ``line`` is an error line."""
    return isinstance(parse_message(line), Error)
