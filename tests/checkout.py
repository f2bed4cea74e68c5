"""A clean copy of this checkout, as a fresh clone would hold it: the files
git tracks (and new ones it would track: not ignored), as they are in the
working tree now, with new file times.  Used by the tests that build or
install from scratch (tests/test_package.py, tests/test_reproducible.py), so
that they test the working tree, not only the last commit, and never read
a build output (_site/, _build/, node_modules/, .venv/) by mistake."""

import os
import shutil
import subprocess

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def source_files():
    """The checkout's files (paths relative to ROOT)."""
    out = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
                         cwd=ROOT, capture_output=True, check=True).stdout
    return sorted(p for p in out.decode().split("\0")
                  if p and os.path.isfile(os.path.join(ROOT, p)))


def clean_copy(dest):
    """Copy the checkout's files into ``dest`` (created); returns ``dest``."""
    for rel in source_files():
        target = os.path.join(dest, rel)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        shutil.copy(os.path.join(ROOT, rel), target)      # bytes and mode, not times
    return dest
