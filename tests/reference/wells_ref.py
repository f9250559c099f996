#!/usr/bin/env python3
"""An independent, deliberately simple reference implementation of Guerrilla (David Wells, 1976)
under rulings W1-W7, written separately from the Rust rules core, used to cross-check perft.

It enumerates every whole turn by brute force over plain dicts and sets and counts DISTINCT
successor positions (W7: same board, same side to move, same pass count). Slow; meant for small
boards and few pieces.

Board (W1): a hexagon of side n in axial coordinates (q, r), |q|, |r|, |q + r| <= n - 1; six
neighbours; a jump goes from p over p + d to p + 2d. Line from the edge: n - max(|q|,|r|,|q+r|).

Position: {point: 'W' | 'B' | 'X'}, side to move 'W' | 'B', passes in a row, turn number
(1 on the empty board; the game is over once `turn > limit` or passes >= 2).

Usage:
  wells_ref.py perft SIDE DEPTH [LIMIT]            from the empty board
  wells_ref.py perftpos DEPTH "<position string>"  from a position string of the Rust core
                                                   (parsed by parse_position below)
"""

import sys
from itertools import permutations  # noqa: F401  (kept for experiments)

DIRS = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1)]
SUPPLY = 60


class Board:
    def __init__(self, n):
        self.n = n
        m = n - 1
        self.points = [(q, r) for r in range(-m, m + 1) for q in range(-m, m + 1)
                       if abs(q) <= m and abs(r) <= m and abs(q + r) <= m]
        self.on = set(self.points)
        self.nbrs = {p: [(p[0] + d[0], p[1] + d[1]) for d in DIRS
                         if (p[0] + d[0], p[1] + d[1]) in self.on] for p in self.points}

    def line(self, p):
        q, r = p
        return self.n - max(abs(q), abs(r), abs(q + r))


def other(side):
    return 'B' if side == 'W' else 'W'


def groups_of(board, cells, side):
    """Maximal connected sets of `side`'s pieces, as frozensets."""
    seen = set()
    out = []
    for p, v in cells.items():
        if v != side or p in seen:
            continue
        comp = {p}
        stack = [p]
        while stack:
            x = stack.pop()
            for y in board.nbrs[x]:
                if y not in comp and cells.get(y) == side:
                    comp.add(y)
                    stack.append(y)
        seen |= comp
        out.append(frozenset(comp))
    return out


def components(board, pieces):
    pieces = set(pieces)
    out = []
    while pieces:
        p = pieces.pop()
        comp = {p}
        stack = [p]
        while stack:
            x = stack.pop()
            for y in board.nbrs[x]:
                if y in pieces:
                    pieces.discard(y)
                    comp.add(y)
                    stack.append(y)
        out.append(frozenset(comp))
    return out


def key(cells):
    return frozenset(cells.items())


def supply(cells, side):
    return SUPPLY - sum(1 for v in cells.values() if v == side)


# ---- growth (W4) -------------------------------------------------------------------------------

def growth_results(board, cells, side):
    """All boards after the growth phase: every order the player may choose."""
    start_groups = [g for g in groups_of(board, cells, side) if len(g) < 5]
    results = {}

    def rec(cells, pending):
        # pending: list of current piece sets of groups that have not grown yet
        options = []
        if supply(cells, side) > 0:
            for i, g in enumerate(pending):
                for p in set(y for x in g for y in board.nbrs[x]):
                    if p in cells:
                        continue
                    ok = True
                    for y in board.nbrs[p]:
                        v = cells.get(y)
                        if v == other(side) or (v == side and y not in g):
                            ok = False
                            break
                    if ok:
                        options.append((i, p))
        if not options:
            results[key(cells)] = cells
            return
        for i, p in options:
            c2 = dict(cells)
            c2[p] = side
            rec(c2, pending[:i] + pending[i + 1:])

    rec(cells, start_groups)
    return list(results.values())


# ---- new group (W4, W3) --------------------------------------------------------------------------

def new_group_results(board, cells, side, first_turn):
    if supply(cells, side) <= 0:
        return [cells]
    pts = [p for p in board.points
           if p not in cells
           and all(cells.get(y) not in ('W', 'B') for y in board.nbrs[p])
           and (not first_turn or board.line(p) <= 4)]
    if not pts:
        return [cells]
    out = []
    for p in pts:
        c2 = dict(cells)
        c2[p] = side
        out.append(c2)
    return out


# ---- movement (W4) -------------------------------------------------------------------------------

def group_moves(board, cells, side, group):
    """All boards after moving `group` (0..k jumps, then the split rule, with ties chosen)."""
    k = len(group)
    others = {p for p, v in cells.items() if v == side and p not in group}
    base = {p: v for p, v in cells.items() if p not in group}
    seen = {frozenset(group)}
    frontier = [frozenset(group)]
    for _ in range(k):
        nxt = []
        for conf in frontier:
            for p in conf:
                for d in DIRS:
                    o = (p[0] + d[0], p[1] + d[1])
                    t = (p[0] + 2 * d[0], p[1] + 2 * d[1])
                    if o not in conf or t not in board.on:
                        continue
                    if t in base or t in conf:
                        continue
                    if any(y in others for y in board.nbrs[t]):
                        continue
                    c = frozenset(conf - {p} | {t})
                    if c not in seen:
                        seen.add(c)
                        nxt.append(c)
        frontier = nxt
    out = {}
    for conf in seen:
        parts = components(board, conf)
        big = max(len(x) for x in parts)
        for part in parts:
            if len(part) == big:
                c2 = dict(base)
                for p in part:
                    c2[p] = side
                out[key(c2)] = c2
    return list(out.values())


def movement_results(board, cells, side):
    groups = groups_of(board, cells, side)
    results = {}
    visited = set()

    def rec(cells, moved):
        state = (key(cells), moved)
        if state in visited:
            return
        visited.add(state)
        results[key(cells)] = cells
        # groups not moved yet, identified by their (unchanged) piece sets
        for i, g in enumerate(groups):
            if i in moved:
                continue
            for c2 in group_moves(board, cells, side, g):
                rec(c2, moved | frozenset([i]))

    rec(cells, frozenset())
    return list(results.values())


# ---- kills (W4) ----------------------------------------------------------------------------------

def kill_results(board, cells, side):
    enemy = other(side)

    def strength(p):
        v = cells[p]
        return sum(1 for y in board.nbrs[p] if cells.get(y) == v)

    gsize = {}
    for s in ('W', 'B'):
        for g in groups_of(board, cells, s):
            for p in g:
                gsize[p] = len(g)
    edges = []
    for p, v in cells.items():
        if v != side:
            continue
        sp = strength(p)
        for y in board.nbrs[p]:
            if cells.get(y) == enemy and sp > strength(y):
                edges.append((p, y))
    if not edges:
        return [cells]
    out = {}

    def rec(i, used_k, used_v, chosen):
        if i == len(edges):
            # maximal: no edge with both ends free
            for (a, b) in edges:
                if a not in used_k and b not in used_v:
                    return
            c2 = dict(cells)
            for (a, b) in chosen:
                del c2[b]
                if gsize[a] >= gsize[b] + 2:
                    c2[b] = 'X'
            out[key(c2)] = c2
            return
        a, b = edges[i]
        if a not in used_k and b not in used_v:
            rec(i + 1, used_k | {a}, used_v | {b}, chosen + [(a, b)])
        rec(i + 1, used_k, used_v, chosen)

    rec(0, frozenset(), frozenset(), [])
    return list(out.values())


# ---- whole turns (W4-W6) -------------------------------------------------------------------------

class Pos:
    def __init__(self, board, cells, side, passes, turn, limit):
        self.board, self.cells, self.side = board, cells, side
        self.passes, self.turn, self.limit = passes, turn, limit

    def over(self):
        return self.passes >= 2 or self.turn > self.limit

    def successors(self):
        if self.over():
            return []
        b, side, start = self.board, self.side, self.cells
        before_kills = {}
        # W5: the pass
        before_kills[key(start)] = start
        for c1 in growth_results(b, start, side):
            for c2 in new_group_results(b, c1, side, self.turn == 1):
                for c3 in movement_results(b, c2, side):
                    before_kills[key(c3)] = c3
        out = {}
        for k, c in before_kills.items():
            is_pass = k == key(start)
            passes = self.passes + 1 if is_pass else 0
            for c4 in kill_results(b, c, side):
                p = Pos(b, c4, other(side), passes, self.turn + 1, self.limit)
                out[(key(c4), passes)] = p
        return list(out.values())


def perft(pos, depth):
    if depth == 0:
        return 1
    succ = pos.successors()
    if depth == 1:
        return len(succ)
    return sum(perft(s, depth - 1) for s in succ)


def parse_position(text, limit=400):
    """Parses the Rust core's position string: `<side> <row>/<row>/... <w|b> <turn> <passes>`,
    rows of `. W B X`. Row i is mapped to axial r = i - (n - 1), its points to ascending q: a
    hexagon embedding of the same lattice (perft is invariant under the hexagon's symmetries)."""
    f = text.split()
    n = int(f[0])
    rows = f[1].split('/')
    b = Board(n)
    m = n - 1
    cells = {}
    for i, row in enumerate(rows):
        r = i - m
        qs = [q for q in range(-m, m + 1) if abs(q + r) <= m]
        assert len(qs) == len(row), (i, row)
        for q, ch in zip(qs, row):
            if ch in 'WBX':
                cells[(q, r)] = ch
    side = 'W' if f[2] == 'w' else 'B'
    return Pos(b, cells, side, int(f[4]), int(f[3]), limit)


def main(argv):
    if argv[1] == "perft":
        n, depth = int(argv[2]), int(argv[3])
        limit = int(argv[4]) if len(argv) > 4 else 400
        b = Board(n)
        print(perft(Pos(b, {}, 'W', 0, 1, limit), depth))
    elif argv[1] == "perftpos":
        depth = int(argv[2])
        print(perft(parse_position(argv[3]), depth))
    else:
        raise SystemExit(__doc__)


if __name__ == "__main__":
    main(sys.argv)
