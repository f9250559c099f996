"""A stand-in engine that misbehaves on purpose, for the tests of timeouts, deaths and
answers with words this client does not know. Usage: ``fake_engine.py MODE``.

* ``mute``: answers nothing, not even ``ugi``;
* ``silent``: answers the ``ugi`` handshake, then nothing; ignores ``quit`` and the end of its
  input (it must be killed);
* ``die``: answers the handshake and ``isready``, and exits with status 3 on any other command;
* ``future``: answers the handshake and ``isready``, and answers ``step``, ``play``, ``undo``,
  ``describe``, ``go`` and ``legal`` with lines that carry more words than protocol.md
  documents today, as an extended engine may.
"""

import sys
import time


def out(*lines: str) -> None:
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


def main() -> None:
    mode = sys.argv[1]
    for raw in sys.stdin:
        line = raw.strip()
        if mode == "mute":
            continue
        if line == "ugi":
            out("id name fake", "id author the tests", "option name Game type combo default x var x", "ugiok")
            continue
        if mode == "silent":
            continue
        if line == "isready":
            out("readyok")
        elif line == "quit":
            return
        elif mode == "die":
            sys.exit(3)
        elif mode == "future":
            out(*FUTURE.get(line, []))
    if mode == "silent":
        time.sleep(60)


if __name__ == "__main__":
    main()
