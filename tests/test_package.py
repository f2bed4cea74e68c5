"""The package as Python users get it, as a spec: one wheel, built by the
standard backend pyproject.toml pins, is what the page installs and what
``pip`` builds (the same bytes); it holds every file of ``pysrc/puzzlelab``
(the tables the pegs family reads too) and complete metadata; ``pip install
.`` from a clean copy of the checkout into a fresh virtual environment gives
a ``puzzlelab`` command and an ``import puzzlelab`` that work for every
family, run from outside the source tree.  CPython only (subprocesses,
pip)."""

import base64
import email.parser
import hashlib
import json
import os
import subprocess
import sys
import zipfile

import pytest

import timing
from checkout import ROOT, clean_copy, source_files
from puzzlelab import __version__, cli

pytestmark = [pytest.mark.cpython_only]
PIP_LIMIT = 300          # s on a quiet machine (timing.py): venv, pip, an isolated build
# one position per family, with its proven length (and a pegs board whose
# "never lose" marks come from the table shipped in the wheel)
FAMILIES = {"tiles": ("tiles:3x3:123405786", 2), "blocks": ("blocks:3x2:AB./CC.:B??/???", 3),
            "pegs": ("pegs:hoppers", 7)}


def site_wheel():
    """(name, bytes) of the wheel the built site serves (build.json)."""
    site = os.path.join(ROOT, "_site")
    with open(os.path.join(site, "build.json"), encoding="utf-8") as f:
        path = json.load(f)["wheel"]
    with open(os.path.join(site, path), "rb") as f:
        return os.path.basename(path), f.read()


def members(data):
    """{name: bytes} of a zip file's members."""
    import io
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        return {info.filename: z.read(info) for info in z.infolist()}


def run(cmd, timeout, **kw):
    return subprocess.run(cmd, capture_output=True, text=True, timeout=timing.seconds(timeout),
                          **kw)


def pip_env(tmp_path):
    """The environment of a user's pip: no bytecode in the checkout, no
    SOURCE_DATE_EPOCH, this test's own cache of tables (empty)."""
    env = dict(os.environ, PIP_DISABLE_PIP_VERSION_CHECK="1", PIP_NO_INPUT="1",
               PYTHONDONTWRITEBYTECODE="1", XDG_CACHE_HOME=str(tmp_path / "cache"))
    for key in ("PYTHONPATH", "SOURCE_DATE_EPOCH", "PUZZLELAB_TABLES"):
        env.pop(key, None)
    return env


# -- the command's name ---------------------------------------------------------------

def test_the_command_calls_itself_puzzlelab(capsys):
    with pytest.raises(SystemExit) as done:
        cli.main(["--help"])
    assert done.value.code == 0
    assert capsys.readouterr().out.startswith("usage: puzzlelab ")


# -- the one wheel ----------------------------------------------------------------------

def test_the_wheel_holds_every_file_of_the_package():
    name, data = site_wheel()
    assert name == f"puzzlelab-{__version__}-py3-none-any.whl"
    files = members(data)
    package = {p[len("pysrc/"):] for p in source_files() if p.startswith("pysrc/puzzlelab/")}
    assert {n for n in files if not n.startswith(f"puzzlelab-{__version__}.dist-info/")} == package
    assert {"puzzlelab/families/pegs/english33_alive.bin",
            "puzzlelab/families/pegs/english33_minima.json"} <= package
    for path in package:      # the checkout's bytes
        with open(os.path.join(ROOT, "pysrc", path), "rb") as f:
            assert files[path] == f.read(), path
    # RECORD: every file with its hash and size
    dist = f"puzzlelab-{__version__}.dist-info"
    record = {}
    for line in files[f"{dist}/RECORD"].decode().splitlines():
        path, digest, size = line.rsplit(",", 2)
        record[path] = (digest, size)
    assert set(record) == set(files)
    for path, content in files.items():
        if path != f"{dist}/RECORD":
            digest = base64.urlsafe_b64encode(hashlib.sha256(content).digest()).rstrip(b"=")
            assert record[path] == (f"sha256={digest.decode()}", str(len(content))), path


def test_the_wheel_is_ready_to_publish():
    _, data = site_wheel()
    files = members(data)
    dist = f"puzzlelab-{__version__}.dist-info"
    meta = email.parser.Parser().parsestr(files[f"{dist}/METADATA"].decode())
    assert meta["Name"] == "puzzlelab" and meta["Version"] == __version__
    assert "sliding tiles" in meta["Summary"] and "peg solitaire" in meta["Summary"]
    assert meta["License-Expression"] == "MIT" and meta["Requires-Python"] == ">=3.11"
    assert f"{dist}/licenses/LICENSE" in files
    classifiers = meta.get_all("Classifier")
    assert "Programming Language :: Python :: 3" in classifiers
    assert "Topic :: Games/Entertainment :: Puzzle Games" in classifiers
    assert meta["Description-Content-Type"] == "text/markdown"
    with open(os.path.join(ROOT, "README.md"), encoding="utf-8") as f:
        assert meta.get_payload().strip() == f.read().strip()
    entry = files[f"{dist}/entry_points.txt"].decode()
    assert "[console_scripts]" in entry and "puzzlelab = puzzlelab.cli:main" in entry
    wheel = files[f"{dist}/WHEEL"].decode()
    assert "Generator: hatchling" in wheel and "Root-Is-Purelib: true" in wheel
    assert "Tag: py3-none-any" in wheel


@pytest.mark.timeout(PIP_LIMIT)
def test_pip_builds_the_same_wheel_as_the_page(tmp_path):
    """``pip wheel`` on a clean copy (an isolated build with the pinned
    backend, as ``pip install .`` does) gives the site's wheel, byte for
    byte; the file lists and contents are compared first, for a clear
    message."""
    src = clean_copy(tmp_path / "src")
    out = tmp_path / "out"
    proc = run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "-w", str(out),
                str(src)], PIP_LIMIT, env=pip_env(tmp_path), cwd=tmp_path)
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    built = sorted(os.listdir(out))
    name, data = site_wheel()
    assert built == [name]
    theirs = (out / name).read_bytes()
    mine, pips = members(data), members(theirs)
    assert sorted(pips) == sorted(mine)
    assert [n for n in mine if mine[n] != pips[n]] == []
    assert theirs == data


@pytest.mark.timeout(PIP_LIMIT)
def test_pip_install_gives_a_working_library_and_command(tmp_path):
    src = clean_copy(tmp_path / "src")
    venv = tmp_path / "venv"
    env = pip_env(tmp_path)
    proc = run([sys.executable, "-m", "venv", str(venv)], 120, env=env)
    assert proc.returncode == 0, proc.stderr
    python, command = str(venv / "bin" / "python"), str(venv / "bin" / "puzzlelab")
    proc = run([python, "-m", "pip", "install", "--quiet", str(src)], PIP_LIMIT, env=env,
               cwd=tmp_path)
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    assert os.access(command, os.X_OK), "pip install did not create the puzzlelab command"
    home = tmp_path / "elsewhere"          # outside the source tree
    home.mkdir()

    def cli_run(*args, code=0):
        done = run([command, *args], 120, env=env, cwd=home)
        assert done.returncode == code, done.stdout[-2000:] + done.stderr[-2000:]
        assert "Traceback" not in done.stdout + done.stderr
        return done

    assert cli_run("--help").stdout.startswith("usage: puzzlelab ")
    listed = cli_run("presets").stdout
    for family, (code, length) in FAMILIES.items():
        assert family in listed
        answer = json.loads(cli_run("solve", code, "--json").stdout)
        assert (answer["length"], answer["optimal"]) == (length, True), family
    described = json.loads(cli_run("describe", "pegs:english").stdout)
    assert described["ok"] and described["minima"], "the stored English table is missing"
    assert "7 cells" in cli_run("solve", "tiles:3x3:1234567", code=2).stderr

    script = f"""
import json, sys
import puzzlelab
from puzzlelab.families.pegs import alive, deadends
out = {{"file": puzzlelab.__file__, "version": puzzlelab.__version__,
        "stored": [alive.stored() is not None, deadends.stored() is not None]}}
for family, (code, length) in {FAMILIES!r}.items():
    answer = puzzlelab.solve(code)
    position = puzzlelab.describe(code)
    first = puzzlelab.moves(code)[0]
    out[family] = [answer.length, answer.optimal, position.family, first.code.split(":")[0]]
out["judged"] = [m.winnable for m in puzzlelab.moves("pegs:english", judge=True)]
out["judged28"] = [m.winnable for m in puzzlelab.moves("pegs:triangle28", judge=True)]
try:
    puzzlelab.solve("tiles:3x3:1234567")
except puzzlelab.CodeError as exc:
    out["error"] = str(exc)
print(json.dumps(out))
"""
    done = run([python, "-c", script], 300, env=env, cwd=home)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-3000:]
    out = json.loads(done.stdout)
    assert out["file"].startswith(str(venv)), out["file"]     # the installed package
    assert out["version"] == __version__ and out["stored"] == [True, True]
    for family, (code, length) in FAMILIES.items():
        assert out[family] == [length, True, family, family], family
    assert out["judged"] == [True] * 4 and True in out["judged28"]
    assert "7 cells" in out["error"]
