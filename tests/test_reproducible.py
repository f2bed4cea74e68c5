"""A commit's site is the same bytes wherever it is built: two clean copies
of the checkout, in folders of different depths and name lengths, made at
different times (different file times), each built once by ``python
build.py`` in a different environment (time zone, language,
SOURCE_DATE_EPOCH), give identical sites, file for file and byte for byte,
and no file of either (the memory snapshot unpacked too) holds its folder's
path.  Both really build (the wheel, the snapshot under Node, the site);
they share only what a machine keeps between builds: npm's, pip's and the
solver tables' caches.  CPython only (subprocesses)."""

import gzip
import hashlib
import os
import struct
import subprocess
import sys

import pytest

import timing
from checkout import clean_copy

pytestmark = [pytest.mark.cpython_only]
BUILD_LIMIT = 300          # s per build, on a quiet machine (about 20 s there)
ENVIRONMENTS = [
    {"TZ": "UTC", "LANG": "C.UTF-8", "SOURCE_DATE_EPOCH": "1700000000"},
    {"TZ": "America/Los_Angeles", "LANG": "de_DE.UTF-8", "LC_ALL": "de_DE.UTF-8"},
]


def site_files(site):
    """{path: sha256} of every file of a built site."""
    out = {}
    for base, _dirs, names in os.walk(site):
        for name in names:
            path = os.path.join(base, name)
            with open(path, "rb") as f:
                out[os.path.relpath(path, site)] = hashlib.sha256(f.read()).hexdigest()
    return out


def contents(site):
    """Every file's bytes, the snapshot's memory unpacked (build.py's
    SNAPSHOT_MAGIC: gzip of magic, header length, header, pages)."""
    for base, _dirs, names in os.walk(site):
        for name in names:
            with open(os.path.join(base, name), "rb") as f:
                data = f.read()
            if name.endswith(".snap"):
                data = gzip.decompress(data)
                assert data[:8] == b"PZLSNAP1"
                data = data[12 + struct.unpack("<I", data[8:12])[0]:]
            yield os.path.relpath(os.path.join(base, name), site), data


@pytest.mark.slow
@pytest.mark.timeout(2 * BUILD_LIMIT)
def test_two_clones_in_different_folders_build_the_same_site(tmp_path):
    folders = [tmp_path / "a", tmp_path / "a-folder-with-a-much-longer-name" / "x" / "clone-b"]
    for i, (folder, extra) in enumerate(zip(folders, ENVIRONMENTS)):
        clean_copy(folder)
        if i:       # other file times, as a clone made another day has
            for base, _dirs, names in os.walk(folder):
                for name in names:
                    os.utime(os.path.join(base, name), (1_000_000_000, 1_000_000_000))
        env = dict(os.environ, **extra)
        env.pop("PYTHONDONTWRITEBYTECODE", None)     # a user's shell would not set it
        done = subprocess.run([sys.executable, "build.py"], cwd=folder, env=env,
                              capture_output=True, text=True,
                              timeout=timing.seconds(BUILD_LIMIT))
        assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
        print(done.stdout)
    first, second = (site_files(folder / "_site") for folder in folders)
    assert sorted(first) == sorted(second)
    assert [p for p in first if first[p] != second[p]] == []
    assert any(p.endswith(".snap") for p in first) and any(p.endswith(".whl") for p in first)
    for folder in folders:
        needle = str(folder).encode()
        leaks = [path for path, data in contents(folder / "_site") if needle in data]
        assert leaks == [], f"{folder} is named in {leaks}"
