#!/usr/bin/env python3
"""Puzzle Lab's build, serve and test driver (standard library only; npm, pip
and apt-get run as subprocesses).

    python build.py               assemble the static site into _site/
    python build.py serve [--port N] [--base /sub/]
                                  build, then serve _site/ on 127.0.0.1 (--port 0
                                  picks a free port), with the security headers
                                  README.md asks a host to send (see Hosting)
    python build.py test [ARGS]   install what the tests need, build, run pytest

The site holds index.html, web/, the pinned Pyodide runtime (from
node_modules/pyodide, `npm ci` when missing), the micropip wheel (pip
download when missing), the puzzlelab wheel (built from pysrc/ by the
build backend pyproject.toml pins: the wheel `pip install .` builds), the
solver's tables (built by puzzlelab.tables, cached per generator version),
the memory snapshot of a ready solver (made by tools/make_snapshot.mjs
under Node, cached in _build/snapshot/ by its inputs), build.json (what the
worker loads) and files.json (every file with its SHA-256, for the service
worker).  Files are written only when their bytes change, so building twice
changes nothing; and nothing of the folder the checkout is in (its path,
file times, the environment) reaches the site, so a commit builds the same
bytes wherever it is cloned (tests/test_reproducible.py).
"""

import argparse
import gzip
import hashlib
import html.parser
import http.server
import json
import os
import re
import shutil
import socketserver
import struct
import subprocess
import sys
import urllib.parse

ROOT = os.path.dirname(os.path.abspath(__file__))
SITE = os.path.join(ROOT, "_site")
BUILD = os.path.join(ROOT, "_build")
PYSRC = os.path.join(ROOT, "pysrc")
PYODIDE_DIR = os.path.join(ROOT, "node_modules", "pyodide")
PYODIDE_FILES = ["pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm",
                 "python_stdlib.zip", "pyodide-lock.json"]
MICROPIP = "micropip-0.11.1-py3-none-any.whl"
SERVICE_WORKER = "web/sw.js"
SNAPSHOT_TOOL = os.path.join(ROOT, "tools", "make_snapshot.mjs")
# The site's snapshot file is the gzip of: SNAPSHOT_MAGIC, the header's length
# (u32, little endian), the header (JSON: what the snapshot was made from, see
# build_snapshot; padded with spaces to end at a multiple of 16), then the
# body: the runs of pages of Pyodide's snapshot that are not all zeros (a u32
# pair per run: first page, number of pages), then those pages' bytes.
# Pyodide's snapshot is its magic, its build id, then the runtime's memory,
# of which a third is zeros.  The service worker keeps the file unpacked
# (unpacking costs more than reading); web/worker.mjs reads it.
SNAPSHOT_MAGIC = b"PZLSNAP1"
SNAPSHOT_FORMAT = 2          # bump when the layout above changes
SNAPSHOT_PAGE = 4096
VENV = os.path.join(ROOT, ".venv")
CHROMIUM = "/usr/bin/chromium"
# Test tools (and numpy: the table command's wide engine, pegs/wide.py, and its
# test), pinned.  Installed into .venv by `build.py test` when missing.
TEST_REQUIREMENTS = ["pytest==9.0.3", "pytest-xdist==3.8.0", "pytest-playwright==0.10.0",
                     "playwright==1.65.2", "hypothesis==6.155.2", "pytest-timeout==2.4.0",
                     "numpy==2.4.6"]
# Wheels that let the solver tests run inside Pyodide (pure Python, py3.14).
PYODIDE_TEST_WHEELS = ["pytest==9.0.3", "hypothesis==6.155.2"]


def log(msg):
    print(f"[build] {msg}", flush=True)


def sha256(data):
    return hashlib.sha256(data).hexdigest()


def write_if_changed(path, data):
    """Write bytes only when they differ; returns True when written."""
    if os.path.exists(path):
        with open(path, "rb") as f:
            if f.read() == data:
                return False
    os.makedirs(os.path.dirname(path), exist_ok=True)
    tmp = path + ".tmp"
    with open(tmp, "wb") as f:
        f.write(data)
    os.replace(tmp, path)
    return True


def read(path):
    with open(path, "rb") as f:
        return f.read()


# -- inputs -----------------------------------------------------------------

def pinned_pyodide():
    return json.loads(read(os.path.join(ROOT, "package.json")))["dependencies"]["pyodide"]


def ensure_pyodide():
    want = pinned_pyodide()
    pkg = os.path.join(PYODIDE_DIR, "package.json")
    have = json.loads(read(pkg))["version"] if os.path.exists(pkg) else None
    if have != want or not all(os.path.exists(os.path.join(PYODIDE_DIR, f))
                               for f in PYODIDE_FILES):
        log(f"installing pyodide {want} with npm ci")
        subprocess.run(["npm", "ci", "--no-audit", "--no-fund"], cwd=ROOT, check=True)
    return want


def ensure_download(dest_dir, spec, filename=None, python_version="3.14"):
    """pip-download a pure wheel (with its dependencies when filename is None)."""
    os.makedirs(dest_dir, exist_ok=True)
    if filename and os.path.exists(os.path.join(dest_dir, filename)):
        return os.path.join(dest_dir, filename)
    log(f"downloading {spec}")
    cmd = [sys.executable, "-m", "pip", "download", "--quiet", "--only-binary=:all:",
           "--python-version", python_version, "--platform", "any",
           "--implementation", "py", "-d", dest_dir, spec]
    if filename:
        cmd.insert(4, "--no-deps")
    subprocess.run(cmd, check=True)
    return os.path.join(dest_dir, filename) if filename else dest_dir


# The wheel is built by the build backend pyproject.toml names, installed
# (once, into _build/backend/) from exactly the pins of its
# build-system.requires: the same backend `pip install .` runs, so the
# page's wheel and pip's are the same file.  It runs in an isolated
# interpreter (-I: no PYTHON* variables, no user site) with a fixed
# environment: SOURCE_DATE_EPOCH and HATCH_* variables, which would change
# the wheel's bytes, never reach it.
BACKEND_RUNNER = """
import importlib, sys
sys.path.insert(0, sys.argv[1])
module, _, attr = sys.argv[2].partition(":")
backend = importlib.import_module(module)
for part in filter(None, attr.split(".")):
    backend = getattr(backend, part)
print(backend.build_wheel(sys.argv[3]))
"""
BACKEND_ENV = ("PATH", "SYSTEMROOT", "TMPDIR", "TEMP", "TMP")


def build_system():
    """pyproject.toml's (requires, build-backend)."""
    import tomllib
    with open(os.path.join(ROOT, "pyproject.toml"), "rb") as f:
        system = tomllib.load(f)["build-system"]
    return list(system["requires"]), system["build-backend"]


def ensure_backend(requires):
    """The folder holding the pinned build backend (pip install --target,
    exactly the pins of build-system.requires, no other dependency: a
    missing pin fails the build instead of floating)."""
    key = sha256("\n".join(requires).encode())[:12]
    folder = os.path.join(BUILD, "backend", key)
    if not os.path.exists(os.path.join(folder, "REQUIRES")):
        log(f"installing the build backend: {' '.join(requires)}")
        if os.path.isdir(folder):
            shutil.rmtree(folder)
        subprocess.run([sys.executable, "-m", "pip", "install", "--quiet",
                        "--disable-pip-version-check", "--no-deps", "--only-binary=:all:",
                        "--target", folder, *requires], check=True)
        write_if_changed(os.path.join(folder, "REQUIRES"), "\n".join(requires).encode())
    return folder


def build_wheel():
    """The puzzlelab wheel, built by the project's build backend (see
    BACKEND_RUNNER): its name and bytes, kept in _build/wheel/."""
    requires, backend = build_system()
    folder = ensure_backend(requires)
    out_dir = os.path.join(BUILD, "wheel")
    tmp_dir = os.path.join(BUILD, "wheel-tmp")
    if os.path.isdir(tmp_dir):
        shutil.rmtree(tmp_dir)
    os.makedirs(tmp_dir)
    env = {k: os.environ[k] for k in BACKEND_ENV if k in os.environ}
    done = subprocess.run([sys.executable, "-I", "-X", "utf8", "-c", BACKEND_RUNNER, folder,
                           backend, tmp_dir], cwd=ROOT, env=env, capture_output=True, text=True)
    if done.returncode:
        raise SystemExit(f"the build backend ({backend}) failed:\n{done.stdout}{done.stderr}")
    name = done.stdout.strip().splitlines()[-1]
    data = read(os.path.join(tmp_dir, name))
    shutil.rmtree(tmp_dir)
    for old in os.listdir(out_dir) if os.path.isdir(out_dir) else ():
        if old != name:
            os.remove(os.path.join(out_dir, old))
    write_if_changed(os.path.join(out_dir, name), data)
    return name, data


def build_tables():
    """Every family's stored tables (puzzlelab.families.build_table), sealed
    (puzzlelab.tables.seal: the bytes and their SHA-256) and cached per
    generator version in ~/.cache/puzzlelab (pure Python, deterministic).
    Every table is checked before it is shipped: a cached file whose seal
    does not match (cut short, damaged) is built again, and a table built
    here is read back and checked too.  Returns {name: the sealed file}."""
    sys.path.insert(0, PYSRC)
    from puzzlelab import families, tables
    from puzzlelab.errors import TableError
    cache = tables.default_cache_dir()
    out = {}
    for name in sorted(families.table_names()):
        path = os.path.join(cache, name)
        for attempt in ("cached", "built"):
            if attempt == "built" or not os.path.exists(path):
                log(f"building solver table {name} (generator {tables.GENERATOR_VERSION}) "
                    f"into {cache}")
                tables.write(cache, name, families.build_table(name))
            data = read(path)
            try:
                tables.unseal(name, data)
                break
            except TableError:
                if attempt == "built":
                    raise SystemExit(f"the table {name} built in {cache} does not check "
                                     f"(its seal does not match): the disk may be failing")
                log(f"the cached table {name} is damaged (its seal does not match): "
                    f"building it again")
        out[name] = data
    return out


def start_answers():
    """The API's answers the page needs before the solver is ready (the
    presets, and the description of every preset and of the page's first
    position), made here by the same Python code the worker runs: the page
    shows a board and its menus at once on a first visit, and asks the
    worker for everything else (web/requests.js)."""
    sys.path.insert(0, PYSRC)
    from puzzlelab import api
    reqs = [{"op": "presets"}]
    codes = ["tiles:3x3:867254301"] + [p["code"] for p in api.run(reqs[0])["presets"]]
    reqs += [{"op": "describe", "code": code} for code in dict.fromkeys(codes)]
    answers = {json.dumps(req, sort_keys=True, separators=(",", ":")): api.run(req)
               for req in reqs}
    return (json.dumps({"answers": answers}, sort_keys=True, separators=(",", ":")) + "\n").encode()


def pyodide_build_id():
    """The build id the pinned runtime expects of a snapshot (pyodide.mjs)."""
    text = read(os.path.join(PYODIDE_DIR, "pyodide.mjs")).decode()
    found = re.findall(r'BUILD_ID:"([0-9a-f]{64})"', text)
    if len(found) != 1:
        raise SystemExit("node_modules/pyodide/pyodide.mjs names no single BUILD_ID: "
                         "the snapshot step knows Pyodide 314's loader only")
    return found[0]


def sparse_pages(raw, page):
    """The snapshot body (see SNAPSHOT_MAGIC): the number of runs (u32), the
    runs of pages of ``raw`` that hold a non-zero byte (u32 pairs: first
    page, number of pages), then those pages' bytes (the last page may be
    short).  For 2 zero pages then b"ab" with page 4096: 1, (2, 1), b"ab"."""
    zero = bytes(page)
    runs = []
    for i in range(-(-len(raw) // page)):
        chunk = raw[i * page:(i + 1) * page]
        if chunk == zero[:len(chunk)]:
            continue
        if runs and runs[-1][0] + runs[-1][1] == i:
            runs[-1][1] += 1
        else:
            runs.append([i, 1])
    index = struct.pack(f"<I{2 * len(runs)}I", len(runs), *(n for run in runs for n in run))
    return index + b"".join(raw[first * page:(first + n) * page] for first, n in runs)


def build_snapshot(pyodide_version, micropip_path, wheel_name, wheel):
    """The site's snapshot file (see SNAPSHOT_MAGIC) and its record for
    build.json.  Made by tools/make_snapshot.mjs (deterministic: the same
    inputs give the same bytes) and kept in _build/snapshot/ under a key of
    its inputs (runtime files, micropip, the wheel, the tool), so a build
    whose inputs are unchanged neither runs Node nor rewrites the file."""
    header = {"format": SNAPSHOT_FORMAT, "pyodide": pyodide_version, "pyodide_build_id": pyodide_build_id(),
              "micropip": sha256(read(micropip_path)), "wheel": sha256(wheel)}
    inputs = dict(header, tool=sha256(read(SNAPSHOT_TOOL)),
                  runtime={f: sha256(read(os.path.join(PYODIDE_DIR, f))) for f in PYODIDE_FILES})
    key = sha256(json.dumps(inputs, sort_keys=True).encode())[:16]
    folder = os.path.join(BUILD, "snapshot")
    path = os.path.join(folder, f"{key}.snap")
    if not os.path.exists(path):
        log("making the memory snapshot of the solver (Pyodide under Node)")
        os.makedirs(folder, exist_ok=True)
        raw_path = os.path.join(folder, "raw.tmp")
        wheel_path = os.path.join(BUILD, "wheel", wheel_name)
        done = subprocess.run(["node", SNAPSHOT_TOOL, PYODIDE_DIR, wheel_path, raw_path],
                              cwd=ROOT)
        if done.returncode:
            raise SystemExit(f"tools/make_snapshot.mjs failed (exit {done.returncode}, its "
                             f"message is above): the solver's snapshot was not made")
        raw = read(raw_path)
        os.remove(raw_path)
        body = sparse_pages(raw, SNAPSHOT_PAGE)
        header.update(memory=len(raw), page=SNAPSHOT_PAGE, body_sha256=sha256(body))
        text = json.dumps(header, sort_keys=True).encode()
        text += b" " * (-(12 + len(text)) % 16)
        data = gzip.compress(SNAPSHOT_MAGIC + struct.pack("<I", len(text)) + text + body, 6, mtime=0)
        for old in os.listdir(folder):       # keep only the current one
            os.remove(os.path.join(folder, old))
        write_if_changed(path, data)
    data = read(path)
    with gzip.open(path) as f:
        start = f.read(12)
        record = json.loads(f.read(struct.unpack("<I", start[8:])[0]))
    record.update(path=f"snapshot/{sha256(data)[:16]}.snap", bytes=len(data))
    return data, record


# -- the site ---------------------------------------------------------------

def build(quiet=False):
    pyodide_version = ensure_pyodide()
    micropip = ensure_download(os.path.join(BUILD, "dl"), "micropip==0.11.1", MICROPIP)
    wheel_name, wheel = build_wheel()
    version = wheel_name.split("-")[1]
    wheel_dir = f"wheels/{sha256(wheel)[:12]}"
    out = {}   # site path -> bytes
    out["index.html"] = read(os.path.join(ROOT, "index.html"))
    for base, dirs, names in os.walk(os.path.join(ROOT, "web")):
        dirs.sort()
        for n in sorted(names):
            full = os.path.join(base, n)
            rel = os.path.relpath(full, ROOT).replace(os.sep, "/")
            if rel != SERVICE_WORKER:
                out[rel] = read(full)
    for f in PYODIDE_FILES:
        out[f"pyodide/{f}"] = read(os.path.join(PYODIDE_DIR, f))
    out[f"pyodide/{MICROPIP}"] = read(micropip)
    out[f"{wheel_dir}/{wheel_name}"] = wheel
    tables = build_tables()
    for name, data in tables.items():
        out[f"tables/{name}"] = data
    out["start.json"] = start_answers()


    snapshot, snapshot_record = build_snapshot(pyodide_version, micropip, wheel_name, wheel)
    out[snapshot_record["path"]] = snapshot
    info = {"version": version, "pyodide": pyodide_version,
            "micropip": f"pyodide/{MICROPIP}", "wheel": f"{wheel_dir}/{wheel_name}",
            "tables": {n: len(d) for n, d in sorted(tables.items())},
            "snapshot": snapshot_record,
            # families whose renderer and editor are in web/ (main.js imports these)
            "web_families": sorted(p[len("web/render/"):-3] for p in out
                                   if p.startswith("web/render/") and p.endswith(".js")
                                   and f"web/edit/{p[len('web/render/'):]}" in out)}
    info["build"] = sha256(json.dumps(
        {p: sha256(d) for p, d in sorted(out.items())}, sort_keys=True).encode())[:16]
    out["build.json"] = (json.dumps(info, indent=1, sort_keys=True) + "\n").encode()
    # "later": what the service worker fetches once the solver is ready, not
    # while a first visit starts (it precaches everything on an update)
    manifest = {"build": info["build"], "later": [snapshot_record["path"]],
                "files": {p: {"sha256": sha256(d), "size": len(d)} for p, d in sorted(out.items())}}
    out["files.json"] = (json.dumps(manifest, indent=1, sort_keys=True) + "\n").encode()
    # The service worker lives at the root (its scope is its folder) and
    # carries the build id, so each build is a new worker (not in files.json).
    out["sw.js"] = read(os.path.join(ROOT, SERVICE_WORKER)).replace(b"__BUILD__", info["build"].encode())
    changed = 0
    for path, data in out.items():
        changed += write_if_changed(os.path.join(SITE, path), data)
    # drop files that are no longer part of the site
    for base, dirs, names in os.walk(SITE, topdown=False):
        for n in names:
            rel = os.path.relpath(os.path.join(base, n), SITE).replace(os.sep, "/")
            if rel not in out:
                os.remove(os.path.join(base, n))
                changed += 1
        if base != SITE and not os.listdir(base):
            os.rmdir(base)
    total = sum(len(d) for d in out.values())
    if not quiet:
        log(f"site ready in {os.path.relpath(SITE, ROOT)}/: {len(out)} files, "
            f"{total / 1e6:.1f} MB, {changed} changed, build {info['build']}")
    return info


# -- serving ----------------------------------------------------------------

MIME = {".mjs": "text/javascript", ".js": "text/javascript", ".wasm": "application/wasm",
        ".json": "application/json", ".whl": "application/zip", ".zip": "application/zip",
        ".webmanifest": "application/manifest+json", ".svg": "image/svg+xml",
        ".bin": "application/octet-stream", ".snap": "application/octet-stream", ".css": "text/css", ".html": "text/html"}


class _MetaCSP(html.parser.HTMLParser):
    """Finds ``<meta http-equiv="Content-Security-Policy" content=...>``."""

    def __init__(self):
        super().__init__()
        self.policies = []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "meta" and (attrs.get("http-equiv") or "").lower() == "content-security-policy":
            self.policies.append(attrs.get("content") or "")


def page_csp(index_html):
    """The policy of index.html's CSP meta tag (trailing ``;`` and spaces dropped)."""
    parser = _MetaCSP()
    parser.feed(index_html.decode("utf-8"))
    parser.close()
    if len(parser.policies) != 1 or not parser.policies[0].strip():
        raise SystemExit("index.html must carry exactly one non-empty "
                         "<meta http-equiv=\"Content-Security-Policy\"> tag")
    return parser.policies[0].strip().rstrip(";").strip()


def security_headers(index_html):
    """What every response carries: the page's own CSP (read from its meta tag,
    so header and tag cannot drift) plus frame-ancestors, which only a header
    can carry; no MIME sniffing; no Referer."""
    return {"Content-Security-Policy": page_csp(index_html) + "; frame-ancestors 'self'",
            "X-Content-Type-Options": "nosniff",
            "Referrer-Policy": "no-referrer",
            "Cache-Control": "no-cache"}


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Serves _site/ under a base path (``/`` or ``/sub/``), like GitHub Pages.
    make_server() makes a subclass that sets ``base`` and ``extra_headers``."""

    base = "/"
    site = SITE
    extra_headers = {}
    extensions_map = dict(http.server.SimpleHTTPRequestHandler.extensions_map, **MIME)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, directory=self.site, **kwargs)

    def translate_path(self, path):
        """The file of a URL path under the base; one outside it, or one
        that names no file a disk could hold (a NUL byte, a lone surrogate
        from ``%00`` or ``%ED%A0%80``), is a path to nothing: 404, never an
        exception in the server's log."""
        clean = path.split("?", 1)[0].split("#", 1)[0]
        nowhere = os.path.join(self.site, "__outside_base__")
        if not clean.startswith(self.base):
            return nowhere
        out = super().translate_path("/" + clean[len(self.base):])
        try:
            if "\0" in out:
                return nowhere
            os.fsencode(out)
        except UnicodeError:
            return nowhere
        return out

    def _redirect_to_base(self):
        """``/sub`` -> ``/sub/`` (as GitHub Pages does); True when redirected."""
        url = urllib.parse.urlsplit(self.path)
        if url.path + "/" != self.base:
            return False
        self.send_response(301)
        self.send_header("Location", self.base + (f"?{url.query}" if url.query else ""))
        self.send_header("Content-Length", "0")
        self.end_headers()
        return True

    def do_GET(self):
        if not self._redirect_to_base():
            super().do_GET()

    def do_HEAD(self):
        if not self._redirect_to_base():
            super().do_HEAD()

    def end_headers(self):
        for name, value in self.extra_headers.items():
            self.send_header(name, value)
        super().end_headers()

    def list_directory(self, path):
        """No folder listings (GitHub Pages gives 404 there too)."""
        self.send_error(404, "Not found")
        return None

    def log_message(self, fmt, *args):
        if os.environ.get("PUZZLELAB_SERVE_LOG"):
            super().log_message(fmt, *args)


class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True
    allow_reuse_address = True

    def handle_error(self, request, client_address):
        """A browser that drops a download half-way (a reload, a tab
        closed, a test's page closed) is not the site's error: no traceback
        for it; any other error is reported as before."""
        if isinstance(sys.exc_info()[1], (ConnectionResetError, BrokenPipeError)):
            return
        super().handle_error(request, client_address)

    @property
    def url(self):
        host, port = self.server_address[:2]
        return f"http://{host}:{port}{self.RequestHandlerClass.base}"


def make_server(port=0, base="/"):
    """A server for _site/ on 127.0.0.1 (port 0 picks a free one); its
    ``url`` is the address of the page.  The CSP header is read from the
    built index.html now, so it is the policy of the page being served."""
    if not base.startswith("/"):
        base = "/" + base
    if not base.endswith("/"):
        base += "/"
    headers = security_headers(read(os.path.join(SITE, "index.html")))
    handler = type("Handler", (SiteHandler,), {"base": base, "extra_headers": headers})
    return Server(("127.0.0.1", port), handler)


def serve(port, base):
    build()
    server = make_server(port, base)
    print(f"Puzzle Lab is served at {server.url}  (Ctrl-C to stop)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()


# -- tests ------------------------------------------------------------------

def venv_python():
    return os.path.join(VENV, "bin", "python")


def ensure_test_tools():
    stamp = os.path.join(VENV, "puzzlelab-requirements.txt")
    want = "\n".join(TEST_REQUIREMENTS) + "\n"
    if not (os.path.exists(venv_python()) and os.path.exists(stamp) and read(stamp).decode() == want):
        log("installing test tools into .venv")
        if not os.path.exists(venv_python()):
            subprocess.run([sys.executable, "-m", "venv", VENV], check=True)
        subprocess.run([venv_python(), "-m", "pip", "install", "--quiet",
                        "--disable-pip-version-check", *TEST_REQUIREMENTS], check=True)
        write_if_changed(stamp, want.encode())
    if not os.path.exists(CHROMIUM):
        log("installing Debian's chromium (apt-get)")
        sudo = [] if os.geteuid() == 0 else ["sudo"]
        env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
        subprocess.run(sudo + ["apt-get", "update", "-q"], check=True, env=env)
        subprocess.run(sudo + ["apt-get", "install", "-y", "-q", "chromium"], check=True, env=env)
    # pure-Python wheels that let the solver tests run inside Pyodide
    pyo = os.path.join(BUILD, "pyodide-test-wheels")
    stamp = os.path.join(pyo, "REQUIREMENTS")
    want = "\n".join(PYODIDE_TEST_WHEELS) + "\n"
    if not (os.path.exists(stamp) and read(stamp).decode() == want):
        if os.path.isdir(pyo):
            shutil.rmtree(pyo)
        for spec in PYODIDE_TEST_WHEELS:
            ensure_download(pyo, spec)
        write_if_changed(stamp, want.encode())


def test(args):
    ensure_test_tools()
    build()
    env = dict(os.environ, PYTHONDONTWRITEBYTECODE="1")
    # Two workers (one per core): the long in-Pyodide run goes first on one
    # of them while the other takes the rest; a file stays on one worker.
    # Files go in collection order (tests/conftest.py puts the Pyodide run
    # first): xdist would otherwise start with the files of most tests and
    # leave that one-test file, the longest, to the end.
    parallel = [] if any(a.startswith("-n") or a == "-p" for a in args) else \
        ["-n", "2", "--dist", "loadfile", "--no-loadscope-reorder"]
    # the slowest tests listed at the end: where the suite's minutes go
    durations = [] if any(a.startswith("--durations") for a in args) else ["--durations=25"]
    cmd = [venv_python(), "-m", "pytest", "-p", "no:cacheprovider", *parallel, *durations, *args]
    log(" ".join(cmd[1:]))
    return subprocess.run(cmd, cwd=ROOT, env=env).returncode


def main(argv=None):
    parser = argparse.ArgumentParser(description="Build, serve or test Puzzle Lab.")
    sub = parser.add_subparsers(dest="command")
    sp = sub.add_parser("serve", help="build, then serve the site on 127.0.0.1")
    sp.add_argument("--port", type=int, default=8000)
    sp.add_argument("--base", default="/", help="serve under this path, e.g. /puzzle-lab/")
    sub.add_parser("build", help="assemble the site (the default)")
    tp = sub.add_parser("test", help="install test tools, build, run the whole suite")
    tp.add_argument("pytest_args", nargs=argparse.REMAINDER)
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["test"]:          # everything after "test" goes to pytest
        return test(argv[1:])
    args = parser.parse_args(argv)
    if args.command == "serve":
        serve(args.port, args.base)
        return 0
    if args.command == "test":
        return test(args.pytest_args)
    build()
    return 0


if __name__ == "__main__":
    sys.exit(main())
