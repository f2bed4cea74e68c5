"""Editor actions of the sliding-block and peg-solitaire families
(families/blocks/edit.py, families/pegs/edit.py), through api.py's ``edit``
op as the page sends them: every action, its errors, and that every code an
edit returns opens again unchanged.  Pure Python and fast (also run inside
Pyodide by tests/test_pyodide.py's runner)."""

import pytest

from puzzlelab import api


def edit(code, action, **args):
    reply = api.run({"op": "edit", "code": code, "action": action, "args": args})
    assert reply["ok"], reply["error"]
    # the code re-parses to itself
    again = api.run({"op": "describe", "code": reply["code"]})
    assert again["ok"] and again["code"] == reply["code"]
    return reply["code"]


def refused(code, action, fragment, error_type="invalid_code", **args):
    """An edit refused with an error of type ``error_type`` (bad_request: the
    action or its argument names are not in the family's table)."""
    reply = api.run({"op": "edit", "code": code, "action": action, "args": args})
    assert not reply["ok"], reply
    assert reply["error"]["type"] == error_type
    assert fragment in reply["error"]["message"], reply["error"]["message"]
    return reply["error"]["message"]


def length(code, metric=None):
    req = {"op": "solve", "code": code}
    if metric:
        req["metric"] = metric
    reply = api.run(req)
    assert reply["ok"], reply["error"]
    return reply["length"]


# -- sliding blocks -------------------------------------------------------------

HAKOIRI = "blocks:4x5:BAAC/BAAC/DEEF/DGHF/I..J:????/????/????/?AA?/?AA?"
EMPTY3 = "blocks:3x3:.../.../...:???/???/???"


def test_blocks_paint_new_blocks_and_extend_one():
    c = edit(EMPTY3, "paint", cells=[[0, 0], [1, 0], [1, 1]])
    assert c == "blocks:3x3:A../AA./...:???/???/???"
    c = edit(c, "paint", cells=[[0, 1], [0, 2]])
    assert c == "blocks:3x3:ABB/AA./...:???/???/???"
    c = edit(c, "paint", cells=[[2, 1]], block="A")          # extend A
    assert c == "blocks:3x3:ABB/AA./.A.:???/???/???"


def test_blocks_paint_must_stay_in_one_piece():
    refused(EMPTY3, "paint", "separate parts", cells=[[0, 0], [2, 2]])
    c = edit(EMPTY3, "paint", cells=[[0, 0]])
    refused(c, "paint", "separate parts", cells=[[2, 2]], block="A")


def test_blocks_painting_across_a_block_splits_it_into_two_blocks():
    c = edit("blocks:3x1:AAA:???", "paint", cells=[[0, 1]])
    assert c == "blocks:3x1:ABC:???"


def test_blocks_erase_and_wall():
    c = edit(HAKOIRI, "erase", cells=[[2, 1]])
    assert c.startswith("blocks:4x5:BAAC/BAAC/D.EF/")
    c = edit(c, "wall", cells=[[4, 1], [4, 2]])
    assert c.startswith("blocks:4x5:BAAC/BAAC/D.EF/DGHF/I__J:")
    # erasing the middle of a bar leaves two blocks
    c = edit("blocks:3x1:AAA:A??", "erase", cells=[[0, 1]])
    assert c == "blocks:3x1:A.B:A??"
    # a wall removed from the board leaves the goal's wall as "any"
    c = edit("blocks:2x1:_A:_A", "erase", cells=[[0, 0]])
    assert c == "blocks:2x1:.A:?A"


def test_blocks_remove_and_move():
    c = edit(HAKOIRI, "remove", block="H")
    assert c.startswith("blocks:4x5:BAAC/BAAC/DEEF/DG.F/I..J:")
    c = edit(c, "move", block="G", r=4, c=1)
    assert c.startswith("blocks:4x5:BAAC/BAAC/DEEF/D..F/IG.J:")
    refused(c, "move", "in the way", block="A", r=2, c=1)
    refused("blocks:2x2:A./..:??/??", "move", "stick out", block="A", r=2, c=0)
    refused(c, "move", "no block Q", block="Q", r=0, c=0)
    # removing the goal's block drops that goal
    c = edit(HAKOIRI, "remove", block="A")
    assert c.endswith(":????/????/????/????/????")


def test_blocks_resize_crops_and_extends():
    c = edit(HAKOIRI, "resize", width=3, height=4)
    assert c == "blocks:3x4:BAA/BAA/DEE/DGH:???/???/???/?AA"
    c = edit("blocks:2x1:AB:A?", "resize", width=3, height=2)
    assert c == "blocks:3x2:AB./...:A??/???"
    # a block cut by the crop keeps the part that is left
    c = edit("blocks:3x1:AAA:???", "resize", width=2, height=1)
    assert c == "blocks:2x1:AA:??"
    refused(HAKOIRI, "resize", "from 1 to 16", width=17, height=5)
    refused(HAKOIRI, "resize", "whole number", width="4", height=5)


def test_blocks_clear_and_goal_clear():
    assert edit(HAKOIRI, "clear") == "blocks:4x5:..../..../..../..../....:????/????/????/????/????"
    assert edit(HAKOIRI, "goal_clear").endswith(":????/????/????/????/????")


def test_blocks_goal_alternatives():
    c = edit(EMPTY3, "paint", cells=[[0, 0], [1, 0], [1, 1]])     # an L, A
    c = edit(c, "goal_add", block="A", r=1, c=1)
    assert c.endswith(":???/?A?/?AA")                              # replaces "no goal"
    c = edit(c, "goal_add", block="A", r=0, c=1)
    assert c.endswith(":???/?A?/?AA;?A?/?AA/???")
    c = edit(c, "paint", cells=[[0, 2]])                           # B, 1x1
    c = edit(c, "goal_add", block="B", r=0, c=0, index=0)
    assert c.endswith(":B??/?A?/?AA;?A?/?AA/???")
    c = edit(c, "goal_add", block="B", r=2, c=0, index=0)          # moves it
    assert c.endswith(":???/?A?/BAA;?A?/?AA/???")
    refused(c, "goal_add", "overlap", block="B", r=1, c=1, index=1)
    refused(c, "goal_add", "stick out", block="A", r=2, c=2)
    refused(c, "goal_add", "no goal alternative 5", block="A", r=0, c=0, index=4)
    c2 = edit(c, "goal_remove", index=0, block="B")
    assert c2.endswith(":???/?A?/?AA;?A?/?AA/???")
    refused(c2, "goal_remove", "does not name block B", index=0, block="B")
    c3 = edit(c, "goal_remove", index=1)
    assert c3.endswith(":???/?A?/BAA")
    c4 = edit(c3, "goal_remove", index=0)
    assert c4.endswith(":???/???/???")


def test_blocks_goal_follows_the_board():
    c = "blocks:3x3:A../AA./...:???/?A?/?AA"
    # a wall where the goal puts A: that goal can no longer be met, so it goes
    walled = edit(c, "wall", cells=[[2, 2]])
    assert walled.endswith(":???/???/???")
    reply = api.run({"op": "edit", "code": c, "action": "wall", "args": {"cells": [[2, 2]]}})
    assert reply["note"] == "Block A can no longer cover its goal outline, so that outline was removed."
    # a block taken off the board: its outline goes, and an alternative
    # left asking nothing is dropped; both said
    two = "blocks:3x3:A../AAB/...:???/?A?/?AA;B??/???/???"
    reply = api.run({"op": "edit", "code": two, "action": "remove", "args": {"block": "B"}})
    assert reply["code"].endswith(":???/?A?/?AA")
    assert reply["note"] == ("Block B is gone, so its goal outline in goal alternative 2 was "
                             "removed. Goal alternative 2 had nothing left to ask and was dropped.")
    # an edit that keeps every goal says nothing
    assert "note" not in api.run({"op": "edit", "code": c, "action": "erase",
                                  "args": {"cells": [[2, 2]]}})
    refused(walled, "goal_add", "cover a wall", block="A", r=1, c=1)
    # the goal's block changes shape but still covers its goal cells: kept
    assert edit(c, "paint", cells=[[0, 1]], block="A").endswith(":???/?A?/?AA")


def test_blocks_edits_keep_the_counting_rule():
    reply = api.run({"op": "edit", "code": HAKOIRI + "&metric=step",
                     "action": "erase", "args": {"cells": [[4, 1]]}})
    assert reply["ok"] and reply["metric"] == "step"


def test_blocks_bad_actions_and_arguments():
    refused(HAKOIRI, "explode", "Unknown editor action", error_type="bad_request")
    refused(HAKOIRI, "clear", "Unknown argument 'puzzle' for the 'clear' action; it "
            "takes none", error_type="bad_request", puzzle=1)
    refused(HAKOIRI, "paint", "Unknown argument 'cell' for the 'paint' action; it "
            "takes cells, block", error_type="bad_request", cell=[[0, 0]])
    refused(HAKOIRI, "paint", "non-empty list", cells=[])
    refused(HAKOIRI, "paint", "off the 4x5 board", cells=[[5, 0]])
    refused(HAKOIRI, "paint", "[row, column]", cells=[[1]])
    refused(HAKOIRI, "paint", "one letter", cells=[[4, 1]], block="AB")
    refused(HAKOIRI, "erase", "whole number", cells=[[0, True]])


def test_blocks_built_in_the_editor_solves():
    """The puzzle the browser test builds: an L, four blocks, a wall row,
    two goal alternatives (17 moves for the first alone, 12 with both)."""
    c = edit(edit(HAKOIRI, "clear"), "resize", width=4, height=4)
    c = edit(c, "paint", cells=[[1, 0], [2, 0], [2, 1]])
    for cells in ([[0, 0]], [[0, 1], [0, 2]], [[0, 3], [1, 3]], [[2, 2]], [[2, 3]]):
        c = edit(c, "paint", cells=cells)
    c = edit(c, "wall", cells=[[3, 0], [3, 1], [3, 2], [3, 3]])
    assert c == "blocks:4x4:BCCD/A..D/AAEF/____:????/????/????/????"
    c = edit(c, "goal_add", block="A", r=0, c=1)
    assert length(c) == 17
    c = edit(c, "goal_add", block="A", r=1, c=2)
    assert length(c) == 12
    assert length(edit(c, "goal_remove", index=1)) == 17


# -- peg solitaire ----------------------------------------------------------------

HOPPERS = "pegs:sq8:__o__/_ooo_/oo.oo/_ooo_/__o__:__.__/_..._/..o../_..._/__.__"


def test_pegs_lattice_switch_keeps_board_and_goal():
    c = edit("pegs:hoppers", "lattice", name="sq4")
    assert c == HOPPERS.replace("sq8", "sq4")
    assert edit(c, "lattice", name="tri").startswith("pegs:tri:__o__/")
    refused(c, "lattice", "Unknown lattice", name="hex")
    refused(c, "lattice", "sq4, sq8 or tri", name=4)


def test_pegs_resize_and_triangle_make_new_boards():
    assert edit(HOPPERS, "resize", rows=3, cols=4) == "pegs:sq8:oooo/oo.o/oooo"
    assert edit(HOPPERS, "triangle", side=5) == "pegs:tri:o____/oo___/.oo__/oooo_/ooooo"
    assert edit(HOPPERS, "triangle", side=3) == "pegs:tri:.__/oo_/ooo"
    assert length(edit(HOPPERS, "triangle", side=4)) == 5
    refused(HOPPERS, "resize", "from 1 to 12", rows=13, cols=2)
    refused(HOPPERS, "triangle", "whole number", side=2.5)


def test_pegs_toggle_hole_grows_shrinks_and_keeps_the_goal_complete():
    c = edit(HOPPERS, "toggle_hole", r=-1, c=2)                  # above the top
    assert c == ("pegs:sq8:__o__/__o__/_ooo_/oo.oo/_ooo_/__o__:"
                 "__.__/__.__/_..._/..o../_..._/__.__")
    c = edit(c, "toggle_hole", r=0, c=2)                         # and away again
    assert c == HOPPERS
    c = edit("pegs:sq4:o.o", "toggle_hole", r=0, c=3)            # past the right end
    assert c == "pegs:sq4:o.oo"
    # removing the goal's only peg hole: the goal becomes "one peg anywhere"
    assert edit(HOPPERS, "toggle_hole", r=2, c=2) == "pegs:sq8:__o__/_ooo_/oo_oo/_ooo_/__o__"
    # a pattern with "either" cells gets "either" in a new hole
    c = edit("pegs:sq4:oo.:?.o", "toggle_hole", r=0, c=3)
    assert c == "pegs:sq4:oo.o:?.o?"
    refused("pegs:sq4:o", "toggle_hole", "at least one hole", r=0, c=0)
    refused(HOPPERS, "toggle_hole", "just beside it", r=-2, c=0)


def test_pegs_toggle_peg_and_fill():
    c = edit(HOPPERS, "toggle_peg", r=2, c=2)
    assert c.startswith("pegs:sq8:__o__/_ooo_/ooooo/")
    assert edit(c, "toggle_peg", r=2, c=2) == HOPPERS
    refused(HOPPERS, "toggle_peg", "no hole at row 1, column 1", r=0, c=0)
    assert edit(HOPPERS, "fill", peg=False).startswith("pegs:sq8:__.__/_..._/...../")
    assert edit(HOPPERS, "fill", peg=True).startswith("pegs:sq8:__o__/_ooo_/ooooo/")
    refused(HOPPERS, "fill", "true or false", peg="yes")


def test_pegs_goals():
    anywhere = edit(HOPPERS, "goal", kind="anywhere")
    assert anywhere == "pegs:sq8:__o__/_ooo_/oo.oo/_ooo_/__o__"
    assert edit(anywhere, "goal", kind="complement") == HOPPERS
    c = edit(HOPPERS, "goal", kind="hole", r=0, c=2)
    assert c.endswith(":__o__/_..._/...../_..._/__.__")
    assert edit(c, "goal", kind="pattern") == c                  # keeps the pattern
    assert edit(anywhere, "goal", kind="pattern").endswith(":__?__/_???_/?????/_???_/__?__")
    refused(edit(HOPPERS, "fill", peg=False), "goal", "exactly one empty hole", kind="complement")
    refused(HOPPERS, "goal", "no hole", kind="hole", r=0, c=0)
    refused(HOPPERS, "goal", "Unknown goal kind", kind="two")


def test_pegs_goal_cell_cycles_and_sets():
    c = edit(HOPPERS, "goal_cell", r=0, c=2)                     # . -> ?
    assert c.endswith(":__?__/_..._/..o../_..._/__.__")
    c = edit(c, "goal_cell", r=0, c=2)                           # ? -> o
    assert c.endswith(":__o__/_..._/..o../_..._/__.__")
    c = edit(c, "goal_cell", r=2, c=2, value="?")
    assert c.endswith(":__o__/_..._/..?../_..._/__.__")
    # from "one peg anywhere" a pattern starts as all "either"
    c = edit("pegs:sq4:oo.", "goal_cell", r=0, c=2, value="o")
    assert c == "pegs:sq4:oo.:??o"
    refused(HOPPERS, "goal_cell", "not 'x'", r=0, c=2, value="x")
    refused(HOPPERS, "goal_cell", "no hole", r=0, c=0)


def test_pegs_board_drawn_in_the_editor_solves():
    """The board the browser test draws: 7 moves to one peg in hole 3."""
    c = edit("pegs:english", "resize", rows=3, cols=3)
    assert c == "pegs:sq4:ooo/o.o/ooo"
    c = edit(c, "toggle_hole", r=-1, c=2)
    c = edit(c, "toggle_hole", r=2, c=3)
    assert c == "pegs:sq4:__o_/ooo_/o.oo/ooo_"
    c = edit(c, "goal", kind="hole", r=1, c=2)
    assert length(c) == 7
    assert length(c, "jump") == 9          # 10 pegs, one left


@pytest.mark.parametrize("code", ["pegs:english", "pegs:triangle15", "pegs:hoppers",
                                  "pegs:sq8:ooooo/ooooo/oo.oo/ooooo/ooooo"])
def test_pegs_random_start_is_solvable_and_follows_its_seed(code):
    """Backward jumps from one peg: every random start solves, to one peg
    in the hole its goal names; the same seed gives the same start."""
    starts = set()
    for seed in range(3):
        c = edit(code, "random", seed=seed)
        assert c == edit(code, "random", seed=seed)
        reply = api.run({"op": "solve", "code": c, "algorithm": "dfs"})
        assert reply["ok"], (c, reply.get("error"))
        final = api.run({"op": "moves", "code": reply["final"]})
        assert final["goal_reached"]
        starts.add(c)
    assert len(starts) == 3


def test_pegs_edits_keep_the_counting_rule():
    reply = api.run({"op": "edit", "code": "pegs:hoppers&metric=jump",
                     "action": "toggle_peg", "args": {"r": 0, "c": 2}})
    assert reply["ok"] and reply["metric"] == "jump"


def test_pegs_bad_action():
    refused(HOPPERS, "jump", "Unknown editor action", error_type="bad_request")
    refused(HOPPERS, "toggle_peg", "it takes r, c", error_type="bad_request", r=1, c=2, row=3)
    refused(HOPPERS, "toggle_peg", "whole number", r="2", c=2)


@pytest.mark.parametrize("code", [HAKOIRI, "blocks:ells", "blocks:tannentei",
                                  "pegs:english", "pegs:variant21", "pegs:triangle15-3-complement"])
def test_presets_survive_a_round_trip_of_edits(code):
    """An edit and its undoing give back the same code."""
    desc = api.run({"op": "describe", "code": code})
    if desc["family"] == "blocks":
        rows = desc["view"]["rows"]
        r, c = next((r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch == ".")
        there = edit(desc["code"], "paint", cells=[[r, c]])
        new = there.split(":")[2].split("/")[r][c]
        assert edit(there, "remove", block=new) == desc["code"]
    else:
        hole = desc["holes"][0]
        there = edit(desc["code"], "toggle_peg", r=hole[0], c=hole[1])
        assert edit(there, "toggle_peg", r=hole[0], c=hole[1]) == desc["code"]
