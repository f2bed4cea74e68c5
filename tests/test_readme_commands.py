"""The README's commands, run the way a new user runs them: as subprocesses.

- ``python build.py serve --port N`` prints its address, and the page at that
  address solves the hardest 8-puzzle in Chromium; every response carries the
  security headers (the CSP header is the page's meta tag plus frame-ancestors).
- ``python build.py serve --port 0 --base /sub/`` serves under a sub-path (the
  port it printed is the real one); ``/sub`` redirects to ``/sub/`` and paths
  outside the base are 404.

(``pip install .`` is tests/test_package.py's.)

All CPython only (subprocesses).  Not collected usefully inside Pyodide, so
Playwright is imported only inside the browser tests."""

import http.client
import os
import queue
import re
import socket
import subprocess
import sys
import threading
import time
from contextlib import contextmanager
from urllib.parse import urlsplit

import pytest

import timing

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
HARD8 = "tiles:3x3:867254301"
SERVE_TIMEOUT = 180        # s (quiet; scaled): `serve` builds first (npm ci / downloads on a fresh checkout)
ADDRESS = re.compile(r"^Puzzle Lab is served at (http://127\.0\.0\.1:(\d+)(/\S*))  \(Ctrl-C to stop\)$")

pytestmark = [pytest.mark.cpython_only]


# -- helpers ----------------------------------------------------------------

def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextmanager
def serving(*args):
    """Run ``python build.py serve ARGS`` until its address line appears;
    yields (url, port).  The process is always stopped afterwards."""
    proc = subprocess.Popen([sys.executable, "build.py", "serve", *args], cwd=ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                            env=dict(os.environ, PYTHONUNBUFFERED="1"))
    lines = queue.Queue()

    def pump():            # readline blocks, so read in a thread and wait on the queue
        for line in proc.stdout:
            lines.put(line)
        lines.put(None)

    threading.Thread(target=pump, daemon=True).start()
    seen = []
    try:
        deadline = time.monotonic() + timing.seconds(SERVE_TIMEOUT)
        match = None
        while match is None:
            left = deadline - time.monotonic()
            if left <= 0:
                pytest.fail(f"no address printed within {SERVE_TIMEOUT} s:\n" + "".join(seen))
            try:
                line = lines.get(timeout=left)
            except queue.Empty:
                continue
            if line is None:
                proc.wait(timeout=timing.seconds(10))
                pytest.fail(f"`build.py serve` exited ({proc.returncode}) before serving:\n"
                            + "".join(seen))
            seen.append(line)
            match = ADDRESS.match(line.rstrip("\n"))
        yield match.group(1), int(match.group(2))
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=timing.seconds(10))
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=timing.seconds(10))
        proc.stdout.close()


def request(url, method="GET"):
    """One request without following redirects: (status, headers, body)."""
    parts = urlsplit(url)
    conn = http.client.HTTPConnection(parts.hostname, parts.port, timeout=timing.seconds(10))
    try:
        conn.request(method, parts.path + (f"?{parts.query}" if parts.query else ""))
        response = conn.getresponse()
        return response.status, response.headers, response.read()
    finally:
        conn.close()


def directives(policy):
    return [" ".join(d.split()) for d in policy.split(";") if d.strip()]


def solve_hard8_in_chromium(page, url):
    """Open URL#HARD8, press Solve, expect 31 moves; nothing may go wrong on
    the page.  Returns the index page's response headers."""
    from browser_fixtures import PageWatch, READY_TIMEOUT, patient, wait_state
    parts = urlsplit(url)
    watch = PageWatch(page, f"{parts.scheme}://{parts.netloc}")
    patient(page)
    response = page.goto(f"{url}#{HARD8}")
    assert response.status == 200 and response.url == url
    wait_state(page, "ready", READY_TIMEOUT)
    page.get_by_test_id("solve").click()
    wait_state(page, "solved")
    assert page.get_by_test_id("solution-length").text_content() == "31"
    headers = response.all_headers()
    meta = page.locator("meta[http-equiv=Content-Security-Policy]").get_attribute("content")
    watch.check()
    return headers, meta


def check_security_headers(headers, meta):
    csp = headers.get("content-security-policy")
    assert csp, f"no Content-Security-Policy header: {headers}"
    got = directives(csp)
    assert "frame-ancestors 'self'" in got, csp
    assert [d for d in got if not d.startswith("frame-ancestors")] == directives(meta), \
        "the CSP header drifted from index.html's meta tag"
    assert headers.get("x-content-type-options") == "nosniff"
    assert headers.get("referrer-policy") == "no-referrer"
    assert headers.get("cache-control") == "no-cache"


# -- build.py serve -----------------------------------------------------------

@pytest.mark.browser
def test_serve_on_a_port_solves_in_chromium(page):
    port = free_port()
    with serving("--port", str(port)) as (url, printed_port):
        assert printed_port == port and url == f"http://127.0.0.1:{port}/"
        headers, meta = solve_hard8_in_chromium(page, url)
        check_security_headers(headers, meta)
        # every response carries the headers, not only the page
        status, js_headers, _ = request(url + "web/main.js")
        assert status == 200
        check_security_headers({k.lower(): v for k, v in js_headers.items()}, meta)


@pytest.mark.browser
def test_serve_under_a_sub_path_on_port_0(page):
    with serving("--port", "0", "--base", "/sub/") as (url, port):
        assert port != 0 and url == f"http://127.0.0.1:{port}/sub/"
        headers, meta = solve_hard8_in_chromium(page, url)
        check_security_headers(headers, meta)
        origin = f"http://127.0.0.1:{port}"
        for method in ("GET", "HEAD"):
            status, redirect, _ = request(origin + "/sub", method)
            assert (status, redirect["Location"]) == (301, "/sub/"), method
        status, redirect, _ = request(origin + "/sub?x=1")
        assert (status, redirect["Location"]) == (301, "/sub/?x=1")
        for outside in ("/", "/index.html", "/web/main.js", "/subway/index.html", "/su"):
            status, _, _ = request(origin + outside)
            assert status == 404, outside
        # and a browser following the redirect lands on the page
        page.goto(origin + "/sub")
        assert page.url == url


def test_a_download_the_browser_drops_prints_no_traceback(capsys):
    """The server's console stays quiet when a browser drops a download
    half-way (a reload; the page tests close pages mid-download): a client
    that reads a little of the biggest file and resets the connection
    leaves no traceback; a request that goes well is unaffected."""
    import struct as _struct
    sys.path.insert(0, ROOT)
    import build
    if not os.path.exists(os.path.join(build.SITE, "index.html")):
        build.build()
    server = build.make_server(0, "/")
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        host, port = server.server_address[:2]
        big = max((os.path.join(d, f) for d, _, fs in os.walk(build.SITE) for f in fs),
                  key=os.path.getsize)
        path = "/" + os.path.relpath(big, build.SITE).replace(os.sep, "/")
        assert os.path.getsize(big) > 8 << 20, big     # more than the socket buffers hold
        for _ in range(3):
            with socket.socket() as s:
                s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
                s.connect((host, port))
                s.sendall(f"GET {path} HTTP/1.0\r\n\r\n".encode())
                assert s.recv(1024).startswith(b"HTTP/1.0 200")
                # close with a reset (linger 0), the server still sending
                s.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, _struct.pack("ii", 1, 0))
        time.sleep(1.0)
        status, _, body = request(f"http://{host}:{port}/index.html")
        assert status == 200 and b"<html" in body.lower()
    finally:
        server.shutdown()
        server.server_close()
    err = capsys.readouterr().err
    assert "Traceback" not in err and "ConnectionReset" not in err, err
