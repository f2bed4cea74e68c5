"""A new user's first visit, once per family, as issue 17 asks: pick the
family and a preset from the menus, read the method's help, solve, step
through the answer, play with a hint drawn on the board, share a link and a
picture, and reopen the link in a fresh tab with every setting restored.
Headless Chromium against the built site; fails on any page error or a
request to another origin."""

import re

import pytest
from playwright.sync_api import expect

from browser_fixtures import READY_TIMEOUT, fresh_page, open_app, scaled, wait_state

pytestmark = pytest.mark.browser

# family button, preset label, its optimal length, the method chosen
FAMILIES = [
    ("Sliding tiles", "8-puzzle: a hardest position (31 moves)", 31, "astar"),
    ("Sliding blocks", "Dad's puzzle = Pennant puzzle (59 moves, 83 steps)", 59, "bfs"),
    ("Peg solitaire", "Hoppers: centre to centre (7 moves)", 7, "meet"),
]


@pytest.mark.parametrize("family, preset, length, method", FAMILIES,
                         ids=["tiles", "blocks", "pegs"])
def test_a_new_user_walks_through(browser, site_url, family, preset, length, method):
    with fresh_page(browser, site_url, accept_downloads=True) as page:
        open_app(page, site_url)
        page.get_by_role("button", name=family).click()
        page.locator("#preset").select_option(label=preset)
        expect(page.get_by_test_id("goal")).to_be_visible()
        # the method and its one-line help
        page.get_by_test_id("algorithm").select_option(method)
        expect(page.locator("#method-help")).not_to_be_empty()
        page.get_by_test_id("solve").click()
        wait_state(page, "solved", 60_000)
        assert page.get_by_test_id("solution-length").text_content() == str(length)
        assert page.get_by_test_id("optimal").text_content() == "proven optimal"
        for _ in range(2):
            page.get_by_test_id("step-forward").click()
        expect(page.get_by_test_id("move-counter")).to_have_text(f"2 / {length}")
        shown = page.get_by_test_id("position-code").text_content()
        # play from here, with a hint drawn on the board
        page.get_by_test_id("play-mode").click()
        before = page.get_by_test_id("board").screenshot()
        page.get_by_test_id("hint").click()
        expect(page.get_by_test_id("play-info")).to_contain_text("Hint:", timeout=scaled(30_000))
        assert page.get_by_test_id("board").screenshot() != before      # the hint is drawn
        page.get_by_test_id("apply-hint").click()
        expect(page.get_by_test_id("play-counter")).to_have_text("1 move")
        page.get_by_test_id("play-exit").click()
        # share: a picture and a link
        with page.expect_download() as info:
            page.get_by_test_id("share-image").click()
        assert open(info.value.path(), "rb").read()[:8] == b"\x89PNG\r\n\x1a\n"
        page.get_by_test_id("copy-link").click()
        link = page.url
        assert f"algo={method}" in link and "step=2" in link, link
    with fresh_page(browser, site_url) as page:
        page.goto(link)
        wait_state(page, "solved", READY_TIMEOUT)
        assert page.get_by_test_id("algorithm").input_value() == method
        assert page.get_by_test_id("move-counter").text_content() == f"2 / {length}"
        assert page.get_by_test_id("position-code").text_content() == shown
        assert page.get_by_test_id("optimal").text_content() == "proven optimal"
        assert re.search(preset.split(" (")[0][:12], page.locator("#preset option:checked").text_content())
