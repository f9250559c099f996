"""wire.py, the one module that writes commands and reads the engine's lines: every value it
writes reads back as itself (format ∘ parse = identity, over every kind, with generated
values), and every line of the golden transcripts (tests/transcripts) reads as a kind it knows
and is written back as it came."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Callable, Dict, List, Optional, Tuple, TypeVar

from guerrilla_client import wire

REPO = Path(__file__).resolve().parents[3]
TRANSCRIPTS = REPO / "tests" / "transcripts"

rng = random.Random(52)


def token() -> str:
    return rng.choice("abcdefgh") + str(rng.randint(1, 9)) + rng.choice(["", "-c3", "xd4", "D5", "..."])


def tokens(low: int = 0, high: int = 4) -> Tuple[str, ...]:
    return tuple(token() for _ in range(rng.randint(low, high)))


def words(low: int = 1, high: int = 4) -> str:
    return " ".join(rng.choice(["Hash", "a", "my", "book.bin", "x-y", "guerrilla"]) for _ in range(rng.randint(low, high)))


def score() -> wire.Score:
    kind = rng.choice(["expected", "win", "loss", "draw", "cp", "mate"])
    if kind == "expected":
        return wire.Score(kind, rng.randint(-1000, 1000) / 1000)
    if kind in wire.PROVEN:
        return wire.Score(kind, rng.randint(0, 10**6))
    return wire.Score(kind, rng.randint(-(10**4), 10**4))


T = TypeVar("T")


def maybe(make: Callable[[], T]) -> Optional[T]:
    return make() if rng.random() < 0.5 else None


def info() -> wire.Info:
    return wire.Info(
        depth=rng.randint(0, 99),
        multipv=maybe(lambda: rng.randint(1, 64)),
        nodes=rng.randint(0, 10**9),
        time=rng.randint(0, 10**6),
        nps=rng.randint(0, 10**7),
        score=score(),
        wdl=maybe(lambda: (rng.randint(0, 1000), rng.randint(0, 1000), rng.randint(0, 1000))),
        visits=maybe(lambda: rng.randint(0, 10**6)),
        pv=tokens(),
    )


def option() -> wire.OptionDecl:
    kind = rng.choice(["spin", "combo", "check", "string", "button"])
    name = words(1, 3).title()
    if kind == "spin":
        low = rng.randint(-100, 100)
        return wire.OptionDecl(name, kind, str(low), str(low), str(low + rng.randint(0, 10**6)))
    if kind == "combo":
        return wire.OptionDecl(name, kind, token(), vars=tokens(1, 4))
    if kind == "check":
        return wire.OptionDecl(name, kind, rng.choice(["true", "false"]))
    if kind == "string":
        return wire.OptionDecl(name, kind, rng.choice(["", words()]))
    return wire.OptionDecl(name, kind)


MESSAGES: Dict[str, Callable[[], object]] = {
    "id": lambda: wire.Id(rng.choice(["name", "author"]), words()),
    "option": option,
    "ugiok": wire.UgiOk,
    "readyok": wire.ReadyOk,
    "info": info,
    "currmove": lambda: wire.CurrMove(token(), rng.randint(1, 99)),
    "info string": lambda: wire.InfoString(words()),
    "error": lambda: wire.Error("expected " + words()),
    "bestmove": lambda: wire.BestMove(token(), maybe(token)),
    "bestmove none": lambda: wire.BestMove(None),
    "response": lambda: wire.Response(rng.choice(["true", "false", "p1win", "none", "maybe"])),
    "answer": lambda: wire.Answer(rng.choice(sorted(wire.ANSWERS)), tokens(1, 5)),
    "divide": lambda: wire.Divide(token().rstrip("."), rng.randint(0, 10**6)),
    "nodes searched": lambda: wire.NodesSearched(rng.randint(0, 10**9)),
    "nodes/second": lambda: wire.NodesPerSecond(rng.randint(0, 10**9)),
}

WITHIN: Dict[str, Callable[[], object]] = {
    "about": lambda: wire.AboutLine(rng.choice(["about", "title", "piece", "tour", "help", "newkind"]), words()),
    "show": lambda: wire.Text("  " + words()),
    "help": lambda: wire.Text(rng.choice(["", "  ugi | isready", words()])),
}

COMMANDS: Dict[str, Callable[[], object]] = {
    "verb": lambda: wire.Verb(rng.choice(sorted(wire.VERBS)), tokens(0, 2)),
    "setoption": lambda: wire.SetOption(words(1, 2), maybe(words)),
    "position": lambda: wire.Position(maybe(lambda: "8/8 w " + token()), tokens()),
    "go": lambda: wire.Go(
        tuple(
            rng.choice([("nodes", str(rng.randint(0, 10**6))), ("movetime", "500"), ("ponder", None), ("infinite", None)])
            for _ in range(rng.randint(0, 3))
        ),
        tokens(0, 2),
    ),
    "query": lambda: wire.Query(rng.choice(["gameover", "p1turn", "result"])),
}


def test_every_message_and_command_reads_back() -> None:
    for kinds, read in (
        (MESSAGES, lambda line, _: wire.parse_message(line)),
        (WITHIN, wire.parse_message),
        (COMMANDS, lambda line, _: wire.parse_command(line)),
    ):
        for kind, make in kinds.items():
            for _ in range(300):
                value = make()
                line = str(value)
                back = read(line, kind)
                assert back == value, (kind, line, back)
                assert str(back) == line


def test_the_wire_kinds_are_typed_values() -> None:
    assert str(wire.ISREADY) == "isready" and wire.is_ready("readyok") and not wire.is_ready("readyok now")
    assert wire.parse_message("info depth 3 seldepth 5 score cp -35 upperbound nodes 9 pv a b") == wire.Info(
        depth=3, nodes=9, score=wire.Score("cp", -35), pv=("a", "b"), extra=(("seldepth", "5"), ("upperbound", ""))
    )
    assert wire.parse_message("info string error: x") == wire.Error("x")
    assert wire.parse_message("frobnicate") == wire.Unmodelled("frobnicate")
    assert wire.parse_command("go sideways") == wire.UnknownCommand("go sideways")


UNKNOWN_COMMANDS = [
    "frobnicate",
    "position",
    "position fen",
    "position startpos D4D5",
    "go nodes",
    "go sideways",
    "query",
]
"""The commands of the transcripts that wire.py reads as no kind: checkers_errors's malformed
lines (the others it sends parse, and the engine judges their values)."""


def _unmask(line: str) -> str:
    """A measurement the transcripts mask (``time *``, ``nps *``, ``Nodes/second: *``) as 0."""
    words = line.split(" ")
    return " ".join("0" if w == "*" and k > 0 and words[k - 1] in ("time", "nps", "Nodes/second:") else w for k, w in enumerate(words))


def _mask(line: str, like: str) -> str:
    return " ".join(w if l != "*" else "*" for w, l in zip(line.split(" "), like.split(" ")))


def _transcript_lines(suffix: str) -> List[Path]:
    paths = sorted(TRANSCRIPTS.glob(f"*.{suffix}"))
    assert len(paths) >= 5, paths
    return paths


def test_every_command_of_the_transcripts_reads_back() -> None:
    unknown: List[str] = []
    count = 0
    for path in _transcript_lines("in"):
        for line in path.read_text(encoding="utf-8").splitlines():
            if not line.strip() or line.startswith("#"):
                continue
            count += 1
            command = wire.parse_command(line)
            # Written back as the engine cleans it (protocol.md § 1: any run of blanks one space).
            assert str(command) == " ".join(line.split()), (path.name, line)
            if isinstance(command, wire.UnknownCommand):
                unknown.append(line)
    # The malformed commands checkers_errors sends on purpose, and only those, are of no kind.
    assert unknown == UNKNOWN_COMMANDS, unknown
    assert count >= 90, count


def test_every_line_of_the_transcripts_reads_as_a_kind() -> None:
    kinds: Dict[str, int] = {}
    unmodelled: List[str] = []
    for path in _transcript_lines("out"):
        within = wire.LINES
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.startswith("> "):
                command = wire.parse_command(line[2:])
                within = wire.within_after(command)
                continue
            message = wire.parse_message(_unmask(line), within)
            if within == wire.ABOUT and message == wire.AboutLine("about", "end"):
                within = wire.LINES
            assert _mask(str(message), line) == line, (path.name, line, message)
            kinds[type(message).__name__] = kinds.get(type(message).__name__, 0) + 1
            if isinstance(message, wire.Unmodelled):
                unmodelled.append(line)
    # Every kind the transcripts hold is modelled: a new kind of line shows up here.
    assert unmodelled == [], unmodelled
    for kind in ("Id", "OptionDecl", "UgiOk", "ReadyOk", "Info", "Error", "BestMove", "Response", "Answer", "Text", "Divide", "NodesSearched", "NodesPerSecond"):
        assert kinds.get(kind, 0) > 0, (kind, kinds)
