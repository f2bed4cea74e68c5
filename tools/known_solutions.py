"""Writes the stored solutions auto answers with at once (the families'
``known`` hooks): ``families/blocks/stored.json`` (every blocks preset, in
every counting rule, by breadth-first search: proven optimal),
``families/blocks/starts.json`` (new puzzles at each difficulty for the
presets whose group is too big to measure at the click, drawn from the
whole group as the page's New puzzle draws them) and
``families/pegs/stored.json`` (the peg presets the search answers slowly:
the shortest solution beam search finds within a width, proven minimal
where meet proves it within the memory given).  Run by hand when a preset
changes; the output is committed, and tests/test_known.py replays it
(tests/test_generate.py checks the starts against their groups).

    python tools/known_solutions.py [--blocks] [--starts] [--pegs]
                                    [--pegs-width N] [--pegs-memory MB]

About a minute for the blocks presets, as long for the starts; the pegs take what their widths
and proofs take (Triangle 36's proof about a minute, the widest beams
minutes).
"""

import argparse
import json
import os
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "pysrc"))

from puzzlelab import api, codes  # noqa: E402
from puzzlelab.families.blocks import METRICS as BLOCK_METRICS, NAMED  # noqa: E402
from puzzlelab.families.pegs.beam import Beam  # noqa: E402
from puzzlelab.search.common import MB, Checkpoint, drain  # noqa: E402

PEGS = os.path.join(ROOT, "pysrc", "puzzlelab", "families", "pegs", "stored.json")
BLOCKS = os.path.join(ROOT, "pysrc", "puzzlelab", "families", "blocks", "stored.json")
STARTS = os.path.join(ROOT, "pysrc", "puzzlelab", "families", "blocks", "starts.json")
STARTS_FROM = 30_000        # a group of this many positions or more gets stored starts
                            # (Century's 81,340: 0.7 s in CPython, 2 s in the page),
                            # unless Rush Hour's engine measures it (rush.py: 0.3 s)
STARTS_EACH = 12            # starts stored per difficulty
# the peg presets whose first answer the search gives slowly (or long), by
# preset name; the others are proven at once or held by a minimum-move table
PEG_PRESETS = {"diamond41-d2": "Diamond 41 from d2", "wiegleb45": "Wiegleb 45",
               "triangle36": "Triangle 36"}


def blocks():
    out = []
    for name, record in NAMED.items():
        for metric in BLOCK_METRICS:
            t = time.process_time()
            reply = api.run({"op": "solve", "code": record.code, "metric": metric,
                             "algorithm": "bfs"})
            assert reply["ok"] and reply["optimal"], (name, metric, reply.get("error"))
            assert reply["length"] == record.known.get(metric, reply["length"]), (name, metric)
            out.append({"preset": name, "label": record.title, "code": reply["code"],
                        "metric": metric, "length": reply["length"],
                        "moves": " ".join(reply["moves"])})
            print(f"blocks {name} {metric}: {reply['length']} "
                  f"({time.process_time() - t:.1f} s)", flush=True)
    write(BLOCKS, "Optimal solutions of the blocks presets, every counting rule "
          "(tools/known_solutions.py: breadth-first search)", out)


def starts():
    """Per preset and counting rule whose group has ``STARTS_FROM``
    positions or more: ``STARTS_EACH`` starts per difficulty (generate.draw,
    a seeded random generator: the same file each run)."""
    import random
    from puzzlelab.families.blocks import rush
    from puzzlelab.families.blocks.generate import SHARES, draw, measure
    out = []
    for name, record in NAMED.items():
        for metric in BLOCK_METRICS:
            t = time.process_time()
            puzzle = codes.parse(record.code, {"metric": metric})
            if rush.applies(puzzle):
                continue
            states, dist = drain(measure(puzzle))
            print(f"starts {name} {metric}: {len(states):,} positions "
                  f"({time.process_time() - t:.1f} s)", flush=True)
            if len(states) < STARTS_FROM:
                continue
            rng = random.Random(f"{name} {metric}")
            made = {}
            for level, *_band in SHARES:
                picked = {}
                for _ in range(STARTS_EACH * 4):
                    i, distance, _b = draw(states, dist, level, rng, avoid=puzzle.start)
                    picked[i] = distance
                    if len(picked) == STARTS_EACH:
                        break
                made[level] = sorted([d, puzzle.encode(states[i])] for i, d in picked.items())
            out.append({"preset": name, "label": record.title, "code": puzzle.code(),
                        "metric": metric, "positions": len(states), "farthest": max(dist),
                        "starts": made})
    with open(STARTS, "w", encoding="utf-8") as f:
        json.dump({"about": "New puzzles of the blocks presets whose group is big, per "
                   "difficulty, with their distances (tools/known_solutions.py --starts: "
                   "drawn from the group's breadth-first search, as generate.py draws)",
                   "groups": out}, f, indent=1, ensure_ascii=False)
        f.write("\n")


def pegs(width, memory):
    out = []
    for name, label in PEG_PRESETS.items():
        code = f"pegs:{name}"
        puzzle = codes.parse(code)
        best = None
        w = 1000
        while w <= width:
            t = time.process_time()
            result = drain(Beam(puzzle, Checkpoint(10 ** 9)).run(
                w, limit=best.cost if best else None))
            if result is not None:
                best = result
            print(f"pegs {name} beam {w:,}: {result.cost if result else '-'} "
                  f"({time.process_time() - t:.1f} s)", flush=True)
            w *= 4
        if best is None:
            reply = api.run({"op": "solve", "code": code, "algorithm": "dfs"})
            best_moves, length = reply["moves"], reply["length"]
        else:
            best_moves = [puzzle.format_move(m) for m in best.moves]
            length = best.cost
        t = time.process_time()
        proof = api.run({"op": "solve", "code": code, "algorithm": "meet",
                         "max_memory": memory})
        proven = proof["ok"] and proof["optimal"] and proof["length"] == length
        lower = proof["length"] if proof["optimal"] else proof["lower_bound"]
        if proof["optimal"] and proof["length"] < length:
            best_moves, length, proven = proof["moves"], proof["length"], True
        print(f"pegs {name}: {length} moves, proven {proven}, lower bound {lower} "
              f"({time.process_time() - t:.1f} s of proof)", flush=True)
        out.append({"preset": name, "label": label, "length": length, "proven": proven,
                    "lower_bound": lower, "solution": " ".join(best_moves)})
    write(PEGS, "Solutions of the peg presets the search answers slowly "
          "(tools/known_solutions.py: beam search, meet's proof or bound)", out)


def write(path, about, solutions):
    with open(path, "w", encoding="utf-8") as f:
        json.dump({"about": about, "solutions": solutions}, f, indent=1, ensure_ascii=False)
        f.write("\n")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--blocks", action="store_true")
    ap.add_argument("--starts", action="store_true")
    ap.add_argument("--pegs", action="store_true")
    ap.add_argument("--pegs-width", type=int, default=256_000,
                    help="the widest beam tried (widths 1,000, 4,000, ... up to it)")
    ap.add_argument("--pegs-memory", type=int, default=2048,
                    help="meet's memory budget in MB for the proofs")
    args = ap.parse_args(argv)
    every = not (args.blocks or args.starts or args.pegs)
    if args.blocks or every:
        blocks()
    if args.starts or every:
        starts()
    if args.pegs or every:
        pegs(args.pegs_width, args.pegs_memory)
    return 0


if __name__ == "__main__":
    sys.exit(main())
