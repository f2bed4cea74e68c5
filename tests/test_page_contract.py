"""The page's menus follow the method contract: for one small position of
each family, every combination the menus leave enabled (method x lower bound
x counting rule x count) solves -- none ends in an error -- and what a
method cannot take is disabled with the reason on screen.  Headless
Chromium against the built site."""

import pytest
from playwright.sync_api import expect

from browser_fixtures import open_app, wait_state

pytestmark = pytest.mark.browser

POSITIONS = {
    "tiles": "tiles:3x3:123405786",
    "blocks": "blocks:3x3:.AA/C.B/CDB:AAB/C.B/CD.",
    "pegs": "pegs:triangle10",
}


def options(page, testid):
    """(value, enabled) of a select's options."""
    return page.get_by_test_id(testid).evaluate(
        "s => [...s.options].map(o => [o.value, !o.disabled && !s.disabled])")


def solve_ok(page, label):
    page.get_by_test_id("solve").click()
    wait_state(page, "solved|error", 60_000)
    state = page.locator("body").get_attribute("data-state")
    message = page.get_by_test_id("message").text_content()
    assert state == "solved", f"{label}: {message}"
    return int(page.get_by_test_id("solution-length").text_content())


@pytest.mark.parametrize("family", sorted(POSITIONS))
def test_every_enabled_combination_solves(page, site_url, watch, family):
    open_app(page, site_url, POSITIONS[family])
    solved = refused_in_menu = 0
    lengths = set()
    metrics = [v for v, _on in options(page, "metric")]
    for metric in metrics:
        if page.get_by_test_id("metric").is_visible():
            page.get_by_test_id("metric").select_option(metric)
            wait_state(page, "ready")
            expect(page.get_by_test_id("metric")).to_have_value(metric)
        lengths_here = set()
        for method, enabled in options(page, "algorithm"):
            if not enabled:
                refused_in_menu += 1
                continue
            page.get_by_test_id("algorithm").select_option(method)
            help_text = page.get_by_test_id("method-help").text_content()
            assert help_text.strip(), method
            for bound, on in options(page, "heuristic"):
                if not on:
                    refused_in_menu += 1
                    continue
                page.get_by_test_id("heuristic").select_option(bound)
                count_box = page.get_by_test_id("count")
                counts = [False, True] if count_box.is_enabled() else [False]
                if not count_box.is_enabled():
                    assert "cannot count" in page.get_by_test_id("method-help").text_content()
                for count in counts:
                    count_box.set_checked(count)
                    label = f"{family} {metric} {method} h={bound or 'default'} count={count}"
                    n = solve_ok(page, label)
                    if page.locator("#optimal").text_content() == "proven optimal":
                        lengths_here.add(n)
                    if count:
                        expect(page.get_by_test_id("result-stats")).to_contain_text("optimal solution")
                    solved += 1
        assert len(lengths_here) == 1, lengths_here     # every proof agrees
        lengths |= lengths_here
    assert solved >= 8 and refused_in_menu >= 2, (solved, refused_in_menu)


def test_a_method_without_bounds_disables_the_bound_menu(page, site_url, watch):
    open_app(page, site_url, "tiles:3x3:867254301")
    page.get_by_test_id("algorithm").select_option("bfs")
    expect(page.get_by_test_id("heuristic")).to_be_disabled()
    expect(page.get_by_test_id("method-help")).to_contain_text("uses no lower bound")
    page.get_by_test_id("algorithm").select_option("bidir")
    expect(page.get_by_test_id("count")).to_be_disabled()
    expect(page.get_by_test_id("method-help")).to_contain_text(
        "Bidirectional BFS cannot count optimal solutions; Breadth-first search and IDA* can.")
    page.get_by_test_id("algorithm").select_option("idastar")
    expect(page.get_by_test_id("heuristic")).to_be_enabled()
    expect(page.get_by_test_id("count")).to_be_enabled()


def test_the_bound_menu_follows_the_counting_rule(page, site_url, watch):
    """Multi-tile counting has other lower bounds: the menu is described
    again when the rule changes, so linear conflict is no longer offered."""
    open_app(page, site_url, "tiles:3x3:867254301")
    page.get_by_test_id("algorithm").select_option("idastar")
    page.get_by_test_id("heuristic").select_option("linear-conflict")
    page.get_by_test_id("metric").select_option("multi")
    wait_state(page, "ready")
    values = [v for v, _on in options(page, "heuristic")]
    assert "linear-conflict" not in values and "multi-manhattan" in values
    assert page.get_by_test_id("heuristic").input_value() == ""
    assert solve_ok(page, "multi idastar default") == 20
