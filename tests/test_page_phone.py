"""The page as a phone game (issue 35): at 390x844 with touch (DPR 2), a
puzzle of each family played from a fresh load to "Goal reached" with drag
gestures on the board and the bar fixed at the bottom only; the board the
screen's width; Solve in reach after scrolling to any panel; the editor and
the method menus as sheets over the lower half, the board in view above
them.  The drags are real touch sequences (Chrome's touch events, as a
finger makes them), computed from an optimal solution the solver gives here
in CPython; the page knows no rule, so every move goes through its
legal-move list."""

import re

import pytest
from playwright.sync_api import expect

from browser_fixtures import READY_TIMEOUT, PageWatch, origin_of, patient, scaled, wait_state
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
    touch moves per leg), lifted unless ``release`` is false; then the CDP
    session, to lift it with (the touch belongs to it)."""
    cdp = page.context.new_cdp_session(page)

    def send(kind, pts):
        cdp.send("Input.dispatchTouchEvent",
                 {"type": kind, "touchPoints": [{"x": x, "y": y} for x, y in pts]})
    send("touchStart", [points[0]])
    for (ax, ay), (bx, by) in zip(points, points[1:]):
        for i in range(1, steps + 1):
            send("touchMove", [(ax + (bx - ax) * i / steps, ay + (by - ay) * i / steps)])
    if not release:
        return cdp
    send("touchEnd", [])
    cdp.detach()
    return None


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


# -- the phone -------------------------------------------------------------------
@pytest.fixture(scope="module")
def phone_context(browser):
    """One phone for this file's tests (its service worker makes the later
    loads quicker); each test opens the page afresh in it."""
    context = browser.new_context(**PHONE)
    yield context
    context.close()


@pytest.fixture
def phone(phone_context, site_url):
    """A fresh page on the phone, failing the test on any page error or
    request to another origin (browser_fixtures.PageWatch)."""
    page = phone_context.new_page()
    patient(page)
    watch = PageWatch(page, origin_of(site_url))
    yield page
    page.evaluate("() => localStorage.clear()")
    page.close()
    watch.check()


def open_phone(page, site_url, link):
    """A fresh load of ``link`` (a page already open is left first: a new
    fragment alone would not load the page again)."""
    if page.url.startswith(site_url):
        page.goto("about:blank")
    page.goto(site_url + "#" + link)
    wait_state(page, "ready", READY_TIMEOUT)


# -- the tests -----------------------------------------------------------------
@pytest.mark.parametrize("family", list(GAMES))
def test_a_puzzle_played_to_the_goal_by_dragging(phone, site_url, family):
    """From a fresh load: the board at least 90 % of the screen's width; Solve,
    Cancel, the step buttons and the slider in view after scrolling to each
    panel; Play in the bar, then only drags on the board until the bar says
    "Goal reached"."""
    page = phone
    open_phone(page, site_url, GAMES[family])
    board = page.get_by_test_id("board").bounding_box()
    assert board["width"] >= 0.9 * 390, board
    for panel in ("#setup", "#solve-panel", "#lab", ".analysis", ".foot", "#board"):
        page.locator(panel).scroll_into_view_if_needed()
        for control in ("solve", "cancel", "play-mode", "step-forward", "step-last", "slider"):
            assert in_view(page, control), (panel, control)     # the bar: fixed, in reach
    page.get_by_test_id("play-mode").tap()
    # "0 moves" once the game's moves have come (until then a drag is no move)
    expect(page.get_by_test_id("play-counter")).to_have_text("0 moves")
    solution = play_by_dragging(page, family, GAMES[family])
    expect(page.get_by_test_id("summary")).to_contain_text("Goal reached")
    assert in_view(page, "summary")
    expect(page.get_by_test_id("play-counter")).to_have_text(f"{solution['length']} moves")
    assert page.locator("body").get_attribute("data-play") == "won"


def test_the_editor_and_the_menus_open_over_the_lower_half(phone, site_url):
    """Edit and Method in the bar open their panels as sheets over the lower
    half of the screen; the board stays in view above them while the tools
    change it."""
    page = phone
    open_phone(page, site_url, "tiles:3x3:867254301")
    code = page.get_by_test_id("position-code").text_content()
    page.get_by_test_id("sheet-setup").tap()
    expect(page.locator("body")).to_have_attribute("data-sheet", "setup")
    sheet = page.locator("#setup").bounding_box()
    board = page.get_by_test_id("board").bounding_box()
    bar = page.get_by_test_id("bar").bounding_box()
    assert abs(sheet["y"] - 844 / 2) <= 2 and abs(sheet["y"] + sheet["height"] - bar["y"]) <= 2, sheet
    assert board["y"] >= 0 and board["y"] + board["height"] <= sheet["y"], (board, sheet)
    shuffle = page.get_by_test_id("shuffle")
    shuffle.scroll_into_view_if_needed()
    assert page.get_by_test_id("board").bounding_box() == board             # the board stays
    shuffle.tap()
    expect(page.get_by_test_id("position-code")).not_to_have_text(code)
    page.get_by_test_id("sheet-setup-close").tap()
    expect(page.locator("body")).not_to_have_attribute("data-sheet", "setup")
    page.get_by_test_id("sheet-solve").tap()
    expect(page.locator("body")).to_have_attribute("data-sheet", "solve")
    sheet = page.locator("#solve-panel").bounding_box()
    assert abs(sheet["y"] - 844 / 2) <= 2
    algorithm = page.get_by_test_id("algorithm").bounding_box()
    assert sheet["y"] <= algorithm["y"] and algorithm["y"] + algorithm["height"] <= bar["y"]
    board = page.get_by_test_id("board").bounding_box()
    assert board["y"] >= 0 and board["y"] + board["height"] <= sheet["y"]
    page.keyboard.press("Escape")
    expect(page.locator("body")).not_to_have_attribute("data-sheet", "solve")


def board_point(page, view_cols, x, y):
    return grid_point(page, view_cols, None, x, y)


def test_tiles_a_line_slides_in_the_multi_tile_count_only(phone, site_url):
    """Dragging the far tile of a line toward the blank: one move of both in
    the multi-tile count; in the one-tile count nothing (only the tile
    beside the blank can move), then that tile and the next."""
    page = phone
    far, near = [(2.5, 2.5), (1.6, 2.5)], [(1.5, 2.5), (0.6, 2.5)]
    open_phone(page, site_url, "tiles:3x3:123456078&metric=multi")
    page.get_by_test_id("play-mode").tap()
    expect(page.get_by_test_id("play-counter")).to_have_text("0 moves")
    touch(page, [board_point(page, 3, *p) for p in far])
    expect(page.get_by_test_id("summary")).to_contain_text("Goal reached")
    expect(page.get_by_test_id("play-counter")).to_have_text("1 move")
    open_phone(page, site_url, "tiles:3x3:123456078")
    page.get_by_test_id("play-mode").tap()
    expect(page.get_by_test_id("play-counter")).to_have_text("0 moves")
    touch(page, [board_point(page, 3, *p) for p in far])
    page.get_by_test_id("board").evaluate("(b) => new Promise((ok) => requestAnimationFrame(ok))")
    expect(page.get_by_test_id("play-counter")).to_have_text("0 moves")
    touch(page, [board_point(page, 3, *p) for p in near])
    expect(page.get_by_test_id("play-counter")).to_have_text("1 move")
    touch(page, [board_point(page, 3, *p) for p in far])
    expect(page.get_by_test_id("summary")).to_contain_text("Goal reached")


def test_a_block_stops_at_what_it_cannot_enter_and_goes_round_corners(phone, site_url):
    """A dragged past the top row's end into a wall stays at the end of the
    row; then, in one gesture, along the row, down the side and along the
    bottom: one move (the "move" count), to the goal."""
    page = phone
    open_phone(page, site_url, "blocks:3x3:A../.__/...:.../.../..A")
    page.get_by_test_id("play-mode").tap()
    expect(page.get_by_test_id("play-counter")).to_have_text("0 moves")
    touch(page, [board_point(page, 3, *p) for p in [(.5, .5), (2.5, .5), (2.5, 1.5)]])
    expect(page.get_by_test_id("play-counter")).to_have_text("1 move")
    expect(page.get_by_test_id("position-code")).to_have_text(re.compile(r"^blocks:3x3:\.\.A/"))
    touch(page, [board_point(page, 3, *p) for p in [(2.5, .5), (.5, .5), (.5, 2.5), (2.5, 2.5)]])
    expect(page.get_by_test_id("play-counter")).to_have_text("2 moves")
    expect(page.get_by_test_id("summary")).to_contain_text("Goal reached")


def hold(page, points):
    """A finger down and moved, not lifted: lift(its session) lifts it."""
    return touch(page, points, release=False)


def lift(cdp):
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    cdp.detach()


LOSING = ("pegs:sq4:__...__/__.o.__/......./....oo./....oo./__...__/__...__:"
          "__...__/__...__/......./...o.../......./__...__/__...__")


def test_the_hint_and_the_never_lose_crosses_stay_while_a_peg_is_held(phone, site_url):
    """e5 can jump to e3 (the goal can still be reached) or to g5 (it cannot):
    held, the cross on g5 is drawn; with a hint shown, its arrow too."""
    page = phone
    open_phone(page, site_url, LOSING)
    page.get_by_test_id("play-mode").tap()
    expect(page.locator("body")).to_have_attribute("data-play", "playing")   # the game's moves are here
    page.get_by_test_id("never-lose").check()
    expect(page.locator("body")).to_have_attribute("data-judged", "0", timeout=scaled(60_000))
    view = {"rows": ["__...__", "__.o.__", ".......", "....oo.", "....oo.", "__...__", "__...__"],
            "lattice": "sq4"}
    points, cols, aspect = gesture("pegs", view, {"path": [[4, 4], [4, 4]]})
    board = page.get_by_test_id("board")
    page.evaluate("window.scrollTo(0, 0)")           # the board clear of the bar
    e5 = grid_point(page, cols, None, *points[0], aspect)
    finger = hold(page, [e5, (e5[0] + 12, e5[1] + 4)])
    expect(board).to_have_attribute("data-drawn", re.compile(r"\bdrag\b.*\blosing\b"))
    lift(finger)
    expect(board).not_to_have_attribute("data-drawn", re.compile("drag"))
    expect(page.get_by_test_id("play-counter")).to_have_text("0 moves")     # let go where it was
    page.get_by_test_id("hint").tap()
    expect(page.get_by_test_id("play-info")).to_contain_text("Hint:", timeout=scaled(30_000))
    page.evaluate("window.scrollTo(0, 0)")
    e5 = grid_point(page, cols, None, *points[0], aspect)
    finger = hold(page, [e5, (e5[0] + 12, e5[1] + 4)])
    expect(board).to_have_attribute("data-drawn", re.compile(r"\bdrag\b.*\bhint\b"))
    lift(finger)


def test_a_chain_goes_on_while_the_finger_stays_down_in_the_jump_count(phone, site_url):
    """The four-jump chain e5-c5-c3-e3-e5 dragged in one gesture: one move in
    the "move" count, four in the "jump" count (each played as it lands)."""
    page = phone
    chain = {"path": [[4, 4], [4, 2], [2, 2], [2, 4], [4, 4]]}
    for metric, moves in (("move", 1), ("jump", 4)):
        solution = api.run({"op": "solve", "code": GAMES["pegs"]})
        at = solution["moves"].index("e5-c5-c3-e3-e5")
        link = solution["codes"][at] + ("&metric=jump" if metric == "jump" else "")
        open_phone(page, site_url, link)
        page.get_by_test_id("play-mode").tap()
        expect(page.get_by_test_id("play-counter")).to_have_text("0 moves")
        points, cols, aspect = gesture("pegs", solution["positions"][at], chain)
        touch(page, [grid_point(page, cols, None, x, y, aspect) for x, y in points], steps=8)
        expect(page.get_by_test_id("play-counter")).to_have_text(f"{moves} move{'s' if moves > 1 else ''}")
        expect(page.get_by_test_id("position-code")).to_have_text(solution["codes"][at + 1])


@pytest.mark.parametrize("link, held", [
    ("tiles:3x3:123405786", (0.5, 1.5)),                        # 4, beside the blank
    ("blocks:3x3:A../.__/...:.../.../..A", (0.5, 0.5)),          # A
])
def test_the_hint_arrow_stays_while_a_tile_or_block_is_held(phone, site_url, link, held):
    """Tiles and blocks too: with a hint shown, a piece held under the finger
    is drawn where the finger has it and the hint's arrow is still drawn."""
    page = phone
    open_phone(page, site_url, link)
    page.get_by_test_id("play-mode").tap()
    page.get_by_test_id("hint").tap()
    expect(page.get_by_test_id("play-info")).to_contain_text("Hint:", timeout=scaled(30_000))
    board = page.get_by_test_id("board")
    page.evaluate("window.scrollTo(0, 0)")           # the board clear of the bar
    at = board_point(page, 3, *held)
    finger = hold(page, [at, (at[0] + 30, at[1])])
    expect(board).to_have_attribute("data-drawn", re.compile(r"\bdrag\b.*\bhint\b"))
    lift(finger)
