"""Where precomputed table files (pattern databases) live, and how they are
found.  A leaf: it knows no family.  The families declare their files
(``TABLES``) and build them (``build_table``); ``build.py`` writes them into
the site through :func:`puzzlelab.families.build_tables`; the web worker asks
``api.py``'s ``tables`` op which files a solve needs, fetches them into
``/tables/`` and calls :func:`register_dir`; the families read them with
:func:`load`.

Search order of :func:`load`: registered directories, then ``$PUZZLELAB_TABLES``,
then :func:`default_cache_dir`.  A table found nowhere is built on demand
into the cache directory under CPython (a fresh clone works without a build
step); under Pyodide a missing table is an error naming it.
"""

import os
import sys

from .errors import PuzzleError

GENERATOR_VERSION = "tiles-pdb-3"      # cache folder: bump when a builder changes

_dirs = []
_loaded = {}


def default_cache_dir():
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(
        os.path.expanduser("~"), ".cache")
    return os.path.join(base, "puzzlelab", "tables", GENERATOR_VERSION)


def register_dir(path):
    """Add a directory to search first (the worker's ``/tables``)."""
    if path not in _dirs:
        _dirs.insert(0, path)


def _search_path():
    out = list(_dirs)
    env = os.environ.get("PUZZLELAB_TABLES")
    if env:
        out.extend(p for p in env.split(os.pathsep) if p)
    out.append(default_cache_dir())
    return out


def write(outdir, name, data):
    """Write a table file atomically; returns its path."""
    os.makedirs(outdir, exist_ok=True)
    path = os.path.join(outdir, name)
    tmp = f"{path}.{os.getpid()}.tmp"
    with open(tmp, "wb") as f:
        f.write(data)
    os.replace(tmp, path)
    return path


def load(name, build):
    """The bytes of table ``name``; ``build()`` makes them when the file is
    found nowhere (CPython only: the page fetches its tables first)."""
    got = _loaded.get(name)
    if got is not None:
        return got
    for d in _search_path():
        path = os.path.join(d, name)
        if os.path.isfile(path):
            with open(path, "rb") as f:
                got = f.read()
            break
    else:
        if sys.platform == "emscripten":
            raise PuzzleError(f"The table '{name}' is missing: the page should "
                              f"have fetched it before solving.", table=name)
        sys.stderr.write(f"puzzlelab: building table {name} into "
                         f"{default_cache_dir()} (once per machine) ...\n")
        got = build()
        write(default_cache_dir(), name, got)
    _loaded[name] = got
    return got
