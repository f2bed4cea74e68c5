"""Fuzz the page as a careless or hostile visitor would: random links through
the address bar (valid codes, junk, bad escapes, control and bidi
characters, odd options, long text, and solutions carried in ``path=``:
good ones, damaged ones, forged long ones), random values in the saved
state followed by a reload, faults injected into the solver's worker (it
closes itself, hangs in a loop, throws; while idle and in the middle of a
solve that has a best answer and a bound on screen), and random API
requests (in CPython, through api.handle; benchmarks/fuzz_api.py is the
thorough one).  Counts what must never happen: uncaught page errors, blank
starts (no board, empty menus), "Internal error" (or the worker's plain
word for a bug) on screen, pages stuck loading or solving, a dead worker
not replaced, or replaced later than 2 s after the fault, a fault that
loses the position, the best answer or its bound.

    .venv/bin/python benchmarks/fuzz_page.py [--links 1000] [--stored 30] [--faults 50]
                                             [--requests 0] [--seed 1] [--log FILE]

(``--log``: each input's outcome appended to a file as one JSON line, a
fault's with the machine's load average: its times are wall-clock.)

Needs the built site (python build.py) and the test tools in .venv
(Playwright).  tests/test_page_fuzz.py runs a short version of the same.
"""

import argparse
import json
import os
import random
import sys
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path[:0] = [ROOT, os.path.join(ROOT, "pysrc")]

CODES = ["tiles:3x3:867254301", "tiles:3x3:123405786", "tiles:2x2:1230", "tiles:4x2:73654210",
         "tiles:4x4:d8e39107f54ac26b:0123456789abcdef", "tiles:5x5:024a918d3567hefbcnikglmjo",
         "blocks:hakoiri", "blocks:dad", "blocks:3x3:CB./DE./FFA:???/???/??A", "pegs:hoppers",
         "pegs:triangle10", "pegs:english", "pegs:sq4:oooo/oo.o/oooo", "pegs:tri:o/oo/.oo"]
JUNK = ["", "tiles", "tiles:", "tiles:3x3", "tiles:3x3:1", "tiles:0x0:", "blocks:", "pegs:tri:",
        "x" * 300, "tiles:3x3:12345678\u202e0", "tiles:%E0", "%", "%%", "%ZZ", "#", "&", "&&",
        "tiles:3x3:867254301&", "tiles:999999999x3:1", "<script>alert(1)</script>",
        "javascript:alert(1)", "\u0000", "tiles:3x3:86725430\ud800", "\x1b[31m", "pegs:english-z9"]
KEYS = ["metric", "algo", "h", "step", "count", "first", "mem", "junk", "", "path", "lb"]
# solutions for links (``path``): made by the API here, for the small codes
PATHS = {}
BAD_PATHS = [".", "22.", ".22", "1..2", "..", "zz", "1" * 5000, ".".join(["1"] * 2000),
             "0.0.0", "a" * 29999, "%2E", "\u202e1", "-1", "1e5", ""]
KORF24 = "tiles:5x5:e592i8njchf0ak46bl17o3gmd:0123456789abcdefghijklmno"   # Korf & Felner's 24-puzzle #1 (95 moves): a proof out of reach
VALUES = ["tile", "multi", "move", "step", "jump", "bfs", "bidir", "meet", "dfs", "idastar",
          "astar", "auto", "fast", "beam", "iddfs", "manhattan", "pdb", "corners", "exact",
          "0", "1", "2", "3", "99999999", "%E0", "%", "%ZZ", "%C3", "mul%0Ati", "%1B[31m",
          "\u202e", "\uff11", "\u0661", "\u00b2", "d4-d2", "14-6", "", "512", "16", "1e400"]


def solved_paths():
    """{code: path} of the small codes' solutions (what Copy link carries)."""
    if not PATHS:
        from puzzlelab import api
        for code in CODES:
            reply = api.run({"op": "solve", "code": code, "max_seconds": 10})
            if reply.get("ok") and reply.get("path"):
                PATHS[code] = (reply["path"], reply["length"])
    return PATHS


def random_link(rng, with_path=None):
    """A link; ``with_path``: True, one that carries a solution (good,
    damaged or forged), False none, None either."""
    base = rng.choice(CODES) if rng.random() < 0.7 else rng.choice(JUNK)
    if rng.random() < 0.1:
        base = base[:rng.randrange(len(base) + 1)]
    for _ in range(rng.choice([0, 0, 1, 1, 2, 3])):
        key = rng.choice(KEYS[:-2] if with_path is not None else KEYS)
        # a solve from a link only for tiny positions (the fuzz is about links)
        value = rng.choice(VALUES)
        if key == "step" and base not in ("tiles:2x2:1230", "tiles:3x3:123405786"):
            value = "abc"
        if key in ("path", "lb"):
            continue
        base += f"&{key}={value}"
    if with_path or (with_path is None and rng.random() < 0.3):
        good = solved_paths().get(base.split("&")[0])
        roll = rng.random()
        if good and roll < 0.5:
            path, length = good
            base += f"&path={path}&lb={rng.choice([0, length, length + 5, 999999])}"
            if rng.random() < 0.5:
                base += f"&step={rng.randrange(length + 3)}"
        elif good and roll < 0.7:
            path = good[0]
            i = rng.randrange(len(path))
            base += f"&path={path[:i] + rng.choice('.z0') + path[i + 1:]}"
        else:
            base += f"&path={rng.choice(BAD_PATHS)}"
    return base


def random_stored(rng):
    good = {"link": "tiles:3x3:123405786", "desc": {
        "family": "tiles", "code": "tiles:3x3:123405786",
        "view": {"family": "tiles", "width": 3, "height": 3, "cells": [1, 2, 3, 4, 0, 5, 7, 8, 6]}}}
    choice = rng.randrange(8)
    if choice == 0:
        return json.dumps(good)
    if choice == 1:
        return json.dumps(rng.choice(CODES))
    if choice == 2:
        bad = json.loads(json.dumps(good))
        bad["desc"]["family"] = rng.choice(["__proto__", "constructor", "toString", "blocks", "pegs", ""])
        return json.dumps(bad)
    if choice == 3:
        bad = json.loads(json.dumps(good))
        bad["desc"]["view"] = rng.choice([None, {}, {"family": "tiles"}, {"family": "tiles",
                                          "width": -1, "height": 1e9, "cells": "x"},
                                          {"family": "tiles", "width": 3, "height": 3, "cells": None}])
        return json.dumps(bad)
    if choice == 4:
        return rng.choice(["{", "null", "[]", "7", "true", '"x"', "{}", '{"link": 5}'])
    if choice == 5:
        bad = json.loads(json.dumps(good))
        bad["link"] = rng.choice(["", "x" * 5000, random_link(rng)])
        return json.dumps(bad)
    if choice == 6:
        return json.dumps({"link": good["link"], "desc": {"family": "pegs", "code": "pegs:hoppers",
                                                          "view": {"family": "pegs", "lattice": "zz",
                                                                   "rows": [1, 2]}}})
    return json.dumps({"link": good["link"], "desc": {"family": "blocks", "code": "blocks:dad",
                                                      "view": {"family": "blocks", "width": 4,
                                                               "height": 5, "rows": None}}})


STATE = "() => document.body.dataset.state"
INTERNAL = """() => [document.querySelector('[data-testid=message]'),
                     document.querySelector('[data-testid=progress]'),
                     document.getElementById('status')]
    .map((e) => (e && e.textContent) || '').join(' ')"""
BUG_WORDS = ("Internal error", "does not know how to handle")
WORKS = """() => {
    const code = document.querySelector('[data-testid=position-code]').textContent;
    const menu = document.querySelectorAll('#algorithm option').length;
    return !!code && menu > 1;
}"""


PROGRESS = "() => document.querySelector('[data-testid=progress]').textContent"
STILL_MS = 10_000     # a page solving with no new progress this long is stuck


def settle(page, timeout=60):
    """Wait until the page is not loading or solving; a solve still going
    after ``timeout`` (a link that solves a big position again: its path
    was damaged) is cancelled, and only one that shows no progress for
    STILL_MS, or does not stop at Cancel, is stuck.  True: settled."""
    t0 = time.monotonic()
    seen, since = None, time.monotonic()
    while (state := page.evaluate(STATE)) in ("loading", "solving"):
        now = time.monotonic()
        shown = page.evaluate(PROGRESS)
        if shown != seen:
            seen, since = shown, now
        if now - since > STILL_MS / 1000 and state == "solving":
            return False
        if now - t0 > timeout:
            if state != "solving":
                return False
            page.locator("[data-testid=cancel]").click()
            t1 = time.monotonic()
            while page.evaluate(STATE) == "solving":
                if time.monotonic() - t1 > STILL_MS / 1000:
                    return False
                page.wait_for_timeout(20)
            return True
        page.wait_for_timeout(20)
    return True


def said_bug(page):
    text = page.evaluate(INTERNAL)
    return next((w for w in BUG_WORDS if w in text), None)


def fuzz_page(site_url, links, stored, seed, browser, faults=0, log=None, resume=60):
    """``log``: a file each input's outcome is appended to as a JSON line
    (with the machine's load average beside a fault's times); ``resume``:
    the seconds a solve the new worker takes up again after a fault may
    run before it is cancelled (the test needs only a few)."""
    rng = random.Random(seed)

    def note(kind, item, **what):
        if log is not None:
            log.write(json.dumps({"kind": kind, "item": str(item)[:300], "at": round(time.time()),
                                  "load": os.getloadavg()[0], **what}) + "\n")
            log.flush()

    out = {"links": 0, "with_path": 0, "stored": 0, "page_errors": [], "blank": [],
           "stuck": [], "internal": [], "faults": []}
    context = browser.new_context()
    page = context.new_page()
    page.on("pageerror", lambda exc: out["page_errors"].append(str(exc)[:200]))
    page.goto(site_url)
    page.wait_for_function("() => ['ready', 'error'].includes(document.body.dataset.state)",
                           timeout=120_000)
    for i in range(links):
        # half the links carry a solution (good, damaged or forged)
        link = random_link(rng, with_path=i % 2 == 0)
        out["with_path"] += i % 2 == 0
        page.evaluate("l => { location.hash = l; }", link)
        if not settle(page):
            out["stuck"].append(link)
            page.goto(site_url)
            settle(page, 120)
        if not page.evaluate(WORKS):
            out["blank"].append(link)
        if said_bug(page):
            out["internal"].append(link)
        out["links"] += 1
        note("link", link, **{key: link in out[key][-1:] for key in ("stuck", "blank", "internal")},
             errors=len(out["page_errors"]))
    for _ in range(stored):
        value = random_stored(rng)
        page.evaluate("v => localStorage.setItem('puzzlelab:last', v)", value)
        page.goto(site_url + ("#" + random_link(rng) if rng.random() < 0.3 else ""))
        if not settle(page, 120):
            out["stuck"].append(value)
        elif not page.evaluate(WORKS):
            out["blank"].append(value)
        if said_bug(page):
            out["internal"].append(value)
        out["stored"] += 1
        note("stored", value, **{key: value in out[key][-1:] for key in ("stuck", "blank", "internal")},
             errors=len(out["page_errors"]))
    for i in range(faults):
        # every kind idle and busy, each pair once in six, all three kinds
        # and both states within the first four
        out["faults"].append(inject_fault(page, site_url, rng, busy=i % 2 == 1,
                                          kind=FAULTS_ORDER[i % len(FAULTS)], resume=resume))
        out["faults"][-1]["load"] = os.getloadavg()[0]
        note("fault", out["faults"][-1]["kind"], fault=out["faults"][-1],
             errors=len(out["page_errors"]))
    context.close()
    return out


# -- faults in the solver's worker ------------------------------------------------
# Run inside the worker (Playwright evaluates there): each returns at once
# and strikes on the worker's next turn.
FAULTS = {
    "close": "() => { setTimeout(() => self.close(), 0); return 1; }",
    "hang": "() => { setTimeout(() => { for (;;) { /* a bug that never ends */ } }, 0); return 1; }",
    "throw": "() => { setTimeout(() => { throw new Error('a fault the fuzz injected'); }, 0); "
             "return 1; }",
}
FAULTS_ORDER = list(FAULTS)
STARTS = "() => performance.getEntriesByName('solver-start').map((m) => m.startTime)"
BOOTS = "() => performance.getEntriesByName('solver-boot').length"
SCREEN = """() => ({ code: document.querySelector('[data-testid=position-code]').textContent,
  solution: document.body.dataset.solution || null,
  lower: Number(document.body.dataset.lowerBound || 0),
  length: (document.querySelector('[data-testid=solution-length]') || {}).textContent || null,
  state: document.body.dataset.state })"""


def solver_worker(page):
    """The page's own solver worker (the last one made)."""
    workers = [w for w in page.workers if w.url.endswith("worker.mjs")]
    return workers[-1] if workers else None


def inject_fault(page, site_url, rng, busy, kind, resume=60):
    """One fault of ``kind`` in the solver's worker, idle or (``busy``) in
    the middle of a solve with a best answer and a bound on screen; returns
    what happened: replaced (and how many ms after the fault), the
    position, best answer and bound kept, the page working again."""
    out = {"kind": kind, "busy": busy, "isolated": page.evaluate("() => crossOriginIsolated")}
    code = KORF24 if busy else rng.choice(["tiles:3x3:867254301", "pegs:hoppers", "blocks:dad"])
    page.evaluate("l => { location.hash = l; }", code)
    settle(page, 120)
    boots = page.evaluate(BOOTS)
    if busy:
        page.locator("[data-testid=solve]").click()
        t0 = time.monotonic()
        while page.evaluate("() => document.body.dataset.solution") != "provisional":
            if time.monotonic() - t0 > 120:
                out["problem"] = "no best answer within 120 s"
                return out
            page.wait_for_timeout(50)
        page.wait_for_timeout(rng.randrange(100, 1500))
    before = page.evaluate(SCREEN)
    starts = page.evaluate(STARTS)
    worker = solver_worker(page)
    at = page.evaluate("() => performance.now()")
    try:
        worker.evaluate(FAULTS[kind])
    except Exception as exc:          # the worker died under the evaluation itself
        out["evaluate"] = str(exc)[:100]
    t0 = time.monotonic()
    while len(page.evaluate(STARTS)) == len(starts):
        if time.monotonic() - t0 > 60:
            out["problem"] = "not replaced within 60 s"
            return out
        page.wait_for_timeout(20)
    out["replaced_ms"] = round(page.evaluate(STARTS)[-1] - at)
    t0 = time.monotonic()
    while page.evaluate(BOOTS) <= boots:
        if time.monotonic() - t0 > 120:
            out["problem"] = "the new solver did not start within 120 s"
            return out
        page.wait_for_timeout(50)
    if not settle(page, resume):
        out["problem"] = "stuck solving after the fault"
        return out
    after = page.evaluate(SCREEN)
    out["position_kept"] = after["code"] == before["code"]
    if busy:
        out["best_kept"] = after["length"] == before["length"] and after["solution"] == "best"
        out["bound_kept"] = after["lower"] >= before["lower"]
    if said_bug(page):
        out["problem"] = "a bug said on screen"
    return out


def fuzz_requests(n, seed):
    """Random requests through api.handle (the tests' strategy): error types,
    printable messages, and the longest silence in CPU seconds."""
    sys.path.insert(0, os.path.join(ROOT, "tests"))
    from hypothesis import HealthCheck, given, settings, seed as hseed
    import test_fuzz_requests as t
    stats = {"requests": 0, "worst_silence": 0.0, "bad": []}

    @hseed(seed)
    @settings(max_examples=n, deadline=None, database=None,
              suppress_health_check=list(HealthCheck))
    @given(t.requests())
    def run(req):
        reply, silence = t.run_briefly(req)
        stats["requests"] += 1
        stats["worst_silence"] = max(stats["worst_silence"], silence)
        if reply is not None and not reply["ok"]:
            if reply["error"]["type"] not in t.ERROR_TYPES:
                stats["bad"].append(req)
            t.check_message(reply["error"]["message"])
    run()
    return stats


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--links", type=int, default=1000)
    ap.add_argument("--stored", type=int, default=30)
    ap.add_argument("--faults", type=int, default=50)
    ap.add_argument("--requests", type=int, default=0)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--log", default=None, help="append each input's outcome to this file "
                    "(JSON lines) as it ends")
    args = ap.parse_args(argv)
    import build
    from playwright.sync_api import sync_playwright
    server = build.make_server(0, "/fuzz/")
    threading.Thread(target=server.serve_forever, daemon=True).start()
    t0 = time.monotonic()
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=[
            "--no-sandbox", "--disable-gpu", "--disable-background-networking",
            "--disable-component-update", "--disable-sync", "--no-first-run"])
        log = open(args.log, "a", encoding="utf-8") if args.log else None
        try:
            page_out = fuzz_page(server.url, args.links, args.stored, args.seed, browser,
                                 faults=args.faults, log=log)
        finally:
            if log:
                log.close()
        browser.close()
    server.shutdown()
    req_out = fuzz_requests(args.requests, args.seed) if args.requests else {}
    total = page_out["links"] + page_out["stored"] + req_out.get("requests", 0)
    print(f"fuzzed {total:,} inputs and {len(page_out['faults'])} worker faults in "
          f"{time.monotonic() - t0:.0f} s (wall): {page_out['links']:,} links "
          f"({page_out['with_path']:,} with path=), {page_out['stored']:,} saved states, "
          f"{req_out.get('requests', 0):,} requests")
    print(f"uncaught page errors: {len(page_out['page_errors'])}  "
          f"blank starts: {len(page_out['blank'])}  stuck: {len(page_out['stuck'])}  "
          f"'Internal error' (or a bug) on screen: {len(page_out['internal'])}  "
          f"requests with a foreign error type: {len(req_out.get('bad', []))}")
    if req_out:
        print(f"longest request silence: {req_out.get('worst_silence', 0):.3f} s of CPU")
    faults = page_out["faults"]
    fault_bad = fault_problems(faults)
    if faults:
        times = sorted(f["replaced_ms"] for f in faults if "replaced_ms" in f)
        kinds = ", ".join(f"{k} {sum(f['kind'] == k for f in faults)}" for k in FAULTS)
        print(f"worker faults: {len(faults)} ({kinds}; "
              f"{sum(f['busy'] for f in faults)} during a solve, "
              f"{sum(f['isolated'] for f in faults)} on a cross-origin isolated page): "
              f"replaced {len(times)}, "
              f"within 2 s {sum(t <= 2000 for t in times)}; replacement after the fault "
              f"median {times[len(times) // 2] if times else '-'} ms, longest "
              f"{times[-1] if times else '-'} ms (wall)")
        print(f"  position kept {sum(f.get('position_kept', False) for f in faults)}/{len(faults)}, "
              f"best answer kept {sum(f.get('best_kept', False) for f in faults if f['busy'])}/"
              f"{sum(f['busy'] for f in faults)}, bound kept "
              f"{sum(f.get('bound_kept', False) for f in faults if f['busy'])}/"
              f"{sum(f['busy'] for f in faults)}; faults with a problem: {len(fault_bad)}")
    for key in ("page_errors", "blank", "stuck", "internal"):
        for item in page_out[key][:5]:
            print(f"  {key}: {item!r}"[:300])
    for item in fault_bad[:5]:
        print(f"  fault: {item!r}"[:300])
    bad = (page_out["page_errors"] or page_out["blank"] or page_out["stuck"]
           or page_out["internal"] or fault_bad or req_out.get("bad"))
    return 1 if bad else 0


def fault_problems(faults):
    """The faults that went wrong: not replaced, replaced after 2 s, the
    position, the best answer or the bound lost, a bug on screen."""
    return [f for f in faults if f.get("problem") or f.get("replaced_ms", 10 ** 9) > 2000
            or not f.get("position_kept") or (f["busy"] and not (f.get("best_kept")
                                                                   and f.get("bound_kept")))]


if __name__ == "__main__":
    sys.exit(main())
