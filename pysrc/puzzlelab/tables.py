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

Every table file is *sealed*: its bytes, then ``SEAL`` and their SHA-256
(:func:`seal`).  :func:`load` checks the seal, so a file cut short or
damaged on the way (a disk, a cache, a download) is never used: one in the
cache directory is built again, one anywhere else (the worker's
``/tables``, which the page fetched) is refused with a plain message
(:class:`TableError`, which names it: the worker fetches it again).
``build.py`` checks every seal before it ships a table, and rebuilds a
damaged one.
"""

import hashlib
import os
import sys

from .errors import PuzzleError, TableError

GENERATOR_VERSION = "tiles-pdb-4"      # cache folder: bump when a builder changes
                                       # (4: sealed files)
SEAL = b"\nPUZZLELAB-SEAL-SHA256\n"    # then the 32-byte digest of what comes before


def seal(data):
    """``data`` as a table file: the bytes, SEAL, their SHA-256."""
    return bytes(data) + SEAL + hashlib.sha256(data).digest()


def unseal(name, blob):
    """The bytes of table file ``blob`` (named ``name``), its seal checked;
    raises TableError when it is cut short or damaged."""
    body = len(blob) - len(SEAL) - 32
    if body < 0 or blob[body:body + len(SEAL)] != SEAL or \
            hashlib.sha256(memoryview(blob)[:body]).digest() != blob[body + len(SEAL):]:
        raise TableError(f"The table '{name}' is damaged (cut short or changed on the "
                         f"way: its checksum does not match); it cannot be used. Reload "
                         f"the page to fetch it again.", table=name)
    return blob[:body]

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
    """Write table ``data`` (its bytes, unsealed) as a sealed file,
    atomically; returns its path."""
    os.makedirs(outdir, exist_ok=True)
    path = os.path.join(outdir, name)
    tmp = f"{path}.{os.getpid()}.tmp"
    with open(tmp, "wb") as f:
        f.write(seal(data))
    os.replace(tmp, path)
    return path


def available(name):
    """Whether :func:`load` can give table ``name``: a file of it is here,
    or (CPython) it can be built into the cache."""
    return (_loaded.get(name) is not None or sys.platform != "emscripten"
            or any(os.path.isfile(os.path.join(d, name)) for d in _search_path()))


def load(name, build):
    """The bytes of table ``name`` (its seal checked); ``build()`` makes
    them when the file is found nowhere, or is damaged in the cache
    directory (CPython only: the page fetches its tables first)."""
    got = _loaded.get(name)
    if got is not None:
        return got
    cache = default_cache_dir()
    for d in _search_path():
        path = os.path.join(d, name)
        if os.path.isfile(path):
            with open(path, "rb") as f:
                blob = f.read()
            try:
                got = unseal(name, blob)
                break
            except TableError:
                if d != cache or sys.platform == "emscripten":
                    raise
                sys.stderr.write(f"puzzlelab: the table {name} in {cache} is damaged; "
                                 f"building it again ...\n")
    else:
        if sys.platform == "emscripten":
            raise PuzzleError(f"The table '{name}' is missing: the page should "
                              f"have fetched it before solving.", table=name)
        if not os.path.isfile(os.path.join(cache, name)):
            sys.stderr.write(f"puzzlelab: building table {name} into {cache} (once per "
                             f"machine) ...\n")
        got = build()
        write(cache, name, got)
    _loaded[name] = got
    return got
