"""The page as a phone game (issue 35): at 390x844 with touch (DPR 2), a
puzzle of each family played from a fresh load to "Goal reached" with drag
gestures on the board and the bar fixed at the bottom only; the board the
screen's width; Solve in reach after scrolling to any panel; the editor and
the method menus as sheets over the lower half, the board in view above
them.  The drags are real touch sequences (Chrome's touch events, as a
finger makes them), computed from an optimal solution the solver gives here
in CPython; the page knows no rule, so every move goes through its
legal-move list."""

import pytest
from playwright.sync_api import expect

from browser_fixtures import READY_TIMEOUT, fresh_page, wait_state
from puzzlelab import api

pytestmark = pytest.mark.browser
PHONE = dict(viewport={"width": 390, "height": 844}, device_scale_factor=2, is_mobile=True,
             has_touch=True)
MARGIN = 10             # board.js MARGIN_PX: the grid's margin in the canvas
PEG_PAD = 0.3           # render/pegs.js PAD: the peg board's edge, in cells
TRI = 3 ** 0.5 / 2      # render/pegs.js TRI_ASPECT

# short puzzles, each with what makes its family's drag interesting: a row
# of tiles, a block going round a corner in one move ("E←↑"), chains of jumps
GAMES = {
    "tiles": "tiles:3x3:130428765",
    "blocks": "blocks:4x5:FBBD/FCCE/G.AA/G.AA/HHII:????/????/????/AA??/AA??",
    "pegs": "pegs:sq4:__...__/__...__/....oo./.oooo../.oo.o../__oo.__/__...__:"
            "__...__/__...__/......./...o.../......./__...__/__...__",
}


# -- gestures ------------------------------------------------------------------
def touch(page, points, steps=5, release=True):
    """A finger put down on points[0], moved through the others (``steps``
    touch moves per leg), lifted unless ``release`` is false."""
    cdp = page.context.new_cdp_session(page)

    def send(kind, pts):
        cdp.send("Input.dispatchTouchEvent",
                 {"type": kind, "touchPoints": [{"x": x, "y": y} for x, y in pts]})
    send("touchStart", [points[0]])
    for (ax, ay), (bx, by) in zip(points, points[1:]):
        for i in range(1, steps + 1):
            send("touchMove", [(ax + (bx - ax) * i / steps, ay + (by - ay) * i / steps)])
    if release:
        send("touchEnd", [])
    cdp.detach()


def grid_point(page, cols, rows_or_none, x, y, aspect=1.0):
    """Page coordinates of grid point (x columns, y rows) on the board."""
    box = page.get_by_test_id("board").bounding_box()
    cell = (box["width"] - 2 * MARGIN) / cols
    return box["x"] + MARGIN + x * cell, box["y"] + MARGIN + y * cell * aspect


def gesture(family, view, move):
    """The drag that plays ``move`` (api.py move_data) on ``view``: a list of
    grid points (x columns, y rows) and the board's columns and aspect."""
    if family == "tiles":
        w = view["width"]
        i = view["cells"].index(move["tile"])
        r, c = divmod(i, w)
        dr, dc = {"U": (-1, 0), "D": (1, 0), "L": (0, -1), "R": (0, 1)}[move["dir"]]
        return [(c + .5, r + .5), (c + .5 + dc * .9, r + .5 + dr * .9)], w, 1.0
    if family == "blocks":
        r, c = next((r, c) for r, row in enumerate(view["rows"]) for c, ch in enumerate(row)
                    if ch == move["block"])
        points = [(c + .5, r + .5)]
        for dr, dc in move["path"]:
            r, c = r + dr, c + dc
            points.append((c + .5, r + .5))
        return points, view["width"], 1.0
    tri = view["lattice"] == "tri"
    holes = [(r, c) for r, row in enumerate(view["rows"]) for c, ch in enumerate(row) if ch != "_"]
    xs = [c - r / 2 if tri else c for r, c in holes]
    x0, r0 = min(xs), min(r for r, _c in holes)
    cols = max(xs) - x0 + 1 + 2 * PEG_PAD

    def centre(r, c):
        return ((c - r / 2 if tri else c) - x0 + PEG_PAD + .5, r - r0 + PEG_PAD + .5)
    return [centre(r, c) for r, c in move["path"]], cols, TRI if tri else 1.0


def play_by_dragging(page, family, code):
    """Every move of an optimal solution, dragged on the board."""
    solution = api.run({"op": "solve", "code": code})
    assert solution["ok"] and solution["optimal"], solution
    for k, (view, move) in enumerate(zip(solution["positions"], solution["move_data"])):
        points, cols, aspect = gesture(family, view, move)
        touch(page, [grid_point(page, cols, None, x, y, aspect) for x, y in points])
        n = k + 1
        expect(page.get_by_test_id("play-counter")).to_have_text(f"{n} move{'s' if n > 1 else ''}")
    return solution


def in_view(page, testid):
    box = page.get_by_test_id(testid).bounding_box()
    return box and box["y"] >= 0 and box["y"] + box["height"] <= 844 and box["x"] >= 0 \
        and box["x"] + box["width"] <= 390


# -- the tests -----------------------------------------------------------------
@pytest.mark.parametrize("family", list(GAMES))
def test_a_puzzle_played_to_the_goal_by_dragging(browser, site_url, family):
    """From a fresh load: the board at least 90 % of the screen's width; Solve
    in view after scrolling to each panel; Play in the bar, then only drags
    on the board until the bar says "Goal reached"."""
    with fresh_page(browser, site_url, **PHONE) as page:
        page.goto(site_url + "#" + GAMES[family])
        wait_state(page, "ready", READY_TIMEOUT)
        board = page.get_by_test_id("board").bounding_box()
        assert board["width"] >= 0.9 * 390, board
        for panel in ("#setup", "#solve-panel", "#lab", ".analysis", ".foot", "#board"):
            page.locator(panel).scroll_into_view_if_needed()
            assert in_view(page, "solve"), panel
            assert in_view(page, "play-mode"), panel
        page.get_by_test_id("play-mode").tap()
        expect(page.get_by_test_id("play-counter")).to_have_text("0 moves")
        solution = play_by_dragging(page, family, GAMES[family])
        expect(page.get_by_test_id("summary")).to_contain_text("Goal reached")
        assert in_view(page, "summary")
        expect(page.get_by_test_id("play-counter")).to_have_text(f"{solution['length']} moves")
        assert page.locator("body").get_attribute("data-play") == "won"
