"""Shared helpers of the benchmark command (benchmarks/run.py): paths, the
machine description, medians and number formatting, plain-text tables, and
the CPython job runner.  Siblings: pyodide_bench.mjs (the same jobs inside
Pyodide), page_bench.py (Chromium timings), bench_<family>.py (the cases).

A *job* names a function of a benchmark module and its keyword arguments,
``{"module": "bench_pegs", "function": "run_cases", "kwargs": {...},
"optional": {"quick": true}, "clock": "cpu"}`` (optional arguments are
passed only if accepted; ``clock: cpu`` makes the module's perf_counter read
CPU time);
``python benchmarks/common.py job JOB_JSON`` runs it in a fresh interpreter
and prints one line ``@@CPYTHON_BENCH {"rows": [...], "maxrss_kib": ...}``,
so a slow or crashing module costs only its own subprocess (with a time
limit), and the process's peak RSS is the peak of that job alone.
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


def call_kwargs(fn, job):
    """The job's "kwargs", plus those of its "optional" kwargs that ``fn``
    accepts (the benchmark modules differ in what they take); returns
    (kwargs, names of the optional ones passed).  pyodide_bench.mjs has a
    copy of this function."""
    import inspect
    kwargs = dict(job.get("kwargs") or {})
    optional = job.get("optional") or {}
    try:
        params = inspect.signature(fn).parameters
    except (TypeError, ValueError):
        params = {}
    anything = any(p.kind == p.VAR_KEYWORD for p in params.values())
    passed = [k for k in optional if anything or k in params]
    kwargs.update((k, optional[k]) for k in passed)
    return kwargs, passed


class _CpuClock:
    """Stands in for the ``time`` module inside a benchmark module: the same,
    except that ``perf_counter`` reads the process's CPU time.  On a shared
    machine other jobs stretch wall time, not the CPU time of a
    single-threaded solve."""

    perf_counter = staticmethod(time.process_time)

    def __getattr__(self, name):
        return getattr(time, name)


def use_cpu_clock(module):
    """Point a benchmark module's ``time.perf_counter`` at CPU time."""
    if getattr(module, "time", None) is time:
        module.time = _CpuClock()
    if getattr(module, "perf_counter", None) is time.perf_counter:
        module.perf_counter = time.process_time


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
        if job.get("clock") == "cpu":
            use_cpu_clock(module)
        out["maxrss_kib_before"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        fn = getattr(module, job.get("function") or "run_cases")
        kwargs, out["accepted"] = call_kwargs(fn, job)
        out["rows"] = fn(**kwargs)
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
