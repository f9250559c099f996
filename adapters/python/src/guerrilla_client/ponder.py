"""Thinking on the opponent's time for :meth:`Engine.play <guerrilla_client.Engine.play>`:
what a ponder search holds while the script catches up with it.

To ponder, the engine must stand at the position after its own turn and the reply it expects
(protocol.md § 3.11), two whole turns ahead of the script, which has not pushed them yet. The
client plays both turns at once and starts ``wire.Go`` with ``ponder``; each turn played ahead keeps the
engine's answers at the position before it (read just before it was played), so that the
read-only calls of a script that has not pushed it yet answer for the script's position while
the engine goes on pondering. A push of the turn played ahead takes its kept answer; once both
are pushed, the script and the engine stand at the same position and the next ``play`` turns
the ponder search into the real one (``ponderhit``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Dict, List, Optional

from . import wire
from .analysis import Pov
from .answers import Played
from .limit import Limit
from .search import Search

SNAPSHOT = (
    "describe",
    "legal",
    "legal steps",
    "legal turns",
    "history",
    "show",
    "query gameover",
    "query p1turn",
    "query result",
)
"""The read-only commands whose answers depend on the position: each is read before a turn is
played ahead, and answers for the script while it has not pushed that turn."""

GAME_LEVEL = frozenset([wire.ISREADY.word, "about", "geometry", "help", wire.UGI.word])
"""The read-only commands whose answers depend on the game and its options, not on the
position: they run beside a ponder search whatever the script has pushed."""


@dataclass
class Ahead:
    """A turn the engine played for its ponder search before the script pushed it."""

    played: Played
    """The engine's answer to the turn (what :meth:`Engine.push` returns when the script
    pushes it)."""
    answers: Dict[str, List[str]]
    """The answer lines of each command of :data:`SNAPSHOT` at the position before the turn."""


@dataclass
class Pondering:
    """A ponder search that :meth:`Engine.play` left running."""

    search: Search
    limit: Limit
    """The limits of its ``wire.Go`` with ``ponder``: the ones ``ponderhit`` brings into force."""
    pov: Pov
    """The side to move at the pondered position, for the scores of the hit search."""
    ahead: List[Ahead] = field(default_factory=list)
    """The turns played for it that the script has not pushed yet, the next one first."""

    def answer(self, line: str) -> Optional[List[str]]:
        """The kept answer to ``line`` at the script's position, when the script is behind and
        ``line`` is a command of :data:`SNAPSHOT`; else ``None``."""
        if not self.ahead:
            return None
        kept = self.ahead[0].answers.get(line)
        return None if kept is None else list(kept)


def after_turn(limit: Limit, mover: str, elapsed: float) -> Limit:
    """``limit`` as it stands when the opponent has answered the turn ``mover`` (``"p1"`` or
    ``"p2"``) took ``elapsed`` seconds to find: the mover's clock less that time, plus its
    increment, as a GUI sends ``wire.Go`` with ``ponder`` (protocol.md § 3.11). Other limits are kept."""
    clocks = {"p1_clock": limit.p1_clock, "p2_clock": limit.p2_clock}
    own = f"{mover}_clock"
    if clocks[own] is not None:
        increment = limit.p1_inc if mover == "p1" else limit.p2_inc
        clocks[own] = max(0.0, (clocks[own] or 0.0) - elapsed) + (increment or 0.0)
    return Limit(
        time=limit.time,
        depth=limit.depth,
        nodes=limit.nodes,
        p1_clock=clocks["p1_clock"],
        p2_clock=clocks["p2_clock"],
        p1_inc=limit.p1_inc,
        p2_inc=limit.p2_inc,
    )


def same_budget(asked: Limit, pondered: Limit) -> bool:
    """Whether a ``play`` under ``asked`` may take the ponder search started under
    ``pondered``: the same time, nodes and depth, and clocks in both or in neither (the clocks
    of the ponder search, set when it started, stand)."""

    def key(limit: Limit) -> tuple[Optional[float], Optional[int], Optional[int], bool]:
        return (limit.time, limit.nodes, limit.depth, limit.p1_clock is not None or limit.p2_clock is not None)

    return key(asked) == key(pondered)
