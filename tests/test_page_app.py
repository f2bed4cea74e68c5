"""The app around the puzzles: offline after one visit (service worker), the
install manifest, links that restore a position, and bad links that lose
nothing.  Headless Chromium against the built site under a sub-path."""

import json
import re

import pytest
from playwright.sync_api import expect

from browser_fixtures import fresh_page, open_app, wait_state, READY_TIMEOUT

pytestmark = pytest.mark.browser

HARD8 = "tiles:3x3:867254301"


def test_offline_reload_then_solve(page, context, site_url, watch):
    open_app(page, site_url, HARD8)
    # wait until the service worker has precached the build and controls the page
    page.evaluate("async () => { await navigator.serviceWorker.ready; }")
    if not page.evaluate("() => !!navigator.serviceWorker.controller"):
        page.reload()
        wait_state(page, "ready", READY_TIMEOUT)
    context.set_offline(True)
    page.reload()
    wait_state(page, "ready", READY_TIMEOUT)
    page.get_by_test_id("solve").click()
    wait_state(page, "solved")
    assert page.get_by_test_id("solution-length").text_content() == "31"
    context.set_offline(False)


def test_install_manifest_is_valid(page, site_url, watch):
    open_app(page, site_url)
    href = page.locator("link[rel=manifest]").get_attribute("href")
    response = page.request.get(site_url + href)
    assert response.ok
    manifest = json.loads(response.text())
    assert manifest["name"] and manifest["start_url"] and manifest["display"] == "standalone"
    sizes = {icon["sizes"] for icon in manifest["icons"]}
    assert {"192x192", "512x512"} <= sizes
    for icon in manifest["icons"]:
        base = site_url + href.rsplit("/", 1)[0] + "/"
        assert page.request.get(base + icon["src"]).ok
    assert page.locator("meta[name=theme-color]").count() == 1


def test_bad_link_keeps_the_previous_position(page, site_url, watch):
    open_app(page, site_url, "tiles:3x3:123405786")
    page.goto(site_url + "#tiles:3x3:1234567")
    wait_state(page, "ready|error")
    expect(page.get_by_test_id("message")).to_contain_text("has 7 cells")
    assert page.get_by_test_id("position-code").text_content() == "tiles:3x3:123405786"
    # the editor still works
    page.get_by_test_id("shuffle").click()
    expect(page.get_by_test_id("position-code")).not_to_have_text("tiles:3x3:123405786")


@pytest.mark.parametrize("payload", [
    "<img src=x onerror=alert(1)>",
    "tiles:3x3:<script>alert(1)</script>",
    "\"><svg onload=alert(1)>",
    "javascript:alert(1)",
])
def test_markup_in_links_is_never_injected(page, site_url, watch, payload):
    dialogs = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    open_app(page, site_url, "tiles:3x3:123405786")
    page.goto(site_url + "#" + payload)
    expect(page.get_by_test_id("message")).to_be_visible()
    assert page.locator("#message img, #message svg, #message script, body > img, body > svg").count() == 0
    assert not dialogs
    # CSP: the page's own policy forbids inline script even if it were injected
    csp = page.locator("meta[http-equiv=Content-Security-Policy]").get_attribute("content")
    assert "default-src 'self'" in csp and "unsafe-inline" not in csp and "unsafe-eval" not in csp.replace("wasm-unsafe-eval", "")
    assert page.get_by_test_id("position-code").text_content() == "tiles:3x3:123405786"


def test_edited_position_survives_a_reload(page, site_url, watch):
    open_app(page, site_url, "tiles:3x3:123456780")
    page.get_by_test_id("shuffle").click()
    expect(page.get_by_test_id("position-code")).not_to_have_text("tiles:3x3:123456780")
    edited = page.get_by_test_id("position-code").text_content()
    page.reload()
    wait_state(page, "ready", READY_TIMEOUT)
    assert page.get_by_test_id("position-code").text_content() == edited
    # and without the fragment, local storage brings it back
    page.goto(site_url)
    wait_state(page, "ready", READY_TIMEOUT)
    assert page.get_by_test_id("position-code").text_content() == edited


def test_played_game_hint_reduces_remaining_length_by_one(page, site_url, watch):
    open_app(page, site_url, "tiles:3x3:123405786")
    page.get_by_test_id("play-mode").click()
    expect(page.get_by_test_id("play-moves").locator("button")).to_have_count(4)
    # one move of the visitor's own, chosen on the board: click the tile left of the blank
    box = page.get_by_test_id("board").bounding_box()
    page.mouse.click(box["x"] + box["width"] / 6, box["y"] + box["height"] / 2)
    expect(page.get_by_test_id("play-counter")).to_have_text("1 move")
    page.get_by_test_id("how-far").click()
    expect(page.get_by_test_id("play-info")).to_contain_text("from the goal")
    before = int(page.get_by_test_id("how-far").get_attribute("data-distance"))
    page.get_by_test_id("hint").click()
    expect(page.get_by_test_id("play-info")).to_contain_text("Hint:")
    page.get_by_test_id("apply-hint").click()
    expect(page.get_by_test_id("play-counter")).to_have_text("2 moves")
    page.get_by_test_id("how-far").click()
    expect(page.get_by_test_id("how-far")).to_have_attribute("data-distance", str(before - 1))
    page.get_by_test_id("undo").click()
    expect(page.get_by_test_id("play-counter")).to_have_text("1 move")
    page.get_by_test_id("redo").click()
    expect(page.get_by_test_id("play-counter")).to_have_text("2 moves")


def test_copied_link_restores_position_options_and_step(browser, site_url):
    with fresh_page(browser, site_url) as page:
        open_app(page, site_url, "tiles:3x3:867254301")
        page.get_by_test_id("algorithm").select_option("astar")
        page.get_by_test_id("solve").click()
        wait_state(page, "solved")
        for _ in range(5):
            page.get_by_test_id("step-forward").click()
        shown = page.get_by_test_id("position-code").text_content()
        page.get_by_test_id("copy-link").click()
        link = page.url
        assert "algo=astar" in link and "step=5" in link
    with fresh_page(browser, site_url) as page:
        page.goto(link)
        wait_state(page, "solved", READY_TIMEOUT)
        assert page.get_by_test_id("algorithm").input_value() == "astar"
        assert page.get_by_test_id("move-counter").text_content() == "5 / 31"
        assert page.get_by_test_id("position-code").text_content() == shown

def test_keyboard_only_solve_and_playback(page, site_url, watch):
    open_app(page, site_url, "tiles:3x3:123405786")
    page.get_by_test_id("board").focus()
    page.keyboard.press("ArrowRight")         # the 4 slides right into the blank
    expect(page.get_by_test_id("position-code")).to_have_text("tiles:3x3:123045786")
    for _ in range(40):                        # Tab to the Solve button
        page.keyboard.press("Tab")
        if page.evaluate("() => document.activeElement?.dataset?.testid") == "solve":
            break
    page.keyboard.press("Enter")
    wait_state(page, "solved")
    assert page.get_by_test_id("solution-length").text_content() == "3"
    page.keyboard.press("Escape")
    page.locator("body").focus()
    page.keyboard.press(".")
    expect(page.get_by_test_id("move-counter")).to_have_text("1 / 3")
    page.keyboard.press("End")
    expect(page.get_by_test_id("position-code")).to_have_text("tiles:3x3:123456780")


def test_back_and_forward_move_between_positions(page, site_url, watch):
    open_app(page, site_url, "tiles:3x3:123405786")
    page.get_by_test_id("code-input").fill("tiles:3x3:867254301")
    page.get_by_test_id("load").click()
    expect(page.get_by_test_id("position-code")).to_have_text("tiles:3x3:867254301")
    page.go_back()
    expect(page.get_by_test_id("position-code")).to_have_text("tiles:3x3:123405786")
    page.go_forward()
    expect(page.get_by_test_id("position-code")).to_have_text("tiles:3x3:867254301")


def test_algorithm_lab_compares_methods(page, site_url, watch):
    open_app(page, site_url, "tiles:3x3:867254301")
    page.locator("#lab summary").click()
    page.get_by_test_id("lab-run").click()
    rows = page.locator("#lab-rows tr")
    expect(rows).to_have_count(4)
    wait_state(page, "ready", 60_000)
    lengths = [rows.nth(i).locator("td").nth(1).text_content() for i in range(4)]
    assert lengths == ["31"] * 4
    expect(page.get_by_test_id("lab-iterations")).to_contain_text("----- 31 -----")
