"""What a search writes, read: its ``info`` lines (:class:`Info`) and its end
(:class:`SearchResult`). The running search that reads them is in search.py."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Dict, List, Optional, Sequence, Tuple

from .answers import _after, _float, _int
from .scores import Score, Wdl


@dataclass(frozen=True)
class Info:
    """One ``info`` line of a search (protocol.md § 3.6), fields ``None`` when absent.

    The fields come in the engine's order: ``depth``, ``multipv`` (the line's rank, 1 the best,
    written only when the ``MultiPV`` option is above 1), ``nodes``, ``time``, ``nps``,
    ``score``, ``wdl`` (written only when the ``ShowWDL`` option is on), ``pv``. A long search
    also writes lines of ``currmove`` and ``currmovenumber`` alone.

    ``pv`` is the principal variation, one token per whole turn; when the search has not
    followed its last turn to the end, the last token is that turn's steps so far joined by
    ``,`` and followed by ``...`` (see :attr:`pv_incomplete`; with ``MultiPV``, a line below the
    best may have only that token). ``string`` is the text of an
    ``info string …`` line. Fields this client does not know are kept in ``extra`` (each as the
    word after its name), and the whole line in ``raw``.
    """

    raw: str
    depth: Optional[int] = None
    nodes: Optional[int] = None
    time: Optional[int] = None
    """Milliseconds since the search started."""
    nps: Optional[int] = None
    score: Optional[Score] = None
    pv: List[str] = field(default_factory=list)
    string: Optional[str] = None
    extra: Dict[str, str] = field(default_factory=dict)
    multipv: Optional[int] = None
    """The rank of this line among the search's lines (1 the best); ``None`` when the engine
    wrote no ``multipv`` field (``MultiPV`` 1)."""
    wdl: Optional[Wdl] = None
    """The engine's win/draw/loss per mille for the side to move (``ShowWDL``)."""
    currmove: Optional[str] = None
    """The root turn the search is on (a ``currmove`` line)."""
    currmovenumber: Optional[int] = None
    """``currmove``'s number in the order the search takes the root's turns, from 1 (not a
    ranking: :attr:`multipv` ranks lines)."""

    @property
    def pv_incomplete(self) -> bool:
        """Whether the last token of ``pv`` is a turn cut short (it ends with ``...``)."""
        return bool(self.pv) and self.pv[-1].endswith("...")


_INT_FIELDS = ("depth", "multipv", "nodes", "time", "nps", "currmovenumber")
_KNOWN_FIELDS = frozenset(_INT_FIELDS + ("score", "wdl", "pv", "string", "currmove"))


def _read_score(words: List[str]) -> Tuple[Optional[Score], int]:
    """The score at the start of ``words`` (the words after ``score``) and how many words it
    takes; ``(None, 0)`` when they do not start with one."""
    if len(words) >= 3 and words[0] in ("win", "loss", "draw") and words[1] == "in":
        turns = _int(words[2])
        if turns is not None:
            return Score(proven=words[0], turns=turns), 3
    value = _float(words[0]) if words else None
    if value is not None:
        return Score(value=value), 1
    return None, 0


def _read_wdl(words: List[str]) -> Optional[Wdl]:
    """The three per mille figures at the start of ``words`` (the words after ``wdl``)."""
    figures = [_int(word) for word in words[:3]]
    if len(figures) == 3 and all(figure is not None and figure >= 0 for figure in figures):
        wins, draws, losses = (figure or 0 for figure in figures)
        return Wdl(wins, draws, losses)
    return None


def parse_info(line: str) -> Info:
    """Reads an ``info …`` line; never fails on a line that starts with ``info``."""
    words = _after(line, "info")
    values: Dict[str, int] = {}
    extra: Dict[str, str] = {}
    score: Optional[Score] = None
    wdl: Optional[Wdl] = None
    currmove: Optional[str] = None
    pv: List[str] = []
    string: Optional[str] = None
    i = 0
    while i < len(words):
        key = words[i]
        if key == "string":
            parts = line.split(maxsplit=i + 2)  # "info", words[0..i], then the text as written
            string = parts[i + 2] if len(parts) > i + 2 else ""
            break
        if key == "pv":
            pv = words[i + 1 :]
            break
        if key == "score":
            read, taken = _read_score(words[i + 1 :])
            if read is not None:
                score = read
                i += 1 + taken
                continue
        if key == "wdl":
            figures = _read_wdl(words[i + 1 :])
            if figures is not None:
                wdl = figures
                i += 4
                continue
        # A field is a name and one value; a name followed by a known name (or nothing) is a
        # flag, kept with the value "".
        value = words[i + 1] if i + 1 < len(words) and words[i + 1] not in _KNOWN_FIELDS else ""
        number = _int(value)
        if key in _INT_FIELDS and number is not None:
            values[key] = number
        elif key == "currmove" and value:
            currmove = value
        else:
            extra[key] = value
        i += 2 if value else 1
    return Info(
        raw=line,
        depth=values.get("depth"),
        nodes=values.get("nodes"),
        time=values.get("time"),
        nps=values.get("nps"),
        score=score,
        pv=pv,
        string=string,
        extra=extra,
        multipv=values.get("multipv"),
        wdl=wdl,
        currmove=currmove,
        currmovenumber=values.get("currmovenumber"),
    )


@dataclass(frozen=True)
class SearchResult:
    """What a search answered: its ``bestmove`` and its ``info`` lines.

    ``info`` is the last report's best line (the last ``info`` line with a ``depth`` whose
    ``multipv`` is 1 or absent; ``None`` when the search wrote none), ``lines`` that report's
    lines, best first (one unless the ``MultiPV`` option is above 1), ``infos`` every ``info``
    line with search figures in order, ``strings`` the text of any ``info string`` lines.
    """

    bestmove: str
    info: Optional[Info]
    infos: List[Info]
    strings: List[str] = field(default_factory=list)
    bestmove_line: str = ""
    """The ``bestmove`` line as the engine wrote it (words after the move are kept there)."""
    lines: List[Info] = field(default_factory=list)

    @property
    def score(self) -> Optional[Score]:
        """The score of :attr:`info`, if any."""
        return self.info.score if self.info is not None else None

    @property
    def pv(self) -> List[str]:
        """The principal variation of :attr:`info` (empty if none)."""
        return self.info.pv if self.info is not None else []

    @property
    def ponder(self) -> Optional[str]:
        """The turn after ``ponder`` in the ``bestmove`` line (the reply the engine expects,
        written when its ``Ponder`` option is on), else ``None``."""
        words = self.bestmove_line.split()
        if len(words) >= 4 and words[2] == "ponder" and words[3] != "none":
            return words[3]
        return None


def last_report(infos: Sequence[Info]) -> List[Info]:
    """The lines of the last report among ``infos``: from the last line of rank 1 (``multipv``
    1 or absent) that has a ``depth``, its lines of rank 2, 3 … that follow it, best first."""
    start = next(
        (i for i in range(len(infos) - 1, -1, -1) if infos[i].depth is not None and (infos[i].multipv or 1) == 1),
        None,
    )
    if start is None:
        return []
    lines = [infos[start]]
    for info in infos[start + 1 :]:
        if info.depth is not None and info.multipv == len(lines) + 1:
            lines.append(info)
    return lines
