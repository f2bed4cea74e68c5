#!/usr/bin/env python3
"""Play mode's "never lose" marks: milliseconds per position of a
``moves`` request with ``judge`` (every legal move marked winnable or not),
the way a user plays: along a solution of each preset, then along seeded
random games from its start (random legal moves, into dead positions too),
one game after another with the judge's memory kept, as in the page's
worker.  With ``ahead`` (seconds), each position's marks are followed by
what the page asks while the visitor looks at the board (``ahead``: the
positions one move further judged), stopped after that many CPU seconds as
a move would stop it, and only the marks are timed: a visitor who thinks
that long.  ``run_cases`` is pure Python, so the same code runs in CPython and
inside Pyodide (pyodide_bench.mjs); this file run directly prints the table
for both.  Not part of run.py.  Siblings: bench_pegs.py, common.py.

    python benchmarks/bench_judge.py [--boards english,french] [--games N]
                                     [--ahead SECONDS] [--no-pyodide] [--json FILE]
"""

import argparse
import json
import random
import sys
import time

import common

common.use_source_tree()

from puzzlelab import api  # noqa: E402
from puzzlelab.families.pegs import dfs as pegs_dfs  # noqa: E402

# the boards: preset code per name
BOARDS = {"english": "pegs:english", "french": "pegs:french",
          "french-d2-d6": "pegs:french-d2-d6", "triangle15": "pegs:triangle15-0",
          "triangle28": "pegs:triangle28", "triangle36": "pegs:triangle36"}
GAMES = 3                 # random games per board (seeds 1..GAMES)
TARGET_MS = 50            # the figure in the page (Pyodide)


def _moves(code, judge=False, game=None):
    req = {"op": "moves", "code": code, "judge": judge}
    if game:
        req["game"] = game      # the game's earlier positions, as the page sends them
    return api.run(req)


def games(code, n_random=GAMES):
    """The positions to judge, game by game: a solution's (the solve's dfs,
    fresh), then ``n_random`` seeded random games to the end (no legal move
    left).  Each game is a list of codes, its start first."""
    pegs_dfs.forget()
    out = [api.run({"op": "solve", "code": code, "algorithm": "dfs"})["codes"][:-1]]
    for seed in range(1, n_random + 1):
        rng = random.Random(seed)
        here, game = code, []
        while True:
            game.append(here)
            kids = _moves(here)["moves"]
            if not kids:
                break
            here = rng.choice(kids)["code"]
        out.append(game)
    return out


def judge_games(game_list, ahead=0.0):
    """Judge every position of every game in order with the memory kept
    (cleared once before the first, as a fresh page).  Returns one record per
    position: game, step, pegs, cpu_ms, wall_ms, marks (how many moves were
    marked true, false, null)."""
    cpu = common.cpu_clock()
    pegs_dfs.forget()
    out = []
    for g, game in enumerate(game_list):
        for step, code in enumerate(game):
            w0, c0 = time.perf_counter(), cpu()
            reply = _moves(code, judge=True, game=game[:step])
            c1, w1 = cpu(), time.perf_counter()
            marks = [m["winnable"] for m in reply["moves"]]
            if ahead:
                _think(code, ahead, cpu, game[:step])
            out.append({"game": g, "step": step, "code": code,
                        "cpu_ms": (c1 - c0) * 1000, "wall_ms": (w1 - w0) * 1000,
                        "marks": [marks.count(True), marks.count(False), marks.count(None)]})
    return out


def _think(code, seconds, cpu, game):
    """The page's judging ahead at ``code``, stopped after ``seconds`` of
    CPU (the worker closes the request's generator when a move cancels it)."""
    gen = api.handle({"op": "moves", "code": code, "judge": True, "ahead": True,
                      **({"game": game} if game else {})})
    end = cpu() + seconds
    try:
        for _ in gen:
            if cpu() >= end:
                break
    finally:
        gen.close()


def run_cases(boards=None, n_random=GAMES, codes=None, verbose=False, ahead=0.0):
    """One row per board: {board, runtime, positions, median_ms, worst_ms,
    over (positions over TARGET_MS), worst_code, nulls, records}.  ``codes``
    ({board: games}) judges given games instead of drawing them (so
    Pyodide judges exactly CPython's positions)."""
    runtime = "pyodide" if sys.platform == "emscripten" else "cpython"
    rows = []
    for name in boards or list(BOARDS):
        game_list = codes[name] if codes else games(BOARDS[name], n_random)
        recs = judge_games(game_list, ahead)
        times = [r["cpu_ms"] for r in recs]
        worst = max(recs, key=lambda r: r["cpu_ms"])
        rows.append({"board": name, "runtime": runtime, "ahead": ahead, "positions": len(recs),
                     "median_ms": common.median(times), "worst_ms": worst["cpu_ms"],
                     "over": sum(t > TARGET_MS for t in times), "worst_code": worst["code"],
                     "nulls": sum(r["marks"][2] for r in recs), "games": game_list,
                     "records": recs})
        if verbose:
            print(f"{name} {runtime} ahead {ahead}: {len(recs)} positions, median {rows[-1]['median_ms']:.1f} "
                  f"ms, worst {worst['cpu_ms']:.1f} ms", file=sys.stderr, flush=True)
    return rows


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--boards", default=",".join(BOARDS))
    ap.add_argument("--games", type=int, default=GAMES, help="random games per board")
    ap.add_argument("--ahead", type=float, default=0.0,
                    help="CPU seconds of judging ahead after each position (a visitor thinking)")
    ap.add_argument("--no-pyodide", action="store_true")
    ap.add_argument("--quiet", action="store_true", help="no line per board as it ends")
    ap.add_argument("--json", help="write every record here")
    args = ap.parse_args()
    boards = args.boards.split(",")
    rows = run_cases(boards, args.games, verbose=not args.quiet, ahead=args.ahead)
    every = list(rows)
    if not args.no_pyodide:
        games_ = {r["board"]: r["games"] for r in rows}
        res, err = common.pyodide_jobs([{"module": "bench_judge", "function": "run_cases",
                                         "kwargs": {"boards": boards, "codes": games_,
                                                    "ahead": args.ahead}}],
                                       timeout=3600)
        job = (res or {}).get("jobs", [{}])[0]
        if err or "error" in job:
            print("Pyodide:", err or job["error"], file=sys.stderr)
        else:
            every += job["rows"]
    lines = [(r["board"], r["runtime"], f"{r['ahead']:g} s", str(r["positions"]), f"{r['median_ms']:.1f}",
              f"{r['worst_ms']:.1f}", str(r["over"]), str(r["nulls"])) for r in every]
    print(common.table(["board", "runtime", "ahead", "positions", "median ms", "worst ms",
                        f"over {TARGET_MS} ms", "null marks"], lines))
    for r in every:
        print(f"  worst {r['board']} {r['runtime']}: {r['worst_code']}")
    if args.json:
        with open(args.json, "w") as f:
            json.dump(every, f)


if __name__ == "__main__":
    main()
