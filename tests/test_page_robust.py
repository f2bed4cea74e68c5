"""Nothing a visitor does breaks the page: bad links and corrupted saved
state start a working page with a message; Solve pressed while a position
loads, Cancel pressed in the same tick as Solve or while the worker starts,
and fifty Cancels in a row neither stick nor lose anything; a long healthy
solve is not taken for a dead worker; a link means the same in any tab.
Headless Chromium against the built site (the watch fixture fails any test
that leaves a page error or a console error)."""

import json

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout, expect

from browser_fixtures import READY_TIMEOUT, open_app, scaled, wait_state

pytestmark = pytest.mark.browser

HARD8 = "tiles:3x3:867254301"
KORF1 = "tiles:4x4:edf7bc95602148a3:0123456789abcdef"
KORF60 = "tiles:4x4:bed123c4f795a680:0123456789abcdef"     # 66 moves: seconds, not tenths


def page_works(page):
    """The page started: a board and its code, the menus filled, Solve on."""
    expect(page.get_by_test_id("position-code")).not_to_have_text("")
    assert page.locator("#algorithm option").count() > 1
    expect(page.get_by_test_id("solve")).to_be_enabled()


@pytest.mark.parametrize("tail", ["&step=%E0", "&metric=%", "&h=%ZZ", "&algo=%C3", "&step=abc",
                                  "&step=1e400", "&count=2", "&algo=meet", "&h=corners",
                                  "&metric=mul%0Ati", "&first=%EF%BC%91-3"])
def test_a_bad_link_option_starts_a_working_page_with_a_message(page, site_url, watch, tail):
    open_app(page, site_url, HARD8 + tail)
    page_works(page)
    expect(page.get_by_test_id("message")).to_contain_text("could not be opened")
    message = page.get_by_test_id("message").text_content()
    assert all(ord(c) >= 32 for c in message) and "\u202e" not in message
    # and in an open tab, by the address bar
    page.evaluate("tail => { location.hash = 'tiles:3x3:123405786' + tail; }", tail)
    expect(page.get_by_test_id("message")).to_contain_text("could not be opened")
    page_works(page)


@pytest.mark.parametrize("stored", [
    json.dumps("tiles:3x3:123405786"),
    json.dumps({"link": "tiles:3x3:123405786", "desc": {"family": "__proto__"}}),
    json.dumps({"link": "x", "desc": {"family": "constructor", "code": "x", "view": {}}}),
    json.dumps({"link": "tiles:3x3:123405786", "desc": {
        "family": "tiles", "code": "tiles:3x3:123405786",
        "view": {"family": "tiles", "width": 3, "height": 3, "cells": None}}}),
    json.dumps([1, 2, 3]), "{not json", json.dumps(None), json.dumps(7),
])
def test_a_corrupted_saved_state_is_ignored_and_replaced(page, site_url, watch, stored):
    open_app(page, site_url)
    page.evaluate("v => localStorage.setItem('puzzlelab:last', v)", stored)
    page.goto(site_url)
    wait_state(page, "ready|error", READY_TIMEOUT)
    page_works(page)
    saved = json.loads(page.evaluate("() => localStorage.getItem('puzzlelab:last')"))
    assert saved["desc"]["family"] == "tiles" and saved["link"].startswith(saved["desc"]["code"])


def test_solve_pressed_while_a_position_loads_does_not_stick(page, site_url, watch):
    open_app(page, site_url, HARD8)
    page.get_by_test_id("preset").select_option(index=2)
    page.get_by_test_id("solve").click(force=True)        # during the load: waits
    wait_state(page, "ready|solved")
    page.get_by_test_id("solve").click()
    wait_state(page, "solved")
    # the editor answers again
    page.get_by_test_id("step-last").click()
    assert page.locator("body").get_attribute("data-state") == "solved"


@pytest.mark.first_visit   # cancel without cross-origin isolation (a first visit)
def test_cancel_in_the_same_tick_as_solve_is_not_lost(page, site_url, watch):
    open_app(page, site_url, KORF1)
    page.get_by_test_id("algorithm").select_option("bfs")
    page.evaluate("""() => {
        document.querySelector('[data-testid=solve]').click();
        document.querySelector('[data-testid=cancel]').click();
    }""")
    wait_state(page, "ready")
    expect(page.get_by_test_id("progress")).to_contain_text("Cancelled")
    assert page.locator("body").get_attribute("data-restarts") is None


@pytest.mark.first_visit   # cancel without cross-origin isolation (a first visit)
def test_cancel_while_the_worker_starts_a_link_solve(page, site_url, watch):
    page.goto(site_url + f"#{HARD8}&algo=iddfs&step=3")
    cancel = page.get_by_test_id("cancel")
    expect(cancel).to_be_enabled(timeout=scaled(READY_TIMEOUT))
    cancel.click()
    wait_state(page, "ready|solved", READY_TIMEOUT)
    if page.locator("body").get_attribute("data-state") == "solved":
        # the search had proven a bound: Cancel keeps it as the result (issue 34)
        assert page.locator("body").get_attribute("data-solution") == "none"
        expect(page.get_by_test_id("result-bound")).to_contain_text("stopped by Cancel")
    else:
        expect(page.get_by_test_id("progress")).to_contain_text("Cancelled")
    assert page.get_by_test_id("position-code").text_content() == HARD8


@pytest.mark.first_visit   # cancel without cross-origin isolation (a first visit)
def test_fifty_rapid_cancels_need_no_restart(page, site_url, watch):
    """Korf #60 with pattern databases (66 moves: seconds even in a quiet
    browser, so every Solve is still running when Cancel comes): Solve,
    Cancel at once, fifty times (the table's preparation is cancelled too);
    then Korf #1 still solves."""
    open_app(page, site_url, KORF60)
    finished = 0
    for i in range(50):
        page.get_by_test_id("solve").click()
        if i % 2:
            page.wait_for_timeout(60)          # some a little later, inside a step
        cancel = page.get_by_test_id("cancel")
        try:
            expect(cancel).to_be_enabled(timeout=scaled(5_000))
            # the solve may end between the two (a busy machine): Cancel is
            # then disabled again and the click cannot happen
            cancel.click(timeout=scaled(3_000))
        except (AssertionError, PlaywrightTimeout):
            # the solve is over already: it must have solved, never dropped
            # the press (the page says why it ignored one)
            body = page.locator("body")
            assert body.get_attribute("data-state") == "solved", (
                i, body.get_attribute("data-state"), body.get_attribute("data-solve-ignored"),
                page.get_by_test_id("progress").text_content(),
                page.get_by_test_id("message").text_content())
            finished += 1
            continue
        wait_state(page, "ready|solved")
    assert finished <= 5, finished
    restarts = int(page.locator("body").get_attribute("data-restarts") or 0)
    print(f"restarts after 50 rapid cancels: {restarts}")
    assert restarts == 0
    page.get_by_test_id("code-input").fill(KORF1)
    page.get_by_test_id("load").click()
    wait_state(page, "ready")
    page.get_by_test_id("solve").click()
    wait_state(page, "solved", 120_000)
    assert page.get_by_test_id("solution-length").text_content() == "57"


@pytest.mark.first_visit   # cancel without cross-origin isolation (a first visit)
@pytest.mark.slow
def test_a_long_healthy_solve_is_not_taken_for_a_dead_worker(page, site_url, watch):
    """A 7x7 board (the fast solver, its answers improving for tens of
    seconds in the browser) and the multi-tile walking-distance table (built
    with progress) finish without a restart and without the not-responding
    notice."""
    open_app(page, site_url, "tiles:7x7:" + ",".join(map(str, [
        18, 11, 9, 37, 28, 26, 42, 46, 47, 38, 21, 45, 48, 31, 27, 35, 17, 20, 14, 19, 4, 2, 25,
        12, 43, 5, 8, 13, 32, 36, 0, 34, 6, 24, 40, 30, 23, 7, 10, 3, 15, 29, 1, 33, 41, 44, 22,
        16, 39])))
    page.get_by_test_id("solve").click()
    wait_state(page, "solved", 180_000)
    page.goto(site_url + "#tiles:4x4:123456789abc0def&metric=multi")
    wait_state(page, "ready", READY_TIMEOUT)
    page.get_by_test_id("solve").click()
    wait_state(page, "solved", 180_000)
    body = page.locator("body")
    assert body.get_attribute("data-restarts") is None
    assert body.get_attribute("data-silent") is None


def test_a_link_means_the_same_in_any_tab(page, site_url, watch):
    open_app(page, site_url, HARD8 + "&algo=bfs&count=1&mem=512")
    assert page.get_by_test_id("algorithm").input_value() == "bfs"
    assert page.get_by_test_id("count").is_checked()
    assert page.get_by_test_id("budget").input_value() == "512"
    # a link without them: the defaults, not what the last link chose
    page.evaluate("() => { location.hash = 'tiles:3x3:123405786'; }")
    expect(page.get_by_test_id("code-input")).to_have_value("tiles:3x3:123405786")
    assert page.get_by_test_id("algorithm").input_value() == "auto"
    assert not page.get_by_test_id("count").is_checked()
    assert page.get_by_test_id("budget").input_value() == "1024"
    # a choice made on screen survives an edit of the position
    page.get_by_test_id("algorithm").select_option("idastar")
    page.get_by_test_id("shuffle").click()
    expect(page.get_by_test_id("code-input")).not_to_have_value("tiles:3x3:123405786")
    assert page.get_by_test_id("algorithm").input_value() == "idastar"
