"""How long the tests wait: deadlines that catch a hang, never a slow machine.

A test asserts what is computed, never how fast (STYLE.md section 13): every
wait polls an explicit signal (a reply, ``<body data-state>``, a line of
output, a subprocess's exit) and fails only at its deadline.  A deadline is
therefore set far beyond what the wait takes on a quiet machine, and is
stretched further by ``scale()``, taken when the wait starts: the machine's
1-minute load average per core when above 1 (two CPU-bound processes beside
the suite on 2 cores give about 2.5), times ``PUZZLELAB_TIME_SCALE`` (default
1; set it on a machine much slower than these).  Speed itself is measured in
benchmarks/.  Imported by the CPython tests, the page tests and
tests/conftest.py (the per-test hang limit); inside Pyodide there is no load
average, and the factor is 1.
"""

import os

MAX_LOAD_FACTOR = 20      # a machine more loaded than this is stuck, not slow


def scale():
    """The factor deadlines are stretched by now (at least 1)."""
    try:
        factor = float(os.environ.get("PUZZLELAB_TIME_SCALE") or 1)
    except ValueError:
        factor = 1.0
    try:
        load = os.getloadavg()[0] / (os.cpu_count() or 1)
    except (AttributeError, OSError):          # no load average (Pyodide, Windows)
        load = 1.0
    return max(1.0, factor) * min(MAX_LOAD_FACTOR, max(1.0, load))


def seconds(quiet_limit):
    """A deadline in seconds for a wait with ``quiet_limit`` as its generous
    limit on a quiet machine."""
    return quiet_limit * scale()


def ms(quiet_limit):
    """The same in milliseconds (Playwright's unit); ``quiet_limit`` in seconds."""
    return int(quiet_limit * 1000 * scale())
