"""Rush Hour and every puzzle whose pieces slide one way, as a spec: the
``rush:`` form and its messages, Fogleman's database lines (the optimum and
the cluster's size of every line in tests/data/rush.txt), the one-way engine
agreeing with the family's general engines and with an independent naive
breadth-first search written here (on grids of letters, not the engine's
states) on random layouts, in every counting rule, with solutions counted
and every solution replayed; exits on any side, one-way and free blocks
together, the bounds admissible.  Family code: families/blocks/rush.py,
fogleman.py, puzzle.py."""

import random

import pytest

from conftest import data_file
from helpers import check_blocks_solution
from puzzlelab import api, codes
from puzzlelab.errors import CodeError, NoSolution, SearchLimit
from puzzlelab.families import blocks
from puzzlelab.families.blocks import astar as blocks_astar, bfs as blocks_bfs
from puzzlelab.families.blocks import layouts, reachable, rush
from puzzlelab.search import drain

HARDEST = "IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM"
STEPS = {"U": (-1, 0), "D": (1, 0), "L": (0, -1), "R": (0, 1)}


def db_lines():
    """(moves, board, cluster size) of every line of rush.txt."""
    out = []
    with open(data_file("rush.txt"), encoding="utf-8") as fh:
        for line in fh:
            if line.strip() and not line.startswith("#"):
                moves, board, size = line.split()
                out.append((int(moves), board, int(size)))
    return out


# -- an independent reference: grids of letters ---------------------------------

class Naive:
    """Breadth-first search on tuples of row strings, read straight from a
    blocks code (``blocks:WxH:ROWS:GOAL[:WAYS]``; the goal an exit ``A-R3``
    or one pattern).  A block slides along its way (both axes when it has
    none): one cell a move in the step count, as far as it likes in a
    straight line otherwise, or -- the move count with a free block -- to
    anywhere its steps reach."""

    def __init__(self, code, metric):
        fields = code.split(":")
        self.w, self.h = (int(x) for x in fields[1].split("x"))
        self.start = tuple(fields[2].split("/"))
        self.goal = fields[3]
        self.ways = {}
        for part in (fields[4].split(",") if len(fields) > 4 else []):
            for letter in part[1:]:
                self.ways[letter] = part[0]
        self.metric = metric

    def is_goal(self, grid):
        if "/" in self.goal:                      # a pattern
            rows = self.goal.split("/")
            return all(p == "?" or p == grid[r][c] for r, row in enumerate(rows)
                       for c, p in enumerate(row))
        letter, where = self.goal.split("-", 1)
        side, span = where[0], where[1:].split("-")
        lo, hi = int(span[0]) - 1, int(span[-1]) - 1
        cells = [(r, c) for r in range(self.h) for c in range(self.w) if grid[r][c] == letter]
        if side in "LR":
            edge = 0 if side == "L" else self.w - 1
            lines = {r for r, _ in cells}
            return all(lo <= r <= hi and grid[r][edge] == letter for r in lines)
        edge = 0 if side == "U" else self.h - 1
        lines = {c for _, c in cells}
        return all(lo <= c <= hi and grid[edge][c] == letter for c in lines)

    def children(self, grid):
        letters = sorted({ch for row in grid for ch in row if ch.isalpha()})
        for letter in letters:
            cells = [(r, c) for r in range(self.h) for c in range(self.w)
                     if grid[r][c] == letter]
            way = self.ways.get(letter)
            dirs = [d for d in STEPS.values()
                    if way is None or (way == "h") == (d[0] == 0)]

            def fits(dr, dc):
                return all(0 <= r + dr < self.h and 0 <= c + dc < self.w and
                           grid[r + dr][c + dc] in (".", letter) for r, c in cells)
            if self.metric == "step":
                offsets = [d for d in dirs if fits(*d)]
            elif self.metric == "line" or way:
                offsets = []
                for dr, dc in dirs:
                    k = 1
                    while fits(k * dr, k * dc):
                        offsets.append((k * dr, k * dc))
                        k += 1
            else:
                seen, todo = {(0, 0)}, [(0, 0)]
                while todo:
                    dr, dc = todo.pop()
                    for ddr, ddc in dirs:
                        nd = (dr + ddr, dc + ddc)
                        if nd not in seen and fits(*nd):
                            seen.add(nd)
                            todo.append(nd)
                seen.discard((0, 0))
                offsets = sorted(seen)
            for dr, dc in offsets:
                new = [list(row.replace(letter, ".")) for row in grid]
                for r, c in cells:
                    new[r + dr][c + dc] = letter
                yield tuple("".join(row) for row in new)

    def solve(self):
        """(optimal length or None, number of optimal move sequences)."""
        if self.is_goal(self.start):
            return 0, 1
        layer, seen, depth = {self.start: 1}, {self.start}, 0
        while layer:
            depth += 1
            nxt = {}
            for grid, n in layer.items():
                for child in self.children(grid):
                    if child not in seen:
                        nxt[child] = nxt.get(child, 0) + n
            seen.update(nxt)
            hits = [n for grid, n in nxt.items() if self.is_goal(grid)]
            if hits:
                return depth, sum(hits)
            layer = nxt
        return None, 0

    def cluster(self):
        """(positions reachable, distance of each to the nearest goal
        among them: the histogram)."""
        seen, todo = {self.start}, [self.start]
        for grid in todo:
            for child in self.children(grid):
                if child not in seen:
                    seen.add(child)
                    todo.append(child)
        dist = {g: 0 for g in seen if self.is_goal(g)}
        layer = list(dist)
        while layer:
            nxt = []
            for grid in layer:
                for child in self.children(grid):      # moves are reversible
                    if child not in dist:
                        dist[child] = dist[grid] + 1
                        nxt.append(child)
            layer = nxt
        hist = [0] * (max(dist.values()) + 1) if dist else []
        for d in dist.values():
            hist[d] += 1
        return len(seen), hist


# -- random layouts ------------------------------------------------------------------

def random_rush(rng, w=None, h=None, walls=None):
    """A random one-way layout: a red car A lying across row 3 (or the
    middle row) with its exit on the right, cars and trucks at random, a
    wall or two at times."""
    w = w or rng.choice([4, 5, 6])
    h = h or rng.choice([4, 5, 6])
    row = min(2, h - 1)
    grid = [["."] * w for _ in range(h)]
    a = rng.randrange(0, w - 2)
    grid[row][a] = grid[row][a + 1] = "A"
    ways = {"A": "h"}
    letters = iter("BCDEFGHIJKLMNOPQ")
    for _ in range(rng.choice([1, 2]) if walls is None else walls):
        r, c = rng.randrange(h), rng.randrange(w)
        if grid[r][c] == "." and r != row:
            grid[r][c] = "_"
    for _ in range(60):
        size = rng.choice([2, 2, 3])
        horizontal = rng.random() < 0.5
        r, c = rng.randrange(h), rng.randrange(w)
        cells = [(r, c + k) if horizontal else (r + k, c) for k in range(size)]
        if all(rr < h and cc < w and grid[rr][cc] == "." for rr, cc in cells) and \
                not (horizontal and r == row):
            letter = next(letters, None)
            if letter is None:
                break
            for rr, cc in cells:
                grid[rr][cc] = letter
            ways[letter] = "h" if horizontal else "v"
        if sum(row_.count(".") for row_ in grid) <= w * h // 4:
            break
    parts = [way + "".join(sorted(k for k in ways if ways[k] == way)) for way in "hv"
             if way in ways.values()]
    rows = "/".join("".join(r) for r in grid)
    return f"blocks:{w}x{h}:{rows}:A-R{row + 1}:{','.join(parts)}"


# -- the code form ---------------------------------------------------------------------

def test_fogleman_boards_become_block_codes_everywhere():
    """``rush:`` + 36 characters, the bare 36 and a database line all open
    as the same blocks code, with the red car's exit and every piece's
    way; the code round-trips and says the same position."""
    want = ("blocks:6x6:IBB_../I..LDD/JAAL../J.KEEM/FFK..M/GGHHHM:A-R3:"
            "hABDEFGH,vIJKLM")
    for text in (f"rush:{HARDEST}", HARDEST, f"60 {HARDEST} 2332", f"#rush:{HARDEST}&metric=step",
                 f"rush:{HARDEST.replace('o', '.')}"):
        code, options = codes.split_link(text)
        assert codes.parse(code, options).code() == want, text
    puzzle = codes.parse(want)
    assert puzzle.code() == want and puzzle.ways["A"] == "h" and puzzle.ways["I"] == "v"
    reply = api.run({"op": "describe", "code": f"rush:{HARDEST}"})
    assert reply["code"] == want
    assert reply["exits"] == [{"alternative": 0, "block": "A", "side": "R", "from": 2, "to": 2}]
    assert reply["goals"][0][2] == "????AA" and reply["view"]["ways"]["M"] == "v"
    assert "straight slide" in reply["metric_help"]["move"]      # the counts meet, said
    assert "vehicle" in reply["metric_labels"]["move"]
    seven = "o" * 14 + "AAoBooo" + "oooBooo" + "o" * 21
    assert codes.parse("rush:" + seven).code().startswith("blocks:7x7:")


@pytest.mark.parametrize("board, message", [
    (HARDEST[:35], "has 35"),
    (HARDEST + "o" * 5, "has 41"),
    (HARDEST.replace("GG", "oG"), "Piece G is a single cell"),
    ("IBBBBoIooLDDJAALooJoKEEMFFKooMGGHHHM", "Piece B is 4 cells long"),
    (HARDEST[:34] + "BM", "The letter B marks cells apart"),
    ("IBBxooIBoLDDJAALooJoKEEMFFKooMGGHHHM", "Piece B is bent"),
    (HARDEST.replace("A", "o"), "no red car A"),
    ("IBBxooIAoLDDJAoLooJoKEEMFFKooMGGHHHM", "The red car A stands up and down"),
    ("IBBxooIooLDDJooLooJoKEEMAAKooMGGHHHM", "The red car A is on row 5"),
    (HARDEST[:-1] + "m", "the character 'm'"),
])
def test_broken_boards_say_what_is_wrong(board, message):
    """With ``rush:`` and pasted bare (a bare paste with a character
    Fogleman never writes is no Rush Hour board: "unknown family")."""
    bare = [board] if set(board) <= set("ABCDEFGHIJKLMNOPQRSTUVWXYZox.") else []
    for text in [f"rush:{board}"] + bare:
        with pytest.raises(CodeError, match=message):
            codes.parse(text)
    reply = api.run({"op": "solve", "code": f"rush:{board}"})
    assert not reply["ok"] and message in reply["error"]["message"]


@pytest.mark.parametrize("code, message", [
    ("blocks:4x4:AA../..../..../....:A-R5", "off the board"),
    ("blocks:4x4:AA../..../..../....:A-R1:vA", "slides only up and down"),
    ("blocks:4x4:AA../..../..../....:A-X1", "neither a pattern nor an exit"),
    ("blocks:4x4:AA../..../..../....:B-R1", "names block B"),
    ("blocks:4x4:AA../..../..../....:A-R1:hAB", "names block B, which is not on the board"),
    ("blocks:4x4:AA../..../..../....:A-R1:xA", "should look like hAB,vCD"),
    ("blocks:4x4:AA../..../..../....:A-R1:hA,hA", "twice"),
    ("blocks:4x4:AA._/..../..../....:A-R1", "can never lie there"),
    ("blocks:4x4:AA../..../..../....:A-R1:hA:x", "four fields, five with one-way blocks"),
    ("blocks:4x4:AA../..../..../....:????/????/????/..AA:hA", "only left and right"),
])
def test_exit_and_way_messages(code, message):
    with pytest.raises(CodeError, match=message):
        codes.parse(code)


def test_one_way_codes_round_trip():
    for code in ("blocks:4x4:AA../.B../.B../..CC:A-R1:hAC,vB",
                 "blocks:3x3:AB./C.D/EFG:A-L1:hACF,vBDEG",
                 "blocks:4x5:BAAC/BAAC/DEEF/DGHF/I..J:A-D2-3",
                 "blocks:4x4:AA../.B../.B../....:A-R1;..AA/????/????/????:hA"):
        puzzle = codes.parse(code)
        assert puzzle.code() == code
        assert codes.parse(puzzle.encode(puzzle.start)).start == puzzle.start


# -- Fogleman's database ----------------------------------------------------------------

def _check_line(moves, board, size, metric="move"):
    puzzle = codes.parse("rush:" + board, {"metric": metric})
    assert rush.applies(puzzle)
    result = drain(rush.bfs(puzzle))
    assert result.optimal
    if metric == "move":
        assert result.cost == moves, board
    check_blocks_solution(puzzle, result)
    grp = drain(rush.group(puzzle)).extra
    assert grp["reachable"] == size, board
    assert grp["start_distance"] == result.cost
    if metric == "move":       # the database keeps each cluster's farthest position
        assert grp["max_distance"] == moves
    return result


def test_database_sample():
    """Every other line of the hardest list and a few more: the published
    optimum (proven), the cluster's size, the position the farthest of its
    cluster, the solution replayed; the 60-move one in every count (a
    straight slide is a move)."""
    lines = db_lines()
    assert len(lines) >= 20 and lines[0] == (60, HARDEST, 2332)
    for moves, board, size in lines[:23:2] + lines[23::10]:
        _check_line(moves, board, size)
    by = {m: _check_line(60, HARDEST, 2332, m).cost for m in blocks.METRICS}
    assert by["move"] == by["line"] == 60 and by["step"] > 60


@pytest.mark.slow
def test_database_all():
    for moves, board, size in db_lines():
        _check_line(moves, board, size)


def test_database_against_the_naive_search():
    """The naive grid search agrees on the optimum, the number of optimal
    solutions and the cluster (size and histogram of distances to the goal)
    for three database lines (the hardest among them)."""
    lines = db_lines()
    for moves, board, size in (lines[0], lines[-1], lines[22]):
        code = codes.parse("rush:" + board).code()
        naive = Naive(code, "move")
        length, count = naive.solve()
        fast = drain(rush.bfs(codes.parse(code), count=True))
        assert (fast.cost, fast.extra["solutions"]) == (length, count) and length == moves
        reachable_, hist = naive.cluster()
        grp = drain(rush.group(codes.parse(code))).extra
        assert (grp["reachable"], grp["histogram"]) == (reachable_, hist) and reachable_ == size


# -- random layouts: the engines against the naive search -----------------------------

@pytest.mark.parametrize("seed", range(16))
def test_random_layouts_agree_everywhere(seed):
    """On a random one-way layout, in every counting rule: the one-way
    engine's optimum and count of optimal solutions equal the naive
    search's and the general BFS's; A* with every bound of the registry
    finds the optimum and each bound stays admissible along it; the
    cluster (size, histogram) matches the naive one; "move" and "line"
    agree and "step" counts at least as many; every solution replays."""
    rng = random.Random(seed)
    code = random_rush(rng)
    by = {}
    for metric in blocks.METRICS:
        puzzle = codes.parse(code, {"metric": metric})
        assert rush.applies(puzzle)
        length, count = Naive(code, metric).solve()
        try:
            fast = drain(rush.bfs(puzzle, count=True))
        except NoSolution:
            assert length is None, code
            with pytest.raises(NoSolution):
                drain(blocks_bfs.bfs(puzzle))
            by[metric] = None
            continue
        by[metric] = fast.cost
        assert (fast.cost, fast.extra["solutions"]) == (length, count), (code, metric)
        check_blocks_solution(puzzle, fast)
        general = drain(blocks_bfs.bfs(puzzle, count=True))
        assert (general.cost, general.extra["solutions"]) == (length, count)
        for name, h in puzzle.heuristics.items():
            for i, state in enumerate(fast.states):
                assert h(puzzle.pack(state)) <= length - i, (code, metric, name, i)
            star = drain(blocks_astar.astar(puzzle, heuristic=h))
            assert star.cost == length, (code, metric, name)
            check_blocks_solution(puzzle, star)
        if metric == "move":
            size, hist = Naive(code, metric).cluster()
            grp = drain(rush.group(puzzle)).extra
            assert (grp["reachable"], grp["histogram"]) == (size, hist), code
            slow = drain(reachable.group(puzzle)).extra
            assert (slow["reachable"], slow["histogram"], slow["farthest"]) == \
                (size, hist, grp["farthest"])
    assert by["move"] == by["line"]
    assert by["step"] is None or by["step"] >= by["move"]


@pytest.mark.parametrize("seed", range(6))
def test_one_way_and_free_blocks_together(seed):
    """A random layout with two of its blocks set free (they slide every
    way): the one-way engine does not apply, and the general engines agree
    with the naive search in every count."""
    rng = random.Random(50 + seed)
    fields = random_rush(rng, 4, 4, walls=0).split(":")
    free = [k for k in "BCDEFG" if k in fields[2]][:2]
    ways = [p[0] + "".join(k for k in p[1:] if k not in free) for p in fields[4].split(",")]
    code = ":".join(fields[:4] + [",".join(p for p in ways if len(p) > 1)])
    for metric in blocks.METRICS:
        puzzle = codes.parse(code, {"metric": metric})
        assert rush.applies(puzzle) == (not free)
        length, count = Naive(code, metric).solve()
        if length is None:
            with pytest.raises(NoSolution):
                drain(blocks_bfs.bfs(puzzle))
            continue
        general = drain(blocks_bfs.bfs(puzzle, count=True))
        assert (general.cost, general.extra["solutions"]) == (length, count), (code, metric)
        check_blocks_solution(puzzle, general)


def test_exits_on_every_side_with_free_blocks():
    """A free 2x2 block out through a gap two cells wide at the bottom (a
    Klotski with an exit), and one-way blocks leaving up, left and down:
    each agrees with the naive search."""
    cases = ["blocks:4x4:AAB./AAB./CE.D/C..D:A-D2-3",
             "blocks:4x3:BB../.A../.AC.:A-U2:hB,vAC",
             "blocks:4x3:..AA/BC../BC..:A-L1:hA,vBC",
             "blocks:3x4:A../A.B/..B/CC.:A-D1:vAB,hC"]
    for code in cases:
        for metric in blocks.METRICS:
            puzzle = codes.parse(code, {"metric": metric})
            length, count = Naive(code, metric).solve()
            got = drain(blocks_bfs.bfs(puzzle, count=True))
            assert (got.cost, got.extra["solutions"]) == (length, count), (code, metric)
            check_blocks_solution(puzzle, got)
            if rush.applies(puzzle):
                fast = drain(rush.bfs(puzzle, count=True))
                assert (fast.cost, fast.extra["solutions"]) == (length, count)


def test_the_engine_is_the_methods_and_the_analysis():
    """The family's BFS method and its group view run the one-way engine on
    one-way puzzles (and only there); the API's answers are the engine's."""
    puzzle = codes.parse("rush:" + HARDEST)
    bfs_method = {m.name: m for m in blocks.methods(puzzle)}["bfs"]
    assert bfs_method.run is rush.bfs
    assert {m.name: m for m in blocks.methods(codes.parse("blocks:dad"))}["bfs"].run \
        is blocks_bfs.bfs
    reply = api.run({"op": "solve", "code": "rush:" + HARDEST})
    assert reply["ok"] and reply["optimal"] and reply["length"] == 60
    assert reply["moves"][0][0].isalpha() and reply["move_data"][0]["block"] in "ABCDEFGHIJKLM"
    grp = api.run({"op": "analyze", "code": "rush:" + HARDEST, "from": "group"})
    assert grp["reachable"] == 2332 and grp["max_distance"] == 60
    assert grp["farthest"][0] == reply["code"]


# -- a hard puzzle on demand ----------------------------------------------------------

def test_make_it_hard_loads_the_farthest_position_of_the_cluster():
    """"Make it hard" (generate, hardest, no vehicle count): the farthest
    position of this position's cluster, proven by solving it; from a card
    that is itself its cluster's farthest, another position as far."""
    card = blocks.NAMED["rush3"]
    start = codes.parse(card.code)
    easy = start.encode(drain(rush.bfs(start)).states[5])       # 5 moves into its solution
    reply = api.run({"op": "generate", "code": easy, "difficulty": "hardest", "seed": 1})
    assert reply["ok"] and reply["distance"] == card.known["move"]
    assert reply["generate"]["pieces"] == [1, 16]
    proof = api.run({"op": "solve", "code": reply["code"]})
    assert proof["optimal"] and proof["length"] == reply["distance"]
    assert api.run({"op": "describe", "code": "blocks:dad"})["generate"]["pieces"] is None


def test_new_puzzle_with_a_number_of_vehicles():
    """"New puzzle" with 12 vehicles: a layout of exactly 12 vehicles that
    no preset has, the farthest of its cluster, its distance proven by a
    solve; a seed repeats it."""
    req = {"op": "generate", "code": "rush:" + HARDEST, "difficulty": "hardest",
           "pieces": 12, "seed": 5}
    reply = api.run(req)
    assert reply["ok"], reply
    puzzle = codes.parse(reply["code"])
    assert len(puzzle.block_letters) == 12 and rush.applies(puzzle)
    assert reply["code"] not in {codes.parse(p.code).code() for p in blocks.PRESETS}
    proof = api.run({"op": "solve", "code": reply["code"]})
    assert proof["optimal"] and proof["length"] == reply["distance"] >= 15
    grp = drain(rush.group(puzzle)).extra
    assert grp["max_distance"] == reply["distance"]
    assert api.run(req)["code"] == reply["code"]
    bad = api.run(dict(req, pieces=17))
    assert not bad["ok"] and "from 1 to 16" in bad["error"]["message"]


def test_a_layout_shut_for_good_is_not_measured():
    """layouts._shut, the layout search's filter, is sound: of random 6x6
    layouts, every one it calls shut has no position meeting the goal in
    its cluster (and some are); no Rush Hour preset is shut; a truck across
    the bottom row that pins a truck standing in the exit's way is."""
    def rows_ways(code):
        puzzle = codes.parse(code)
        return puzzle.grid(puzzle.start_labels), puzzle.ways, puzzle
    rows, ways, _ = rows_ways("blocks:6x6:BCCD.E/B.FD.E/AAFD.G/..IIJG/..K.J./HHKLLL:A-R3:"
                              "hACHIL,vBDEFGJK")
    assert layouts._shut(rows, ways)
    for preset in blocks.PRESETS:
        puzzle = codes.parse(preset.code)
        if layouts.applies(puzzle) and puzzle.w == 6:
            assert not layouts._shut(*rows_ways(puzzle.code())[:2]), preset.code
    rng = random.Random(38)
    shut = 0
    for _ in range(150):
        rows, ways, puzzle = rows_ways(random_rush(rng, 6, 6, walls=rng.choice([0, 1])))
        if layouts._shut(rows, ways):
            shut += 1
            assert drain(rush.group(puzzle)).extra["goals"] == 0, puzzle.code()
    assert shut >= 3


def test_a_loose_cluster_is_given_up_near_its_start():
    """rush.group's ``thin``: more positions than allowed within so many
    moves of the start, or in all, end it with SearchLimit; a thin cluster
    (the hardest's: 52 positions within 8 moves, 2,332 in all) is measured
    as without it."""
    hardest = codes.parse("rush:" + HARDEST)
    grp = drain(rush.group(hardest, keep=1, thin=(8, 100, 2332))).extra
    assert (grp["reachable"], grp["max_distance"]) == (2332, 60)
    for thin in ((8, 50, 2332), (8, 100, 2331)):
        with pytest.raises(SearchLimit, match="within 8 moves"):
            drain(rush.group(hardest, keep=1, thin=thin))


def test_the_solver_warm_up_answers():
    """api.WARM_UP, what the memory snapshot runs before it is taken (a Rush
    Hour solve among them): each request answers."""
    for request in api.WARM_UP:
        assert api.run(dict(request))["ok"], request


# -- the editor -------------------------------------------------------------------------

def _edit(code, action, **args):
    reply = api.run({"op": "edit", "code": code, "action": action, "args": args})
    return reply


def test_the_editor_builds_fogleman_s_hardest_from_an_empty_board():
    """Cars and trucks placed by their cells (the way from their shape),
    walls, the red car (its exit becomes the goal): the hardest position,
    letter for letter as Fogleman writes it once renamed, in the family's
    own code."""
    code = "blocks:6x6:" + "/".join(["......"] * 6) + ":" + "/".join(["??????"] * 6)
    board = [HARDEST[r * 6:(r + 1) * 6] for r in range(6)]
    code = _edit(code, "vehicle", cells=[[2, 1], [2, 2]], red=True)["code"]
    letters = sorted({ch for ch in HARDEST if ch not in "oxA"})
    for letter in letters:
        cells = [[r, c] for r in range(6) for c in range(6) if board[r][c] == letter]
        reply = _edit(code, "vehicle", cells=cells)
        assert reply["ok"], reply
        code = reply["code"]
    code = _edit(code, "wall", cells=[[0, 3]])["code"]
    puzzle = codes.parse(code)
    assert drain(rush.bfs(puzzle)).cost == 60
    assert drain(rush.group(puzzle)).extra["reachable"] == 2332
    assert code.split(":")[3] == "A-R3"
    assert api.run({"op": "describe", "code": code})["exits"][0]["block"] == "A"


@pytest.mark.parametrize("action, args, message", [
    ("vehicle", {"cells": [[0, 0], [1, 1]]}, "one row or one column"),
    ("vehicle", {"cells": [[0, 0], [0, 2]]}, "no gap"),
    ("vehicle", {"cells": [[0, 0]]}, "needs its way"),
    ("vehicle", {"cells": [[2, 2], [2, 3]]}, "block A is in the way"),
    ("vehicle", {"cells": [[0, 4], [0, 5]], "red": "yes"}, "true or false"),
    ("way", {"block": "A", "way": "up"}, "every way"),
    ("exit", {"block": "A", "side": "X"}, "U, D, L or R"),
])
def test_editor_messages(action, args, message):
    reply = _edit("rush:" + HARDEST, action, **args)
    assert not reply["ok"] and message in reply["error"]["message"]


def test_editing_keeps_ways_and_exits_consistent():
    """A one-way block cut in two keeps its way in both parts; the red car
    taken off takes its exit with it (and says so); a block set free
    slides every way; a new red car takes the letter A from the old one."""
    code = codes.parse("rush:" + HARDEST).code()
    cut = _edit(code, "erase", cells=[[3, 0]])          # J (rows 3-4, col 0) ... a car
    assert cut["ok"] and codes.parse(cut["code"]).ways.get("J") == "v"
    gone = _edit(code, "remove", block="A")
    assert gone["ok"] and "exit was removed" in gone["note"]
    assert api.run({"op": "describe", "code": gone["code"]})["exits"] == []
    free = _edit(code, "way", block="B", way="")
    assert free["ok"] and "B" not in codes.parse(free["code"]).ways
    assert not rush.applies(codes.parse(free["code"]))
    again = _edit(gone["code"], "vehicle", cells=[[2, 1], [2, 2]], red=True)
    assert again["ok"] and again["code"].split(":")[3] == "A-R3"
    swap = _edit(code, "vehicle", cells=[[1, 1], [1, 2]], red=True)
    assert swap["ok"]
    swapped = codes.parse(swap["code"])
    assert swapped.grid(swapped.start_labels)[1][1:3] == "AA" and swapped.ways["A"] == "h"
    assert sum(row.count("A") for row in swapped.grid(swapped.start_labels)) == 2


def test_play_mode_moves_slide_along_each_vehicle_s_way():
    """The moves op (play mode): every legal move of a Rush Hour position
    slides its vehicle along its own way, in one straight run; the game's
    history is checked move by move; a hint (the solve's first move) is one
    of them."""
    start = codes.parse("rush:" + HARDEST)
    reply = api.run({"op": "moves", "code": start.code()})
    assert reply["ok"] and reply["moves"]
    for m in reply["moves"]:
        data = m["move_data"]
        way = start.ways[data["block"]]
        assert all((dr == 0) == (way == "h") for dr, _dc in data["path"]), m
        assert len({tuple(step) for step in data["path"]}) == 1, m     # one direction
    after = reply["moves"][0]["code"]
    again = api.run({"op": "moves", "code": after, "game": [start.code()]})
    assert again["ok"]
    first = api.run({"op": "solve", "code": start.code()})["moves"][0]
    assert first in [m["move"] for m in reply["moves"]]


# -- the command ------------------------------------------------------------------------

def test_the_command_takes_fogleman_s_form(capsys):
    """The CLI: describe, solve, the cluster (analyze --from group) and a
    new puzzle of 12 vehicles, each from a ``rush:`` code or the bare 36
    characters; a malformed board ends with the message, exit 2."""
    from puzzlelab import cli
    want = codes.parse("rush:" + HARDEST).code()
    assert cli.main(["describe", HARDEST]) == 0
    assert want in capsys.readouterr().out
    assert cli.main(["solve", "rush:" + HARDEST]) == 0
    out = capsys.readouterr().out
    assert out.startswith("60 moves (optimal)") and "A-R3" in out
    assert cli.main(["analyze", HARDEST, "--from", "group"]) == 0
    out = capsys.readouterr().out
    assert "reachable positions: 2,332" in out and "farthest distance:   60" in out
    assert cli.main(["generate", "rush:" + HARDEST, "--difficulty", "hardest",
                     "--pieces", "12", "--seed", "5"]) == 0
    made, rest = capsys.readouterr().out.split("  (", 1)
    assert len(codes.parse(made).block_letters) == 12 and "moves from the goal, proven" in rest
    assert cli.main(["solve", "rush:" + HARDEST.replace("GG", "oG")]) == 2
    assert "Piece G is a single cell" in capsys.readouterr().err
