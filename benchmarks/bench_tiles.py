"""Sliding-tile benchmark: Korf's 100 15-puzzle instances (blank-first goal)
solved optimally by the tiles family's IDA* with pattern databases, side by
side with a native yardstick (korf_c/ida.c: plain IDA* + Manhattan in C,
compiled here with ``cc -O2``) and with the pure-Python solvers on PyPI
(``slidingpuzzle``, pinned, in a venv under benchmarks/_work/, one subprocess
per instance with a time limit; ``fifteen-puzzle-solvers``, pinned, marked
for what it cannot do), optionally inside Pyodide (Node + node_modules).

    python benchmarks/bench_tiles.py [--quick] [--repeats N] [--no-peers]
        [--no-c] [--no-pyodide] [--peer-limit S] [--peer-ids all|1,2,...]
    python benchmarks/bench_tiles.py --partitions [--quick]   (PDB layouts)

:func:`run_cases` is the timing core: pure Python, importable inside
Pyodide (benchmarks/pyodide_bench.mjs calls it as a job).  Prints a table;
writes benchmarks/_work/bench_tiles.json.  Timings are CPU seconds of the
solving process (``time.process_time``; under Node's Pyodide,
``process.cpuUsage()``), which other jobs on a shared machine disturb less
than wall time; wall seconds are shown too.
"""

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
WORK = os.path.join(HERE, "_work")
if "puzzlelab" not in sys.modules and not os.environ.get("PUZZLELAB_INSTALLED"):
    sys.path.insert(0, os.path.join(ROOT, "pysrc"))

SLIDINGPUZZLE = "slidingpuzzle==0.1.5"
FIFTEEN = "fifteen-puzzle-solvers==2.0.3"
QUICK_IDS = [55, 79, 9, 2, 6, 8, 1]
PEER_IDS = [79, 55, 97, 9, 12, 13, 74, 2, 92, 73]     # the easiest ones for Manhattan IDA*
PARTITION_IDS = list(range(1, 21))
HEX = "0123456789abcdef"


DATA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "data")


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


def cpu_clock():
    """CPU seconds of this process.  Under Pyodide ``time.process_time`` is
    the wall clock; under Node, ``process.cpuUsage()`` is the real thing."""
    if sys.platform == "emscripten":
        try:
            import js
            proc = js.process

            def clock():
                used = proc.cpuUsage()
                return (used.user + used.system) / 1e6
            clock()
            return clock
        except Exception:        # a browser: no process object
            pass
    return time.process_time


def run_cases(instances=None, repeats=1, quick=False, ids=None, heuristic="pdb"):
    """Solve each instance ``repeats`` times with the tiles family's IDA*;
    return rows ``{id, optimal, length, ok, seconds, cpu_seconds, expanded,
    generated}`` (medians over the repeats).  Pure Python (no subprocess):
    callable inside Pyodide once the tables are registered."""
    from puzzlelab import codes
    from puzzlelab.families import tiles_ida
    from puzzlelab.search.common import drain
    if instances is None:
        instances = korf100()
        if ids is None and quick:
            ids = QUICK_IDS
        if ids is not None:
            wanted = set(ids)
            instances = [x for x in instances if x[0] in wanted]
    rows = []
    bound = None
    cpu = cpu_clock()
    for number, optimal, cells in instances:
        code = "tiles:4x4:" + "".join(HEX[t] for t in cells) + ":" + HEX
        puzzle = codes.parse(code)
        if bound is None:
            bound = puzzle.incremental_bound(heuristic)     # loads the tables, untimed
        walls, cpus = [], []
        for _ in range(max(1, repeats)):
            w0, c0 = time.perf_counter(), cpu()
            result = drain(tiles_ida.search(puzzle, bound))
            cpus.append(cpu() - c0)
            walls.append(time.perf_counter() - w0)
        rows.append({"id": number, "optimal": optimal, "length": result.cost,
                     "ok": result.cost == optimal and result.optimal,
                     "seconds": statistics.median(walls),
                     "cpu_seconds": statistics.median(cpus),
                     "expanded": result.stats["expanded"],
                     "generated": result.stats["generated"]})
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
    from puzzlelab.families import tiles, tiles_ida, tiles_pdb
    from puzzlelab.search.common import drain
    goal = bytes(range(16))
    goal_pos = list(range(16))
    transpose = [(c % 4) * 4 + c // 4 for c in range(16)]
    block_name = sorted(tables.TABLE_SPECS)[0]
    block_cells = tuple(tables.TABLE_SPECS[block_name]["cells"])
    block_table = next(t for nm, _c, t in tiles._stored_tables(4, 4) if nm == block_name)
    block_images = {frozenset(img): sym for img, sym in tiles_pdb.images(4, 4, block_cells)}
    rows = []
    for name, groups in LAYOUTS.items():
        files = {}

        def pattern(cells):
            sym = block_images.get(frozenset(cells)) if len(cells) == 6 else None
            if sym is not None:
                files[block_name] = len(tables.load(block_name))
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
            bound = tiles_ida.pdb_bound(tiles.Tiles(4, 4, goal, goal), parts, name)
            cpu = cpu_clock()
            total, nodes = 0.0, 0
            for n, opt, cells in korf100():
                if n in ids:
                    c0 = cpu()
                    result = drain(tiles_ida.search(tiles.Tiles(4, 4, bytes(cells), goal), bound))
                    total += cpu() - c0
                    nodes += result.stats["generated"]
                    assert result.cost == opt
            rows.append({"layout": name, "mirror": with_mirror, "cpu_seconds": total,
                         "generated": nodes, "download_bytes": sum(files.values())})
    return rows


# -- the native yardstick -----------------------------------------------------

def run_c(instances):
    cc = shutil.which("cc")
    if not cc:
        return None, "no cc on this machine"
    os.makedirs(WORK, exist_ok=True)
    exe = os.path.join(WORK, "korf_ida")
    src = os.path.join(HERE, "korf_c", "ida.c")
    build = subprocess.run([cc, "-O2", "-o", exe, src], capture_output=True, text=True)
    if build.returncode:
        return None, "cc failed: " + build.stderr[-300:]
    text = "".join(f"{n} {opt} {' '.join(map(str, cells))}\n" for n, opt, cells in instances)
    out = subprocess.run([exe], input=text, capture_output=True, text=True, check=True)
    rows = {}
    for line in out.stdout.split("\n"):
        if line.strip():
            n, length, nodes, secs = line.split()
            rows[int(n)] = {"length": int(length), "nodes": int(nodes), "cpu_seconds": float(secs)}
    return rows, "cc -O2, IDA* + Manhattan, no tables"


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


# -- Pyodide ------------------------------------------------------------------------

PYODIDE_JS = r'''
import path from "node:path";
import { pathToFileURL } from "node:url";
const [root, tablesDir, argsJson] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(path.join(root, "node_modules/pyodide/pyodide.mjs")).href);
const py = await loadPyodide({ indexURL: path.join(root, "node_modules/pyodide") + "/" });
py.setStdout({ write: (b) => { process.stdout.write(b); return b.length; } });
py.setStderr({ write: (b) => { process.stderr.write(b); return b.length; } });
for (const [dir, at] of [[path.join(root, "pysrc"), "/src"], [path.join(root, "benchmarks"), "/bench"],
                         [tablesDir, "/tables"]]) {
  py.FS.mkdirTree(at);
  py.FS.mount(py.FS.filesystems.NODEFS, { root: dir }, at);
}
py.globals.set("ARGS", argsJson);
py.runPython(`
import json, os, sys
sys.path[:0] = ["/src", "/bench"]
from puzzlelab import tables
tables.register_dir("/tables")
import bench_tiles
rows = bench_tiles.run_cases(**json.loads(ARGS))
print("@@ROWS " + json.dumps({"rows": rows, "python": sys.version.split()[0]}))
`);
'''


def run_pyodide(ids, repeats):
    node = shutil.which("node")
    if not node or not os.path.exists(os.path.join(ROOT, "node_modules", "pyodide")):
        return None, "no node or no node_modules/pyodide"
    from puzzlelab import tables
    for name in tables.TABLE_SPECS:
        tables.load(name)                      # builds into the cache dir if needed
    os.makedirs(WORK, exist_ok=True)
    script = os.path.join(WORK, "bench_tiles_pyodide.mjs")
    with open(script, "w") as f:
        f.write(PYODIDE_JS)
    args = json.dumps({"ids": ids, "repeats": repeats})
    out = subprocess.run([node, script, ROOT, tables.default_cache_dir(), args],
                         capture_output=True, text=True)
    for line in out.stdout.splitlines():
        if line.startswith("@@ROWS "):
            got = json.loads(line[7:])
            return {r["id"]: r for r in got["rows"]}, "Pyodide, Python " + got["python"]
    return None, "pyodide run failed: " + (out.stderr or out.stdout)[-500:]


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


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--quick", action="store_true", help=f"only instances {QUICK_IDS}")
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
    args = ap.parse_args(argv)
    if args.partitions:
        ids = QUICK_IDS if args.quick else PARTITION_IDS
        print(f"PDB layouts on Korf instances {ids} (CPU s and nodes summed)")
        print(f"{'layout':8} {'mirror':>6} {'cpu s':>8} {'generated':>12} {'download':>10} "
              f"{'s x MB':>8}")
        for r in compare_partitions(ids):
            print(f"{r['layout']:8} {str(r['mirror']):>6} {r['cpu_seconds']:8.2f} "
                  f"{r['generated']:12,d} {r['download_bytes']:10,d} "
                  f"{r['cpu_seconds'] * r['download_bytes'] / 1e6:8.2f}")
        return 0

    instances = korf100()
    if args.quick:
        instances = [x for x in instances if x[0] in QUICK_IDS]
    ids = [x[0] for x in instances]
    print(f"Korf's 100 15-puzzle instances: {len(ids)} instance(s), repeats {args.repeats}; "
          f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores", flush=True)

    t = time.perf_counter()
    from puzzlelab import codes
    codes.parse("tiles:4x4:" + HEX).incremental_bound("pdb")
    load_s = time.perf_counter() - t
    ours = {r["id"]: r for r in run_cases(instances, args.repeats)}
    print(f"ours: done ({load_s:.2f} s to load the tables first)", flush=True)

    c_rows, c_note = (None, "skipped") if args.no_c else run_c(instances)
    print(f"C yardstick: {c_note}", flush=True)

    pyo, pyo_note = (None, "skipped") if args.no_pyodide else run_pyodide(ids, args.repeats)
    print(f"Pyodide: {pyo_note}", flush=True)

    peers = {}
    peer_note = "skipped"
    if not args.no_peers:
        py = peer_python()
        if py is None:
            peer_note = "could not install the peers"
        else:
            if args.peer_ids == "all":
                pids = ids
            elif args.peer_ids:
                pids = [int(x) for x in args.peer_ids.split(",")]
            else:
                pids = [i for i in (QUICK_IDS[:3] if args.quick else PEER_IDS) if i in ids]
            for n, opt, cells in instances:
                if n in pids:
                    peers[n] = {w: run_peer(py, w, cells, args.peer_limit)
                                for w in ("slidingpuzzle", "fifteen")}
                    print(f"  peers #{n}: {peers[n]}", flush=True)
            peer_note = (f"{SLIDINGPUZZLE} (IDA* + linear conflict, its defaults) and {FIFTEEN} "
                         f"(its 'A*' ranks by heuristic only: not optimal, blank-last goal only), "
                         f"limit {args.peer_limit:.0f} s per instance, instances {pids}")

    head = (f"{'#':>3} {'opt':>3} {'len':>3} {'cpu s':>7} {'wall s':>7} {'expanded':>9} {'generated':>10} "
            f"{'C s':>7} {'C nodes':>12} {'C/ours':>7} {'pyo s':>7} {'pyo/cpy':>7} "
            f"{'sp s':>7} {'sp/ours':>7} {'fps len':>7}")
    print()
    print(head)
    print("-" * len(head))
    for n in ids:
        r = ours[n]
        c = (c_rows or {}).get(n)
        p = (pyo or {}).get(n)
        sp = peers.get(n, {}).get("slidingpuzzle")
        fp = peers.get(n, {}).get("fifteen")
        sp_s = sp.get("cpu_seconds") if sp else None
        sp_txt = (f">{sp['timeout']:.0f}" if sp and "timeout" in sp else
                  "err" if sp and "error" in sp else sp_s)
        fp_txt = (f">{fp['timeout']:.0f}s" if fp and "timeout" in fp else
                  "err" if fp and "error" in fp else fp.get("length") if fp else None)
        print(f"{n:3d} {r['optimal']:3d} {r['length']:3d}{'' if r['ok'] else '!'} "
              f"{_fmt(r['cpu_seconds'], 7)} {_fmt(r['seconds'], 7)} {r['expanded']:9d} {r['generated']:10d} "
              f"{_fmt(c and c['cpu_seconds'], 7)} {c['nodes'] if c else '-':>12} "
              f"{_fmt(c and c['cpu_seconds'] / max(r['cpu_seconds'], 1e-4), 7, 1)} "
              f"{_fmt(p and p['cpu_seconds'], 7)} "
              f"{_fmt(p and p['cpu_seconds'] / max(r['cpu_seconds'], 1e-4), 7, 2)} "
              f"{_fmt(sp_txt, 7)} "
              f"{_fmt(sp_s / max(r['cpu_seconds'], 1e-4) if isinstance(sp_txt, float) else None, 7, 0)} "
              f"{str(fp_txt if fp_txt is not None else '-'):>7}")
    print()
    s_cpu = _summary([ours[n]["cpu_seconds"] for n in ids])
    s_wall = _summary([ours[n]["seconds"] for n in ids])
    report = {"instances": ids, "ours": list(ours.values()), "c": c_rows, "pyodide": pyo,
              "peers": peers, "notes": {"c": c_note, "pyodide": pyo_note, "peers": peer_note}}
    print(f"all optimal: {all(ours[n]['ok'] for n in ids)} "
          f"({sum(ours[n]['ok'] for n in ids)}/{len(ids)} at the published length)")
    print(f"ours CPython CPU s: median {s_cpu['median']:.3f}  worst {s_cpu['worst']:.2f}  "
          f"total {s_cpu['total']:.1f}   (wall: median {s_wall['median']:.3f}  worst "
          f"{s_wall['worst']:.2f}  total {s_wall['total']:.1f})")
    print(f"ours nodes: expanded mean {statistics.mean(ours[n]['expanded'] for n in ids):,.0f}, "
          f"total {sum(ours[n]['expanded'] for n in ids):,}; generated mean "
          f"{statistics.mean(ours[n]['generated'] for n in ids):,.0f}")
    if c_rows:
        s_c = _summary([c_rows[n]["cpu_seconds"] for n in ids])
        print(f"C yardstick CPU s:  median {s_c['median']:.3f}  worst {s_c['worst']:.2f}  "
              f"total {s_c['total']:.1f}   -> total C / total ours = "
              f"{s_c['total'] / s_cpu['total']:.2f} ({c_note})")
        report["summary_c"] = s_c
    if pyo:
        s_p = _summary([pyo[n]["cpu_seconds"] for n in ids if n in pyo])
        print(f"Pyodide CPU s:      median {s_p['median']:.3f}  worst {s_p['worst']:.2f}  "
              f"total {s_p['total']:.1f}   -> Pyodide / CPython = "
              f"{s_p['total'] / s_cpu['total']:.2f} ({pyo_note})")
        report["summary_pyodide"] = s_p
    if peers:
        done = [n for n in peers if "cpu_seconds" in peers[n]["slidingpuzzle"]]
        if done:
            ratios = [peers[n]["slidingpuzzle"]["cpu_seconds"] / max(ours[n]["cpu_seconds"], 1e-4)
                      for n in done]
            wrong = [n for n in done if peers[n]["slidingpuzzle"]["length"] != ours[n]["optimal"]]
            print(f"slidingpuzzle finished {len(done)}/{len(peers)}: speed-up of ours "
                  f"min {min(ratios):.0f}x, median {statistics.median(ratios):.0f}x"
                  f"{'; NOT optimal on ' + str(wrong) if wrong else ''}")
        else:
            print(f"slidingpuzzle finished 0/{len(peers)} within the limit")
        print(f"peers: {peer_note}")
    print("CPU seconds throughout; the machine is shared, so wall seconds vary more.")
    report["summary_ours_cpu"] = s_cpu
    report["summary_ours_wall"] = s_wall
    os.makedirs(WORK, exist_ok=True)
    with open(os.path.join(WORK, "bench_tiles.json"), "w") as f:
        json.dump(report, f, indent=1)
    return 0 if all(ours[n]["ok"] for n in ids) else 1


if __name__ == "__main__":
    sys.exit(main())
