"""Anytime solving in the page: a 5x5 scramble shows a solution at once,
marked "best so far" with the proven lower bound, then the proven optimum
replaces it; a Cancel keeps the best answer and its bound on screen and in
the link; that link, opened in a fresh context, shows the same solution at
once (checked move by move by the API) without solving.  Fails on any page
error or request off-origin."""

import pytest

from playwright.sync_api import expect

from browser_fixtures import open_app, scaled, wait_state

pytestmark = pytest.mark.browser

# tests/test_anytime.py: the fast solver answers 56 moves, the optimum is 40
SCRAMBLE = "tiles:5x5:237451c60ahbf98gdeojlmnik"
# Korf and Felner's 5x5 #1 (optimum 95): a proof far beyond the page
HARD = "tiles:5x5:e592i8njchf0ak46bl17o3gmd:0123456789abcdefghijklmno"

# every value data-solution takes on <body>, in order (the proof of SCRAMBLE
# can follow its first answer within a fraction of a second)
WATCH_SOLUTION = """() => {
  window.__solutions = [];
  new MutationObserver(() => window.__solutions.push(document.body.dataset.solution || ''))
    .observe(document.body, {attributes: true, attributeFilter: ['data-solution']});
}"""


def body(page, name):
    return page.locator("body").get_attribute(f"data-{name}")


def test_a_quick_answer_then_the_proven_optimum(page, site_url, watch):
    open_app(page, site_url, SCRAMBLE)
    page.evaluate(WATCH_SOLUTION)
    page.get_by_test_id("solve").click()
    wait_state(page, "solved", 60_000)
    seen = page.evaluate("window.__solutions")
    assert "provisional" in seen and seen[-1] == "optimal", seen
    assert page.get_by_test_id("solution-length").text_content() == "40"
    assert page.get_by_test_id("optimal").text_content() == "proven optimal"
    assert body(page, "solution") == "optimal" and body(page, "lower-bound") == "40"
    expect(page.get_by_test_id("moves").locator("button")).to_have_count(40)
    page.get_by_test_id("step-last").click()
    assert page.get_by_test_id("position-code").text_content() == "tiles:5x5:123456789abcdefghijklmno0"


@pytest.mark.first_visit   # cancel without cross-origin isolation (a first visit)
def test_cancel_keeps_the_best_answer_on_screen_and_in_the_link(page, site_url, watch, browser):
    open_app(page, site_url, HARD)
    page.get_by_test_id("solve").click()
    expect(page.locator("body")).to_have_attribute("data-solution", "provisional", timeout=scaled(30_000))
    assert body(page, "state") == "solving"
    first = int(page.get_by_test_id("solution-length").text_content())
    assert first >= 95
    assert page.get_by_test_id("optimal").text_content() == "best so far"
    expect(page.get_by_test_id("result-bound")).to_contain_text("Proven: at least")
    expect(page.get_by_test_id("moves").locator("button")).to_have_count(first)
    expect(page.get_by_test_id("progress")).to_contain_text("proven ≥")
    page.get_by_test_id("cancel").click()
    wait_state(page, "solved")
    length = int(page.get_by_test_id("solution-length").text_content())
    lower = int(body(page, "lower-bound"))
    assert body(page, "solution") == "best" and 0 < lower < length
    assert page.get_by_test_id("optimal").text_content() == "not proven optimal"
    expect(page.get_by_test_id("result-bound")).to_contain_text(f"no solution shorter than {lower} moves")
    expect(page.get_by_test_id("result-bound")).to_contain_text("stopped by Cancel")
    assert int(body(page, "cancel-ms")) < 500
    page.get_by_test_id("step-forward").click()
    page.get_by_test_id("copy-link").click()
    link = page.evaluate("location.hash.slice(1)")
    assert "&path=" in link and f"&lb={lower}" in link and "&step=1" in link
    # the link, in a fresh context: the same answer at once, no solve
    context = browser.new_context()
    other = context.new_page()
    other.goto(site_url + "#" + link)
    wait_state(other, "solved", 60_000)
    assert int(other.get_by_test_id("solution-length").text_content()) == length
    assert other.get_by_test_id("move-counter").text_content() == f"1 / {length}"
    expect(other.get_by_test_id("result-bound")).to_contain_text("As the link says")
    expect(other.get_by_test_id("result-stats")).to_contain_text("From the link")
    context.close()


def test_a_damaged_solution_in_a_link_is_solved_again(page, site_url, watch):
    open_app(page, site_url, "tiles:3x3:867254301&path=0000&lb=31", state="solved")
    expect(page.get_by_test_id("message")).to_contain_text("does not reach the goal")
    assert page.get_by_test_id("solution-length").text_content() == "31"
    assert page.get_by_test_id("optimal").text_content() == "proven optimal"


def test_the_factor_is_offered_where_a_method_takes_it(page, site_url, watch):
    open_app(page, site_url, "tiles:4x3:5a1237480b96")
    assert page.get_by_test_id("factor").is_disabled()        # auto: no factor
    page.get_by_test_id("algorithm").select_option("astar")
    assert page.get_by_test_id("factor").is_enabled()
    page.get_by_test_id("factor").select_option("1.5")
    page.get_by_test_id("solve").click()
    wait_state(page, "solved")
    length = int(page.get_by_test_id("solution-length").text_content())
    lower = int(body(page, "lower-bound"))
    assert lower <= length <= 1.5 * lower + 1
    page.get_by_test_id("copy-link").click()
    assert "&factor=1.5" in page.evaluate("location.hash")
