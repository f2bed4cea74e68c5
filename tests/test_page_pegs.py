"""The peg-solitaire page, end to end in headless Chromium against the built
site: open Hoppers by its preset name, solve it (7 moves, centre to centre)
and step to the goal; draw a small board in the editor (a new rectangle,
holes added beside it, a goal hole tapped, pegs toggled with the keyboard)
and solve it.  Renderer: web/render/pegs.js; editor: web/edit/pegs.js."""

import re

import pytest
from playwright.sync_api import expect

from browser_fixtures import PageWatch, open_app, scaled, wait_state

pytestmark = pytest.mark.browser

MARGIN = 10      # board.js MARGIN_PX
PAD = 0.3        # render/pegs.js PAD


def code(page):
    return page.get_by_test_id("position-code").text_content()


def edited(page, action):
    before = code(page)
    action()
    expect(page.get_by_test_id("position-code")).not_to_have_text(before)


def tap(page, r, c, cols):
    """Tap cell (r, c) of the drawn square-lattice view, ``cols`` cells wide
    (a view's width: its columns, plus the margin ring while drawing holes)."""
    board = page.get_by_test_id("board")
    board.scroll_into_view_if_needed()
    box = board.bounding_box()
    cell = (box["width"] - 2 * MARGIN) / (cols + 2 * PAD)
    page.mouse.click(box["x"] + MARGIN + (c + PAD + 0.5) * cell,
                     box["y"] + MARGIN + (r + PAD + 0.5) * cell)


def test_hoppers_solves_in_7_moves_and_plays_to_the_goal(page, site_url, watch):
    open_app(page, site_url, "pegs:hoppers")
    start = code(page)
    assert start.startswith("pegs:sq8:__o__/_ooo_/oo.oo/_ooo_/__o__:")
    page.get_by_test_id("solve").click()
    wait_state(page, "solved")
    assert page.get_by_test_id("solution-length").text_content() == "7"
    assert "proven optimal" in page.locator("#optimal").text_content()
    assert page.get_by_test_id("moves").locator("button").count() == 7
    page.get_by_test_id("step-forward").click()
    expect(page.get_by_test_id("move-counter")).to_have_text("1 / 7")
    assert code(page) != start
    page.get_by_test_id("step-last").click()
    expect(page.get_by_test_id("move-counter")).to_have_text("7 / 7")
    # one peg, in the centre
    assert code(page).split(":")[2] == "__.__/_..._/..o../_..._/__.__"
    # play it yourself from the start: tap the bottom peg, then the centre
    page.get_by_test_id("step-first").click() if page.get_by_test_id("step-first").count() else page.locator("#pb-first").click()
    page.get_by_test_id("play-mode").click()
    expect(page.get_by_test_id("play-moves").locator("button")).not_to_have_count(0)
    tap(page, 4, 2, cols=5)
    tap(page, 2, 2, cols=5)
    expect(page.get_by_test_id("play-counter")).to_have_text("1 move")
    assert code(page).split(":")[2] == "__o__/_ooo_/ooooo/_o.o_/__.__"
    # keys: an arrow shows a legal move, Enter plays it
    canvas = page.get_by_test_id("board")
    canvas.focus()
    canvas.press("ArrowRight")
    canvas.press("Enter")
    expect(page.get_by_test_id("play-counter")).to_have_text("2 moves")


def test_draw_a_board_set_a_goal_and_solve(page, site_url, watch):
    open_app(page, site_url, "pegs:english")
    page.get_by_test_id("pegs-rows").select_option("3")
    page.get_by_test_id("pegs-cols").select_option("3")
    edited(page, lambda: page.get_by_test_id("pegs-new-rect").click())
    assert code(page) == "pegs:sq4:ooo/o.o/ooo"
    # draw two more holes beside the board: above the top right, then right
    # of the middle row (the view has a margin ring, so view = code + 1)
    page.get_by_test_id("pegs-mode-hole").check()
    edited(page, lambda: tap(page, 0, 3, cols=5))
    assert code(page) == "pegs:sq4:__o/ooo/o.o/ooo"
    edited(page, lambda: tap(page, 3, 4, cols=5))
    assert code(page) == "pegs:sq4:__o_/ooo_/o.oo/ooo_"
    # the goal: one peg in hole 3 (row 1, column 2), tapped on the board
    page.get_by_test_id("pegs-goal-hole").check()
    edited(page, lambda: tap(page, 1, 2, cols=4))
    assert code(page) == "pegs:sq4:__o_/ooo_/o.oo/ooo_:__._/..o_/..../..._"
    expect(page.get_by_test_id("editor")).to_contain_text("one peg left, in hole c2")
    # keys: the cursor starts where the last tap was (row 1, column 2);
    # take the peg to its left out, then put it back
    page.get_by_test_id("pegs-mode-peg").check()
    canvas = page.get_by_test_id("board")
    canvas.focus()
    canvas.press("ArrowLeft")           # shows the cursor
    canvas.press("ArrowLeft")           # moves it
    edited(page, lambda: canvas.press("Enter"))
    assert code(page).startswith("pegs:sq4:__o_/o.o_/")
    edited(page, lambda: canvas.press(" "))
    assert code(page).startswith("pegs:sq4:__o_/ooo_/")
    page.get_by_test_id("solve").click()
    wait_state(page, "solved")
    assert page.get_by_test_id("solution-length").text_content() == "7"
    page.get_by_test_id("step-last").click()
    rows = code(page).split(":")[2].split("/")
    assert "".join(rows).count("o") == 1 and rows[1][2] == "o", rows
    # the lattice switch keeps the board
    edited(page, lambda: page.get_by_test_id("pegs-lattice").select_option("sq8"))
    assert code(page).startswith("pegs:sq8:__o_/ooo_/o.oo/ooo_")


def test_triangle_on_the_triangular_lattice(page, site_url, watch):
    open_app(page, site_url, "pegs:hoppers")
    page.get_by_test_id("pegs-side").select_option("4")
    edited(page, lambda: page.get_by_test_id("pegs-new-tri").click())
    assert code(page) == "pegs:tri:o___/.o__/ooo_/oooo"
    assert page.get_by_test_id("pegs-lattice").input_value() == "tri"
    page.get_by_test_id("solve").click()
    wait_state(page, "solved")
    assert page.get_by_test_id("solution-length").text_content() == "5"


def test_the_french_board_shows_its_minimum_move_table_and_opens_an_entry(page, site_url, watch):
    """The French 37 presets show the board's stored minimum-move table
    (describe's minima): one row per start and finish up to symmetry, the
    problem on the board marked, every entry a proven minimum (the last,
    d3 -> a5, needs 21); a row's link opens that problem.  The English
    board shows its own; a board without a stored table shows none.  (An
    entry not proven shows a range: checked below, no stored table has one.)"""
    open_app(page, site_url, "pegs:french-d2-d6")
    table = page.get_by_test_id("pegs-minima")
    expect(table).to_be_visible()
    table.locator("summary").click()
    rows = table.locator("tbody tr")
    expect(rows).to_have_count(10)
    here = table.locator("tr.here")
    expect(here).to_have_count(1)
    expect(here.locator("td").nth(0)).to_have_text("d2 → d6")
    expect(here.locator("td").nth(1)).to_have_text("20")
    assert here.locator("td").nth(1).get_attribute("title") == "proven minimum"
    c1e4 = rows.filter(has_text="c1 → e4")
    expect(c1e4.locator("td").nth(1)).to_have_text("20")
    d3a5 = rows.filter(has_text="d3 → a5")
    expect(d3a5.locator("td").nth(1)).to_have_text("21")
    assert d3a5.locator("td").nth(1).get_attribute("title") == "proven minimum"
    expect(table).to_contain_text("Every entry is proven (10)")
    c1e4.locator("a").click()
    expect(page.get_by_test_id("position-code")).to_contain_text("pegs:sq4:__.oo__/")
    expect(table.locator("tr.here td").nth(0)).to_have_text("c1 → e4")
    expect(table).to_have_attribute("open", "")        # left open across the load
    # the table is the board's: the English board has its own, complete
    # (21 entries, the centre game's 18 among them); Hoppers has none
    page.get_by_test_id("preset").select_option("pegs:english")
    expect(table.locator("tbody tr")).to_have_count(21)
    expect(table.locator("tr.here td").nth(1)).to_have_text("18")
    expect(table).to_contain_text("Every entry is proven (21)")
    # a triangle's holes by number, as its board and moves name them
    page.get_by_test_id("preset").select_option("pegs:triangle28")
    expect(table.locator("tbody tr")).to_have_count(27)
    expect(table.locator("tbody tr").first.locator("td").nth(0)).to_have_text("1 → 2")
    expect(table.locator("tbody tr").first.locator("td").nth(1)).to_have_text("12")
    page.get_by_test_id("preset").select_option("pegs:hoppers")
    expect(page.get_by_test_id("pegs-minima")).to_have_count(0)
    watch.check()


def test_a_minimum_move_entry_not_proven_shows_its_range(page, site_url, watch):
    """What a table entry shows, from the page's own module (web/edit/pegs.js)
    in the browser: a proven minimum, a proven impossibility, and for an
    entry a search stopped (the minima command keeps its proven lower bound
    and a known solution) the range, or the bound alone.  Every stored table
    is proven now, so no board shows a range: this is where it is checked."""
    open_app(page, site_url, "pegs:french-d2-d6")
    cells = page.evaluate("""async () => {
      const { minimaCell } = await import("./web/edit/pegs.js");
      return [
        minimaCell({ status: "proven", moves: 20 }),
        minimaCell({ status: "proven", moves: "none" }),
        minimaCell({ status: "stopped", lower_bound: 19, upper_bound: 23 }),
        minimaCell({ status: "stopped", lower_bound: 19 }),
        minimaCell({}),
      ];
    }""")
    assert cells[0] == ["20", "proven minimum"]
    assert cells[1] == ["impossible", "no solution (proven)"]
    assert cells[2][0] == "19–23"
    assert cells[2][1] == ("not proven yet: no solution is shorter than 19 moves; "
                           "a solution of 23 moves is known")
    assert cells[3] == ["≥ 19", "not proven yet: no solution is shorter than 19 moves"]
    assert cells[4] == ["–", "not computed yet"]


def test_phone_touch_takes_a_peg_out(browser, site_url):
    """A phone-sized page with a touch screen: a tap on a peg (pointer
    events from touch) takes it out."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True,
                                  is_mobile=True, device_scale_factor=2)
    page = context.new_page()
    watch = PageWatch(page, site_url.split("/puzzle-lab/")[0])
    try:
        open_app(page, site_url, "pegs:hoppers")
        start = code(page)
        board = page.get_by_test_id("board")
        board.scroll_into_view_if_needed()
        box = board.bounding_box()
        cell = (box["width"] - 2 * MARGIN) / (5 + 2 * PAD)
        # the top peg: row 0, column 2
        page.touchscreen.tap(box["x"] + MARGIN + (2 + PAD + 0.5) * cell,
                             box["y"] + MARGIN + (PAD + 0.5) * cell)
        expect(page.get_by_test_id("position-code")).not_to_have_text(start)
        assert code(page).startswith("pegs:sq8:__.__/_ooo_/oo.oo/")
        watch.check()
    finally:
        context.close()


def test_a_random_solvable_start_solves(page, site_url, watch):
    """The editor's random start (jumps played backwards from one peg) is a
    new position each time, and the solver finishes it in the hole the goal
    names."""
    open_app(page, site_url, "pegs:english")
    seen = set()
    for _ in range(2):
        edited(page, lambda: page.get_by_test_id("pegs-random").click())
        seen.add(code(page))
    assert len(seen) == 2 and all(c.startswith("pegs:sq4:") for c in seen)
    expect(page.get_by_test_id("editor")).to_contain_text("Goal: one peg left, in hole ")
    page.get_by_test_id("solve").click()
    wait_state(page, "solved", 60_000)
    page.get_by_test_id("step-last").click()
    expect(page.get_by_test_id("summary")).to_contain_text("Goal reached")


WINNABLE = "The goal can still be reached after this move"     # a winnable move's title


def _never_lose(page, site_url, code):
    """Open ``code`` in play mode with "never lose" on: the move buttons, and
    a function giving the button of one move (by its text, with or without
    the losing cross or the unsettled mark)."""
    open_app(page, site_url, code)
    page.get_by_test_id("play-mode").click()
    expect(page.locator("body")).to_have_attribute("data-play", "playing")   # the game's moves are here
    page.get_by_test_id("never-lose").check()
    buttons = page.get_by_test_id("play-moves").locator("button")

    def move(text):
        return buttons.filter(has_text=re.compile(rf"^{re.escape(text)}( ✗| \?)?$"))
    return buttons, move


def _play_winnable(page, move, texts):
    """Play ``texts`` one by one, each marked winnable before it is played."""
    for n, text in enumerate(texts, 1):
        expect(move(text)).to_have_attribute("title", WINNABLE)
        move(text).click()
        expect(page.get_by_test_id("play-counter")).to_have_text(f"{n} move{'s' if n > 1 else ''}")


def test_never_lose_lists_the_moves_at_once_and_a_move_need_not_wait_for_the_marks(page, site_url, watch):
    """French 37 (c1 empty), where a mark can take a search of seconds:
    with "never lose" on, the moves are listed and playable while their
    marks are still being found (api.py's "judged" records bring them one
    by one); a move played then is played at once, the search for the old
    position's marks stops, and the new position's moves all get theirs."""
    buttons, _move = _never_lose(page, site_url, "pegs:french")
    info = page.get_by_test_id("play-info")
    # the start's moves lie on stored solutions: marked at once (issue 34);
    # one move in, the moves off them need the search
    buttons.first.click()
    expect(page.get_by_test_id("play-counter")).to_have_text("1 move", timeout=scaled(2000))
    expect(info).to_contain_text("Checking which moves can still win")
    assert buttons.count() >= 2 and buttons.first.is_enabled()
    buttons.first.click()
    expect(page.get_by_test_id("play-counter")).to_have_text("2 moves", timeout=scaled(2000))
    expect(page.locator("body")).to_have_attribute("data-judged", "2", timeout=scaled(60_000))
    n = buttons.count()
    assert n >= 1
    for i in range(n):
        assert buttons.nth(i).get_attribute("title") in (WINNABLE, "The goal cannot be reached after this move")
    expect(info).not_to_contain_text("Checking")
    watch.check()


def test_never_lose_on_the_english_board_reads_the_live_position_table(page, site_url, watch):
    """English 33, centre game: the marks come from the table of live
    positions (families/pegs/alive.py), fetched once.  Seven winnable moves
    in, three moves lose (each checked by search in test_pegs_alive.py's
    way: b5-b3-d3 loses); played, every move of the lost position is marked
    losing -- the page sends the game's earlier positions, so the table
    settles a position outside it too."""
    buttons, move = _never_lose(page, site_url, "pegs:english")
    expect(buttons.first).to_have_attribute("title", WINNABLE)
    _play_winnable(page, move, ["d2-d4", "b3-d3", "c1-c3", "e1-c1", "d3-b3", "a3-c3", "e3-e1"])
    for text in ("b5-b3-d3", "d5-d3", "d5-d3-b3"):
        expect(move(text)).to_have_class(re.compile(r"\blosing\b"))
    for text in ("g3-e3", "c4-c2", "a5-a3", "b5-b3", "e5-e3"):
        expect(move(text)).to_have_attribute("title", WINNABLE)
    move("b5-b3-d3").click()
    expect(page.get_by_test_id("play-counter")).to_have_text("8 moves")
    expect(buttons.first).to_have_class(re.compile(r"\blosing\b"))
    assert buttons.count() == 10
    for i in range(10):
        expect(buttons.nth(i)).to_have_class(re.compile(r"\blosing\b"))
    fetched = [r for r in watch.requests if r.endswith("/tables/pegs-english33-alive.bin")]
    assert len(fetched) == 1, fetched


def test_never_lose_on_triangle_28_reads_its_dead_positions(page, site_url, watch):
    """Triangle 28 from the preset start: the marks of the opening come from
    the table of dead positions near the start (families/pegs/deadends.py),
    fetched once.  Five moves in, 19-8 loses (its position is in the table;
    tests/test_pegs_deadends.py checks the table by search) and the other
    moves do not."""
    _buttons, move = _never_lose(page, site_url, "pegs:triangle28")
    _play_winnable(page, move, ["5-3", "12-5", "3-12", "16-7", "12-3"])
    expect(move("19-8")).to_have_class(re.compile(r"\blosing\b"))
    for text in ("14-12", "18-16", "23-12", "24-11", "25-12"):
        expect(move(text)).to_have_attribute("title", WINNABLE)
    fetched = [r for r in watch.requests if r.endswith("/tables/pegs-triangle28-dead12-v2.bin")]
    assert len(fetched) == 1, fetched


def test_never_lose_marks_the_losing_move_and_a_move_stops_judging_ahead(page, site_url, watch):
    """Play mode's "never lose" on the 21-hole variant: after 14-6 the move
    16-14 cannot win any more and is marked so.  While the marks are shown
    the worker judges the positions one move further (api.py's ``ahead``);
    playing a move at once stops that (a cancelled request, no error) and
    the next marks still come."""
    buttons, _move = _never_lose(page, site_url, "pegs:variant21")
    expect(buttons.first).to_have_attribute("title", WINNABLE)
    buttons.filter(has_text="14-6").click()
    expect(page.get_by_test_id("play-counter")).to_have_text("1 move")
    expect(buttons.filter(has_text="16-14")).to_have_class(re.compile(r"\blosing\b"))
    expect(buttons.filter(has_text="16-14")).to_contain_text("✗")
    assert buttons.filter(has_text="12-14").get_attribute("title") == WINNABLE
