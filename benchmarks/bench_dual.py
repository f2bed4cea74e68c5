#!/usr/bin/env python3
"""Dual lookups in the tiles' pattern databases (Felner, Zahavi, Holte and
Schaeffer, "Dual lookups in pattern databases", IJCAI 2005), measured on
whole small boards: is the sum of a partition's tables read on the dual
position (the inverse permutation: tiles and cells swap roles) a lower
bound, and how much higher is the larger of the two than the ordinary
lookup?  Every position of the board is compared with its exact distance.
What it prints decided that the 4x4 solver does not read the dual (see
docs/tiles.md).  Not part of run.py.

    python benchmarks/bench_dual.py
"""

import itertools

import common

common.use_source_tree()

from puzzlelab.families.tiles import exact, pdb  # noqa: E402

# (w, h, groups of tiles); the goal is tile t on cell t, the blank on cell 0
CASES = [(3, 3, [(1, 2, 3, 4), (5, 6, 7, 8)]),
         (3, 3, [(1, 2, 3), (4, 5, 6), (7, 8)]),
         (3, 3, [(1, 4, 7), (2, 5, 8), (3, 6)]),
         (4, 2, [(1, 2, 3), (4, 5, 6, 7)])]


def measure(w, h, groups):
    n = w * h
    goal = bytes(range(n))
    ident = list(range(n))
    pats = [pdb.make_pattern(w, h, ident, list(g), ident, pdb.small_table(w, h, list(g), 0),
                             "dual") for g in groups]

    def bound(pos):
        return sum(p.table[p.index(pos)] for p in pats)
    dist = exact.exact_table(w, h, goal)
    row = {"states": 0, "over": 0, "over_home": 0, "worst": 0, "gain": 0, "gain_home": 0, "home": 0}
    for perm in itertools.permutations(range(n)):
        cells = bytes(perm)
        d = dist.distance(cells)
        if d == 255:
            continue
        pos = [0] * n
        for c, t in enumerate(cells):
            pos[t] = c
        regular, dual = bound(pos), bound(list(cells))     # the dual's pos is the cells
        home = cells[0] == 0
        row["states"] += 1
        row["home"] += home
        if dual > d:
            row["over"] += 1
            row["over_home"] += home
            row["worst"] = max(row["worst"], dual - d)
        row["gain"] += max(regular, dual) - regular
        if home:
            row["gain_home"] += max(regular, dual) - regular
    return row


def main():
    lines = []
    for w, h, groups in CASES:
        r = measure(w, h, groups)
        lines.append((f"{w}x{h}", "-".join(str(len(g)) for g in groups), str(r["states"]),
                      str(r["over"]), f"{r['over_home']} of {r['home']}", str(r["worst"]),
                      f"{r['gain'] / r['states']:.2f}", f"{r['gain_home'] / r['home']:.2f}"))
    print(common.table(["board", "partition", "positions", "dual over the distance",
                        "... with the blank home", "worst excess",
                        "mean gain of the larger (all)", "mean gain (blank home)"], lines))


if __name__ == "__main__":
    main()
