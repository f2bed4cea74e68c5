"""The golden codes (tests/data/codes.json) in the page: every invalid link
shows its message as plain text beside a usable editor and loses nothing;
every valid one opens and shows its own code."""

import json
import os
from urllib.parse import quote

import pytest
from playwright.sync_api import expect

from browser_fixtures import open_app, wait_state

pytestmark = pytest.mark.browser
GOLDEN = json.load(open(os.path.join(os.path.dirname(__file__), "data", "codes.json"), encoding="utf-8"))
KEEP = "tiles:3x3:123405786"


def test_every_invalid_link_shows_its_message_and_keeps_the_position(page, site_url, watch):
    open_app(page, site_url, KEEP)
    for case in GOLDEN["invalid"]:
        if not case["code"]:
            continue   # an empty fragment simply keeps the page as it is
        page.evaluate("() => document.getElementById('message').hidden = true")
        fragment = case["code"] if "%" in case["code"] else quote(case["code"], safe=":;/.,_?-&=")
        page.goto(site_url + "#" + fragment)
        expect(page.get_by_test_id("message")).to_be_visible()
        expect(page.get_by_test_id("message")).to_contain_text(case["message"])
        assert page.get_by_test_id("position-code").text_content() == KEEP, case["name"]
    # the editor still works after all that
    page.get_by_test_id("shuffle").click()
    expect(page.get_by_test_id("position-code")).not_to_have_text(KEEP)


def test_every_valid_link_opens(page, site_url, watch):
    open_app(page, site_url, KEEP)
    families = set(json.loads(page.request.get(site_url + "build.json").text())["web_families"])
    for code in GOLDEN["valid"]:
        if code.split(":")[0] not in families:
            continue
        page.goto(site_url + "#" + code)
        expect(page.get_by_test_id("position-code")).to_have_text(code)


def test_every_translated_link_opens_as_its_canonical_code(page, site_url, watch):
    """Fogleman's Rush Hour boards (rush: or bare) in the address open as
    the family's own code, and so do they pasted into the code field."""
    open_app(page, site_url, KEEP)
    for case in GOLDEN["translated"]:
        page.goto(site_url + "#" + case["code"])
        expect(page.get_by_test_id("position-code")).to_have_text(case["canonical"])
    case = GOLDEN["translated"][1]
    page.get_by_test_id("code-input").fill(case["code"])
    page.get_by_test_id("load").click()
    expect(page.get_by_test_id("position-code")).to_have_text(case["canonical"])


def test_links_opened_in_quick_succession_end_on_the_last(page, site_url, watch):
    """The last link opened is the position shown: the address rewritten
    (a load's canonical code) before the link's hashchange event runs does
    not hide it, and an older describe reply does not put its position
    back (the CI failure of 93388a0)."""
    open_app(page, site_url, KEEP)
    last = GOLDEN["translated"][3]
    # the hash set, then the address rewritten before the event is handled
    page.evaluate("""([link, keep]) => {
        location.hash = link; history.replaceState(null, "", "#" + keep); }""", [last["code"], KEEP])
    expect(page.get_by_test_id("position-code")).to_have_text(last["canonical"])
    # several links in one task: the last one's position stays
    codes = [c["code"] for c in GOLDEN["translated"]] + [KEEP]
    page.evaluate("(links) => { for (const l of links) location.hash = l; }", codes)
    wait_state(page, "ready")
    expect(page.get_by_test_id("position-code")).to_have_text(KEEP)
    assert page.evaluate("location.hash") == "#" + KEEP


def test_unsolvable_links_are_answered_impossible_in_the_page(page, site_url, watch):
    """Impossible is a result (issue 34): what an argument settles without
    search (describe's ``solvable``) is said at once in the bar under the
    board, a neutral badge and the argument, Solve off with the reason
    (issue 35); what only a search finds is Solve's result, the same badge."""
    from puzzlelab import api, codes
    open_app(page, site_url, KEEP)
    for case in GOLDEN["unsolvable"]:
        page.goto(site_url + "#" + case["code"])
        expect(page.get_by_test_id("position-code")).to_have_text(codes.parse(case["code"]).code())
        if api.run({"op": "describe", "code": case["code"]})["solvable"] is False:
            expect(page.get_by_test_id("summary")).to_contain_text(case["message"])
            expect(page.get_by_test_id("impossible-badge")).to_contain_text("Impossible, proven by")
            assert "neutral" in page.get_by_test_id("impossible-badge").get_attribute("class")
            expect(page.get_by_test_id("message")).to_be_hidden()
            expect(page.get_by_test_id("solve")).to_be_disabled()
            assert case["message"] in page.get_by_test_id("solve").get_attribute("title")
            continue
        page.get_by_test_id("solve").click()
        expect(page.locator("body")).to_have_attribute("data-solution", "impossible")
        expect(page.get_by_test_id("optimal")).to_contain_text("Impossible, proven by")
        expect(page.get_by_test_id("result-why-text")).to_contain_text(case["message"])
        expect(page.get_by_test_id("message")).to_be_hidden()
