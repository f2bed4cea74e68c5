#!/usr/bin/env python3
"""Positions a peg-solitaire start reaches, by pegs left, each counted once
up to the board's symmetries (its least image): breadth-first over single
jumps with numpy, ``wide.py``'s move tables and canonical images.  It
measures how big a table of a board's positions would be (docs/pegs.md,
"Why no table settles these boards").  Stops after the first layer of more
than ``--stop`` positions.  Not part of run.py; CPython with numpy only.

    python benchmarks/count_layers.py pegs:french [--stop 1e8]
"""

import argparse
import time

import common

common.use_source_tree()

import numpy as np  # noqa: E402

from puzzlelab import codes  # noqa: E402
from puzzlelab.families.pegs import wide  # noqa: E402

CHUNK = 1 << 22             # parents expanded at once
MERGE = 300_000_000         # children held unmerged before a merge (8 bytes each)


class _AllSymmetries:
    """What ``wide._Canon`` reads of a Kernel: the board, every symmetry."""

    def __init__(self, board):
        self.board = board
        self.ks = list(range(len(board.symmetries)))


def layers(code, stop):
    """Yield (pegs, positions up to symmetry, seconds so far) per layer."""
    puzzle = codes.parse(code)
    board = puzzle.board
    canon = wide._Canon(_AllSymmetries(board), board.n)
    moves = wide._Moves(board)
    t0 = time.perf_counter()
    layer = wide._unique(canon(np.array([puzzle.start], dtype=np.uint64)))
    while len(layer):
        yield int(layer[0]).bit_count(), len(layer), time.perf_counter() - t0
        if len(layer) > stop:
            return
        parts = []
        for i in range(0, len(layer), CHUNK):
            parents = layer[i:i + CHUNK]
            kids = [parents[(parents & moves.mask[j]) == moves.fneed[j]] ^ moves.mask[j]
                    for j in range(moves.n)]
            parts.append(wide._unique(canon(np.concatenate(kids))))
            if sum(map(len, parts)) > MERGE:
                parts = [wide._merged(parts)]
        layer = wide._merged(parts) if parts else np.empty(0, dtype=np.uint64)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("code", help="a peg position code, e.g. pegs:french")
    ap.add_argument("--stop", type=float, default=1e8,
                    help="stop after the first layer of more positions than this")
    args = ap.parse_args()
    total = 0
    rows = []
    for pegs, count, seconds in layers(args.code, args.stop):
        total += count
        rows.append((str(pegs), f"{count:,}", f"{total:,}", f"{seconds:.1f}"))
        print(f"{pegs} pegs: {count:,} ({seconds:.0f} s)", flush=True)
    print(common.table(["pegs", "positions", "total so far", "seconds"], rows))


if __name__ == "__main__":
    main()
