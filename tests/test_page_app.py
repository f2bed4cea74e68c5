"""The app around the puzzles: offline after one visit (service worker), the
install manifest, links that restore a position, and bad links that lose
nothing.  Headless Chromium against the built site under a sub-path."""

import json
import re

import pytest
from playwright.sync_api import expect

from browser_fixtures import open_app, wait_state, READY_TIMEOUT

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
