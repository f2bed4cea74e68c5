"""Page timings for benchmarks/run.py: how soon the built site in headless
Chromium draws its first board and has its solver ready, on a first visit,
on a returning visit (the service worker's cache and the solver's memory
snapshot), on a returning visit without the snapshot (the ordinary boot, for
comparison), and when a killed solver worker is replaced; how long a
Cancel takes; and what each visit downloads.  Needs Playwright, so run.py starts it with .venv's Python:

    .venv/bin/python benchmarks/page_bench.py [--runs N] [--cold N] [--cached N]
                                              [--ordinary N] [--replaced N] [--no-solve]
                                              [--site DIR]

and reads the one JSON object it prints last.  Siblings: run.py (the table),
pyodide_bench.mjs (Pyodide under Node); the Chromium flags follow
tests/browser_fixtures.py.

- cold: a fresh browser context per load (no cache, no service worker).
- cached: the same context once the service worker controls the page and
  has cached the snapshot (fetched after the first ready), a new page per
  load.  Each is followed by an ordinary load (the snapshot taken out of
  the cache first; put back by the page once ready, waited for) and a
  replaced load (the solver worker made to fail; from then to the new
  worker's ready), so the kinds alternate under the same machine load.

Times are read inside the page, relative to the navigation start
(performance.now()): the marks "first-board" and "solver-ready" that the
page sets (else an init script's DOM observer: #position-code's first text,
"Solver ready" on the status line, <body data-state>), and solver.js's
"solver-start"/"solver-boot" (the worker's ready detail says which boot it
took).  The machine is shared, so each load also notes the 1-minute load
average and the CPU seconds Chromium's processes spent on it (summed over
/proc, every process below this one), and the bytes the server sent.
"""

import argparse
import gzip
import json
import os
import statistics
import sys
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import common  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BASE = "/puzzle-lab/"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--disable-dev-shm-usage"]   # as tests/browser_fixtures.py
# protective limits (common.time_limit stretches them): Pyodide's cold start
# on a busy 2-core machine; the service worker's precache and the snapshot
READY_TIMEOUT_MS = int(common.time_limit(120_000))
CACHE_TIMEOUT_S = common.time_limit(120)
SOLVE_CODE = "tiles:3x3:867254301"   # 31 moves: a small solve to time inside the page
KINDS = ("cold", "cached", "ordinary", "replaced")
MEDIAN_KEYS = ("first_board_ms", "solver_ready_ms", "ready_ms", "wall_ms", "worker_status_s",
               "server_requests", "bytes", "bytes_to_solver_ready", "cpu_s", "load1", "worker_ms")

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
  const boots = performance.getEntriesByName("solver-boot", "mark");
  const boot = boots.length ? boots[boots.length - 1] : null;
  const nav = performance.getEntriesByType("navigation")[0];
  return {
    seen: window.__bench || {},
    marks: { first_board: mark("first-board"), solver_ready: mark("solver-ready"),
             solver_start: mark("solver-start") },
    boot: boot ? { at: boot.startTime, ...(boot.detail || {}) } : null,
    status: document.getElementById("status").textContent,
    state: document.body.dataset.state,
    controlled: !!(navigator.serviceWorker && navigator.serviceWorker.controller),
    isolated: self.crossOriginIsolated === true,
    dom_content_loaded: nav ? nav.domContentLoadedEventEnd : null,
  };
}
"""

# Is the snapshot in the service worker's cache?  (Also: take it out.)
SNAPSHOT_SCRIPT = """
async (remove) => {
  const info = await (await fetch("build.json", { cache: "no-cache" })).json();
  if (!info.snapshot) return true;      // a build without one (--site)
  const url = new URL(info.snapshot.path, location.href).href;
  let found = false;
  for (const name of await caches.keys()) {
    const cache = await caches.open(name);
    if (remove) await cache.delete(url);
    else found = found || !!(await cache.match(url));
  }
  return found;
}
"""


class Counter:
    """Requests and bytes the server sent (a load served by the service worker makes few)."""

    def __init__(self):
        self.lock = threading.Lock()
        self.requests = 0
        self.bytes = 0
        self.log = []           # (time.perf_counter(), path, bytes) of every file sent

    def request(self):
        with self.lock:
            self.requests += 1

    def sent(self, path, size):
        with self.lock:
            self.bytes += size
            self.log.append((time.perf_counter(), path, size))

    def now(self):
        with self.lock:
            return self.requests, self.bytes

    def between(self, start, end, skip=()):
        """Bytes sent from `start` to `end` (time.perf_counter()), but for
        paths that contain one of `skip`."""
        with self.lock:
            return sum(size for t, path, size in self.log
                       if start <= t <= end and not any(part in path for part in skip))


def serve_site(site=None):
    """The built site (_site/, or `site`) on 127.0.0.1 under BASE, counting
    what it sends."""
    sys.path.insert(0, ROOT)
    import build
    build.SITE = site or build.SITE
    if not os.path.exists(os.path.join(build.SITE, "build.json")):
        raise SystemExit(f"{build.SITE} is missing: run python build.py first")
    server = build.make_server(0, BASE)
    counter = Counter()
    made = server.RequestHandlerClass      # build.SiteHandler, made for this base path

    class Counting(made):
        site = build.SITE

        def do_GET(self):
            counter.request()
            super().do_GET()

        def copyfile(self, source, outputfile):
            counter.sent(self.path, os.fstat(source.fileno()).st_size)
            super().copyfile(source, outputfile)

    server.RequestHandlerClass = Counting
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    host, port = server.server_address[:2]
    return server, f"http://{host}:{port}{BASE}", counter


def browser_cpu():
    """{pid: CPU seconds} of every Chromium process below this one."""
    parent, comm, cpu = {}, {}, {}
    tick = os.sysconf("SC_CLK_TCK")
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/stat") as f:
                text = f.read()
        except OSError:
            continue
        head, tail = text.rsplit(")", 1)
        fields = tail.split()
        pid = int(name)
        comm[pid] = head.split("(", 1)[1]
        parent[pid] = int(fields[1])
        cpu[pid] = (int(fields[11]) + int(fields[12])) / tick
    me = os.getpid()
    out = {}
    for pid in cpu:
        p = pid
        while p in parent and p not in (0, 1, me):
            p = parent[p]
        if p == me and "chrom" in comm[pid]:
            out[pid] = cpu[pid]
    return out


def cpu_since(before):
    return sum(t - before.get(pid, 0.0) for pid, t in browser_cpu().items())


def wait_ready(page):
    page.wait_for_function(
        "() => { const s = document.body && document.body.dataset.state;"
        " return s === 'ready' || s === 'error'; }",
        timeout=READY_TIMEOUT_MS, polling=50)


def wait_cached(page):
    """Until the service worker controls the page and holds the snapshot."""
    page.evaluate("async () => { await navigator.serviceWorker.ready; }")
    deadline = time.monotonic() + CACHE_TIMEOUT_S
    while not page.evaluate(SNAPSHOT_SCRIPT, False):
        if time.monotonic() > deadline:
            raise RuntimeError("the service worker did not cache the snapshot in time")
        time.sleep(0.1)
    if not page.evaluate("() => !!navigator.serviceWorker.controller"):
        page.reload()
        wait_ready(page)


def measured(page, counter, action):
    """Run `action` (a navigation or a kill), wait for the page; the figures
    common to every kind of load."""
    load0 = os.getloadavg()[0]
    requests0, bytes0 = counter.now()
    cpu0 = browser_cpu()
    wall0 = time.perf_counter()
    action()
    wait_ready(page)
    wall = (time.perf_counter() - wall0) * 1000
    cpu = cpu_since(cpu0)
    requests, sent = counter.now()
    return {"wall_ms": wall, "cpu_s": cpu, "server_requests": requests - requests0,
            "bytes": sent - bytes0, "load1": (load0 + os.getloadavg()[0]) / 2, "_start": wall0}


def one_load(page, url, counter):
    """Navigate, wait for data-state=ready, return the timings (ms)."""
    out = measured(page, counter, lambda: page.goto(url))
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
    boot = info["boot"] or {}
    start = out.pop("_start")
    if solver_ready is not None:
        # what the solver's start downloaded: the service worker's fetches
        # come after it, the snapshot (never needed to start) at once after
        out["bytes_to_solver_ready"] = counter.between(start, start + solver_ready / 1000 + 0.05,
                                                       skip=("/snapshot/",))
    out.update({
        "first_board_ms": first_board,
        "solver_ready_ms": solver_ready,
        "ready_ms": seen.get("state_ready"),
        "worker_status_s": status_s,
        "worker_ms": boot["at"] - marks["solver_start"] if boot and marks["solver_start"] is not None else None,
        "boot": boot.get("boot"),
        "fallback": boot.get("fallback"),
        "interrupt": boot.get("interrupt"),
        "isolated": info["isolated"],
        "state": info["state"],
        "controlled": info["controlled"],
        "source": source,
    })
    return out


def replaced_load(page, counter):
    """Make the solver worker fail (an uncaught error in it: the page
    replaces it, as after an out-of-memory crash); ms from then to the new
    worker's ready."""
    boots = "() => performance.getEntriesByName('solver-boot', 'mark').length"
    before = page.evaluate(boots)
    at = {}

    def kill():
        worker = next(w for w in page.workers if w.url.endswith("/worker.mjs"))
        at["ms"] = page.evaluate("() => performance.now()")
        worker.evaluate("() => { setTimeout(() => { throw new Error('stopped by page_bench'); }); }")
        page.wait_for_function(f"() => performance.getEntriesByName('solver-boot', 'mark').length > {before}",
                               timeout=READY_TIMEOUT_MS, polling=20)

    out = measured(page, counter, kill)
    out.pop("_start")
    boot = page.evaluate(READ_SCRIPT)["boot"]
    out.update({"solver_ready_ms": boot["at"] - at["ms"], "boot": boot.get("boot"),
                "fallback": boot.get("fallback"), "interrupt": boot.get("interrupt"),
                "restarts": page.evaluate("() => document.body.dataset.restarts")})
    return out


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


def time_cancel(page):
    """A hopeless solve (iterative deepening on the 31-move 8-puzzle),
    Cancel pressed once it reports progress: the page's own figure for
    the Cancel (data-cancel-ms: from the press to the solver's word that it
    stopped), which the README promises within 0.5 s.  The first visit is
    not cross-origin isolated: the solver stops between its slices."""
    page.get_by_test_id("algorithm").select_option("iddfs")
    page.get_by_test_id("solve").click()
    page.wait_for_function("() => document.body.dataset.state === 'solving' && "
                           "document.querySelector('[data-testid=progress]')"
                           ".textContent.includes('expanded')",
                           timeout=READY_TIMEOUT_MS, polling=20)
    page.get_by_test_id("cancel").click()
    page.wait_for_function("() => document.body.dataset.state === 'ready'",
                           timeout=READY_TIMEOUT_MS, polling=20)
    body = "document.body.dataset"
    out = page.evaluate(f"() => ({{ms: Number({body}.cancelMs), restarts: {body}.restarts || null,"
                        f" isolated: self.crossOriginIsolated}})")
    page.get_by_test_id("algorithm").select_option("auto")
    return out


def median_of(loads, key):
    vals = [x[key] for x in loads if x.get(key) is not None]
    return statistics.median(vals) if vals else None


def snapshot_sizes(site):
    """The snapshot's file (downloaded), as cached (unpacked) and the memory it restores."""
    with open(os.path.join(site, "build.json")) as f:
        record = json.load(f).get("snapshot")
    if not record:
        return None
    with gzip.open(os.path.join(site, record["path"])) as f:
        unpacked = len(f.read())
    return {"file": record["bytes"], "cached": unpacked, "memory": record["memory"]}


def run(cold=3, cached=3, ordinary=None, replaced=None, solve=True, site=None):
    from playwright.sync_api import sync_playwright
    ordinary = cached if ordinary is None else ordinary
    replaced = cached if replaced is None else replaced
    server, url, counter = serve_site(site)
    out = {"url": url, "site": server.RequestHandlerClass.site, "solve": None, "cancel": None,
           "errors": [],
           **{kind: [] for kind in KINDS}}
    target = f"{url}#{SOLVE_CODE}"
    sizes = {"snapshot": snapshot_sizes(out["site"])}
    watch = lambda page: page.on("pageerror", lambda exc: out["errors"].append(f"page error: {exc}"))
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            out["chromium"] = browser.version
            ctx = None
            for i in range(max(cold, 1 if cached or ordinary or replaced else 0)):
                if ctx is not None:
                    ctx.close()
                ctx = browser.new_context()
                ctx.add_init_script(WATCH_SCRIPT)
                page = ctx.new_page()
                watch(page)
                first_visit_from = counter.now()[1]
                load = one_load(page, target, counter)
                if i < cold:
                    out["cold"].append(load)
                if i == 0 and solve and load["state"] == "ready":
                    out["solve"] = time_solve(page)
                    out["cancel"] = time_cancel(page)
            if cached or ordinary or replaced:
                # what the first visit downloads in all, and after its
                # solver is ready: the service worker's precache, the snapshot
                wait_cached(page)
                sizes["first_visit_total"] = counter.now()[1] - first_visit_from
                sizes["first_visit_after_solver_ready"] = (sizes["first_visit_total"]
                                                           - load["bytes_to_solver_ready"])
                page.close()
                for i in range(max(cached, ordinary, replaced)):
                    page = ctx.new_page()
                    watch(page)
                    if i < cached or i < replaced:
                        load = one_load(page, target, counter)
                        if i < cached:
                            out["cached"].append(load)
                        if i < replaced:
                            out["replaced"].append(replaced_load(page, counter))
                        page.close()
                        page = ctx.new_page()
                        watch(page)
                    if i < ordinary:
                        page.goto(url + "build.json")   # a page of the site (not the app), to reach its caches
                        page.evaluate(SNAPSHOT_SCRIPT, True)
                        out["ordinary"].append(one_load(page, target, counter))
                        wait_cached(page)       # the page asks for it again once ready
                    page.close()
            if ctx is not None:
                ctx.close()
            browser.close()
    finally:
        server.shutdown()
    for kind in KINDS:
        out[f"{kind}_median"] = {k: median_of(out[kind], k) for k in MEDIAN_KEYS}
    if out["cold"]:
        sizes["first_visit_to_solver_ready"] = out["cold_median"]["bytes_to_solver_ready"]
        sizes["first_visit_to_page_ready"] = out["cold_median"]["bytes"]
    if out["cached"]:
        sizes["returning_visit"] = out["cached_median"]["bytes"]
    out["sizes"] = sizes
    out["sent"] = {}
    for _, path, size in counter.log:
        out["sent"][path] = out["sent"].get(path, 0) + size
    return out


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, help="loads of every kind (sets the four below)")
    parser.add_argument("--cold", type=int, default=3, help="first visits (a fresh context each)")
    parser.add_argument("--cached", type=int, default=3, help="returning visits (the snapshot)")
    parser.add_argument("--ordinary", type=int, help="returning visits without the snapshot (default: --cached)")
    parser.add_argument("--replaced", type=int, help="worker replacements (default: --cached)")
    parser.add_argument("--no-solve", action="store_true", help="skip the in-page solve")
    parser.add_argument("--site", help="serve this built site instead of _site/ (another "
                        "build to compare with)")
    args = parser.parse_args(argv)
    if args.runs is not None:
        args.cold = args.cached = args.ordinary = args.replaced = args.runs
    try:
        out = run(args.cold, args.cached, args.ordinary, args.replaced, not args.no_solve, args.site)
    except Exception as exc:  # reported in the table, not as a traceback
        out = {"failed": f"{type(exc).__name__}: {exc}"}
    print(json.dumps(out))
    return 0 if "failed" not in out else 1


if __name__ == "__main__":
    sys.exit(main())
