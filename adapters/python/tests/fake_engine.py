"""A stand-in engine that misbehaves on purpose, for the tests of timeouts, deaths and
answers with words this client does not know. Usage: ``fake_engine.py MODE``.

* ``mute``: answers nothing, not even ``ugi``;
* ``silent``: answers the ``ugi`` handshake, then nothing; ignores ``quit`` and the end of its
  input (it must be killed);
* ``die``: answers the handshake and ``isready``, and exits with status 3 on any other command;
* ``future``: answers the handshake and ``isready``, and answers ``step``, ``play``, ``undo``,
  ``describe``, ``go`` and ``legal`` with lines that carry more words than protocol.md
  documents today, as an extended engine may;
* ``analyst``: declares the analysis options (``MultiPV``, ``Ponder``, ``ShowWDL``), names
  the sides in ``about``, and
  searches as the analysis extensions of protocol.md § 3.6 say, with made-up figures: each
  report writes one line per ``MultiPV`` rank (``multipv k`` when MultiPV > 1; ``wdl`` when
  ShowWDL is on), best first, over the turns of ``searchmoves`` or four fixed ones; a ``go``
  first writes ``info string go <its words>``; ``go infinite`` and ``go ponder`` report every
  20 ms until ``stop`` (or, pondering, ``ponderhit``, which ends the search a report later);
  ``bestmove`` carries ``ponder D4D5`` when Ponder is on; ``play <turn>`` and ``undo`` keep a
  list of the turns played (any word is a turn), which ``show`` prints (``moves …``) and whose
  length makes the side to move;
* ``analyst-without-about``: the same, but ``about`` is an unknown command, as in an engine
  older than it.
"""

import sys
import threading
import time

# Every output line is written under this lock, so that a search's lines and answers never mix.
LOCK = threading.RLock()


def out(*lines: str) -> None:
    with LOCK:
        sys.stdout.write("".join(line + "\n" for line in lines))
        sys.stdout.flush()


FUTURE = {
    "step C5": ["stepped C5 auto D5 removed d4,d6 reason=surrounded turn C5D5 gameover p1win"],
    "play D4D5": ["played D4D5 removed - flag"],
    "undo": ["undone turn D4D5 restored d4"],
    "describe": ["describe game=guerrilla-checkers tomove=p1 turnstart=true result=none forfeit=none side=guerrilla newfield=42 flag"],
    "legal": ["steps 2 B2 B3 extra", "turns complete 1 B2B3", "moves 0"],
    "go nodes 10": [
        "info depth 1 nodes 10 time 0 nps 0 seldepth 3 score win in 1 hashfull 5 pv B2B3",
        "info string a note",
        "bestmove B2B3 ponder none",
    ],
}


TURNS = ["c5-b4", "d4xc3", "e5-f6", "f4-g5"]


class Analyst:
    """The ``analyst`` mode: options, describe, and searches that report as § 3.6 says."""

    def __init__(self, about: bool) -> None:
        self.about = about
        self.options = {"multipv": "1", "ponder": "false", "showwdl": "false"}
        self.running: "threading.Event | None" = None
        self.ponderhit = threading.Event()
        self.thread: "threading.Thread | None" = None
        self.turns = TURNS
        self.depth = 0
        self.moves: "list[str]" = []

    def report(self) -> None:
        self.depth += 1
        lines = int(self.options["multipv"])
        for k, turn in enumerate(self.turns[:lines], start=1):
            score = round(0.5 - 0.25 * (k - 1), 3)
            words = [f"info depth {self.depth}"]
            if lines > 1:
                words.append(f"multipv {k}")
            words.append(f"nodes {100 * self.depth} time {7 * self.depth} nps 14000 score {score:.3f}")
            if self.options["showwdl"] == "true":
                wins = round(500 * (1 + score))
                words.append(f"wdl {wins} 0 {1000 - wins}")
            words.append(f"pv {turn} D4D5 e3-d2...")
            out(" ".join(words))
        out(f"info currmove {self.turns[0]} currmovenumber 1")

    def bestmove(self) -> None:
        ponder = " ponder D4D5" if self.options["ponder"] == "true" else ""
        out(f"bestmove {self.turns[0]}{ponder}")

    def go(self, words: "list[str]") -> None:
        with LOCK:
            out("info string go " + " ".join(words))
        self.turns = words[words.index("searchmoves") + 1 :] if "searchmoves" in words else TURNS
        self.depth = 0
        if "infinite" not in words and "ponder" not in words:
            with LOCK:
                for _ in range(3):
                    self.report()
                self.bestmove()
            return
        running = threading.Event()
        running.set()
        self.running = running
        self.ponderhit.clear()

        def think() -> None:
            while running.is_set():
                with LOCK:
                    if not running.is_set():
                        return
                    self.report()
                    if self.ponderhit.is_set():
                        running.clear()
                        self.bestmove()
                        return
                time.sleep(0.02)

        self.thread = threading.Thread(target=think, daemon=True)
        self.thread.start()

    def stop(self) -> None:
        running = self.running
        if running is not None and running.is_set():
            with LOCK:
                if running.is_set():
                    running.clear()
                    self.report()
                    self.bestmove()
        self.running = None

    def handle(self, line: str) -> None:
        words = line.split()
        if not words:
            return
        if words[0] == "setoption" and len(words) == 5:
            name, value = words[2].lower(), words[4].lower()
            if name == "multipv" and not (value.isdigit() and 1 <= int(value) <= 64):
                out(f"info string error: expected an integer from 1 to 64 but got '{words[4]}' in '{line}'")
            elif name in self.options:
                self.options[name] = value
            elif name != "game":
                out(f"info string error: expected an option name but got '{words[2]}' in '{line}'")
        elif words[0] == "describe":
            tomove = "p1" if len(self.moves) % 2 else "p2"
            out(f"describe game=guerrilla-checkers tomove={tomove} turnstart=true result=none forfeit=none side=coin")
        elif words[0] == "play" and len(words) == 2:
            self.stop()
            self.moves.append(words[1])
            out(f"played {words[1]}")
        elif words[0] == "undo" and self.moves:
            self.stop()
            out(f"undone turn {self.moves.pop()}")
        elif words[0] == "show":
            out(" ".join(["moves", *self.moves]))
        elif words[0] == "about" and not self.about:
            out(f"info string error: expected a command (type help for the list) but got '{line}'")
        elif words[0] == "about":
            out("about game guerrilla-checkers", "side p1 Guerrilla", "side p2 COIN", "about end")
        elif words[0] == "go":
            self.stop()
            self.go(words[1:])
        elif words[0] == "ponderhit":
            self.ponderhit.set()
        elif words[0] == "stop":
            self.stop()


def main() -> None:
    mode = sys.argv[1]
    analyst = Analyst(about=mode == "analyst")
    for raw in sys.stdin:
        line = raw.strip()
        if mode == "mute":
            continue
        if line == "ugi":
            out("id name fake", "id author the tests", "option name Game type combo default x var x")
            if mode.startswith("analyst"):
                out(
                    "option name MultiPV type spin default 1 min 1 max 64",
                    "option name Ponder type check default false",
                    "option name ShowWDL type check default false",
                )
            out("ugiok")
            continue
        if mode == "silent":
            continue
        if line == "isready":
            with LOCK:
                out("readyok")
        elif line == "quit":
            analyst.stop()
            return
        elif mode == "die":
            sys.exit(3)
        elif mode == "future":
            out(*FUTURE.get(line, []))
        elif mode.startswith("analyst"):
            analyst.handle(line)
    if mode == "silent":
        time.sleep(60)


if __name__ == "__main__":
    main()
