"""What a search writes, read: its ``info`` lines (:class:`Info`) and its end
(:class:`SearchResult`). The running search that reads them is in search.py."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Dict, List, Optional, Sequence, Tuple

from . import wire
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
    ``wire.InfoString`` line. Fields this client does not know are kept in ``extra`` (each as the
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


def _score(score: Optional[wire.Score]) -> Optional[Score]:
    """The client's score of a report's: an expected result or a proven one (another engine's
    UCI score is kept in ``extra``)."""
    if score is None or score.kind in ("cp", "mate"):
        return None
    if score.kind == "expected":
        return Score(value=float(score.number))
    return Score(proven=score.kind, turns=int(score.number))


def info_of(line: str, message: wire.Message) -> Info:
    """The :class:`Info` of a search's line read by wire.py (``message``, read from ``line``)."""
    if isinstance(message, wire.InfoString):
        return Info(raw=line, string=message.text)
    if isinstance(message, wire.Error):
        return Info(raw=line, string=message.string)
    if isinstance(message, wire.CurrMove):
        return Info(raw=line, currmove=message.turn, currmovenumber=message.number)
    if not isinstance(message, wire.Info):
        raise ValueError(f"expected a search's report but got {line!r}")
    extra: Dict[str, str] = {}
    if message.score is not None and _score(message.score) is None:
        extra["score"] = str(message.score)
    if message.visits is not None:
        extra["visits"] = str(message.visits)
    extra.update(message.extra)
    return Info(
        raw=line,
        depth=message.depth,
        nodes=message.nodes,
        time=message.time,
        nps=message.nps,
        score=_score(message.score),
        pv=list(message.pv),
        extra=extra,
        multipv=message.multipv,
        wdl=Wdl(*message.wdl) if message.wdl is not None else None,
    )


def parse_info(line: str) -> Info:
    """Reads a search's line (wire.py's :func:`~guerrilla_client.wire.parse_info`); never fails
    on a line that starts with the word ``info``."""
    words = line.split(maxsplit=1)
    if words[:1] != ["info"]:
        raise ValueError(f"expected a line starting with 'info' but got {line!r}")
    return info_of(line, wire.parse_info(line))


@dataclass(frozen=True)
class SearchResult:
    """What a search answered: its ``wire.BestMove`` and its ``info`` lines.

    ``info`` is the last report's best line (the last ``info`` line with a ``depth`` whose
    ``multipv`` is 1 or absent; ``None`` when the search wrote none), ``lines`` that report's
    lines, best first (one unless the ``MultiPV`` option is above 1), ``infos`` every ``info``
    line with search figures in order, ``strings`` the text of any ``wire.InfoString`` lines.
    """

    bestmove: str
    info: Optional[Info]
    infos: List[Info]
    strings: List[str] = field(default_factory=list)
    bestmove_line: str = ""
    """The ``wire.BestMove`` line as the engine wrote it (words after the move are kept there)."""
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
        """The turn after ``ponder`` in the ``wire.BestMove`` line (the reply the engine expects,
        written when its ``Ponder`` option is on), else ``None``."""
        end = wire.parse_message(self.bestmove_line)
        if isinstance(end, wire.BestMove) and end.ponder != "none":
            return end.ponder
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
