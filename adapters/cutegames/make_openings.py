#!/usr/bin/env python3
"""Writes an openings file for cutegames or guerrilla-arena: COUNT positions, each reached from
the start position by TURNS whole turns whose every step is drawn uniformly from the legal
steps (the engine's `legal` and `step` commands, protocol.md 4.1 and 4.3), with a fixed seed,
so the file is reproducible. Distinct openings only; an opening whose game is over is skipped,
and so is one that the next turn can end (Guerrilla: after a pass, the next pass ends the game,
which would make a game of one ply).

    python3 make_openings.py --engine ../../target/release/guerrilla --game guerrilla \
        --turns 6 --count 24 > openings-guerrilla.txt
"""

import argparse
import random
import subprocess


class Engine:
    def __init__(self, path):
        self.proc = subprocess.Popen(
            [path], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
        )

    def send(self, line):
        self.proc.stdin.write(line + "\n")

    def until(self, prefix):
        """Reads lines up to the first that starts with `prefix`; fails on an error line."""
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise RuntimeError("the engine exited")
            line = line.rstrip("\n")
            if line.startswith("info string error"):
                raise RuntimeError(line)
            if line.startswith(prefix):
                return line

    def ask(self, command, prefix):
        self.send(command)
        return self.until(prefix)

    def quit(self):
        self.send("quit")
        self.proc.wait(timeout=10)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--engine", required=True, help="path of the guerrilla binary")
    parser.add_argument("--game", required=True, choices=["guerrilla", "guerrilla-checkers"])
    parser.add_argument("--turns", type=int, required=True, help="random turns an opening")
    parser.add_argument("--count", type=int, required=True, help="openings to write")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    rng = random.Random(args.seed)
    engine = Engine(args.engine)
    engine.send(f"setoption name Game value {args.game}")
    openings = []
    tries = 0
    while len(openings) < args.count:
        tries += 1
        if tries > 100 * args.count:
            raise SystemExit("too few distinct openings: lower --count or raise --turns")
        engine.send("position startpos")
        over = False
        for _ in range(args.turns):
            while True:
                steps = engine.ask("legal", "steps").split()[2:]
                engine.until("turns")
                if not steps:
                    over = True
                    break
                engine.ask("step " + rng.choice(steps), "stepped")
                if "turnstart=true" in engine.ask("describe", "describe").split():
                    break
            if over:
                break
        fields = dict(
            w.split("=", 1) for w in engine.ask("describe", "describe").split()[1:] if "=" in w
        )
        after_pass = fields.get("passes", "0") != "0"
        fen = engine.ask("show", "fen ")[len("fen "):]
        engine.until("result")
        if not over and not after_pass and fen not in openings:
            openings.append(fen)
    engine.quit()

    print("# One opening a line: startpos, or a position string (see protocol.md).")
    print(
        f"# Written by make_openings.py --game {args.game} --turns {args.turns} "
        f"--count {args.count} --seed {args.seed}: each line {args.turns} random turns from "
        "the start."
    )
    print("startpos")
    for fen in openings:
        print(fen)


if __name__ == "__main__":
    main()
