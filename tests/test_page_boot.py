"""How the solver starts, in headless Chromium against the built site: after
one visit the service worker holds the solver's memory snapshot, and a
returning visit starts from it, cross-origin isolated (the service worker's
headers), and works offline; a new worker starts from it too, and with the
page isolated, Cancel interrupts Python inside a long slice without a
restart; a damaged snapshot, or one made for another build, is passed over
for the ordinary boot (runtime, micropip, wheel), the page solves right
after, and it fetches a good copy once ready.  One browser context serves
the whole file: the service worker is installed there once and asked for the
snapshot, without starting a solver (an ordinary boot is the expensive part).
Most other page tests are a returning visitor too (browser_fixtures.py's
``page``); those marked ``first_visit`` start the ordinary way, not
isolated.  Each test here opens its own
pages in it and leaves the snapshot cached.  The page's own code (web/worker.mjs,
sw.js, solver.js) is what runs; the tests read solver.js's "solver-boot"
performance mark (the worker's ready detail, web/protocol.js)."""

import time

import pytest
from playwright.sync_api import expect

import timing
from browser_fixtures import PageWatch, READY_TIMEOUT, open_app, origin_of, patient, wait_state

pytestmark = pytest.mark.browser

HARD8 = "tiles:3x3:867254301"          # 31 moves
KORF1 = "tiles:4x4:edf7bc95602148a3:0123456789abcdef"
CACHE_TIMEOUT = 90                     # s (quiet; scaled): the precache, then the snapshot, after the first ready

LAST_BOOT = "() => { const m = performance.getEntriesByName('solver-boot'); return m.length ? m[m.length - 1].detail : null; }"

# Is the snapshot cached?  `kind` also changes the cached copy: "damaged" flips
# a byte of its body, "other-build" makes its header name another wheel.
SNAPSHOT = """async (kind) => {
  const info = await (await fetch("build.json")).json();
  const url = new URL(info.snapshot.path, location.href).href;
  for (const name of await caches.keys()) {
    const cache = await caches.open(name);
    const hit = await cache.match(url);
    if (!hit) continue;
    if (!kind) return true;
    const bytes = new Uint8Array(await hit.arrayBuffer());
    if (kind === "damaged") {
      bytes[bytes.length >> 1] ^= 0xff;
    } else {
      const at = new TextDecoder().decode(bytes.subarray(0, 4096)).indexOf('"wheel": "') + 10;
      bytes[at] = bytes[at] === 0x30 ? 0x31 : 0x30;
    }
    await cache.put(url, new Response(bytes, { headers: hit.headers }));
    return true;
  }
  return false;
}"""


def watched(context, site_url):
    page = context.new_page()
    patient(page)
    return page, PageWatch(page, origin_of(site_url))


def wait_snapshot_cached(page):
    """Polled with evaluate: wait_for_function does not wait for an async
    predicate's promise (a promise is truthy, so it returned at once)."""
    page.evaluate("async () => { await navigator.serviceWorker.ready; }")
    deadline = time.monotonic() + timing.seconds(CACHE_TIMEOUT)
    while not page.evaluate(SNAPSHOT, None):
        assert time.monotonic() < deadline, "the service worker did not cache the snapshot in time"
        time.sleep(0.2)


def solve_hard8(page):
    page.get_by_test_id("solve").click()
    wait_state(page, "solved")
    assert page.get_by_test_id("solution-length").text_content() == "31"


@pytest.fixture(scope="module")
def returning(browser, site_url):
    """A browser context as after one visit: the service worker (the site's
    sw.js) cached the build, then the snapshot, as offline.js asks once the
    solver is ready."""
    context = browser.new_context()
    page, watch = watched(context, site_url)
    page.goto(site_url + "build.json")          # a page of the site that starts no solver
    page.evaluate("""async () => {
      await navigator.serviceWorker.register("sw.js");
      (await navigator.serviceWorker.ready).active.postMessage("cache-later");
    }""")
    wait_snapshot_cached(page)
    watch.check()
    page.close()
    yield context
    context.close()


def test_a_returning_visit_starts_from_the_snapshot_isolated_and_offline(returning, site_url):
    page, watch = watched(returning, site_url)
    open_app(page, site_url, HARD8, state="ready")
    boot = page.evaluate(LAST_BOOT)
    assert boot["boot"] == "snapshot" and not boot.get("fallback"), boot
    assert page.evaluate("() => crossOriginIsolated") is True and boot["interrupt"] is True
    solve_hard8(page)
    # offline after one visit: everything, the snapshot included, comes from the cache
    returning.set_offline(True)
    try:
        # the address keeps the solution shown (issue 37): reload the bare
        # position, to solve it again offline
        page.evaluate("(code) => history.replaceState(null, '', '#' + code)", HARD8)
        page.reload()
        wait_state(page, "ready", READY_TIMEOUT)
        assert page.evaluate(LAST_BOOT)["boot"] == "snapshot"
        solve_hard8(page)
        # what the solver reads from its package's files was read before the
        # snapshot was taken (the snapshot holds memory, not files): the
        # French board's minimum-move table
        page.goto(site_url + "#pegs:french")
        expect(page.get_by_test_id("pegs-minima")).to_be_visible()
        expect(page.get_by_test_id("message")).to_be_hidden()
    finally:
        returning.set_offline(False)
    watch.check()
    page.close()


def test_isolated_cancel_interrupts_a_long_slice_without_a_restart(returning, site_url):
    """A second Solver (as the page makes one, and as a replacement starts)
    runs Korf #1 by breadth-first search in one-minute slices: only Python's
    interrupt can stop it within the page's kill timer (3 s)."""
    page, watch = watched(returning, site_url)
    open_app(page, site_url, HARD8, state="ready")
    out = page.evaluate("""async (code) => {
      const { Solver } = await import("./web/solver.js");
      let restarts = 0;
      const solver = new Solver({ onRestart: () => { restarts += 1; } });
      await solver.whenReady();
      const boot = solver.bootDetail;
      let progress = 0;
      const request = solver.request({ op: "solve", code, algorithm: "bfs" }, () => { progress += 1; }, { slice: 60 });
      await new Promise((resolve) => setTimeout(resolve, 1500));
      solver.cancel(request.id);
      const reply = await request;
      const t0 = performance.now();
      while (!solver.letGo && performance.now() - t0 < 5000) await new Promise((r) => setTimeout(r, 20));
      const again = await solver.request({ op: "solve", code: "tiles:3x3:867254301" });
      solver.worker.terminate();
      return { boot, progress, reply, letGo: solver.letGo, restarts, again: again.length };
    }""", KORF1)
    assert out["boot"]["boot"] == "snapshot" and out["boot"]["interrupt"] is True, out
    assert out["progress"] <= 1, "the slice should not have ended before the cancel"
    assert out["reply"]["error"]["type"] == "cancelled"
    assert out["letGo"] and out["letGo"]["stop"] == "interrupt", out
    # before the kill timer: else the worker would have been replaced
    assert out["restarts"] == 0 and out["again"] == 31, out
    assert page.locator("body").get_attribute("data-restarts") is None
    watch.check()
    page.close()


@pytest.mark.parametrize("kind, reason", [("damaged", "damaged"),
                                          ("other-build", "made for another build (wheel")])
def test_a_bad_snapshot_gives_the_ordinary_boot_then_a_solve(returning, site_url, kind, reason):
    page, watch = watched(returning, site_url)
    page.goto(site_url + "build.json")          # a page of the site, to reach its caches
    # the service worker serves the file, not the app: no solver starts
    # beside this one to read the copy changed below (and drop it)
    assert page.evaluate("() => performance.getEntriesByName('solver-start').length") == 0
    assert page.evaluate(SNAPSHOT, kind)
    open_app(page, site_url, HARD8, state="ready")
    boot = page.evaluate(LAST_BOOT)
    assert boot["boot"] == "ordinary" and reason in (boot.get("fallback") or ""), boot
    solve_hard8(page)
    # the bad copy was dropped, and the page fetched a good one once ready
    wait_snapshot_cached(page)
    watch.check()
    page.close()
