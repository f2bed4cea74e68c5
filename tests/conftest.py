"""Shared pytest set-up: puts ``pysrc`` on the path so tests use the source
tree (inside Pyodide, tests/pyodide_runner.mjs sets PUZZLELAB_INSTALLED and
the built wheel is tested instead)."""

import os
import sys

import pytest

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


def _pyodide_weight(item):
    """How long a test inside Pyodide is likely to run, as the size of the
    test file it runs (the longest first)."""
    name = getattr(item, "callspec", None) and item.callspec.params.get("name")
    path = os.path.join(ROOT, "tests", name) if isinstance(name, str) else None
    return -os.path.getsize(path) if path and os.path.isfile(path) else 0


def pytest_collection_modifyitems(config, items):
    """Start the longest tests first (the solver test files inside Pyodide,
    the biggest first), so that the two workers end close together."""
    items.sort(key=lambda item: (0, _pyodide_weight(item)) if item.get_closest_marker("pyodide")
               else (1, 0))


PYODIDE_TESTS = "tests/test_pyodide.py::"


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config, log):
    """build.py test runs xdist with ``--dist loadfile`` (a file's tests
    share a browser, a module's fixtures run once); the in-Pyodide run is
    the exception: each of its tests (one per solver test file) is a work
    unit of its own, so the workers share them."""
    if config.getvalue("dist") != "loadfile":
        return None
    from xdist.scheduler import LoadFileScheduling

    class Scheduling(LoadFileScheduling):
        def _split_scope(self, nodeid):
            if nodeid.startswith(PYODIDE_TESTS):
                return nodeid
            return super()._split_scope(nodeid)

    return Scheduling(config, log)


@pytest.hookimpl(tryfirst=True, optionalhook=True)
def pytest_timeout_set_timer(item, settings):
    """The per-test hang limit (pytest-timeout; pyproject.toml's value, or a
    test's own mark, is the quiet machine's) stretched by tests/timing.py
    when the test starts: a loaded machine is slow, not hung."""
    import pytest_timeout
    import timing
    return pytest_timeout.pytest_timeout_set_timer(
        item, settings._replace(timeout=timing.seconds(settings.timeout)))
