"""Writes the stored solutions auto answers with at once (the families'
``known`` hooks): ``families/blocks/stored.json`` (every blocks preset, in
every counting rule, by breadth-first search: proven optimal) and
``families/pegs/stored.json`` (the peg presets the search answers slowly:
the shortest solution beam search finds within a width, proven minimal
where meet proves it within the memory given).  Run by hand when a preset
changes; the output is committed, and tests/test_stored.py replays it.

    python tools/known_solutions.py [--blocks] [--pegs] [--pegs-width N]
                                    [--pegs-memory MB]

About a minute for the blocks presets; the pegs take what their widths
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
    ap.add_argument("--pegs", action="store_true")
    ap.add_argument("--pegs-width", type=int, default=256_000,
                    help="the widest beam tried (widths 1,000, 4,000, ... up to it)")
    ap.add_argument("--pegs-memory", type=int, default=2048,
                    help="meet's memory budget in MB for the proofs")
    args = ap.parse_args(argv)
    if args.blocks or not args.pegs:
        blocks()
    if args.pegs or not args.blocks:
        pegs(args.pegs_width, args.pegs_memory)
    return 0


if __name__ == "__main__":
    sys.exit(main())
