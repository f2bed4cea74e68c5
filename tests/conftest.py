"""Shared pytest set-up: puts ``pysrc`` on the path so tests use the source
tree (inside Pyodide, tests/pyodide_runner.mjs sets PUZZLELAB_INSTALLED and
the built wheel is tested instead)."""

import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if not os.environ.get("PUZZLELAB_INSTALLED"):      # set inside Pyodide: test the wheel
    sys.path.insert(0, os.path.join(ROOT, "pysrc"))
SHARED = os.environ.get("PUZZLELAB_SHARED") or os.path.join(os.path.dirname(ROOT), "shared")

try:  # browser fixtures need pytest-playwright (installed by build.py test)
    import pytest_playwright  # noqa: F401
    from browser_fixtures import site_url, browser_type_launch_args, watch  # noqa: F401
except ImportError:
    pass


def pytest_collection_modifyitems(config, items):
    """Start the longest test (the whole solver suite inside Pyodide) first,
    so that with two workers it runs beside everything else."""
    items.sort(key=lambda item: 0 if item.get_closest_marker("pyodide") else 1)
