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
