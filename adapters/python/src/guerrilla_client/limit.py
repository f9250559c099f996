"""Search limits in seconds (python-chess's ``Limit``), and the ``go`` line that carries them.

protocol.md § 3.6 counts time in integer milliseconds; :class:`Limit` takes seconds as numbers
(``Limit(time=0.1)``) and converts them, rounding to the nearest millisecond.
"""

from __future__ import annotations

import math
import warnings
from typing import Dict, Iterable, List, Optional, Tuple, Union

from . import wire

Seconds = Union[int, float]
"""A duration in seconds: any non-negative finite number."""

_U64 = 2**64 - 1
_U32 = 2**32 - 1
_CLOCKS = (("p1_clock", "p1time"), ("p2_clock", "p2time"), ("p1_inc", "p1inc"), ("p2_inc", "p2inc"))
_CHESS_CLOCKS = {"white_clock": "p1_clock", "black_clock": "p2_clock", "white_inc": "p1_inc", "black_inc": "p2_inc"}


def _seconds(name: str, value: Optional[Seconds]) -> Optional[float]:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise TypeError(f"Limit {name} is a number of seconds, got {value!r}")
    if not math.isfinite(value) or value < 0 or value * 1000 > _U64:
        raise ValueError(f"Limit {name} takes seconds from 0 to {_U64 // 1000}, got {value!r}")
    return float(value)


def _count(name: str, value: Optional[int], limit: int) -> Optional[int]:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"Limit {name} is a whole number, got {value!r}")
    if not 0 <= value <= limit:
        raise ValueError(f"Limit {name} takes a whole number from 0 to {limit}, got {value!r}")
    return value


def milliseconds(seconds: float) -> int:
    """``seconds`` as the protocol's whole milliseconds (rounded to the nearest)."""
    return int(round(seconds * 1000))


class Limit:
    """When a search ends: the first limit reached (protocol.md § 3.6). Times are in seconds.

    * ``time``: think this long at most (``wire.Go``'s ``movetime``);
    * ``nodes``: this many iterations; ``depth``: until the principal variation covers this
      many whole turns;
    * ``p1_clock``, ``p2_clock``: the time left on each side's clock, ``p1_inc``, ``p2_inc``:
      each side's increment per turn; the engine budgets the mover's clock itself.
      python-chess's names ``white_clock``, ``black_clock``, ``white_inc``, ``black_inc`` are
      accepted for them (p1 moves first, as White does).

    ``Limit()`` with nothing set lets the engine use its default budget.
    """

    __slots__ = ("time", "nodes", "depth", "p1_clock", "p2_clock", "p1_inc", "p2_inc")

    def __init__(
        self,
        time: Optional[Seconds] = None,
        depth: Optional[int] = None,
        nodes: Optional[int] = None,
        *,
        p1_clock: Optional[Seconds] = None,
        p2_clock: Optional[Seconds] = None,
        p1_inc: Optional[Seconds] = None,
        p2_inc: Optional[Seconds] = None,
        white_clock: Optional[Seconds] = None,
        black_clock: Optional[Seconds] = None,
        white_inc: Optional[Seconds] = None,
        black_inc: Optional[Seconds] = None,
    ) -> None:
        self.time: Optional[float] = _seconds("time", time)
        self.depth: Optional[int] = _count("depth", depth, _U32)
        self.nodes: Optional[int] = _count("nodes", nodes, _U64)
        given = {"p1_clock": p1_clock, "p2_clock": p2_clock, "p1_inc": p1_inc, "p2_inc": p2_inc}
        aliases = {"white_clock": white_clock, "black_clock": black_clock, "white_inc": white_inc, "black_inc": black_inc}
        for alias, value in aliases.items():
            if value is not None:
                name = _CHESS_CLOCKS[alias]
                if given[name] is not None:
                    raise TypeError(f"Limit got both {name} and {alias}, which are the same clock")
                given[name] = value
        self.p1_clock: Optional[float] = _seconds("p1_clock", given["p1_clock"])
        self.p2_clock: Optional[float] = _seconds("p2_clock", given["p2_clock"])
        self.p1_inc: Optional[float] = _seconds("p1_inc", given["p1_inc"])
        self.p2_inc: Optional[float] = _seconds("p2_inc", given["p2_inc"])

    # python-chess's names, read as well as written.
    @property
    def white_clock(self) -> Optional[float]:
        return self.p1_clock

    @property
    def black_clock(self) -> Optional[float]:
        return self.p2_clock

    @property
    def white_inc(self) -> Optional[float]:
        return self.p1_inc

    @property
    def black_inc(self) -> Optional[float]:
        return self.p2_inc

    def budget(self) -> float:
        """The seconds the search may think by its time limits: ``time``, else the larger
        clock (0 when neither is set)."""
        if self.time is not None:
            return self.time
        return max(self.p1_clock or 0.0, self.p2_clock or 0.0)

    def words(self) -> List[str]:
        """The limits as words of a search command (times in milliseconds)."""
        return [word for pair in self.pairs() for word in pair]

    def pairs(self) -> List[Tuple[str, str]]:
        """The limits as a search command's arguments, each a name and a value (times in
        milliseconds)."""
        parts: List[Tuple[str, str]] = []
        for name, keyword in _CLOCKS:
            value = getattr(self, name)
            if value is not None:
                parts.append((keyword, str(milliseconds(value))))
        if self.time is not None:
            parts.append(("movetime", str(milliseconds(self.time))))
        if self.nodes is not None:
            parts.append(("nodes", str(self.nodes)))
        if self.depth is not None:
            parts.append(("depth", str(self.depth)))
        return parts

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Limit):
            return NotImplemented
        return all(getattr(self, name) == getattr(other, name) for name in self.__slots__)

    def __repr__(self) -> str:
        fields = ", ".join(
            f"{name}={getattr(self, name)!r}" for name in self.__slots__ if getattr(self, name) is not None
        )
        return f"Limit({fields})"


def tokens(moves: Iterable[str], what: str) -> List[str]:
    """The protocol tokens of ``moves``, a list or other iterable of strings, one a turn.

    A bare string is refused (``TypeError``) before anything is sent: iterating it would send
    one character a token (``"D4D5"`` → ``D 4 D 5``), which the engine refuses, and in
    ``position`` an illegal move loses the game (protocol.md § 3.5). A token that is empty or
    holds whitespace is a ``ValueError``.
    """
    if isinstance(moves, (str, bytes)):
        raise TypeError(
            f"{what} takes a list of turns, such as [{str(moves)!r}], not a single string "
            f"(got {moves!r})"
        )
    result = []
    for move in moves:
        if not isinstance(move, str):
            raise TypeError(f"{what} takes turns as strings, got {move!r}")
        if not move or any(c.isspace() for c in move):
            raise ValueError(f"a turn in {what} is one word without spaces, got {move!r}")
        result.append(move)
    return result


def go_line(
    limit: Optional[Limit],
    *,
    infinite: bool = False,
    ponder: bool = False,
    searchmoves: Optional[Iterable[str]] = None,
) -> str:
    """The command line of a search under ``limit`` (protocol.md § 3.6; ``searchmoves`` comes
    last, as it takes every word after it), written by wire.py."""
    args: List[Tuple[str, Optional[str]]] = []
    if ponder:
        args.append(("ponder", None))
    if limit is not None:
        args += limit.pairs()
    if infinite:
        args.append(("infinite", None))
    turns: List[str] = []
    if searchmoves is not None:
        turns = tokens(searchmoves, "searchmoves")
        if not turns:
            raise ValueError("searchmoves takes at least one turn (None searches them all)")
    return str(wire.Go(tuple(args), tuple(turns)))


# The deprecated millisecond keywords of Engine.go and Engine.search, and their Limit fields.
_LEGACY = {"movetime": "time", "p1time": "p1_clock", "p2time": "p2_clock", "p1inc": "p1_inc", "p2inc": "p2_inc"}


def limit_of(
    limit: Optional[Limit],
    *,
    nodes: Optional[int] = None,
    depth: Optional[int] = None,
    legacy: Optional[Dict[str, Optional[int]]] = None,
    stacklevel: int = 3,
) -> Optional[Limit]:
    """The :class:`Limit` of a ``go``: ``limit``, or the one the keywords ``nodes``, ``depth``
    and the deprecated millisecond ones (``movetime``, ``p1time`` … by name) make.

    A millisecond keyword that is not a whole number (``movetime=0.1``, meant as seconds) is a
    ``TypeError`` naming the :class:`Limit` to write; whole numbers still work, with a
    ``DeprecationWarning``.
    """
    given = {name: value for name, value in (legacy or {}).items() if value is not None}
    for name, value in given.items():
        if isinstance(value, bool) or not isinstance(value, int):
            raise TypeError(
                f"go's {name} is a whole number of milliseconds, and deprecated: for {value!r} seconds "
                f"write go(Limit({_LEGACY[name]}={value!r}))"
            )
    if limit is not None:
        if given or nodes is not None or depth is not None:
            raise TypeError("give the limits as a Limit or as keywords, not both")
        return limit
    if given:
        seconds = ", ".join(f"{_LEGACY[name]}={value / 1000!r}" for name, value in given.items())
        warnings.warn(
            f"go's {', '.join(given)} in milliseconds are deprecated: write Limit({seconds}) (seconds)",
            DeprecationWarning,
            stacklevel=stacklevel,
        )
    if not given and nodes is None and depth is None:
        return None
    fields = {_LEGACY[name]: value / 1000 for name, value in given.items()}
    for name, value in given.items():
        if value < 0:
            raise ValueError(f"go {name} takes a whole number of milliseconds from 0, got {value!r}")
    return Limit(
        time=fields.get("time"),
        depth=depth,
        nodes=nodes,
        p1_clock=fields.get("p1_clock"),
        p2_clock=fields.get("p2_clock"),
        p1_inc=fields.get("p1_inc"),
        p2_inc=fields.get("p2_inc"),
    )
