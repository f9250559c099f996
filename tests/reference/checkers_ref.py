#!/usr/bin/env python3
"""An independent, deliberately simple reference implementation of Guerrilla Checkers (GC1-GC6),
written separately from the Rust rules core, used to cross-check perft counts.

It shares no code with the engine: plain sets and tuples, no bitboards. Slow, but obviously
following the rulings:

GC1 board: squares (x, y), 0..7, dark when (x + y) is even (a1 dark); points (f, r), 0..8;
    interior points 1..7 only can hold a stone.
GC2 start: checkers c5 d4 e3 d6 e5 f4, 66 stones in hand, Guerrilla first.
GC3 Guerrilla: two stones as one unordered move; first adjacent to a stone already on the board
    (any empty interior point on the very first turn), second adjacent to the first; then every
    checker whose four corners are stones or edge points is removed.
GC4 COIN: one diagonal step to a square with no checker, crossing the shared corner; a stone
    there is captured; first capture optional, then compulsory continuation by the same checker.
GC5 end: after the Guerrilla's turn no checkers -> Guerrilla wins; after COIN's turn no stones
    -> COIN wins; side to move with no legal move loses.
GC6 perft: one ply = one whole turn; distinct square paths are distinct moves.

Usage:
  checkers_ref.py perft DEPTH [MOVE ...]     perft from the start after playing MOVEs
  checkers_ref.py divide DEPTH [MOVE ...]
  checkers_ref.py random SEED PLIES DEPTH    play PLIES random moves (seeded), print the line
                                             `MOVES ; DEPTH ; COUNT`
Move tokens: Guerrilla `D4D5` (points, uppercase), COIN `c5-d6` or `c5xd6xe5` (squares).
"""

import random
import sys

FILES = "abcdefgh"
PFILES = "ABCDEFGHI"


def sq_name(s):
    return FILES[s[0]] + str(s[1] + 1)


def pt_name(p):
    return PFILES[p[0]] + str(p[1] + 1)


def corners(s):
    x, y = s
    return [(x, y), (x + 1, y), (x, y + 1), (x + 1, y + 1)]


def is_edge(p):
    return p[0] in (0, 8) or p[1] in (0, 8)


def interior(p):
    return 1 <= p[0] <= 7 and 1 <= p[1] <= 7


def orth(p):
    f, r = p
    return [(f + 1, r), (f - 1, r), (f, r + 1), (f, r - 1)]


class Pos:
    def __init__(self):
        self.stones = set()
        self.checkers = {(2, 4), (3, 3), (4, 2), (3, 5), (4, 4), (5, 3)}
        self.hand = 66
        self.guerrilla_to_move = True
        self.first_turn = True

    def copy(self):
        q = Pos()
        q.stones = set(self.stones)
        q.checkers = set(self.checkers)
        q.hand = self.hand
        q.guerrilla_to_move = self.guerrilla_to_move
        q.first_turn = self.first_turn
        return q

    # ---- Guerrilla -----------------------------------------------------------------------
    def guerrilla_moves(self):
        if self.hand < 2:
            return []
        empty = [(f, r) for f in range(1, 8) for r in range(1, 8) if (f, r) not in self.stones]
        firsts = [p for p in empty
                  if self.first_turn or any(q in self.stones for q in orth(p))]
        pairs = set()
        for p in firsts:
            for q in orth(p):
                if interior(q) and q not in self.stones:
                    pairs.add(frozenset((p, q)))
        out = []
        for pair in pairs:
            a, b = sorted(pair, key=lambda p: (p[1], p[0]))
            out.append(("G", a, b))
        return out

    # ---- COIN ----------------------------------------------------------------------------
    def coin_moves(self):
        out = []
        for c in self.checkers:
            others = self.checkers - {c}
            for dx in (-1, 1):
                for dy in (-1, 1):
                    t = (c[0] + dx, c[1] + dy)
                    if not (0 <= t[0] < 8 and 0 <= t[1] < 8) or t in others:
                        continue
                    crossed = (max(c[0], t[0]), max(c[1], t[1]))
                    if crossed in self.stones:
                        self._captures(c, t, others, self.stones - {crossed}, [c, t], out)
                    else:
                        out.append(("C", (c, t), False))
        return out

    def _captures(self, start, at, others, stones, path, out):
        cont = False
        for dx in (-1, 1):
            for dy in (-1, 1):
                t = (at[0] + dx, at[1] + dy)
                if not (0 <= t[0] < 8 and 0 <= t[1] < 8) or t in others:
                    continue
                crossed = (max(at[0], t[0]), max(at[1], t[1]))
                if crossed in stones:
                    cont = True
                    self._captures(start, t, others, stones - {crossed}, path + [t], out)
        if not cont:
            out.append(("C", tuple(path), True))

    def moves(self):
        if self.outcome() is not None:
            return []
        return self.guerrilla_moves() if self.guerrilla_to_move else self.coin_moves()

    def outcome(self):
        if self.guerrilla_to_move:
            if not self.first_turn and not self.stones:
                return "coin"
            if not self.guerrilla_moves():
                return "coin"
        else:
            if not self.checkers:
                return "guerrilla"
            if not self.coin_moves():
                return "guerrilla"
        return None

    def play(self, m):
        if m[0] == "G":
            _, a, b = m
            self.stones |= {a, b}
            self.hand -= 2
            self.first_turn = False
            self.checkers = {c for c in self.checkers
                             if not all(p in self.stones or is_edge(p) for p in corners(c))}
        else:
            path = m[1]
            self.checkers.remove(path[0])
            for s, t in zip(path, path[1:]):
                self.stones.discard((max(s[0], t[0]), max(s[1], t[1])))
            self.checkers.add(path[-1])
        self.guerrilla_to_move = not self.guerrilla_to_move


def token(m):
    if m[0] == "G":
        return pt_name(m[1]) + pt_name(m[2])
    path, capture = m[1], m[2]
    sep = "x" if capture else "-"
    return sep.join(sq_name(s) for s in path)


def perft(pos, depth):
    if depth == 0:
        return 1
    ms = pos.moves()
    if depth == 1:
        return len(ms)
    total = 0
    for m in ms:
        q = pos.copy()
        q.play(m)
        total += perft(q, depth - 1)
    return total


def play_tokens(pos, tokens):
    for tok in tokens:
        by_token = {token(m): m for m in pos.moves()}
        if tok not in by_token:
            raise SystemExit(f"illegal move {tok}")
        pos.play(by_token[tok])


def main(argv):
    cmd = argv[1]
    if cmd in ("perft", "divide"):
        depth = int(argv[2])
        pos = Pos()
        play_tokens(pos, argv[3:])
        if cmd == "perft":
            print(perft(pos, depth))
        else:
            total = 0
            for m in sorted(pos.moves(), key=token):
                q = pos.copy()
                q.play(m)
                n = perft(q, depth - 1)
                total += n
                print(f"{token(m)}: {n}")
            print(f"Nodes searched: {total}")
    elif cmd == "random":
        seed, plies, depth = int(argv[2]), int(argv[3]), int(argv[4])
        rng = random.Random(seed)
        pos = Pos()
        line = []
        for _ in range(plies):
            ms = sorted(pos.moves(), key=token)
            if not ms:
                break
            m = rng.choice(ms)
            line.append(token(m))
            pos.play(m)
        print(f"{' '.join(line)} ; {depth} ; {perft(pos, depth)}")
    else:
        raise SystemExit(__doc__)


if __name__ == "__main__":
    main(sys.argv)
