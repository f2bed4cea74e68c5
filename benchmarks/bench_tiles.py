"""Sliding-tile benchmark: Korf's 100 15-puzzle instances (blank-first goal)
solved optimally by the tiles family's IDA* with pattern databases, side by
side with a native yardstick (korf_c/ida.c: plain IDA* + Manhattan in C,
compiled here with ``cc -O2``) and with the pure-Python solvers on PyPI
(``slidingpuzzle``, pinned, in a venv under benchmarks/_work/, one subprocess
per instance with a time limit; ``fifteen-puzzle-solvers``, pinned, marked
for what it cannot do), optionally inside Pyodide (common.pyodide_jobs: Node,
node_modules and the built _site/).

    python benchmarks/bench_tiles.py [--quick] [--repeats N] [--no-peers]
        [--no-c] [--no-pyodide] [--peer-limit S] [--peer-ids all|1,2,...]
    python benchmarks/bench_tiles.py --partitions [--quick]   (PDB layouts)

:func:`run_cases` is the timing core: pure Python, importable inside
Pyodide (benchmarks/pyodide_bench.mjs calls it as a job); it returns rows of
the schema in common.py.  :func:`run_peers` times the yardsticks (C and
PyPI, subprocesses: CPython only) and returns them as the schema's peers,
for run.py to attach.  Prints a table; writes benchmarks/_work/bench_tiles.json.
Timings are CPU seconds of the solving process (common.cpu_clock), which
other jobs on a shared machine disturb less than wall time; wall seconds are
shown too.
"""

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import time

import common

common.use_source_tree()

HERE = common.BENCH
WORK = os.path.join(HERE, "_work")
DATA = os.path.join(HERE, "data")

SLIDINGPUZZLE = "slidingpuzzle==0.1.5"
FIFTEEN = "fifteen-puzzle-solvers==2.0.3"
QUICK_IDS = [55, 79]                       # run_cases(quick=True): run.py --quick
MORE_QUICK_IDS = QUICK_IDS + [9, 2, 6, 8, 1]   # bench_tiles.py --quick
PEER_IDS = [79, 55, 97, 9, 12, 13, 74, 2, 92, 73]     # the easiest ones for Manhattan IDA*
PEER_GIVE_UP = 3        # a PyPI peer that times out on this many easiest instances in a row stops
PARTITION_IDS = list(range(1, 21))
HEX = "0123456789abcdef"


def korf100():
    """[(id, optimal length, cells)] from benchmarks/data/korf100.txt (a copy
    of shared/data/korf100.txt, sources in its header)."""
    out = []
    with open(os.path.join(DATA, "korf100.txt")) as f:
        for line in f:
            if line[:1].isdigit():
                p = line.split()
                out.append((int(p[0]), int(p[1]), [int(x) for x in p[2:]]))
    return out


def task_name(number):
    return f"Korf #{number}"


def instances_of(ids=None, only=None):
    """Korf's instances, those numbered ``ids`` and/or named ``only``."""
    out = korf100()
    if ids is not None:
        out = [x for x in out if x[0] in set(ids)]
    if only is not None:
        out = [x for x in out if task_name(x[0]) in set(only)]
    return out


def run_cases(repeats=1, quick=False, only=None, peers=True, ids=None, heuristic="pdb"):
    """Solve each instance ``repeats`` times with the tiles family's IDA*;
    return rows of common.py's schema (``extra``: ``korf_id``, nodes
    ``generated``, the position ``code``).  ``quick``: QUICK_IDS; ``ids``:
    those Korf numbers; ``only``: those task names ("Korf #N").  ``peers``
    is accepted for the common interface and ignored: the tiles' yardsticks
    run in subprocesses (:func:`run_peers`).  Pure Python (no subprocess):
    callable inside Pyodide once the tables are registered."""
    from puzzlelab import codes
    from puzzlelab.families.tiles import ida as tiles_ida
    from puzzlelab.search.common import drain
    if ids is None and quick and only is None:
        ids = QUICK_IDS
    rows = []
    bound = None
    for number, optimal, cells in instances_of(ids, only):
        code = "tiles:4x4:" + "".join(HEX[t] for t in cells) + ":" + HEX
        puzzle = codes.parse(code)
        if bound is None:
            bound = puzzle.incremental_bound(heuristic)     # loads the tables, untimed
        result, cpu, wall = common.time_runs(lambda: drain(tiles_ida.search(puzzle, bound)),
                                             repeats)
        rows.append(common.make_row(
            "tiles", task_name(number), answer=result.cost, known=optimal,
            ok=result.cost == optimal and result.optimal, states=result.stats["expanded"],
            cpu_times=cpu, wall_times=wall,
            extra={"korf_id": number, "generated": result.stats["generated"], "code": code}))
    return rows


# -- the partition comparison ---------------------------------------------------

# Korf goal (blank on cell 0); cell sets of each layout.  6-6-3 uses the
# shipped 2x3-block table through the board's symmetries; the 5-tile tables
# are built here (0.5 s each).  "+mirror" = the maximum with the partition
# reflected about the main diagonal.
LAYOUTS = {
    "5-5-5": [(1, 2, 3, 6, 7), (4, 5, 8, 9, 12), (10, 11, 13, 14, 15)],
    "6-6-3": [(4, 5, 8, 9, 12, 13), (6, 7, 10, 11, 14, 15), (1, 2, 3)],
}


def compare_partitions(ids):
    """Rows {layout, mirror, cpu_seconds, generated, download_bytes} summed
    over the instances ``ids`` (download: one file per table shape up to
    the board's symmetries; 3-tile tables are built in the browser)."""
    from puzzlelab import tables
    from puzzlelab.families.tiles import ida as tiles_ida, pdb as tiles_pdb
    from puzzlelab.families.tiles.puzzle import Tiles
    from puzzlelab.search.common import drain
    goal = bytes(range(16))
    goal_pos = list(range(16))
    transpose = [(c % 4) * 4 + c // 4 for c in range(16)]
    block_name = sorted(tiles_pdb.TABLES)[0]
    block_cells = tuple(tiles_pdb.TABLES[block_name]["cells"])
    block_table = next(t for nm, _c, t in tiles_pdb.stored_tables(4, 4) if nm == block_name)
    block_images = {frozenset(img): sym for img, sym in tiles_pdb.images(4, 4, block_cells)}
    rows = []
    for name, groups in LAYOUTS.items():
        files = {}

        def pattern(cells):
            sym = block_images.get(frozenset(cells)) if len(cells) == 6 else None
            if sym is not None:
                files[block_name] = len(tables.load(block_name, None))
                return tiles_pdb.make_pattern(4, 4, goal_pos, block_cells, sym, block_table,
                                              block_name)
            table = tiles_pdb.small_table(4, 4, tuple(cells), 0)
            shape = frozenset(frozenset(img) for img, _s in tiles_pdb.images(4, 4, tuple(cells)))
            if len(cells) > 3 and shape not in files:
                files[shape] = len(tiles_pdb.encode_table(4, 4, tuple(cells), table, "g", "v", 0))
            return tiles_pdb.make_pattern(4, 4, goal_pos, tuple(cells), list(range(16)),
                                          table, "built")
        base = [pattern(g) for g in groups]
        mirror = [pattern(tuple(transpose[c] for c in g)) for g in groups]
        for with_mirror in (False, True):
            parts = [base, mirror] if with_mirror else [base]
            bound = tiles_ida.pdb_bound(Tiles(4, 4, goal, goal), parts, name)
            cpu = common.cpu_clock()
            total, nodes = 0.0, 0
            for n, opt, cells in korf100():
                if n in ids:
                    c0 = cpu()
                    result = drain(tiles_ida.search(Tiles(4, 4, bytes(cells), goal), bound))
                    total += cpu() - c0
                    nodes += result.stats["generated"]
                    assert result.cost == opt
            rows.append({"layout": name, "mirror": with_mirror, "cpu_seconds": total,
                         "generated": nodes, "download_bytes": sum(files.values())})
    return rows


# -- the native yardstick -----------------------------------------------------

def run_c(instances):
    exe, how = _c_exe()
    if exe is None:
        return None, how
    text = "".join(f"{n} {opt} {' '.join(map(str, cells))}\n" for n, opt, cells in instances)
    out = subprocess.run([exe], input=text, capture_output=True, text=True, check=True)
    rows = {}
    for line in out.stdout.split("\n"):
        if line.strip():
            n, length, nodes, secs = line.split()
            rows[int(n)] = {"length": int(length), "nodes": int(nodes), "cpu_seconds": float(secs)}
    return rows, how


# -- boards beyond 4x4: scrambles, their optima from the C yardstick ----------------

BOARDS_FILE = os.path.join(DATA, "tiles_boards.txt")
# board -> (walk lengths tried in turn, optimum bands kept, instances per band):
# a spread over the range rather than whatever length the walks happen to give
BOARD_SETS = {
    "5x5": (list(range(60, 100, 4)) * 4, [(40, 49), (50, 57), (58, 65)], (3, 3, 2)),
    "6x6": (list(range(50, 100, 5)) * 4, [(36, 47), (48, 55), (56, 64)], (3, 3, 2)),
    "7x3": (list(range(40, 100, 5)) * 4, [(36, 45), (46, 52), (53, 60)], (3, 3, 2)),
    "3x7": (list(range(40, 100, 5)) * 4, [(36, 45), (46, 52), (53, 60)], (3, 3, 2)),
    "6x2": (list(range(30, 120, 6)) * 4, [(30, 45), (46, 55), (56, 65)], (3, 3, 2)),
}
C_LIMIT = 30.0          # seconds the C yardstick gets per candidate when the sets are made


def scramble(w, h, length, rng):
    """A random walk of the blank from the default goal (tiles 1..n-1, blank
    last), never undoing the move before: the cells after ``length`` moves."""
    n = w * h
    cells = list(range(1, n)) + [0]
    b, prev = n - 1, -1
    for _ in range(length):
        r, c = divmod(b, w)
        opts = [x for x, ok in ((b - w, r > 0), (b - 1, c > 0), (b + 1, c < w - 1),
                                (b + w, r < h - 1)) if ok and x != prev]
        x = rng.choice(opts)
        cells[b], cells[x] = cells[x], 0
        prev, b = b, x
    return cells


def _c_exe():
    cc = shutil.which("cc")
    if not cc:
        return None, "no cc on this machine"
    os.makedirs(WORK, exist_ok=True)
    exe = os.path.join(WORK, "korf_ida")
    src = os.path.join(HERE, "korf_c", "ida.c")
    if not os.path.exists(exe) or os.path.getmtime(exe) < os.path.getmtime(src):
        tmp = f"{exe}.{os.getpid()}"          # another run may be using the old one
        build = subprocess.run([cc, "-O2", "-o", tmp, src], capture_output=True, text=True)
        if build.returncode:
            return None, "cc failed: " + build.stderr[-300:]
        os.replace(tmp, exe)
    return exe, "cc -O2, IDA* + Manhattan, no tables"


def run_c_board(w, h, instances, limit=None):
    """The C yardstick on (id, cells) of a W x H board, default goal, one
    process per instance: {id: {length, nodes, cpu_seconds}} (a time-out:
    {"timeout": limit}), and a note."""
    exe, note = _c_exe()
    if exe is None:
        return None, note
    rows = {}
    for n, cells in instances:
        try:
            out = subprocess.run([exe, str(w), str(h), "last"], capture_output=True, text=True,
                                 input=f"{n} 0 {' '.join(map(str, cells))}\n", timeout=limit,
                                 check=True)
        except subprocess.TimeoutExpired:
            rows[n] = {"timeout": limit}
            continue
        _n, length, nodes, secs = out.stdout.split()
        rows[n] = {"length": int(length), "nodes": int(nodes), "cpu_seconds": float(secs)}
    return rows, note


def make_board_sets(boards=None):
    """Draw each board's scrambles (seeded by the board's name), solve them
    with the C yardstick (C_LIMIT seconds each) and keep the first ones
    whose optimum falls in the board's range; writes BOARDS_FILE."""
    import random
    lines = ["# Scrambles of boards beyond 4x4 for bench_tiles.py --boards, made by",
             "# bench_tiles.py --make-boards: random walks of the blank from the default goal",
             "# (tiles 1..n-1, blank last) without undoing a move, random.Random(board name);",
             "# optimal lengths from the C yardstick (korf_c/ida.c, IDA* + Manhattan, proven);",
             "# kept by bands of optimum (BOARD_SETS), so that a set spans its range.",
             "# board id walk optimal c_nodes c_seconds cells (row-major, 0 = blank)"]
    for board, (walks, bands, want) in BOARD_SETS.items():
        if boards and board not in boards:
            continue
        w, h = (int(x) for x in board.split("x"))
        rng = random.Random(board)
        kept = 0
        have = [0] * len(bands)
        for walk in walks:
            if have == list(want):
                break
            cells = scramble(w, h, walk, rng)
            got, note = run_c_board(w, h, [(0, cells)], C_LIMIT)
            row = got[0]
            print(board, walk, row, flush=True)
            band = next((j for j, (lo, hi) in enumerate(bands)
                         if "length" in row and lo <= row["length"] <= hi), None)
            if band is not None and have[band] < want[band]:
                have[band] += 1
                kept += 1
                lines.append(f"{board} {kept} {walk} {row['length']} {row['nodes']} "
                             f"{row['cpu_seconds']:.3f} {' '.join(map(str, cells))}")
    if os.path.exists(BOARDS_FILE):         # keep the other boards' lines
        with open(BOARDS_FILE) as f:
            lines += [x.rstrip("\n") for x in f if x.strip() and not x.startswith("#")
                      and boards and x.split()[0] not in boards]
    order = {b: j for j, b in enumerate(BOARD_SETS)}
    head = [x for x in lines if x.startswith("#")]
    body = sorted((x for x in lines if not x.startswith("#")),
                  key=lambda x: (order[x.split()[0]], int(x.split()[1])))
    with open(BOARDS_FILE, "w") as f:
        f.write("\n".join(head + body) + "\n")


def board_instances(boards=None):
    """[(board, id, walk, optimal, cells)] from BOARDS_FILE (``boards``: names
    such as "5x5" to keep)."""
    out = []
    with open(BOARDS_FILE) as f:
        for line in f:
            if line.strip() and not line.startswith("#"):
                p = line.split()
                if boards is None or p[0] in boards:
                    out.append((p[0], int(p[1]), int(p[2]), int(p[3]),
                                [int(x) for x in p[6:]]))
    return out


def board_task(board, number):
    return f"{board} #{number}"


def board_code(board, cells):
    from puzzlelab.families.tiles.model import format_cells
    w, h = (int(x) for x in board.split("x"))
    return f"tiles:{board}:{format_cells(cells, w, h)}"


def run_boards(boards=None, only=None, repeats=1):
    """Solve the scrambles beyond 4x4 with ``auto`` through the API, as the
    page does (the fast solver's answer first, then the proof).  Each
    board's tables are built first, timed apart (``extra["table_seconds"]``
    on the board's first row); a row's CPU seconds are the whole request,
    ``extra`` has the first answer's CPU seconds and length.  Pure Python:
    also a Pyodide job."""
    from puzzlelab import api, codes
    from puzzlelab.families.tiles import lowerbounds
    from puzzlelab.search.common import drain
    cpu = common.cpu_clock()
    rows = []
    prepared = set()
    for board, number, walk, optimal, cells in board_instances(boards):
        task = board_task(board, number)
        if only is not None and task not in only:
            continue
        code = board_code(board, cells)
        extra = {"board": board, "walk": walk, "code": code}
        if board not in prepared:
            puzzle = codes.parse(code)
            c0 = cpu()
            drain(lowerbounds.incremental_steps(puzzle))
            extra["table_seconds"] = cpu() - c0
            prepared.add(board)
        cpu_times, wall_times = [], []
        for _ in range(max(1, repeats)):
            w0, c0 = time.perf_counter(), cpu()
            gen = api.handle({"op": "solve", "code": code})
            first = None
            try:
                while True:
                    rec = next(gen)
                    if first is None and "improvement" in rec:
                        first = (cpu() - c0, rec["improvement"]["length"])
            except StopIteration as stop:
                reply = stop.value
            cpu_times.append(cpu() - c0)
            wall_times.append(time.perf_counter() - w0)
        if first is None and reply.get("ok"):
            first = (cpu_times[-1], reply["length"])
        ok = bool(reply.get("ok") and reply["optimal"] and reply["length"] == optimal)
        if reply.get("ok"):
            # replay: every move legal and the last position the goal
            puzzle = codes.parse(code)
            state = puzzle.start
            for move in (tuple(m.values()) for m in reply["move_data"]):
                state = dict(puzzle.successors(state))[move]
            ok = ok and puzzle.is_goal(state)
            stats = reply.get("stats") or {}
            extra.update(first_seconds=first[0], first_length=first[1],
                         generated=stats.get("generated"), bound=reply.get("heuristic"))
        rows.append(common.make_row(
            "tiles", task, answer=reply.get("length"), known=optimal, ok=ok,
            states=(reply.get("stats") or {}).get("expanded"), cpu_times=cpu_times,
            wall_times=wall_times, error=None if reply.get("ok") else str(reply.get("error")),
            extra=extra))
    return rows


def boards_main(args):
    """bench_tiles.py --boards: the table of the scrambles beyond 4x4, with
    the C yardstick timed in the same run and Pyodide (unless --no-pyodide)."""
    boards = None if args.boards == "all" else args.boards.split(",")
    rows = run_boards(boards, repeats=args.repeats)
    insts = {board_task(b, n): (b, n, cells) for b, n, _w, _o, cells in board_instances(boards)}
    c_rows = {}
    if not args.no_c:
        for board in dict.fromkeys(b for b, _n, _c in insts.values()):
            w, h = (int(x) for x in board.split("x"))
            got, _note = run_c_board(w, h, [(n, cells) for b, n, cells in insts.values()
                                            if b == board])
            for n, row in (got or {}).items():
                c_rows[board_task(board, n)] = row
    pyo = {}
    if not args.no_pyodide:
        job = {"module": "bench_tiles", "function": "run_boards",
               "kwargs": {"boards": boards, "repeats": args.repeats}}
        res, err = common.pyodide_jobs([job], timeout=7200)
        err = err or res["jobs"][0].get("error")
        if err:
            print("Pyodide run failed: " + err.strip().splitlines()[-1][:300])
        else:
            pyo = {r["task"]: r for r in res["jobs"][0]["rows"]}
    head = (f"{'task':10} {'opt':>3} {'len':>3} {'cpu s':>7} {'C s':>7} {'pyo s':>7} "
            f"{'1st s':>6} {'1st len':>7} {'generated':>10} {'C nodes':>12}")
    print(head)
    print("-" * len(head))
    for r in rows:
        c = c_rows.get(r["task"], {})
        p = pyo.get(r["task"], {})
        print(f"{r['task']:10} {r['known']:3d} {r['answer'] or 0:3d}{'' if r['ok'] else '!'} "
              f"{_fmt(r['cpu_seconds'], 7)} {_fmt(c.get('cpu_seconds'), 7)} "
              f"{_fmt(p.get('cpu_seconds'), 7)} {_fmt(r['extra'].get('first_seconds'), 6)} "
              f"{r['extra'].get('first_length') or 0:7d} "
              f"{r['extra'].get('generated') or 0:10d} {c.get('nodes', 0):12d}")
    print()
    summary = {}
    for board in dict.fromkeys(r["extra"]["board"] for r in rows):
        mine = [r for r in rows if r["extra"]["board"] == board]
        secs = [r["cpu_seconds"] or 0.0 for r in mine]
        c_secs = [c_rows[r["task"]]["cpu_seconds"] for r in mine if "cpu_seconds"
                  in c_rows.get(r["task"], {})]
        p_secs = [pyo[r["task"]]["cpu_seconds"] for r in mine if r["task"] in pyo]
        ratios = [r["extra"]["first_length"] / r["known"] for r in mine
                  if r["extra"].get("first_length")]
        firsts = [r["extra"]["first_seconds"] for r in mine if "first_seconds" in r["extra"]]
        table_s = mine[0]["extra"].get("table_seconds", 0.0)
        p_table = pyo.get(mine[0]["task"], {}).get("extra", {}).get("table_seconds")
        s = {"instances": len(mine), "optimum": [min(r["known"] for r in mine),
                                                 max(r["known"] for r in mine)],
             "all_ok": all(r["ok"] for r in mine), "cpu_total": sum(secs),
             "cpu_max": max(secs), "table_seconds": table_s,
             "c_total": sum(c_secs) if len(c_secs) == len(mine) else None,
             "pyodide_total": sum(p_secs) if len(p_secs) == len(mine) else None,
             "pyodide_table_seconds": p_table,
             "first_seconds_max": max(firsts) if firsts else None,
             "first_ratio_mean": statistics.mean(ratios) if ratios else None,
             "first_ratio_max": max(ratios) if ratios else None}
        summary[board] = s
        verdict = []
        verdict.append("all proven optimal" if s["all_ok"] else "NOT all proven optimal")
        verdict.append(f"max {s['cpu_max']:.2f} s " + ("<= 10 s" if s["cpu_max"] <= 10
                                                         else "> 10 s (target missed)"))
        if s["c_total"] is not None:
            verdict.append(f"total {s['cpu_total']:.2f} s vs C {s['c_total']:.2f} s: " +
                           ("met" if s["cpu_total"] <= s["c_total"] else "missed") +
                           f" (with the {table_s:.1f} s table build: "
                           f"{'met' if s['cpu_total'] + table_s <= s['c_total'] else 'missed'})")
        if s["pyodide_total"] is not None:
            ratio = s["pyodide_total"] / max(s["cpu_total"], 1e-9)
            s["pyodide_ratio"] = ratio
            verdict.append(f"Pyodide/CPython {ratio:.2f} "
                           f"({'met' if ratio <= 2.5 else 'missed'} <= 2.5)")
        if firsts:
            verdict.append(f"first answer within {s['first_seconds_max']:.2f} s, length "
                           f"{s['first_ratio_mean']:.2f}x the optimum on average "
                           f"(worst {s['first_ratio_max']:.2f}x)")
        print(f"{board}: {s['instances']} instances, optimum {s['optimum'][0]}-"
              f"{s['optimum'][1]}, tables {table_s:.1f} s; " + "; ".join(verdict))
    os.makedirs(WORK, exist_ok=True)
    with open(os.path.join(WORK, "bench_tiles_boards.json"), "w") as f:
        json.dump({"rows": rows, "c": c_rows, "pyodide_rows": list(pyo.values()),
                   "summary": summary}, f, indent=1)
    return 0 if all(r["ok"] for r in rows) else 1


# -- the PyPI peers ---------------------------------------------------------------

PEER_RUNNER = r'''
import json, sys, time, threading
which, cells = sys.argv[1], [int(x) for x in sys.argv[2].split(",")]
t0, c0 = time.perf_counter(), time.process_time()
if which == "slidingpuzzle":
    import numpy as np
    from slidingpuzzle import search
    board = np.array(cells, dtype=np.int64).reshape(4, 4)
    result = search(board, "ida*")
    length = len(result.solution)
elif which == "fifteen":
    from fifteen_puzzle_solvers.domain import Puzzle
    from fifteen_puzzle_solvers.services.algorithms import AStar
    from fifteen_puzzle_solvers.services.solver import PuzzleSolver
    solver = PuzzleSolver(AStar(Puzzle([cells[i:i + 4] for i in range(0, 16, 4)]),
                                "manhattan_distance"))
    solver.run()
    length = len(solver.get_solution()) - 1
print(json.dumps({"length": length, "cpu_seconds": time.process_time() - c0,
                  "seconds": time.perf_counter() - t0}))
'''


def blank_last(cells):
    """Korf's blank-first goal -> the peers' blank-last goal: turn the board
    half a turn and relabel t -> 16 - t (lengths are unchanged)."""
    out = [0] * 16
    for p, t in enumerate(cells):
        out[15 - p] = 16 - t if t else 0
    return out


def peer_python():
    """The peers' venv (created on first use); returns its python or None."""
    venv = os.path.join(WORK, "peers-venv")
    py = os.path.join(venv, "bin", "python")
    stamp = os.path.join(venv, "INSTALLED")
    if not os.path.exists(stamp):
        os.makedirs(WORK, exist_ok=True)
        subprocess.run([sys.executable, "-m", "venv", venv], check=True)
        pip = subprocess.run([py, "-m", "pip", "install", "-q", SLIDINGPUZZLE, FIFTEEN],
                             capture_output=True, text=True)
        if pip.returncode:
            print("peers: pip install failed:", pip.stderr[-400:], file=sys.stderr)
            return None
        with open(stamp, "w") as f:
            f.write(f"{SLIDINGPUZZLE}\n{FIFTEEN}\n")
    with open(os.path.join(WORK, "peer_runner.py"), "w") as f:
        f.write(PEER_RUNNER)
    return py


def run_peer(py, which, cells, limit):
    runner = os.path.join(WORK, "peer_runner.py")
    arg = ",".join(map(str, blank_last(cells)))
    try:
        out = subprocess.run([py, runner, which, arg], capture_output=True, text=True,
                             timeout=limit)
    except subprocess.TimeoutExpired:
        return {"timeout": limit}
    if out.returncode:
        return {"error": out.stderr.strip().splitlines()[-1:]}
    return json.loads(out.stdout.strip().splitlines()[-1])


# -- the yardsticks as peers of the rows ------------------------------------------

def run_peers(ids=None, only=None, c=True, pypi=True, pypi_ids=None, limit=60.0):
    """The C yardstick on the instances (``ids``/``only`` as in run_cases)
    and, with ``pypi``, the PyPI peers on ``pypi_ids`` (default: PEER_IDS,
    the easiest for Manhattan IDA*, easiest first; after PEER_GIVE_UP
    time-outs in a row a peer is marked "not run" on the rest), each in its
    own subprocess.  Returns {"peers": {task: {peer name: peer}}, "notes":
    [...]}, peers of common.py's schema in CPU seconds (``states`` of the C
    program: the nodes it generated).  CPython only: run.py runs this as a job."""
    instances = instances_of(ids, only)
    optimal = {n: o for n, o, _ in instances}
    out = {n: {} for n in optimal}
    notes = []
    c_rows, c_note = run_c(instances) if c else (None, "skipped")
    if c_rows is None:
        notes.append(f"C yardstick not run: {c_note}")
    else:
        notes.append(f"C -O2 = bench_tiles' {c_note} (korf_c/ida.c), CPU seconds")
        for n, row in c_rows.items():
            out[n]["C -O2"] = common.make_peer(
                "ok" if row["length"] == optimal[n] else "wrong answer",
                cpu_seconds=row["cpu_seconds"], answer=row["length"], states=row["nodes"])
    py = peer_python() if pypi else None
    if pypi and py is None:
        notes.append("PyPI peers could not be installed (see stderr)")
    if py is not None:
        order = [n for n in (pypi_ids or PEER_IDS) if n in optimal]
        cells = {n: cl for n, _, cl in instances}
        for which, name in (("slidingpuzzle", "slidingpuzzle"),
                            ("fifteen", "fifteen-puzzle-solvers")):
            timeouts = 0
            for n in order:
                if timeouts >= PEER_GIVE_UP:
                    out[n][name] = common.make_peer(
                        "not run", note=f"not run ({PEER_GIVE_UP} easier ones timed out)")
                    continue
                got = run_peer(py, which, cells[n], limit)
                if "timeout" in got:
                    timeouts += 1
                    out[n][name] = common.make_peer("timeout", limit=limit)
                elif "error" in got:
                    out[n][name] = common.make_peer(
                        "error", note="error: " + " ".join(got["error"])[:80])
                else:
                    timeouts = 0
                    good = got["length"] == optimal[n]
                    out[n][name] = common.make_peer(
                        "ok" if good else "not optimal", cpu_seconds=got["cpu_seconds"],
                        answer=got["length"],
                        note=None if good else f"not optimal ({got['length']} moves)")
        notes.append(f"PyPI peers ({SLIDINGPUZZLE}, {FIFTEEN}) in "
                     f"benchmarks/_work/peers-venv, one subprocess per instance, limit "
                     f"{limit:.0f} s, CPU seconds; instances {order}; fifteen-puzzle-solvers' "
                     "A* is not optimal")
    return {"peers": {task_name(n): p for n, p in out.items()}, "notes": notes}


# -- the report -------------------------------------------------------------------

def _fmt(x, width=8, digits=2):
    if x is None:
        return "-".rjust(width)
    if isinstance(x, str):
        return x.rjust(width)
    return f"{x:{width}.{digits}f}"


def _summary(values):
    values = sorted(values)
    if not values:
        return None
    return {"median": statistics.median(values), "worst": values[-1], "total": sum(values),
            "n": len(values)}


def _peer_text(p, field="cpu_seconds"):
    """A peer's cell in this module's own table."""
    if p is None or p["status"] == "not run":
        return None
    if p["status"] == "timeout":
        return f">{p['limit']:.0f}"
    if p["status"] == "error":
        return "err"
    return p[field]


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--quick", action="store_true", help=f"only instances {MORE_QUICK_IDS}")
    ap.add_argument("--repeats", type=int, default=1)
    ap.add_argument("--no-peers", action="store_true")
    ap.add_argument("--no-c", action="store_true")
    ap.add_argument("--no-pyodide", action="store_true")
    ap.add_argument("--peer-limit", type=float, default=60.0, help="seconds per peer instance")
    ap.add_argument("--peer-ids", default=None,
                    help="instances for the PyPI peers: 'all' or ids (default: the 10 easiest)")
    ap.add_argument("--partitions", action="store_true",
                    help="compare PDB layouts (5-5-5, 6-6-3, with and without the mirror) "
                         "on 20 instances (--quick: 7) and stop")
    ap.add_argument("--make-boards", default=None, metavar="BOARDS",
                    help="draw the scramble sets beyond 4x4 ('all' or e.g. 5x5,6x2), "
                         "solve them in C, write data/tiles_boards.txt and stop")
    ap.add_argument("--boards", default=None, metavar="BOARDS",
                    help="the scrambles beyond 4x4 ('all' or e.g. 5x5,6x2) solved by auto, "
                         "beside the C yardstick and Pyodide, and stop")
    args = ap.parse_args(argv)
    if args.boards:
        return boards_main(args)
    if args.make_boards:
        make_board_sets(None if args.make_boards == "all" else args.make_boards.split(","))
        return 0
    if args.partitions:
        ids = MORE_QUICK_IDS if args.quick else PARTITION_IDS
        print(f"PDB layouts on Korf instances {ids} (CPU s and nodes summed)")
        print(f"{'layout':8} {'mirror':>6} {'cpu s':>8} {'generated':>12} {'download':>10} "
              f"{'s x MB':>8}")
        for r in compare_partitions(ids):
            print(f"{r['layout']:8} {str(r['mirror']):>6} {r['cpu_seconds']:8.2f} "
                  f"{r['generated']:12,d} {r['download_bytes']:10,d} "
                  f"{r['cpu_seconds'] * r['download_bytes'] / 1e6:8.2f}")
        return 0

    ids = MORE_QUICK_IDS if args.quick else [n for n, _, _ in korf100()]
    ids = [n for n, _, _ in instances_of(ids)]              # in Korf's order
    print(f"Korf's 100 15-puzzle instances: {len(ids)} instance(s), repeats {args.repeats}; "
          f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores", flush=True)

    t = time.perf_counter()
    from puzzlelab import codes
    codes.parse("tiles:4x4:" + HEX).incremental_bound("pdb")
    load_s = time.perf_counter() - t
    ours = {r["extra"]["korf_id"]: r for r in run_cases(args.repeats, ids=ids)}
    print(f"ours: done ({load_s:.2f} s to load the tables first)", flush=True)

    if args.peer_ids == "all":
        pids = ids
    elif args.peer_ids:
        pids = [int(x) for x in args.peer_ids.split(",")]
    else:
        pids = [i for i in (MORE_QUICK_IDS[:3] if args.quick else PEER_IDS) if i in ids]
    got = run_peers(ids=ids, c=not args.no_c, pypi=not args.no_peers, pypi_ids=pids,
                    limit=args.peer_limit)
    peers = {n: got["peers"][task_name(n)] for n in ids}
    for note in got["notes"]:
        print(note, flush=True)

    pyo, pyo_note = None, "skipped"
    if not args.no_pyodide:
        job = {"module": "bench_tiles", "function": "run_cases",
               "kwargs": {"ids": ids, "repeats": args.repeats}}
        res, err = common.pyodide_jobs([job], timeout=7200)
        err = err or res["jobs"][0].get("error")
        if err:
            pyo_note = "Pyodide run failed: " + err.strip().splitlines()[-1][:300]
        else:
            pyo = {r["extra"]["korf_id"]: r for r in res["jobs"][0]["rows"]}
            pyo_note = f"Pyodide {res['pyodide']}, Python {res['python']}"
    print(f"Pyodide: {pyo_note}", flush=True)

    head = (f"{'#':>3} {'opt':>3} {'len':>3} {'cpu s':>7} {'wall s':>7} {'expanded':>9} {'generated':>10} "
            f"{'C s':>7} {'C nodes':>12} {'C/ours':>7} {'pyo s':>7} {'pyo/cpy':>7} "
            f"{'sp s':>7} {'sp/ours':>7} {'fps len':>7}")
    print()
    print(head)
    print("-" * len(head))
    for n in ids:
        r = ours[n]
        ours_s = max(r["cpu_seconds"], 1e-4)
        c = peers[n].get("C -O2")
        p = (pyo or {}).get(n)
        sp_txt = _peer_text(peers[n].get("slidingpuzzle"))
        fp_txt = _peer_text(peers[n].get("fifteen-puzzle-solvers"), "answer")
        print(f"{n:3d} {r['known']:3d} {r['answer']:3d}{'' if r['ok'] else '!'} "
              f"{_fmt(r['cpu_seconds'], 7)} {_fmt(r['wall_seconds'], 7)} {r['states']:9d} "
              f"{r['extra']['generated']:10d} "
              f"{_fmt(c and c['cpu_seconds'], 7)} {c['states'] if c else '-':>12} "
              f"{_fmt(c and c['cpu_seconds'] / ours_s, 7, 1)} "
              f"{_fmt(p and p['cpu_seconds'], 7)} "
              f"{_fmt(p and p['cpu_seconds'] / ours_s, 7, 2)} "
              f"{_fmt(sp_txt, 7)} "
              f"{_fmt(sp_txt / ours_s if isinstance(sp_txt, float) else None, 7, 0)} "
              f"{str(fp_txt if fp_txt is not None else '-'):>7}")
    print()
    s_cpu = _summary([ours[n]["cpu_seconds"] for n in ids])
    s_wall = _summary([ours[n]["wall_seconds"] for n in ids])
    report = {"instances": ids, "rows": list(ours.values()), "peers": peers,
              "pyodide_rows": list((pyo or {}).values()),
              "notes": {"peers": got["notes"], "pyodide": pyo_note}}
    print(f"all optimal: {all(ours[n]['ok'] for n in ids)} "
          f"({sum(ours[n]['ok'] for n in ids)}/{len(ids)} at the published length)")
    print(f"ours CPython CPU s: median {s_cpu['median']:.3f}  worst {s_cpu['worst']:.2f}  "
          f"total {s_cpu['total']:.1f}   (wall: median {s_wall['median']:.3f}  worst "
          f"{s_wall['worst']:.2f}  total {s_wall['total']:.1f})")
    print(f"ours nodes: expanded mean {statistics.mean(ours[n]['states'] for n in ids):,.0f}, "
          f"total {sum(ours[n]['states'] for n in ids):,}; generated mean "
          f"{statistics.mean(ours[n]['extra']['generated'] for n in ids):,.0f}")
    c_secs = [(peers[n].get("C -O2") or {}).get("cpu_seconds") for n in ids]
    if all(x is not None for x in c_secs):
        s_c = _summary(c_secs)
        print(f"C yardstick CPU s:  median {s_c['median']:.3f}  worst {s_c['worst']:.2f}  "
              f"total {s_c['total']:.1f}   -> total C / total ours = "
              f"{s_c['total'] / s_cpu['total']:.2f}")
        report["summary_c"] = s_c
    if pyo:
        s_p = _summary([pyo[n]["cpu_seconds"] for n in ids if n in pyo])
        print(f"Pyodide CPU s:      median {s_p['median']:.3f}  worst {s_p['worst']:.2f}  "
              f"total {s_p['total']:.1f}   -> Pyodide / CPython = "
              f"{s_p['total'] / s_cpu['total']:.2f} ({pyo_note})")
        report["summary_pyodide"] = s_p
    sp = {n: peers[n]["slidingpuzzle"] for n in ids if "slidingpuzzle" in peers[n]}
    if sp:
        done = [n for n in sp if sp[n]["cpu_seconds"] is not None]
        if done:
            ratios = [sp[n]["cpu_seconds"] / max(ours[n]["cpu_seconds"], 1e-4) for n in done]
            wrong = [n for n in done if sp[n]["status"] != "ok"]
            print(f"slidingpuzzle finished {len(done)}/{len(sp)}: speed-up of ours "
                  f"min {min(ratios):.0f}x, median {statistics.median(ratios):.0f}x"
                  f"{'; NOT optimal on ' + str(wrong) if wrong else ''}")
        else:
            print(f"slidingpuzzle finished 0/{len(sp)} within the limit")
    print("CPU seconds throughout; the machine is shared, so wall seconds vary more.")
    report["summary_ours_cpu"] = s_cpu
    report["summary_ours_wall"] = s_wall
    os.makedirs(WORK, exist_ok=True)
    with open(os.path.join(WORK, "bench_tiles.json"), "w") as f:
        json.dump(report, f, indent=1)
    return 0 if all(ours[n]["ok"] for n in ids) else 1


if __name__ == "__main__":
    sys.exit(main())
