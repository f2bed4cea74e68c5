"""Page timings for benchmarks/run.py: time to first board and to solver-ready
of the built site in headless Chromium, cold (a fresh browser context) and
from the service-worker cache (the same context once the worker controls the
page).  Needs Playwright, so run.py starts it with .venv's Python:

    .venv/bin/python benchmarks/page_bench.py [--cold N] [--cached N] [--solve]

and reads the one JSON object it prints last.  Siblings: run.py (the table),
pyodide_bench.mjs (Pyodide under Node); the Chromium flags follow
tests/browser_fixtures.py.

Times are read inside the page, relative to the navigation start
(performance.now()): when main.js sets performance marks "first-board" and
"solver-ready" those are used; otherwise an init script watches the DOM and
notes when #position-code first gets text (the canvas has a board), when the
status line first says "Solver ready" and when <body data-state> first
becomes "ready".
"""

import argparse
import json
import os
import statistics
import sys
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BASE = "/puzzle-lab/"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--disable-dev-shm-usage"]   # as tests/browser_fixtures.py
READY_TIMEOUT_MS = 120_000     # Pyodide's cold start on a busy 2-core machine
SOLVE_CODE = "tiles:3x3:867254301"   # 31 moves: a small solve to time inside the page

# Runs before any page script: records, in ms since navigation start, the
# first moment each signal is seen.  MutationObserver callbacks run as
# microtasks right after the change, so the error is well under a frame.
WATCH_SCRIPT = """
(() => {
  if (window.top !== window || window.__bench) return;
  const seen = {};
  window.__bench = seen;
  const note = (key) => { if (!(key in seen)) seen[key] = performance.now(); };
  const check = () => {
    const code = document.getElementById("position-code");
    if (code && code.textContent.trim()) note("first_board");
    const status = document.getElementById("status");
    if (status && status.textContent.startsWith("Solver ready")) note("solver_ready");
    const state = document.body && document.body.dataset.state;
    if (state) note("state_" + state);
  };
  new MutationObserver(check).observe(document, {
    subtree: true, childList: true, characterData: true, attributes: true });
})();
"""

READ_SCRIPT = """
() => {
  const mark = (name) => {
    const m = performance.getEntriesByName(name, "mark");
    return m.length ? m[0].startTime : null;
  };
  const nav = performance.getEntriesByType("navigation")[0];
  return {
    seen: window.__bench || {},
    marks: { first_board: mark("first-board"), solver_ready: mark("solver-ready") },
    status: document.getElementById("status").textContent,
    state: document.body.dataset.state,
    controlled: !!(navigator.serviceWorker && navigator.serviceWorker.controller),
    dom_content_loaded: nav ? nav.domContentLoadedEventEnd : null,
  };
}
"""


def serve_site():
    """The built site on 127.0.0.1 under BASE, with a count of the requests
    that reach the server (a load served by the service worker makes few)."""
    sys.path.insert(0, ROOT)
    import build
    if not os.path.exists(os.path.join(build.SITE, "build.json")):
        raise SystemExit("_site/ is missing: run python build.py first")
    server = build.make_server(0, BASE)
    counter = {"n": 0}
    made = server.RequestHandlerClass      # build.SiteHandler, made for this base path

    class Counting(made):
        def do_GET(self):
            counter["n"] += 1
            super().do_GET()

    server.RequestHandlerClass = Counting
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    host, port = server.server_address[:2]
    return server, f"http://{host}:{port}{BASE}", counter


def wait_ready(page):
    page.wait_for_function(
        "() => { const s = document.body && document.body.dataset.state;"
        " return s === 'ready' || s === 'error'; }",
        timeout=READY_TIMEOUT_MS, polling=50)


def one_load(page, url, counter):
    """Navigate, wait for data-state=ready, return the timings (ms)."""
    before = counter["n"]
    wall0 = time.perf_counter()
    page.goto(url)
    wait_ready(page)
    wall = (time.perf_counter() - wall0) * 1000
    info = page.evaluate(READ_SCRIPT)
    seen, marks = info["seen"], info["marks"]
    source = "performance marks" if marks["first_board"] is not None else "DOM observer"
    first_board = marks["first_board"] if marks["first_board"] is not None else seen.get("first_board")
    solver_ready = marks["solver_ready"] if marks["solver_ready"] is not None else seen.get("solver_ready")
    status_s = None
    text = info["status"] or ""
    if text.startswith("Solver ready (") and text.endswith(" s)"):
        try:
            status_s = float(text[len("Solver ready ("):-3])
        except ValueError:
            pass
    return {
        "first_board_ms": first_board,
        "solver_ready_ms": solver_ready,
        "ready_ms": seen.get("state_ready"),
        "wall_ms": wall,
        "worker_status_s": status_s,
        "state": info["state"],
        "controlled": info["controlled"],
        "server_requests": counter["n"] - before,
        "source": source,
    }


def time_solve(page):
    """Click Solve on the 31-move 8-puzzle; ms until data-state=solved."""
    t0 = time.perf_counter()
    page.get_by_test_id("solve").click()
    page.wait_for_function("() => ['solved', 'error'].includes(document.body.dataset.state)",
                           timeout=READY_TIMEOUT_MS, polling=20)
    ms = (time.perf_counter() - t0) * 1000
    length = page.get_by_test_id("solution-length").text_content()
    return {"code": SOLVE_CODE, "ms": ms, "length": length,
            "state": page.evaluate("() => document.body.dataset.state")}


def median_of(loads, key):
    vals = [x[key] for x in loads if x.get(key) is not None]
    return statistics.median(vals) if vals else None


def run(cold=3, cached=3, solve=True):
    from playwright.sync_api import sync_playwright
    server, url, counter = serve_site()
    out = {"url": url, "cold": [], "cached": [], "solve": None, "errors": []}
    target = f"{url}#{SOLVE_CODE}"
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            out["chromium"] = browser.version
            ctx = None
            for i in range(max(cold, 1 if cached else 0)):
                if ctx is not None:
                    ctx.close()
                ctx = browser.new_context()
                ctx.add_init_script(WATCH_SCRIPT)
                page = ctx.new_page()
                page.on("pageerror", lambda exc: out["errors"].append(f"page error: {exc}"))
                load = one_load(page, target, counter)
                if i < cold:
                    out["cold"].append(load)
                if i == 0 and solve and load["state"] == "ready":
                    out["solve"] = time_solve(page)
            if cached:
                # The last cold context: wait until the service worker has
                # precached the build (install done = ready) and controls a page.
                page.evaluate("async () => { await navigator.serviceWorker.ready; }")
                if not page.evaluate("() => !!navigator.serviceWorker.controller"):
                    page.reload()
                    wait_ready(page)
                page.close()
                for _ in range(cached):
                    page = ctx.new_page()
                    page.on("pageerror", lambda exc: out["errors"].append(f"page error: {exc}"))
                    out["cached"].append(one_load(page, target, counter))
                    page.close()
            if ctx is not None:
                ctx.close()
            browser.close()
    finally:
        server.shutdown()
    for kind in ("cold", "cached"):
        loads = out[kind]
        out[f"{kind}_median"] = {k: median_of(loads, k) for k in
                                 ("first_board_ms", "solver_ready_ms", "ready_ms", "wall_ms",
                                  "worker_status_s", "server_requests")}
    return out


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cold", type=int, default=3, help="cold loads (fresh context each)")
    parser.add_argument("--cached", type=int, default=3, help="loads served by the service worker")
    parser.add_argument("--no-solve", action="store_true", help="skip the in-page solve")
    args = parser.parse_args(argv)
    try:
        out = run(args.cold, args.cached, not args.no_solve)
    except Exception as exc:  # reported in the table, not as a traceback
        out = {"failed": f"{type(exc).__name__}: {exc}"}
    print(json.dumps(out))
    return 0 if "failed" not in out else 1


if __name__ == "__main__":
    sys.exit(main())
