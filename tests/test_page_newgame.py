""""New puzzle" in the page (issue 35): the menu is built from describe's
offer, every difficulty of every family makes a start whose distance the
page states, and that distance is checked here by an independent solve in
CPython (another method than the one that proved it in the worker); the new
puzzle opens in play mode, as a new entry in the history (Back returns to
the puzzle before).  What a position cannot offer is disabled with the
reason."""

import pytest
from playwright.sync_api import expect

from browser_fixtures import open_app, scaled, wait_state
from puzzlelab import api

pytestmark = pytest.mark.browser

# (the board, the independent proof: method and lower bound)
BOARDS = [
    ("tiles:4x4:123456789abcdef0", "astar", "manhattan"),
    ("blocks:dad", "bfs", None),
    ("pegs:english", "bfs", None),
]


def made(page, before):
    """Wait for a new puzzle (body data-generated set, a new position, play
    mode); its code and stated distance."""
    expect(page.locator("body")).to_have_attribute("data-mode", "play", timeout=scaled(60_000))
    expect(page.get_by_test_id("position-code")).not_to_have_text(before)
    wait_state(page, "ready")
    return page.get_by_test_id("position-code").text_content(), \
        int(page.locator("body").get_attribute("data-generated"))


def proven_length(code, algorithm, heuristic):
    req = {"op": "solve", "code": code, "algorithm": algorithm}
    if heuristic:
        req["heuristic"] = heuristic
    reply = api.run(req)
    assert reply["ok"] and reply["optimal"], reply
    return reply["length"]


@pytest.mark.parametrize("board, algorithm, heuristic", BOARDS, ids=["tiles", "blocks", "pegs"])
def test_every_difficulty_makes_a_puzzle_at_its_proven_distance(page, site_url, watch, board,
                                                                algorithm, heuristic):
    open_app(page, site_url, board)
    offer = api.run({"op": "describe", "code": board})["generate"]
    options = page.locator("#difficulty option")
    labels = [d["label"] for d in offer["difficulties"]]
    assert options.all_text_contents()[:len(labels)] == labels        # built from the offer
    for level in offer["difficulties"]:
        before = page.get_by_test_id("position-code").text_content()
        page.get_by_test_id("difficulty").select_option(level["name"])
        expect(page.get_by_test_id("newgame-help")).to_contain_text(level["help"])
        page.get_by_test_id("new-puzzle").click()
        code, distance = made(page, before)
        assert proven_length(code, algorithm, heuristic) == distance, (level, code)
        if level["low"] is not None:
            assert level["low"] <= distance and (level["high"] is None or distance <= level["high"])
        expect(page.get_by_test_id("newgame-help")).to_contain_text(f"{distance} moves from the goal (proven)")
        expect(page.get_by_test_id("summary")).to_contain_text("Your game: 0 moves")
        page.get_by_test_id("play-done").click()
    page.go_back()                                    # the puzzle before the last new one
    expect(page.get_by_test_id("position-code")).not_to_have_text(code)


def test_exactly_n_moves_from_solved(page, site_url, watch):
    open_app(page, site_url, "tiles:3x3:867254301")
    page.get_by_test_id("difficulty").select_option("exact")
    expect(page.get_by_test_id("gen-moves")).to_be_visible()
    page.get_by_test_id("gen-moves").fill("17")
    page.get_by_test_id("new-puzzle").click()
    code, distance = made(page, "tiles:3x3:867254301")
    assert distance == 17 and proven_length(code, "bidir", None) == 17


def test_what_a_position_cannot_offer_is_off_with_the_reason(page, site_url, watch):
    """The multi-tile count on 4x4: no proof fast enough, so no new puzzle."""
    open_app(page, site_url, "tiles:4x4:123456789abcdef0&metric=multi")
    expect(page.get_by_test_id("new-puzzle")).to_be_disabled()
    expect(page.get_by_test_id("difficulty")).to_be_disabled()
    assert "multi-tile" in page.get_by_test_id("new-puzzle").get_attribute("title")
    expect(page.get_by_test_id("newgame-help")).to_contain_text("one tile per move")


def test_a_rush_hour_layout_of_n_vehicles(page, site_url, watch):
    """Where the offer takes a piece count (Rush Hour, issue 38's layouts),
    the menu offers it: "These vehicles" or a new layout of that many, whose
    distance is proven like any other's."""
    open_app(page, site_url, "rush:IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM")
    vehicles = page.get_by_test_id("vehicles")
    expect(vehicles).to_be_visible()
    assert vehicles.locator("option").first.text_content() == "These vehicles"
    vehicles.select_option("8")
    page.get_by_test_id("difficulty").select_option("easy")
    before = page.get_by_test_id("position-code").text_content()
    page.get_by_test_id("new-puzzle").click()
    code, distance = made(page, before)
    assert proven_length(code, "bfs", None) == distance
    open_app(page, site_url, "tiles:3x3:867254301")
    expect(page.get_by_test_id("vehicles")).to_be_hidden()
