"""Fuzz the page as a careless or hostile visitor would: random links through
the address bar (valid codes, junk, bad escapes, control and bidi
characters, odd options, long text), random values in the saved state
followed by a reload, and random API requests (in CPython, through
api.handle).  Counts what must never happen: uncaught page errors, blank
starts (no board, empty menus), and silences over 0.5 s of CPU while a
request runs.

    python benchmarks/fuzz_page.py [--links 8000] [--stored 200] [--requests 5000] [--seed 1]

Needs the built site (python build.py) and the test tools in .venv
(Playwright; run it with .venv/bin/python).  tests/test_page_fuzz.py runs
a short version of the same (links and stored values) in the suite.
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
KEYS = ["metric", "algo", "h", "step", "count", "first", "mem", "junk", ""]
VALUES = ["tile", "multi", "move", "step", "jump", "bfs", "bidir", "meet", "dfs", "idastar",
          "astar", "auto", "fast", "beam", "iddfs", "manhattan", "pdb", "corners", "exact",
          "0", "1", "2", "3", "99999999", "%E0", "%", "%ZZ", "%C3", "mul%0Ati", "%1B[31m",
          "\u202e", "\uff11", "\u0661", "\u00b2", "d4-d2", "14-6", "", "512", "16", "1e400"]


def random_link(rng):
    base = rng.choice(CODES) if rng.random() < 0.7 else rng.choice(JUNK)
    if rng.random() < 0.1:
        base = base[:rng.randrange(len(base) + 1)]
    for _ in range(rng.choice([0, 0, 1, 1, 2, 3])):
        key = rng.choice(KEYS)
        # a solve from a link only for tiny positions (the fuzz is about links)
        value = rng.choice(VALUES)
        if key == "step" and base not in ("tiles:2x2:1230", "tiles:3x3:123405786"):
            value = "abc"
        base += f"&{key}={value}"
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
WORKS = """() => {
    const code = document.querySelector('[data-testid=position-code]').textContent;
    const menu = document.querySelectorAll('#algorithm option').length;
    return !!code && menu > 1;
}"""


def settle(page, timeout=60):
    """Wait until the page is not loading or solving."""
    t0 = time.monotonic()
    while page.evaluate(STATE) in ("loading", "solving"):
        if time.monotonic() - t0 > timeout:
            return False
        page.wait_for_timeout(20)
    return True


def fuzz_page(site_url, links, stored, seed, browser):
    rng = random.Random(seed)
    out = {"links": 0, "stored": 0, "page_errors": [], "blank": [], "stuck": []}
    context = browser.new_context()
    page = context.new_page()
    page.on("pageerror", lambda exc: out["page_errors"].append(str(exc)[:200]))
    page.goto(site_url)
    page.wait_for_function("() => ['ready', 'error'].includes(document.body.dataset.state)",
                           timeout=120_000)
    for _ in range(links):
        link = random_link(rng)
        page.evaluate("l => { location.hash = l; }", link)
        if not settle(page):
            out["stuck"].append(link)
            page.goto(site_url)
            settle(page, 120)
        if not page.evaluate(WORKS):
            out["blank"].append(link)
        out["links"] += 1
    for _ in range(stored):
        value = random_stored(rng)
        page.evaluate("v => localStorage.setItem('puzzlelab:last', v)", value)
        page.goto(site_url + ("#" + random_link(rng) if rng.random() < 0.3 else ""))
        if not settle(page, 120):
            out["stuck"].append(value)
        elif not page.evaluate(WORKS):
            out["blank"].append(value)
        out["stored"] += 1
    context.close()
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
    ap.add_argument("--links", type=int, default=8000)
    ap.add_argument("--stored", type=int, default=200)
    ap.add_argument("--requests", type=int, default=5000)
    ap.add_argument("--seed", type=int, default=1)
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
        page_out = fuzz_page(server.url, args.links, args.stored, args.seed, browser)
        browser.close()
    server.shutdown()
    req_out = fuzz_requests(args.requests, args.seed) if args.requests else {}
    total = page_out["links"] + page_out["stored"] + req_out.get("requests", 0)
    print(f"fuzzed {total:,} inputs in {time.monotonic() - t0:.0f} s: "
          f"{page_out['links']:,} links, {page_out['stored']:,} saved states, "
          f"{req_out.get('requests', 0):,} requests")
    print(f"uncaught page errors: {len(page_out['page_errors'])}  "
          f"blank starts: {len(page_out['blank'])}  stuck: {len(page_out['stuck'])}  "
          f"requests with a foreign error type: {len(req_out.get('bad', []))}")
    print(f"longest request silence: {req_out.get('worst_silence', 0):.3f} s of CPU")
    for key in ("page_errors", "blank", "stuck"):
        for item in page_out[key][:5]:
            print(f"  {key}: {item!r}"[:300])
    bad = page_out["page_errors"] or page_out["blank"] or page_out["stuck"] or req_out.get("bad")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
