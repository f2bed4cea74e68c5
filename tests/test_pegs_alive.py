"""The English centre game's live-position table (families/pegs/alive.py),
which play mode's "never lose" marks read: its size layer by layer against
the published figures (tests/data/english33_live.txt), sampled positions
checked by search both ways (live ones solved, the dead children of live
ones proven lost), its links (a live position has a live parent and a live
child), and the marks it gives through the API against the judge's own
search."""

import random

import pytest

from conftest import data_file
from puzzlelab import api, codes
from puzzlelab.errors import NoSolution
from puzzlelab.families import pegs
from puzzlelab.families.pegs import alive
from puzzlelab.families.pegs.kernel import Kernel

from helpers import judge_marks, replay, run_method


def facts():
    out = {}
    with open(data_file("english33_live.txt")) as f:
        for line in f:
            line = line.split("#", 1)[0].split()
            if line:
                out[line[0]] = [int(v) for v in line[1:]]
    return out


@pytest.fixture(scope="module")
def table():
    return alive._table()


@pytest.fixture(scope="module")
def english():
    return codes.parse("pegs:english", {})


def test_the_table_holds_the_published_live_positions_layer_by_layer(table):
    f = facts()
    live = f["solvable_sym_by_pegs"]          # 32 pegs first
    assert live == live[::-1]                 # the set is its own complement
    for k in range(alive.HALF, alive.PEGS):
        layer = table[k]
        assert len(layer) == live[32 - k], k
        assert list(layer) == sorted(set(layer)), k
    assert 2 * sum(len(table[k]) for k in table) == f["on_solution_path_sym"][0] == 1_679_072
    # no more than the reachable positions at any peg count
    assert all(len(table[k]) <= f["reach_sym_by_pegs"][32 - k] for k in table)


def _sample(table, rng, n):
    """n live positions drawn over the table's layers (17 pegs or more)."""
    out = []
    for _ in range(n):
        k = rng.randrange(alive.HALF, alive.PEGS)
        p = table[k][rng.randrange(len(table[k]))]
        out.append(p)
    return out


def test_live_positions_are_canonical_and_linked_both_ways(table, english):
    """Every sampled live position is its own canonical form, has a live
    parent (the start reaches it) unless it is the start, and a live child
    (it reaches the goal) unless it is the goal."""
    kern = Kernel(english)
    full = english.board.full
    rng = random.Random(33)
    children = kern.step(True, False)
    parents = kern.step(False, False)
    for p in _sample(table, rng, 60):
        for q in (p, full ^ p):
            k = q.bit_count()
            assert alive.live(q)
            if k > 1:
                assert any(alive.live(c) for c in children(q)), q
            if k < 32:
                assert any(alive.live(c) for c in parents(q)), q
        assert kern.canon(p) == p


def _puzzle_at(english, p):
    return codes.parse(english.encode(p), {})


def test_sampled_positions_are_won_or_lost_as_the_table_says(table, english):
    """Search, not the table, decides: positions of 9 to 12 pegs from the
    table (complements of its 21- to 24-peg layers) are solved by dfs, and
    each of their children the table leaves out is proven lost; a few of
    16 to 20 pegs are solved too."""
    rng = random.Random(37)
    full = english.board.full
    kern = Kernel(english)
    children = kern.step(True, False)
    lost = 0
    for k in (21, 22, 23, 24):
        layer = table[k]
        for _ in range(2):
            p = full ^ layer[rng.randrange(len(layer))]
            puzzle = _puzzle_at(english, p)
            result = run_method(puzzle, "dfs")
            assert replay(puzzle, result.moves) == result.states[-1]
            assert puzzle.is_goal(result.states[-1])
            for move, child in puzzle.successors(p):
                if alive.live(child):
                    continue
                lost += 1
                with pytest.raises(NoSolution):
                    run_method(_puzzle_at(english, child), "dfs")
    assert lost >= 4
    for k in (16, 18, 20):
        layer = table[33 - k] if k < alive.HALF else table[k]
        p = layer[rng.randrange(len(layer))]
        if k < alive.HALF:
            p ^= full
        puzzle = _puzzle_at(english, p)
        result = run_method(puzzle, "dfs")
        assert puzzle.is_goal(replay(puzzle, result.moves))


def test_dfs_goes_down_the_table_from_a_live_position(english):
    """A live start is solved by walking the table (no search): 31 jumps,
    replayed; a start outside it is searched as before."""
    result = run_method(english, "dfs")
    assert result.stats["expanded"] == 31
    assert english.is_goal(replay(english, result.moves))
    rng = random.Random(3)
    p = english.start
    while p.bit_count() > 12:
        p = rng.choice([c for _m, c in english.jump_successors(p) if alive.live(c)])
    lost = next(c for _m, c in english.jump_successors(p) if not alive.live(c))
    with pytest.raises(NoSolution):
        run_method(_puzzle_at(english, lost), "dfs")


def test_outside_the_centre_game_the_table_settles_nothing():
    """The live-position table (other boards and goals may be judged from
    stored solutions instead: pegs.judge_table, tests/test_known.py)."""
    for code in ("pegs:english-c1-complement", "pegs:french", "pegs:french-d2-d6",
                 "pegs:triangle15-3", "pegs:english-d4-d1"):
        puzzle = codes.parse(code, {})
        assert alive.judge_table(puzzle, []) is None, code
        assert api.run({"op": "tables", "code": code, "judge": True})["tables"] == []
    assert api.run({"op": "tables", "code": "pegs:english", "judge": True})["tables"] == [alive.NAME]
    for algorithm in ("auto", "meet", "dfs"):
        assert api.run({"op": "tables", "code": "pegs:english",
                        "algorithm": algorithm})["tables"] == [alive.NAME]
    assert api.run({"op": "tables", "code": "pegs:english", "algorithm": "beam"})["tables"] == []


def test_marks_from_the_table_agree_with_the_judges_search(table, english, monkeypatch):
    """Along a game that follows the table down to 8 pegs, the marks of the
    positions of 13 pegs and fewer are the same from the table as from the
    judge's search (the table switched off), and a position the table
    leaves out (a losing move was played) is judged by search."""
    rng = random.Random(5)
    p = english.start
    positions = []
    while p.bit_count() > 8:
        puzzle = _puzzle_at(english, p)
        moves = [c for _m, c in puzzle.successors(p)]
        live = [c for c in moves if alive.live(c)]
        assert live, p
        p = rng.choice(live)
        positions.append(p)
    late = [q for q in positions if q.bit_count() <= 13]
    by_table = [judge_marks(english.encode(q)) for q in late]
    assert all(any(w for _m, w in marks) for marks in by_table)
    assert any(w is False for marks in by_table for _m, w in marks)
    monkeypatch.setattr(pegs, "judge_table", lambda puzzle, earlier: None)
    by_search = [judge_marks(english.encode(q)) for q in late]
    assert by_table == by_search
    monkeypatch.undo()
    # a losing move: alone, the position is not the table's (the search
    # judges it); with the game that led there, the table settles it
    q = late[0]
    lost = next(c for _m, c in _puzzle_at(english, q).successors(q) if not alive.live(c))
    assert alive.judge_table(_puzzle_at(english, lost), []) is None
    assert alive.judge_table(_puzzle_at(english, lost), [q]) is not None
    searched = judge_marks(english.encode(lost))
    assert searched and all(w is False for _m, w in searched)
    game = [english.encode(english.start)] + [english.encode(x) for x in positions[:positions.index(q) + 1]]
    assert judge_marks(english.encode(lost), game) == searched


def test_without_the_table_the_searches_go_on(english, monkeypatch):
    """Where the table cannot be read (the browser before the worker has
    fetched it), nothing fails: the marks and the proof are searched."""
    from puzzlelab import tables

    def missing(name, build):
        raise alive.PuzzleError(f"The table '{name}' is missing.", table=name)
    saved = dict(alive._state)
    alive._state.pop("layers", None)
    monkeypatch.setattr(tables, "load", missing)
    try:
        assert not alive.available()
        assert alive.judge_table(english, []) is None
        assert alive.keeper(english, Kernel(english)) is None
        reply = api.run({"op": "moves", "code": "pegs:english", "judge": True})
        assert reply["ok"] and all(m["winnable"] is True for m in reply["moves"])
    finally:
        alive._state.update(saved)


def test_a_game_that_does_not_lead_here_is_refused_plainly(english):
    start = english.encode(english.start)
    reply = api.run({"op": "moves", "code": "pegs:english", "judge": True,
                     "game": [start, start]})
    assert not reply["ok"] and "one legal move at a time" in reply["error"]["message"]
    for bad in ("pegs:english", [1, 2], ["pegs:nonsense"]):
        reply = api.run({"op": "moves", "code": "pegs:english", "judge": True, "game": bad})
        assert not reply["ok"] and reply["error"]["type"] != "internal", reply


def test_checked_steps_are_remembered_but_a_wrong_one_still_fails(english):
    """The API remembers the steps of a game it has checked (play mode sends
    the whole game with every move); a game that skips or swaps a step is
    refused even after its steps were accepted one by one."""
    game = ["pegs:english"]
    for _ in range(4):
        game.append(api.run({"op": "moves", "code": game[-1]})["moves"][0]["code"])
    for n in (1, 2, 3, 4, 4):
        reply = api.run({"op": "moves", "code": game[n], "game": game[:n]})
        assert reply["ok"], reply
    for wrong in (game[:1] + game[2:4], [game[0], game[2], game[1], game[3]]):
        reply = api.run({"op": "moves", "code": game[4], "game": wrong})
        assert not reply["ok"] and "one legal move at a time" in reply["error"]["message"]


def test_a_game_s_codes_are_parsed_once(english, monkeypatch):
    """Play mode sends the whole game with every move: the API parses each
    earlier position's code once, not again with every request, and still
    refuses a game whose steps do not lead here."""
    game = ["pegs:english"]
    for _ in range(6):
        game.append(api.run({"op": "moves", "code": game[-1]})["moves"][0]["code"])
    api.run({"op": "moves", "code": game[6], "game": game[:6]})
    parsed = []
    real = api._puzzle
    monkeypatch.setattr(api, "_puzzle", lambda req: parsed.append(req["code"]) or real(req))
    for n in (3, 5, 6):
        reply = api.run({"op": "moves", "code": game[n], "game": game[:n]})
        assert reply["ok"], reply
    assert parsed == [game[3], game[5], game[6]]
    reply = api.run({"op": "moves", "code": game[6], "game": game[:4] + game[5:6]})
    assert not reply["ok"] and "one legal move at a time" in reply["error"]["message"]
