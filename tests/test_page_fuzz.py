"""A short fuzz of the page (benchmarks/fuzz_page.py runs the long one):
random links through the address bar and random saved states followed by a
reload never leave an uncaught error, a blank start or a page stuck loading.
Headless Chromium against the built site."""

import os
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                                "benchmarks"))
import fuzz_page  # noqa: E402

pytestmark = pytest.mark.browser


def test_random_links_and_saved_states(browser, site_url):
    out = fuzz_page.fuzz_page(site_url, links=150, stored=8, seed=7, browser=browser)
    assert out["links"] == 150 and out["stored"] == 8
    assert not out["page_errors"], out["page_errors"][:3]
    assert not out["blank"], out["blank"][:3]
    assert not out["stuck"], out["stuck"][:3]
