"""Rush Hour in the page, end to end in headless Chromium against the built
site: Fogleman's hardest position pasted bare into the code field opens as
the family's code, solves in 60 moves, proven, and plays back to the red
car at the exit; the editor places cars, trucks, a wall and the red car by
drags; the cluster view counts its 2,332 positions with their histogram and
loads the farthest.  Renderer: web/render/blocks.js; editor:
web/edit/blocks.js; play: web/play/blocks.js."""

import pytest
from playwright.sync_api import expect

from browser_fixtures import open_app, scaled, wait_state

pytestmark = pytest.mark.browser

HARDEST = "IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM"
CODE = "blocks:6x6:IBB_../I..LDD/JAAL../J.KEEM/FFK..M/GGHHHM:A-R3:hABDEFGH,vIJKLM"
MARGIN = 10      # board.js MARGIN_PX


def code(page):
    return page.get_by_test_id("position-code").text_content()


def rows(page):
    return code(page).split(":")[2].split("/")


def centre(page, r, c):
    board = page.get_by_test_id("board")
    board.scroll_into_view_if_needed()
    box = board.bounding_box()
    w = int(code(page).split(":")[1].split("x")[0])
    cell = (box["width"] - 2 * MARGIN) / w
    return box["x"] + MARGIN + (c + 0.5) * cell, box["y"] + MARGIN + (r + 0.5) * cell


def test_paste_fogleman_s_hardest_solve_and_play_it_back(page, site_url, watch):
    open_app(page, site_url, "blocks:hakoiri")
    page.get_by_test_id("code-input").fill(HARDEST)
    page.get_by_test_id("load").click()
    expect(page.get_by_test_id("position-code")).to_have_text(CODE)
    page.get_by_test_id("solve").click()
    wait_state(page, "solved", timeout=60_000)
    assert page.get_by_test_id("solution-length").text_content() == "60"
    assert "proven optimal" in page.locator("#optimal").text_content()
    page.get_by_test_id("step-forward").click()
    expect(page.get_by_test_id("move-counter")).to_have_text("1 / 60")
    page.get_by_test_id("step-last").click()
    expect(page.get_by_test_id("move-counter")).to_have_text("60 / 60")
    assert rows(page)[2][4:] == "AA", rows(page)          # the red car at the exit
    # the position in words (for screen readers) says how each vehicle slides
    expect(page.locator("#board-text")).to_contain_text("block A, 2 cells, from row 3 column 5, "
                                                        "slides left and right")


def test_the_editor_places_cars_trucks_a_wall_and_the_red_car(page, site_url, watch):
    open_app(page, site_url, "rush:" + HARDEST)
    page.get_by_test_id("blocks-clear").click()
    expect(page.get_by_test_id("position-code")).to_have_text(
        "blocks:6x6:" + "/".join(["......"] * 6) + ":" + "/".join(["??????"] * 6))

    def drag(tool, cells):
        page.get_by_test_id(f"blocks-tool-{tool}").check()
        before = code(page)
        page.mouse.move(*centre(page, *cells[0]))
        page.mouse.down()
        for cell in cells[1:]:
            page.mouse.move(*centre(page, *cell), steps=3)
        page.mouse.up()
        expect(page.get_by_test_id("position-code")).not_to_have_text(before)
    drag("redcar", [(2, 0), (2, 1)])
    drag("vehicle", [(0, 2), (2, 2)])            # a truck standing in column 3
    drag("vehicle", [(4, 0), (4, 1)])            # a car across row 5
    drag("wall", [(5, 5)])
    assert code(page) == ("blocks:6x6:..B.../..B.../AAB.../....../CC..../....._:A-R3:"
                          "hAC,vB")
    page.get_by_test_id("solve").click()
    wait_state(page, "solved")
    assert page.get_by_test_id("solution-length").text_content() == "2"


def test_the_cluster_its_histogram_and_its_hardest_position(page, site_url, watch):
    """The group view of a Rush Hour card: the cluster's size and its
    distance histogram, and the farthest position loads (Make it hard)."""
    open_app(page, site_url, "blocks:rush3")
    page.locator(".analysis summary").click()
    page.get_by_test_id("analyze-group").click()
    out = page.get_by_test_id("analysis")
    expect(out).to_contain_text("6,603 positions in this start's cluster", timeout=scaled(60_000))
    expect(out).to_contain_text("the hardest starts of the cluster are 16 moves from it")
    expect(page.locator("#chart")).to_be_visible()
    page.get_by_test_id("farthest").first.click()
    wait_state(page, "ready")
    page.get_by_test_id("solve").click()
    wait_state(page, "solved")
    assert page.get_by_test_id("solution-length").text_content() == "16"


def test_play_a_car_by_dragging_then_make_it_hard_and_a_new_hard_puzzle(page, site_url, watch):
    """Play mode on card 3: a truck dragged across its way stays, dragged
    along it slides; "Hardest" with "These vehicles" (Make it hard) loads
    the farthest position of the card's cluster (16 moves), and with 12
    vehicles a new layout of 12, the farthest of its own cluster; each
    distance the page states is proven again here in CPython."""
    from puzzlelab import api, codes
    from puzzlelab.families.blocks import rush
    from puzzlelab.search import drain
    from test_page_newgame import made

    open_app(page, site_url, "blocks:rush3")
    page.get_by_test_id("play-mode").click()
    expect(page.get_by_test_id("play-moves").locator("button")).not_to_have_count(0)

    def slide(a, b):
        page.mouse.move(*centre(page, *a))
        page.mouse.down()
        page.mouse.move(*centre(page, *b), steps=4)
        page.mouse.up()
    assert rows(page)[3][4] == rows(page)[4][4] == "I" and rows(page)[5][4] == "."
    slide((3, 4), (3, 5))                        # I stands up and down: sideways it stays
    slide((3, 4), (4, 4))                        # down one cell
    expect(page.get_by_test_id("play-counter")).to_have_text("1 move")
    assert rows(page)[3][4] == "." and rows(page)[5][4] == "I", rows(page)
    page.get_by_test_id("play-done").click()

    def new_puzzle(vehicles):
        before = code(page)
        page.get_by_test_id("difficulty").select_option("hardest")
        page.get_by_test_id("vehicles").select_option(vehicles)
        page.get_by_test_id("new-puzzle").click()
        new_code, distance = made(page, before)
        proof = api.run({"op": "solve", "code": new_code})
        assert proof["optimal"] and proof["length"] == distance, (new_code, distance)
        puzzle = codes.parse(new_code)
        assert drain(rush.group(puzzle)).extra["max_distance"] == distance
        page.get_by_test_id("play-done").click()
        return puzzle, distance
    _hard, distance = new_puzzle("")             # These vehicles: Make it hard
    assert distance == 16
    fresh, distance = new_puzzle("12")
    assert len(fresh.block_letters) == 12 and rush.applies(fresh) and distance >= 10
