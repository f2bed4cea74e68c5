"""The sliding-block page, end to end in headless Chromium against the built
site: open Hakoiri-musume by link, solve it (81 moves, the known optimum in
the move metric) and play back to a goal position; build a small puzzle with
an L-shaped block, a wall row and a two-alternative goal through the editor
(drags, taps and keys on the canvas, the controls beside it) and solve it;
edit by drag and keys, and play by taps and keys.
Renderer: web/render/blocks.js; editor: web/edit/blocks.js."""

import re

import pytest
from playwright.sync_api import expect

from browser_fixtures import open_app, scaled, wait_state

pytestmark = pytest.mark.browser

HAKOIRI = "blocks:4x5:BAAC/BAAC/DEEF/DGHF/I..J:????/????/????/?AA?/?AA?"
MARGIN = 10      # board.js MARGIN_PX


def code(page):
    return page.get_by_test_id("position-code").text_content()


def centre(page, r, c):
    """Client coordinates of the centre of cell (r, c) of the board."""
    board = page.get_by_test_id("board")
    board.scroll_into_view_if_needed()
    box = board.bounding_box()
    cols, rows = grid_size(page)
    cell = (box["width"] - 2 * MARGIN) / cols
    return box["x"] + MARGIN + (c + 0.5) * cell, box["y"] + MARGIN + (r + 0.5) * cell


def grid_size(page):
    text = code(page)
    w, h = text.split(":")[1].split("x")
    return int(w), int(h)


def edited(page, action):
    """Run ``action`` and wait for the position code to change."""
    before = code(page)
    action()
    try:
        expect(page.get_by_test_id("position-code")).not_to_have_text(before)
    except AssertionError:
        page.screenshot(path="/tmp/shots/fail.png")
        raise AssertionError(f"no edit; message: {page.get_by_test_id('message').text_content()!r}") from None


def drag(page, cells):
    """Press on the first cell, pass over the others, release on the last."""
    def run():
        page.mouse.move(*centre(page, *cells[0]))
        page.mouse.down()
        for cell in cells[1:]:
            page.mouse.move(*centre(page, *cell), steps=3)
        page.mouse.up()
    edited(page, run)


def tool(page, name):
    page.get_by_test_id(f"blocks-tool-{name}").check()


def test_hakoiri_by_link_solves_in_81_moves(page, site_url, watch):
    open_app(page, site_url, HAKOIRI)
    assert code(page) == HAKOIRI
    assert page.get_by_test_id("metric").input_value() == "move"
    page.get_by_test_id("solve").click()
    wait_state(page, "solved", timeout=60_000)
    assert page.get_by_test_id("solution-length").text_content() == "81"
    assert "proven optimal" in page.locator("#optimal").text_content()
    page.get_by_test_id("step-forward").click()
    expect(page.get_by_test_id("move-counter")).to_have_text("1 / 81")
    page.get_by_test_id("step-last").click()
    expect(page.get_by_test_id("move-counter")).to_have_text("81 / 81")
    rows = code(page).split(":")[2].split("/")
    assert rows[3][1:3] == "AA" and rows[4][1:3] == "AA", rows   # the goal: A at the exit
    # the same block keeps its letter: A is still the 2x2
    assert sum(row.count("A") for row in rows) == 4


def test_build_an_l_block_puzzle_with_two_goals(page, site_url, watch):
    open_app(page, site_url, "blocks:hakoiri")
    edited(page, lambda: page.get_by_test_id("blocks-clear").click())
    edited(page, lambda: page.get_by_test_id("blocks-height").select_option("4"))
    assert code(page) == "blocks:4x4:..../..../..../....:????/????/????/????"
    tool(page, "cells")
    drag(page, [(1, 0), (2, 0), (2, 1)])                 # an L: block A
    tool(page, "rect")
    drag(page, [(0, 0)])                                 # B, a tap
    drag(page, [(0, 1), (0, 2)])                         # C
    drag(page, [(0, 3), (1, 3)])                         # D
    drag(page, [(2, 2)])                                 # E
    # F with the keyboard: the cursor is where the last tap was
    canvas = page.get_by_test_id("board")
    canvas.focus()
    edited(page, lambda: (canvas.press("ArrowRight"), canvas.press("Enter"), canvas.press("Enter")))
    tool(page, "wall")
    drag(page, [(3, 0), (3, 3)])                         # a wall row, dragged across
    assert code(page) == "blocks:4x4:BCCD/A..D/AAEF/____:????/????/????/????"
    # goal: drag A (grabbed at its corner cell) up and right: its top-left to (0, 1)
    tool(page, "goal")
    drag(page, [(2, 0), (1, 1)])
    assert code(page).endswith(":?A??/?AA?/????/????")
    page.get_by_test_id("solve").click()
    wait_state(page, "solved")
    assert page.get_by_test_id("solution-length").text_content() == "17"
    # a second alternative: A one cell down and two right
    page.get_by_test_id("blocks-goal-new").check()
    drag(page, [(2, 0), (2, 2)])
    assert code(page).endswith(":?A??/?AA?/????/????;????/??A?/??AA/????")
    expect(page.get_by_test_id("blocks-goal-remove-1")).to_be_visible()
    page.get_by_test_id("solve").click()
    wait_state(page, "solved")
    assert page.get_by_test_id("solution-length").text_content() == "12"
    page.get_by_test_id("step-last").click()
    rows = code(page).split(":")[2].split("/")
    assert rows[1][2] == "A" and rows[2][2:] == "AA", rows          # the second alternative
    # removing the first alternative keeps the second: still 12
    edited(page, lambda: page.get_by_test_id("blocks-goal-remove-0").click())
    assert code(page).endswith(":????/??A?/??AA/????")
    page.get_by_test_id("solve").click()
    wait_state(page, "solved")
    assert page.get_by_test_id("solution-length").text_content() == "12"


def test_editing_moves_keys_and_play_mode(page, site_url, watch):
    """A refused edit says why and keeps the position; blocks move by drag
    and by keys; play mode takes taps and keys."""
    open_app(page, site_url, HAKOIRI)
    tool(page, "move")
    # drag the 2x2 onto block E: refused with a message
    page.mouse.move(*centre(page, 0, 1))
    page.mouse.down()
    page.mouse.move(*centre(page, 2, 1), steps=4)
    page.mouse.up()
    expect(page.get_by_test_id("message")).to_contain_text(re.compile("in the way"))
    assert code(page) == HAKOIRI
    # a legal move: I into the gap
    drag(page, [(4, 0), (4, 1)])
    assert code(page).startswith("blocks:4x5:BAAC/BAAC/DEEF/DGHF/.I.J:")
    # the same with keys: the cursor is on I; pick it up, one step right, drop
    canvas = page.get_by_test_id("board")
    canvas.focus()
    canvas.press("Enter")
    canvas.press("ArrowRight")
    edited(page, lambda: canvas.press("Enter"))
    assert code(page).startswith("blocks:4x5:BAAC/BAAC/DEEF/DGHF/..IJ:")
    # Delete removes the block under the cursor
    edited(page, lambda: canvas.press("Delete"))
    assert code(page).startswith("blocks:4x5:BAAC/BAAC/DEEF/DGHF/...J:")

    # play mode from here: tap G, then the cell below it
    page.get_by_test_id("play-mode").click()
    expect(page.get_by_test_id("play-moves").locator("button")).not_to_have_count(0)
    page.mouse.click(*centre(page, 3, 1))
    page.mouse.click(*centre(page, 4, 1))
    expect(page.get_by_test_id("play-counter")).to_have_text("1 move")
    rows = code(page).split(":")[2].split("/")
    assert rows[3][1] == "." and rows[4][1] != ".", rows
    # keys: Enter chooses the first block (by letter) that can move, D;
    # ArrowDown pushes it down
    canvas.focus()
    canvas.press("Enter")
    canvas.press("ArrowDown")
    expect(page.get_by_test_id("play-counter")).to_have_text("2 moves")
    rows = code(page).split(":")[2].split("/")
    assert rows[2][0] == "." and rows[4][0] != ".", rows     # (same-shape blocks may swap letters)


def test_an_edit_that_removes_a_goal_outline_says_so(page, site_url, watch):
    open_app(page, site_url, "blocks:3x3:A../AA./...:???/?A?/?AA")
    tool(page, "wall")
    drag(page, [(2, 2)])                     # a wall where A's goal outline was
    assert code(page).endswith(":???/???/???")
    expect(page.get_by_test_id("message")).to_have_text(
        "Block A can no longer cover its goal outline, so that outline was removed.")
    tool(page, "erase")
    drag(page, [(2, 2)])                     # the next edit clears the note
    expect(page.get_by_test_id("message")).to_be_hidden()


def test_the_straight_line_count_is_offered_and_explained(page, site_url, watch):
    """The third counting rule (issue 20): Storer's straight-line count,
    named and explained in the menu; Hakoiri-musume takes 90 such moves."""
    open_app(page, site_url, "blocks:hakoiri&metric=line")
    expect(page.locator("#metric option:checked")).to_have_text("a straight slide is one move (Storer)")
    expect(page.locator("#metric-help")).to_contain_text("Storer's straight-line count")
    page.get_by_test_id("solve").click()
    wait_state(page, "solved", 60_000)
    assert page.get_by_test_id("solution-length").text_content() == "90"
    assert "proven optimal" in page.locator("#optimal").text_content()


def test_every_count_side_by_side_and_the_whole_group(page, site_url, watch):
    """Issue 20 in the page: Hakoiri-musume answered in the three counts
    side by side, and its group (25,955 positions) by distance to the goal,
    with this start's optimal solutions and the hardest starts to load."""
    open_app(page, site_url, "blocks:hakoiri")
    page.get_by_test_id("all-counts").click()
    rows = page.get_by_test_id("counts-out").locator("td")
    expect(rows).to_have_count(3)
    for i, want in enumerate(("81", "116", "90")):
        expect(rows.nth(i)).to_have_attribute("data-length", want, timeout=scaled(60_000))
    wait_state(page, "ready")
    page.locator(".analysis summary").click()
    page.get_by_test_id("analyze-group").click()
    out = page.get_by_test_id("analysis")
    expect(out).to_contain_text("25,955 positions in this start's group, every one of which can be solved", timeout=scaled(60_000))
    expect(out).to_contain_text("This start is 81 moves from the goal, with 256 optimal solutions")
    page.get_by_test_id("farthest").first.click()
    expect(page.get_by_test_id("position-code")).not_to_have_text(re.compile("BAAC/BAAC/DEEF/DGHF"))
    # tiles: no group view offered
    page.get_by_test_id("code-input").fill("tiles:3x3:123405786")
    page.get_by_test_id("load").click()
    wait_state(page, "ready")
    expect(page.get_by_test_id("analyze-group")).to_be_hidden()
