"""Every preset of every family in the page, read from the records it is
declared in (protocol.Preset): chosen from the preset menu (its label the
record's), solved in the worker at the default settings: the record's
optimum, marked proven optimal; every rule the record knows for the
presets outside a series (a series -- the 40 Rush Hour cards -- in the
default count, its other counts proven in CPython), and the link carries
the count.  Records the page is not meant to prove at default settings
(``prove`` false) and heavy proofs are left to the CPython tests
(tests/test_presets.py); impossible presets are refused there too."""

import pytest
from playwright.sync_api import expect

from browser_fixtures import open_app, wait_state
from puzzlelab.families import FAMILIES, family_module

pytestmark = pytest.mark.browser


@pytest.mark.slow
@pytest.mark.parametrize("family", FAMILIES)
def test_every_preset_in_every_count(page, site_url, watch, family):
    records = [p for p in family_module(family).PRESETS
               if p.prove and not p.heavy and p.known]
    assert records
    open_app(page, site_url, records[0].code)
    menu = page.get_by_test_id("preset")
    labels = [t.strip() for t in menu.locator("option").all_text_contents()][1:]
    assert labels == [p.label for p in family_module(family).PRESETS]
    default = family_module(family).METRICS[0]
    for p in records:
        rules = [default] if p.group and default in p.known else list(p.known)
        for rule in rules:
            want = p.known[rule]
            menu.select_option(p.code)
            wait_state(page, "ready")
            expect(page.get_by_test_id("preset-label")).to_have_text(p.label)
            page.get_by_test_id("metric").select_option(rule)
            page.get_by_test_id("solve").click()
            wait_state(page, "solved", timeout=60_000)
            got = page.get_by_test_id("solution-length").text_content()
            assert got == str(want), (p.label, rule, got)
            assert "proven optimal" in page.locator("#optimal").text_content(), (p.label, rule)
            assert f"metric={rule}" in page.url or rule == default, (p.label, page.url)
