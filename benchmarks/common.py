"""Shared helpers of the benchmark command (benchmarks/run.py): the one row
schema every family benchmark returns, the timing helper, paths, the machine
description, medians and number formatting, plain-text tables, and the
CPython job runner.  Siblings: pyodide_bench.mjs (the same jobs inside
Pyodide), page_bench.py (Chromium timings), bench_<family>.py (the cases).

The row schema
--------------
Every ``bench_<family>.py`` (tiles, blocks, pegs) exposes

    run_cases(repeats=N, quick=False, only=None, peers=True) -> [row, ...]

``quick`` picks the module's one or two small cases (``run.py --quick``),
``only`` is a list of task names (one case, for the memory and Pyodide runs),
``peers`` also times the module's own yardsticks where it has any.  It runs
unchanged in CPython and inside Pyodide, and returns one row per case, a
plain dict (JSON-able: rows travel from a subprocess or from Node as JSON)
with exactly these fields, built by :func:`make_row` and checked by
:func:`check_row`:

``task`` (str)
    the case's name, unique within its family; what the tables show, what
    ``only`` selects and what run.py joins the CPython and Pyodide rows on.
``family`` (str)
    ``"tiles"``, ``"blocks"`` or ``"pegs"``.
``answer`` (int or None)
    the measured answer: a solution length (moves or jumps, as the case
    says) or a count of solutions; None when the case raised.
``known`` (int or None)
    the known answer it is checked against (published, or proved as the
    module says); None when there is none.
``ok`` (bool)
    ``answer == known`` (and, where the method proves optimality, proven);
    when ``known`` is None, the solution was replayed move by move and
    reached the goal.  False when the case raised.
``error`` (str or None)
    why the case failed (exception type and message); None when it ran.
``states`` (int or None)
    states expanded by the solve (the last run's; the family's own count).
``cpu_seconds`` (float or None)
    median over the runs of the solve alone, in CPU seconds of the solving
    process (:func:`cpu_clock`); None when the case raised.
``wall_seconds`` (float or None)
    the same median in wall seconds (``time.perf_counter``).
``cpu_times`` (list of float)
    each run's CPU seconds, in order (``cpu_seconds`` is their median).
``wall_times`` (list of float)
    each run's wall seconds, in the same order.
``runtime`` (str)
    ``"cpython"`` or ``"pyodide"``: where the row was measured.
``peers`` ({name: peer})
    yardsticks timed on the same case, by name (``"BFS baseline"``,
    ``"C -O2"``, ``"slidingpuzzle"``, ...); empty when none ran.  Each
    *peer* is a dict with exactly these fields (:func:`make_peer`):
    ``status`` (str: ``"ok"``; ``"not optimal"`` (finished, longer answer);
    ``"wrong answer"``; ``"timeout"``; ``"gave up"`` (hit its own cap);
    ``"cannot"`` (the peer cannot do this task); ``"not run"`` (skipped);
    ``"error"``), ``cpu_seconds`` and ``wall_seconds`` (float or None: None
    when it did not finish or does not report that clock), ``answer`` (int
    or None), ``states`` (int or None, the peer's own count: stored, held
    or generated, as the module says), ``limit`` (float or None: the time
    limit of a ``"timeout"``), ``note`` (str or None: what the table shows
    when there is no ratio to show).
``extra`` (dict)
    module-specific figures, free-form but JSON-able: the position code, the
    counting rule or algorithm, tiles' Korf number and nodes generated,
    pegs' proof flag and peak frontier...  run.py reads ``extra`` only for
    the tiles' Korf number.

bench_silence.py is not a family benchmark and keeps its own row shape: one
row per *request* (``request``, ``status``, ``silence``, ``where``; see that
module), since what it measures is the longest gap between progress records
of a request, not a solve with an answer.

Jobs
----
A *job* names a function of a benchmark module and its keyword arguments,
``{"module": "bench_pegs", "function": "run_cases", "kwargs": {...}}``;
``python benchmarks/common.py job JOB_JSON`` runs it in a fresh interpreter
and prints one line ``@@CPYTHON_BENCH {"rows": [...], "maxrss_kib": ...}``,
so a slow or crashing module costs only its own subprocess (with a time
limit), and the process's peak RSS is the peak of that job alone.
pyodide_bench.mjs runs the same jobs inside Pyodide.
"""

import datetime
import json
import os
import platform
import re
import shutil
import statistics
import subprocess
import sys
import time

BENCH = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(BENCH)
SITE = os.path.join(ROOT, "_site")
PYSRC = os.path.join(ROOT, "pysrc")
VENV_PYTHON = os.path.join(ROOT, ".venv", "bin", "python")
CPYTHON_MARK = "@@CPYTHON_BENCH "
PYODIDE_MARK = "@@PYODIDE_BENCH "


# -- the row schema (described in the module docstring) --------------------------

FAMILIES = ("tiles", "blocks", "pegs")
RUNTIMES = ("cpython", "pyodide")
RUNTIME = "pyodide" if sys.platform == "emscripten" else "cpython"
PEER_STATUSES = ("ok", "not optimal", "wrong answer", "timeout", "gave up", "cannot",
                 "not run", "error")
_NUM = (int, float)
_OPT_INT = (int, type(None))
_OPT_NUM = (int, float, type(None))
_OPT_STR = (str, type(None))
ROW_FIELDS = {
    "task": str, "family": str, "answer": _OPT_INT, "known": _OPT_INT, "ok": bool,
    "error": _OPT_STR, "states": _OPT_INT, "cpu_seconds": _OPT_NUM, "wall_seconds": _OPT_NUM,
    "cpu_times": list, "wall_times": list, "runtime": str, "peers": dict, "extra": dict,
}
PEER_FIELDS = {
    "status": str, "cpu_seconds": _OPT_NUM, "wall_seconds": _OPT_NUM, "answer": _OPT_INT,
    "states": _OPT_INT, "limit": _OPT_NUM, "note": _OPT_STR,
}


def make_peer(status, cpu_seconds=None, wall_seconds=None, answer=None, states=None,
              limit=None, note=None):
    """One peer's result on a case, in the schema's shape."""
    return {"status": status, "cpu_seconds": cpu_seconds, "wall_seconds": wall_seconds,
            "answer": answer, "states": states, "limit": limit, "note": note}


def make_row(family, task, *, answer, known, ok, states=None, cpu_times=(), wall_times=(),
             error=None, peers=None, extra=None):
    """One case's row in the schema's shape, checked; the medians are those of
    ``cpu_times``/``wall_times`` (None when the case raised or has no run)."""
    cpu_times, wall_times = list(cpu_times), list(wall_times)
    row = {
        "task": task, "family": family, "answer": answer, "known": known, "ok": bool(ok),
        "error": error, "states": states,
        "cpu_seconds": statistics.median(cpu_times) if cpu_times and error is None else None,
        "wall_seconds": statistics.median(wall_times) if wall_times and error is None else None,
        "cpu_times": cpu_times, "wall_times": wall_times, "runtime": RUNTIME,
        "peers": dict(peers or {}), "extra": dict(extra or {}),
    }
    check_row(row)
    return row


def _type_problems(where, obj, fields):
    out = []
    if not isinstance(obj, dict):
        return [f"{where} is a {type(obj).__name__}, not a dict"]
    missing, unknown = set(fields) - set(obj), set(obj) - set(fields)
    if missing:
        out.append(f"{where} lacks {sorted(missing)}")
    if unknown:
        out.append(f"{where} has fields outside the schema {sorted(unknown)}")
    for key, types in fields.items():
        types = types if isinstance(types, tuple) else (types,)
        value = obj.get(key)
        if key in obj and (not isinstance(value, types)
                           or isinstance(value, bool) and bool not in types):
            expected = " or ".join("None" if t is type(None) else t.__name__ for t in types)
            out.append(f"{where}.{key} = {value!r} is not {expected}")
    return out


def check_row(row):
    """Raise ValueError naming every way ``row`` differs from the schema
    (missing or extra fields, wrong types, bad values); return the row."""
    task = row.get("task") if isinstance(row, dict) else None
    where = f"row {task!r}" if task else "row"
    problems = _type_problems(where, row, ROW_FIELDS)
    if not problems:
        if row["family"] not in FAMILIES:
            problems.append(f"{where}.family = {row['family']!r} is not one of {FAMILIES}")
        if row["runtime"] not in RUNTIMES:
            problems.append(f"{where}.runtime = {row['runtime']!r} is not one of {RUNTIMES}")
        for key in ("cpu_times", "wall_times"):
            if not all(isinstance(t, _NUM) and not isinstance(t, bool) and t >= 0
                       for t in row[key]):
                problems.append(f"{where}.{key} holds something other than seconds")
        if len(row["cpu_times"]) != len(row["wall_times"]):
            problems.append(f"{where}: cpu_times and wall_times differ in length")
        if row["error"] is None and not row["cpu_times"]:
            problems.append(f"{where}: no run timed and no error")
        for name, peer in row["peers"].items():
            problems += _type_problems(f"{where}.peers[{name!r}]", peer, PEER_FIELDS)
            if isinstance(peer, dict) and peer.get("status") not in PEER_STATUSES:
                problems.append(f"{where}.peers[{name!r}].status = {peer.get('status')!r} "
                                f"is not one of {PEER_STATUSES}")
    if problems:
        raise ValueError("; ".join(problems))
    return row


def cpu_clock():
    """A function returning CPU seconds of this process: ``time.process_time``
    in CPython; inside Pyodide under Node, Node's ``process.cpuUsage()``
    (Emscripten's own ``process_time`` is wall time; Node's figure counts
    all its threads, nearly idle while Python runs); in a browser, where
    there is no such clock, ``time.process_time`` (wall time)."""
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


def time_runs(fn, repeats=1, min_total=0.0, max_runs=25):
    """Call ``fn()`` at least ``repeats`` times, and more while the runs'
    CPU seconds add up to less than ``min_total`` (at most ``max_runs``);
    returns (last result, CPU seconds per run, wall seconds per run).  An
    exception in ``fn`` propagates."""
    cpu = cpu_clock()
    cpu_times, wall_times, out = [], [], None
    while len(cpu_times) < max(1, repeats) or (sum(cpu_times) < min_total
                                               and len(cpu_times) < max_runs):
        w0, c0 = time.perf_counter(), cpu()
        out = fn()
        cpu_times.append(cpu() - c0)
        wall_times.append(time.perf_counter() - w0)
    return out, cpu_times, wall_times


def use_source_tree():
    """Put pysrc/ first on sys.path, so that a benchmark module imports the
    source tree, unless a puzzlelab package is already imported or installed
    on purpose (pyodide_bench.mjs installs the built wheel and sets
    PUZZLELAB_INSTALLED)."""
    if "puzzlelab" not in sys.modules and not os.environ.get("PUZZLELAB_INSTALLED") \
            and PYSRC not in sys.path:
        sys.path.insert(0, PYSRC)


# -- the machine --------------------------------------------------------------

def _read(path):
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            return f.read()
    except OSError:
        return ""


def _version(cmd):
    try:
        out = subprocess.run(cmd, capture_output=True, text=True, timeout=30)
        return (out.stdout or out.stderr).strip().splitlines()[0]
    except (OSError, subprocess.SubprocessError, IndexError):
        return None


def time_limit(seconds):
    """A protective time limit (a job's, a page load's): ``seconds``, as on
    an idle machine, times PUZZLELAB_TIME_SCALE when set (tests/timing.py
    sets it for the quick run it starts on a loaded machine).  Limits only
    stop a run that hangs; the times measured are never checked against them."""
    try:
        return seconds * max(1.0, float(os.environ.get("PUZZLELAB_TIME_SCALE") or 1))
    except ValueError:
        return seconds


def load_average():
    try:
        return tuple(round(x, 2) for x in os.getloadavg())
    except OSError:
        return None


def machine():
    """What the results.md header says about the machine and the tools."""
    cpuinfo = _read("/proc/cpuinfo")
    model = re.search(r"^model name\s*:\s*(.+)$", cpuinfo, re.M)
    mem = re.search(r"^MemTotal:\s*(\d+) kB", _read("/proc/meminfo"), re.M)
    pyodide = None
    try:
        with open(os.path.join(ROOT, "node_modules", "pyodide", "package.json")) as f:
            pyodide = json.load(f)["version"]
    except (OSError, ValueError, KeyError):
        pass
    node = shutil.which("node")
    return {
        "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
        "cpu": model.group(1).strip() if model else platform.processor() or "unknown",
        "cores": os.cpu_count(),
        "memory_gib": round(int(mem.group(1)) / 1024 ** 2, 1) if mem else None,
        "os": f"{platform.system()} {platform.release()}",
        "python": f"{platform.python_implementation()} {platform.python_version()}",
        "node": _version([node, "--version"]) if node else None,
        "pyodide": pyodide,
        "load_start": load_average(),
    }


def git_state():
    """Short HEAD, plus a note when the checkout has uncommitted changes."""
    head = _version(["git", "-C", ROOT, "rev-parse", "--short", "HEAD"])
    try:
        dirty = subprocess.run(["git", "-C", ROOT, "status", "--porcelain", "--untracked-files=no"],
                               capture_output=True, text=True, timeout=30).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        dirty = ""
    return f"{head or 'unknown'}{' (with uncommitted changes)' if dirty else ''}"


# -- numbers and tables ----------------------------------------------------------

def median(values):
    values = [v for v in values if v is not None]
    return statistics.median(values) if values else None


def fmt_s(seconds):
    """Seconds with about three significant digits."""
    if seconds is None:
        return "-"
    if seconds >= 100:
        return f"{seconds:.0f}"
    if seconds >= 10:
        return f"{seconds:.1f}"
    if seconds >= 1:
        return f"{seconds:.2f}"
    if seconds >= 0.01:
        return f"{seconds:.3f}"
    return f"{seconds:.4f}"


def fmt_ratio(x):
    if x is None:
        return "-"
    if x >= 100:
        return f"{x:.0f}x"
    if x >= 10:
        return f"{x:.1f}x"
    return f"{x:.2f}x"


def fmt_int(n):
    if n is None or n == "":
        return "-"
    if isinstance(n, (int, float)) and not isinstance(n, bool):
        return f"{int(n):,}"
    return str(n)


def fmt_bytes(n):
    if n is None:
        return "-"
    for unit, size in (("GB", 1e9), ("MB", 1e6), ("kB", 1e3)):
        if n >= size:
            return f"{n / size:.1f} {unit}"
    return f"{n} B"


def table(headers, rows):
    """A Markdown table whose columns line up in a terminal too."""
    cells = [[str(h) for h in headers]] + [["-" if c is None else str(c) for c in r] for r in rows]
    widths = [max(len(r[i]) for r in cells) for i in range(len(headers))]
    def line(r):
        return "| " + " | ".join(c.ljust(w) for c, w in zip(r, widths)) + " |"
    out = [line(cells[0]), "|" + "|".join("-" * (w + 2) for w in widths) + "|"]
    out += [line(r) for r in cells[1:]]
    return "\n".join(out)


# -- subprocesses ------------------------------------------------------------------

def run_marked(cmd, mark, timeout, cwd=ROOT, env=None):
    """Run a command that prints one ``mark + JSON`` line; returns
    (obj or None, error text or None, seconds)."""
    t0 = time.perf_counter()
    try:
        proc = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True,
                              timeout=timeout)
    except subprocess.TimeoutExpired:
        return None, f"time limit of {timeout:.0f} s reached", time.perf_counter() - t0
    except OSError as exc:
        return None, f"could not start {cmd[0]}: {exc}", time.perf_counter() - t0
    seconds = time.perf_counter() - t0
    for out_line in reversed(proc.stdout.splitlines()):
        if out_line.startswith(mark):
            try:
                return json.loads(out_line[len(mark):]), None, seconds
            except ValueError as exc:
                return None, f"unreadable result ({exc})", seconds
    tail = (proc.stderr or proc.stdout or "").strip().splitlines()[-6:]
    return None, f"exit {proc.returncode}: " + " / ".join(tail)[-600:], seconds


def cpython_job(job, timeout, python=None):
    """Run one job in a fresh CPython; returns (result dict or None, error)."""
    cmd = [python or sys.executable, os.path.join(BENCH, "common.py"), "job", json.dumps(job)]
    env = dict(os.environ, PYTHONDONTWRITEBYTECODE="1")
    obj, err, _ = run_marked(cmd, CPYTHON_MARK, timeout, env=env)
    return obj, err


def pyodide_jobs(jobs, timeout):
    """Run jobs in one Pyodide under Node; returns (result dict or None, error)."""
    node = shutil.which("node")
    if not node:
        return None, "Node.js not found"
    if not os.path.exists(os.path.join(SITE, "build.json")):
        return None, "_site/ missing (run python build.py)"
    cmd = [node, os.path.join(BENCH, "pyodide_bench.mjs"), ROOT, json.dumps({"jobs": jobs})]
    obj, err, _ = run_marked(cmd, PYODIDE_MARK, timeout)
    return obj, err


def _job_main(text):
    """Entry of ``common.py job JOB_JSON`` (a fresh CPython)."""
    import importlib
    import resource
    import traceback
    sys.path.insert(0, PYSRC)
    sys.path.insert(0, BENCH)
    job = json.loads(text)
    out = {}
    t = time.perf_counter()
    try:
        module = importlib.import_module(job["module"])
        out["maxrss_kib_before"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        fn = getattr(module, job.get("function") or "run_cases")
        out["rows"] = fn(**(job.get("kwargs") or {}))
    except BaseException:
        out["error"] = traceback.format_exc(limit=6)
    out["seconds"] = time.perf_counter() - t
    out["maxrss_kib"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    sys.stdout.flush()
    print(CPYTHON_MARK + json.dumps(out, default=str), flush=True)


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "job":
        _job_main(sys.argv[2])
    else:
        sys.exit("usage: python benchmarks/common.py job JOB_JSON  (run.py calls this)")
