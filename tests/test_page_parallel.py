"""A search split over several workers (web/parallel.js, api.py's part op),
in headless Chromium against the built site: the page's Workers menu, the
answer against the known optimum, one Cancel for every worker, and a worker
that dies in the middle of the search (its part is searched again, the
answer is the same).  Korf's instances: tests/data/korf100.txt."""

import pytest

from playwright.sync_api import expect

from browser_fixtures import open_app, scaled, wait_state
from conftest import data_file

pytestmark = pytest.mark.browser

HEX = "0123456789abcdef"


def korf(number):
    with open(data_file("korf100.txt"), encoding="utf-8") as f:
        for line in f:
            p = line.split()
            if p and p[0] == str(number):
                return f"tiles:4x4:{''.join(HEX[int(t)] for t in p[2:])}:{HEX}", int(p[1])
    raise AssertionError(f"Korf #{number} is not in tests/data/korf100.txt")


def test_the_workers_menu_splits_a_hard_search(page, site_url, watch):
    code, optimal = korf(7)                 # 52 moves: past the plan's budget
    open_app(page, site_url, code)
    cores = page.evaluate("navigator.hardwareConcurrency")
    assert cores >= 2, "these machines have two cores"
    expect(page.get_by_test_id("cores")).to_be_enabled()
    assert page.get_by_test_id("cores").input_value() == str(min(cores, 8))
    page.get_by_test_id("cores").select_option("2")
    page.get_by_test_id("solve").click()
    wait_state(page, "solved", 120_000)
    assert page.get_by_test_id("solution-length").text_content() == str(optimal)
    assert "proven optimal" in page.locator("#optimal").text_content()
    assert "on 2 workers" in page.get_by_test_id("result-stats").text_content()
    # the moves reach the goal
    page.get_by_test_id("step-last").click()
    assert page.get_by_test_id("position-code").text_content() == f"tiles:4x4:{HEX}:{HEX}"
    # a method that cannot split: the menu is off and says why
    page.get_by_test_id("algorithm").select_option("astar")
    expect(page.get_by_test_id("cores")).to_be_disabled()
    assert "runs on one worker" in page.locator("#cores-field").get_attribute("title")


@pytest.mark.first_visit   # cancel without cross-origin isolation (a first visit)
def test_one_cancel_stops_every_worker(page, site_url, watch):
    code, _ = korf(60)                      # 66 moves: many seconds in Pyodide
    open_app(page, site_url, code)
    page.get_by_test_id("cores").select_option("2")
    page.get_by_test_id("solve").click()
    wait_state(page, "solving")
    expect(page.get_by_test_id("progress")).to_contain_text("proven ≥", timeout=scaled(60_000))
    page.get_by_test_id("cancel").click()
    # the first answer (Auto's quick search, in the plan) is kept, not proven
    wait_state(page, "solved")
    assert page.locator("body").get_attribute("data-solution") == "best"
    assert int(page.locator("body").get_attribute("data-cancel-ms")) < 500
    assert page.get_by_test_id("position-code").text_content() == code
    # both workers are free again: a solve in one piece answers at once
    page.get_by_test_id("cores").select_option("1")
    page.get_by_test_id("solve").click()
    page.get_by_test_id("cancel").click()
    wait_state(page, "solved|ready")


@pytest.mark.first_visit   # cancel without cross-origin isolation (a first visit)
def test_a_worker_that_dies_mid_search_loses_nothing(page, site_url, watch):
    """Two Solvers and the real coordinator: once the second worker runs a
    part, it is killed (terminated, as a crash ends it); its part goes back
    to the queue, a fresh worker takes over, and the answer is the optimum.
    (Korf #60, 66 moves: long enough that the second worker surely gets a
    part; #1 could end before it did.)"""
    code, optimal = korf(60)
    open_app(page, site_url, code)
    out = page.evaluate("""async (code) => {
      const { Solver } = await import("./web/solver.js");
      const { ParallelSearch } = await import("./web/parallel.js");
      const solvers = [new Solver(), new Solver()];
      await Promise.all(solvers.map((s) => s.whenReady()));
      // (IDA* itself: Auto's quick answers could end the search first)
      const search = new ParallelSearch(solvers, { op: "solve", code, algorithm: "idastar" });
      const done = search.run();
      let killed = false;
      while (!killed) {
        await new Promise((r) => setTimeout(r, 20));
        const run = search.running.get(solvers[1]);
        if (run && run.job) {
          solvers[1].worker.terminate();
          solvers[1].crashed("killed by the test.");
          killed = true;
        }
        if (search.stopped) break;
      }
      const reply = await done;
      solvers.forEach((s) => s.worker.terminate());
      return { killed, ok: reply.ok, length: reply.length, optimal: reply.optimal,
               parallel: reply.parallel, final: reply.final };
    }""", code)
    assert out["killed"], out
    assert out["ok"] and out["optimal"] and out["length"] == optimal, out
    assert out["parallel"]["restarts"] >= 1, out
    assert out["final"] == f"tiles:4x4:{HEX}:{HEX}", out
