"""A short fuzz of the page (benchmarks/fuzz_page.py runs the long one):
random links through the address bar, half of them carrying a solution
(good, damaged or forged), random saved states followed by a reload, and
faults injected into the solver's worker (it closes itself, hangs, throws;
idle and in the middle of a solve with a best answer on screen) never leave
an uncaught error, a blank start, a bug said on screen or a page stuck
loading or solving; every dead worker is replaced, and the position, the
best answer and its bound stay.  How soon it is replaced is measured by the
benchmark, not asserted here.  Headless Chromium against the built site."""

import os
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                                "benchmarks"))
import fuzz_page  # noqa: E402

pytestmark = pytest.mark.browser


def test_random_links_saved_states_and_worker_faults(browser, site_url):
    # the solve a new worker takes up after a fault is cancelled after 5 s
    # (the benchmark lets it run a minute)
    out = fuzz_page.fuzz_page(site_url, links=30, stored=4, seed=7, browser=browser, faults=4,
                              resume=5)
    assert out["links"] == 30 and out["with_path"] == 15 and out["stored"] == 4
    assert not out["page_errors"], out["page_errors"][:3]
    assert not out["blank"], out["blank"][:3]
    assert not out["stuck"], out["stuck"][:3]
    assert not out["internal"], out["internal"][:3]
    assert len(out["faults"]) == 4 and {f["kind"] for f in out["faults"]} == set(fuzz_page.FAULTS)
    assert {f["busy"] for f in out["faults"]} == {True, False}
    for fault in out["faults"]:
        assert "replaced_ms" in fault and not fault.get("problem"), fault
        assert fault["position_kept"], fault
        if fault["busy"]:
            assert fault["best_kept"] and fault["bound_kept"], fault
