"""Shared pytest set-up: puts ``pysrc`` on the path so tests use the source
tree (inside Pyodide, tests/pyodide_runner.mjs sets PUZZLELAB_INSTALLED and
the built wheel is tested instead)."""

import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if not os.environ.get("PUZZLELAB_INSTALLED"):      # set inside Pyodide: test the wheel
    sys.path.insert(0, os.path.join(ROOT, "pysrc"))
# Reference data the tests read: tests/data/ (see tests/data/SOURCES.md), found
# beside this file, so it is the same under CPython and inside Pyodide.
DATA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "data")


def data_file(name):
    """Path of a file in tests/data/; a missing one fails the test that asks."""
    path = os.path.join(DATA, name)
    if not os.path.isfile(path):
        raise FileNotFoundError(f"test data missing: {path} (it belongs in the repository, "
                                f"see tests/data/SOURCES.md)")
    return path


if sys.platform == "emscripten":
    # inside Pyodide the runner mounts the repository; the build put the
    # tiles' tables in _site/tables, where the page's worker gets them: every
    # test file sees them, whichever ran first
    from puzzlelab import tables
    if os.path.isdir(os.path.join(ROOT, "_site", "tables")):
        tables.register_dir(os.path.join(ROOT, "_site", "tables"))


try:  # browser fixtures need pytest-playwright (installed by build.py test)
    import pytest_playwright  # noqa: F401
    from browser_fixtures import (site_url, browser_type_launch_args, page,  # noqa: F401
                                  _returning, watch)
except ImportError:
    pass


def pytest_collection_modifyitems(config, items):
    """Start the longest test (the whole solver suite inside Pyodide) first,
    so that with two workers it runs beside everything else."""
    items.sort(key=lambda item: 0 if item.get_closest_marker("pyodide") else 1)
