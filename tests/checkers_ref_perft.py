#!/usr/bin/env python3
"""Independent, deliberately naive reference for Guerrilla Checkers perft (GC1-GC6).

Shares no code or representation with the Rust engine: squares and points are (file, rank)
tuples in sets; a Guerrilla move is found by trying every ORDERED placement literally as GC3
words it, then deduplicated as an unordered pair; COIN paths are grown step by step.

usage: checkers_ref_perft.py DEPTH ["<position string>"]   (prints the perft count)
"""
import sys

START = "8/8/3C4/2C1C3/3C1C2/4C3/8/8 9/9/9/9/9/9/9/9/9 66 G first"


def parse_grid(field, n, piece):
    cells = set()
    for i, rank in enumerate(field.split("/")):
        r = n - 1 - i
        f = 0
        for ch in rank:
            if ch == piece:
                cells.add((f, r))
                f += 1
            else:
                f += int(ch)
    return cells


def parse(text):
    sq, pt, hand, side, first = text.split()
    return (frozenset(parse_grid(sq, 8, "C")), frozenset(parse_grid(pt, 9, "G")),
            int(hand), side, first == "first")


def interior(p):
    return 1 <= p[0] <= 7 and 1 <= p[1] <= 7


def orth(p):
    f, r = p
    return [(f + 1, r), (f - 1, r), (f, r + 1), (f, r - 1)]


def corners(s):
    f, r = s
    return [(f, r), (f + 1, r), (f, r + 1), (f + 1, r + 1)]


def guerrilla_moves(pos):
    checkers, stones, hand, side, first = pos
    if hand < 2:
        return []
    pairs = set()
    interior_pts = [(f, r) for f in range(1, 8) for r in range(1, 8)]
    for p in interior_pts:
        if p in stones:
            continue
        if not first and not any(n in stones for n in orth(p)):
            continue
        for q in orth(p):
            if interior(q) and q not in stones:
                pairs.add(frozenset([p, q]))
    res = []
    for pair in pairs:
        ns = stones | pair
        nc = frozenset(c for c in checkers
                       if not all((not interior(k)) or k in ns for k in corners(c)))
        res.append((nc, ns, hand - 2, "C", False))
    return res


def coin_moves(pos):
    checkers, stones, hand, side, first = pos
    res = []
    for c in checkers:
        others = checkers - {c}

        def targets(s):
            f, r = s
            for df, dr in ((1, 1), (-1, 1), (1, -1), (-1, -1)):
                t = (f + df, r + dr)
                if 0 <= t[0] < 8 and 0 <= t[1] < 8 and t not in others:
                    cross = (f + (df > 0), r + (dr > 0))
                    yield t, cross

        def grow(s, st):
            caps = [(t, x) for t, x in targets(s) if x in st]
            if not caps:
                res.append((others | {s}, st, hand, "G", False))
                return
            for t, x in caps:
                grow(t, st - {x})

        for t, x in targets(c):
            if x in stones:
                grow(t, stones - {x})
            else:
                res.append((others | {t}, stones, hand, "G", False))
    return res


def moves(pos):
    return guerrilla_moves(pos) if pos[3] == "G" else coin_moves(pos)


def perft(pos, depth):
    if depth == 0:
        return 1
    ms = moves(pos)
    if depth == 1:
        return len(ms)
    return sum(perft(m, depth - 1) for m in ms)


if __name__ == "__main__":
    depth = int(sys.argv[1])
    text = sys.argv[2] if len(sys.argv) > 2 else START
    print(perft(parse(text), depth))


def grid(cells, n, piece):
    ranks = []
    for r in range(n - 1, -1, -1):
        s, run = "", 0
        for f in range(n):
            if (f, r) in cells:
                if run:
                    s += str(run)
                run = 0
                s += piece
            else:
                run += 1
        if run:
            s += str(run)
        ranks.append(s)
    return "/".join(ranks)


def to_string(pos):
    checkers, stones, hand, side, first = pos
    return "%s %s %d %s %s" % (grid(checkers, 8, "C"), grid(stones, 9, "G"), hand, side,
                               "first" if first else "-")


def random_positions(seed, count):
    """Positions met in seeded random games (printed with the engine's grammar)."""
    import random
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        pos = parse(START)
        ply = 0
        while True:
            ms = moves(pos)
            if not ms:
                break
            pos = rng.choice(ms)
            ply += 1
            if ply >= 6 and rng.random() < 0.15 and len(out) < count:
                out.append(to_string(pos))
    return out
