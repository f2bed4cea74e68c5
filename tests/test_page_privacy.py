"""Privacy: a full session over all three families -- open, edit, solve,
play back, analyze -- makes no request to any origin but the site's own."""

import json

import pytest
from playwright.sync_api import expect

from browser_fixtures import open_app, scaled, wait_state

pytestmark = pytest.mark.browser


@pytest.mark.first_visit
def test_full_session_of_all_three_families_stays_on_the_origin(page, site_url, watch):
    families = json.loads(page.request.get(site_url + "build.json").text())["web_families"]
    assert set(families) == {"tiles", "blocks", "pegs"}
    open_app(page, site_url, "tiles:3x3:867254301")
    page.get_by_test_id("solve").click()
    wait_state(page, "solved")
    page.get_by_test_id("step-last").click()
    page.locator(".analysis summary").click()
    page.get_by_test_id("analyze").click()
    expect(page.get_by_test_id("analysis")).to_contain_text("181,440 positions reachable", timeout=scaled(60_000))
    for family, preset in (("blocks", "Hakoiri-musume (81"), ("pegs", "Hoppers")):
        page.locator(f".families button[data-family={family}]").click()
        expect(page.get_by_test_id("position-code")).to_contain_text(f"{family}:")
        option = page.get_by_test_id("preset").locator("option", has_text=preset).first
        page.get_by_test_id("preset").select_option(option.get_attribute("value"))
        page.get_by_test_id("solve").click()
        wait_state(page, "solved", 60_000)
        page.get_by_test_id("step-last").click()
    hosts = {r.split("/")[2] for r in watch.requests if r.startswith("http")}
    assert len(hosts) == 1, hosts
    assert not watch.foreign
