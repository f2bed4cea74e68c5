"""Precomputed tables (pattern databases): which files exist, how to build
them, where to find them.  ``build.py`` calls :func:`build_all` (CPython, at
build time, cached per GENERATOR_VERSION); the web worker asks ``api.py``'s
``tables`` op which files a solve needs, fetches them into ``/tables/`` and
calls :func:`register_dir`; the families call :func:`load`.  The generator
itself lives in ``families/tiles_pdb.py``.

Search order of :func:`load`: registered directories, then ``$PUZZLELAB_TABLES``,
then :func:`default_cache_dir`.  A table found nowhere is built on demand
into the cache directory under CPython (a fresh clone works without a build
step); under Pyodide a missing table is an error naming it.
"""

import os
import sys

from .errors import PuzzleError

GENERATOR_VERSION = "tiles-pdb-2"

# file name -> what it holds; every entry is built by build_all
TABLE_SPECS = {
    "tiles4x4-block6.pdb": {
        "family": "tiles", "kind": "pdb", "board": (4, 4),
        "cells": (4, 5, 8, 9, 12, 13),
        "about": "6 tiles of a 2x3 corner block; through the board's symmetries "
                 "it gives both 6-tile patterns of the 6-6-3 partition and of "
                 "its mirror image",
    },
}

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


def needed(puzzle, heuristic_name=None, algorithm=None):
    """File names a solve of ``puzzle`` with this lower bound (None: the
    automatic choice) and algorithm will load."""
    hook = getattr(puzzle, "tables_needed", None)
    if hook is None:
        return []
    return list(hook(heuristic_name, algorithm))


def build_one(name, outdir):
    """Build one table into ``outdir`` (atomically); return its path."""
    spec = TABLE_SPECS.get(name)
    if spec is None:
        raise PuzzleError(f"Unknown table '{name}'.")
    from .families import tiles_pdb
    w, h = spec["board"]
    table, _figures = tiles_pdb.build_sparse(w, h, spec["cells"])
    data = tiles_pdb.encode_table(w, h, spec["cells"], table,
                                  "puzzlelab.families.tiles_pdb", GENERATOR_VERSION)
    os.makedirs(outdir, exist_ok=True)
    path = os.path.join(outdir, name)
    tmp = f"{path}.{os.getpid()}.tmp"
    with open(tmp, "wb") as f:
        f.write(data)
    os.replace(tmp, path)
    return path


def build_all(outdir):
    """Write every table into ``outdir``; return the file names written.
    Pure Python, deterministic bytes."""
    names = []
    for name in sorted(TABLE_SPECS):
        build_one(name, outdir)
        names.append(name)
    return names


def load(name):
    """The bytes of table ``name``."""
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
        if name not in TABLE_SPECS:
            raise PuzzleError(f"Unknown table '{name}'.")
        sys.stderr.write(f"puzzlelab: building table {name} into "
                         f"{default_cache_dir()} (once per machine) ...\n")
        path = build_one(name, default_cache_dir())
        with open(path, "rb") as f:
            got = f.read()
    _loaded[name] = got
    return got
