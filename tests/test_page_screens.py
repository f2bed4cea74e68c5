"""Phone and desktop screenshots of each family, compared with the references
checked in under tests/screenshots/ (regenerate them deliberately with
PUZZLELAB_UPDATE_SCREENSHOTS=1).  The comparison runs in a blank browser
page: the share of pixels that differ noticeably must stay small."""

import base64
import json
import os
import re
import time

import pytest
from playwright.sync_api import expect

import timing
from browser_fixtures import READY_TIMEOUT, wait_state

pytestmark = pytest.mark.browser
HERE = os.path.dirname(os.path.abspath(__file__))
SCREENS = os.path.join(HERE, "screenshots")
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}
SCREEN = {"phone": dict(viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True),
          "desktop": dict(viewport=DESKTOP, device_scale_factor=1)}
MAX_DIFF = 0.02          # share of pixels allowed to differ
SETTLE_S = 15            # seconds the page may take to stop changing once ready
CASES = {"tiles": "tiles:3x3:867254301",
         "blocks": "blocks:4x5:BAAC/BAAC/DEEF/DGHF/I..J:????/????/????/?AA?/?AA?",
         "pegs": "pegs:sq8:__o__/_ooo_/oo.oo/_ooo_/__o__:__.__/_..._/..o../_..._/__.__"}

COMPARE = """async ([a, b]) => {
  const load = (src) => new Promise((ok, bad) => { const i = new Image(); i.onload = () => ok(i); i.onerror = bad; i.src = src; });
  const [x, y] = await Promise.all([load(a), load(b)]);
  if (x.width !== y.width || x.height !== y.height) return { size: [x.width, x.height, y.width, y.height], diff: 1 };
  const pixels = (img) => { const c = document.createElement("canvas"); c.width = img.width; c.height = img.height;
    const g = c.getContext("2d"); g.drawImage(img, 0, 0); return g.getImageData(0, 0, img.width, img.height).data; };
  const p = pixels(x), q = pixels(y);
  let bad = 0;
  for (let i = 0; i < p.length; i += 4) {
    if (Math.abs(p[i] - q[i]) + Math.abs(p[i + 1] - q[i + 1]) + Math.abs(p[i + 2] - q[i + 2]) > 60) bad++;
  }
  return { diff: bad / (p.length / 4) };
}"""


def settled_screenshot(page, family):
    """The screenshot once the page has finished drawing: the board drawn for
    this family (its label set by the draw, the canvas sized), the solver's
    buttons enabled, the web fonts loaded, and then two screenshots in a row
    identical.  Conditions polled outside the page (its CSP forbids the
    string predicates of wait_for_function)."""
    board = page.get_by_test_id("board")
    expect(board).to_have_attribute("aria-label", re.compile(f"^{family} board, position {family}:"))
    expect(page.get_by_test_id("solve")).to_be_enabled()
    drawn = page.evaluate("""async () => {
      await document.fonts.ready;
      const c = document.getElementById("board");
      return { width: c.width, height: c.height, marked: performance.getEntriesByName("first-board").length };
    }""")
    assert drawn["width"] > 0 and drawn["height"] > 0 and drawn["marked"] == 1, drawn
    deadline = time.monotonic() + timing.seconds(SETTLE_S)
    last = None
    while True:
        shot = page.screenshot(animations="disabled", caret="hide",
                               mask=[page.get_by_test_id("status")])
        if shot == last:
            return shot
        if time.monotonic() > deadline:
            pytest.fail(f"{family}: the page kept changing for {SETTLE_S} s after it was ready")
        last = shot


@pytest.mark.parametrize("screen", list(SCREEN))
@pytest.mark.parametrize("family", list(CASES))
def test_screenshot_matches_reference(browser, site_url, family, screen):
    """Phone and desktop: the goal picture beside the board and Solve right
    under it, for each family."""
    families = json.loads(browser.new_context().request.get(site_url + "build.json").text())["web_families"]
    if family not in families:
        pytest.fail(f"the {family} page parts are missing from the build")
    context = browser.new_context(**SCREEN[screen], color_scheme="light", reduced_motion="reduce")
    try:
        page = context.new_page()
        errors = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(site_url + "#" + CASES[family])
        wait_state(page, "ready", READY_TIMEOUT)
        shot = settled_screenshot(page, family)
        assert not errors, errors
        goal = page.get_by_test_id("goal").bounding_box()
        board = page.get_by_test_id("board").bounding_box()
        solve = page.get_by_test_id("solve").bounding_box()
        assert goal and goal["width"] > 20 and abs(goal["y"] - board["y"]) < board["height"], (goal, board)
        assert 0 <= solve["y"] - (board["y"] + board["height"]) < 80, (board, solve)
        ref = os.path.join(SCREENS, f"{screen}-{family}.png")
        if os.environ.get("PUZZLELAB_UPDATE_SCREENSHOTS") or not os.path.exists(ref):
            if not os.environ.get("PUZZLELAB_UPDATE_SCREENSHOTS"):
                pytest.fail(f"no reference {ref}; run with PUZZLELAB_UPDATE_SCREENSHOTS=1 to create it")
            with open(ref, "wb") as f:
                f.write(shot)
            return
        blank = context.new_page()
        blank.goto("about:blank")
        with open(ref, "rb") as f:
            expected = f.read()
        result = blank.evaluate(COMPARE, ["data:image/png;base64," + base64.b64encode(shot).decode(),
                                          "data:image/png;base64," + base64.b64encode(expected).decode()])
        if result["diff"] > MAX_DIFF:
            with open(os.path.join(SCREENS, f"{screen}-{family}.actual.png"), "wb") as f:
                f.write(shot)
        assert result["diff"] <= MAX_DIFF, f"{family}: {result} (actual written beside the reference)"
    finally:
        context.close()
