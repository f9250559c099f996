"""The options the engine declares in its ``ugi`` answer, in python-chess's shape
(:class:`Option`, and :class:`Options`, the declared options by name in any case), and the
options this client manages itself (:data:`MANAGED_OPTIONS`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Dict, Iterator, List, Mapping, Optional, Union

from . import wire
from .answers import int_or_none


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


def _typed_default(kind: str, text: Optional[str]) -> Union[int, bool, str, None]:
    if text is None:
        return None
    if kind == "spin":
        return int_or_none(text)
    if kind == "check":
        return {"true": True, "false": False}.get(text.lower())
    return text


def option_of(line: str, decl: wire.OptionDecl) -> Option:
    """The :class:`Option` of an option line read by wire.py (``decl``, read from ``line``)."""
    return Option(
        name=decl.name,
        type=decl.type,
        default=_typed_default(decl.type, decl.default),
        min=None if decl.min is None else int_or_none(decl.min),
        max=None if decl.max is None else int_or_none(decl.max),
        var=list(decl.vars),
        raw=line,
    )


def parse_option(line: str) -> Option:
    """Reads an option line of the answer to ``ugi``; ``ValueError`` on any other line."""
    decl = wire.parse_message(line)
    if not isinstance(decl, wire.OptionDecl):
        raise ValueError(f"expected an option declaration but got {line!r}")
    return option_of(line, decl)
