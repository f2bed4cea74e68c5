"""Sliding blocks, the family's spec: codes and their error messages, known
optimal counts from tests/data/blocks.txt in every count (every one of
them in the slow test; the presets' own counts are their records',
proven in tests/test_presets.py), Tannentei proved in every count, the searches
agreeing with each other and with an independent grid solver written here,
solution counts checked by brute force, every solution replayed.
Family code: pysrc/puzzlelab/families/blocks/."""

import json
import os
import random
import subprocess
import sys

import pytest

import timing
from conftest import ROOT, data_file
from helpers import check_blocks_solution as check_solution, run_method, replay
from puzzlelab import api, codes
from puzzlelab.errors import CodeError, NoSolution, SearchLimit
from puzzlelab.families import blocks
from puzzlelab.families.blocks import bfs as blocks_bfs, reachable as blocks_explore
from puzzlelab.search import ALGORITHMS, drain, explore

HAKOIRI = "blocks:4x5:BAAC/BAAC/DEEF/DGHF/I..J:????/????/????/?AA?/?AA?"
TANNENTEI = ("blocks:5x4:aab../aabcc/defgh/iifgj:??b??/??bcc/??faa/??faa;"
             "????b/??ccb/??faa/??faa")
DIRS = {"U": (-1, 0), "D": (1, 0), "L": (0, -1), "R": (0, 1)}


def load(code, metric="move"):
    return codes.parse(code, {"metric": metric})


def data_rows():
    """(code, move, step, line, id) from blocks.txt ("-": no figure).  Three
    layouts there have 27 single-cell blocks and use '[' for the last; it
    becomes an unused 'z'."""
    out = []
    with open(data_file("blocks.txt"), encoding="utf-8") as fh:
        for line in fh:
            if line.startswith("blocks:"):
                f = [x.strip() for x in line.split("|")]
                out.append((f[0].replace("[", "z"), f[1], f[2], f[3], f[4]))
    return out


# -- an independent reference solver (grids of letters) -----------------------

def _parse_plain(code):
    _fam, size, rows, goals = code.split(":")
    w, h = (int(x) for x in size.split("x"))
    return w, h, tuple(rows.split("/")), [g.split("/") for g in goals.split(";")]


def _cells(grid):
    out = {}
    for r, row in enumerate(grid):
        for c, ch in enumerate(row):
            if ch.isalpha():
                out.setdefault(ch, []).append((r, c))
    return out


class Naive:
    """Breadth-first search on grids of letters; the canonical key writes
    each unnamed block as its shape's number (the union of same-shape blocks
    splits into blocks one way only, so the key is faithful)."""

    def __init__(self, code, metric):
        self.w, self.h, self.start, self.goals = _parse_plain(code)
        self.metric = metric
        named = {ch for g in self.goals for row in g for ch in row if ch.isalpha()}
        shapes = {}
        self.sig = {}
        for letter, cs in _cells(self.start).items():
            r0, c0 = min(cs)
            shape = tuple(sorted((r - r0, c - c0) for r, c in cs))
            self.sig[letter] = letter if letter in named else str(
                shapes.setdefault(shape, len(shapes)))

    def key(self, grid):
        return "".join(self.sig.get(ch, ch) for row in grid for ch in row)

    def is_goal(self, grid):
        for g in self.goals:
            if all(p in "?_" or grid[r][c] == p or (p == "." and grid[r][c] == ".")
                   for r, row in enumerate(g) for c, p in enumerate(row)):
                return True
        return False

    def children(self, grid):
        """Labelled children: one per (block, destination)."""
        for letter, cs in _cells(grid).items():
            base = [list(row.replace(letter, ".")) for row in grid]

            def fits(dr, dc):
                return all(0 <= r + dr < self.h and 0 <= c + dc < self.w
                           and base[r + dr][c + dc] == "." for r, c in cs)
            if self.metric == "step":
                dests = [d for d in DIRS.values() if fits(*d)]
            elif self.metric == "line":
                dests = []
                for dr, dc in DIRS.values():
                    k = 1
                    while fits(k * dr, k * dc):
                        dests.append((k * dr, k * dc))
                        k += 1
            else:
                seen = {(0, 0)}
                todo = [(0, 0)]
                while todo:
                    dr, dc = todo.pop()
                    for ddr, ddc in DIRS.values():
                        nd = (dr + ddr, dc + ddc)
                        if nd not in seen and fits(*nd):
                            seen.add(nd)
                            todo.append(nd)
                seen.discard((0, 0))
                dests = sorted(seen)
            for dr, dc in dests:
                new = [row[:] for row in base]
                for r, c in cs:
                    new[r + dr][c + dc] = letter
                yield tuple("".join(row) for row in new)

    def solve(self):
        """(length or None, number of optimal labelled move sequences)."""
        if self.is_goal(self.start):
            return 0, 1
        layer = {self.key(self.start): (self.start, 1)}
        seen = set(layer)
        depth = 0
        while layer:
            depth += 1
            nxt = {}
            for grid, n in layer.values():
                for child in self.children(grid):
                    k = self.key(child)
                    if k in nxt:
                        nxt[k] = (nxt[k][0], nxt[k][1] + n)
                    elif k not in seen:
                        nxt[k] = (child, n)
            seen.update(nxt)
            goals = [n for grid, n in nxt.values() if self.is_goal(grid)]
            if goals:
                return depth, sum(goals)
            layer = nxt
        return None, 0

    def brute_count(self, length):
        """Every labelled move sequence of exactly ``length`` moves that ends
        on a goal, by plain enumeration (explicit stack)."""
        total = 0
        stack = [(self.start, 0)]
        while stack:
            grid, d = stack.pop()
            if d == length:
                total += self.is_goal(grid)
                continue
            for child in self.children(grid):
                stack.append((child, d + 1))
        return total


def solve(puzzle, algorithm="fast", **kw):
    """``fast``: the family's own BFS; other names: the method of that name
    in the position's contract."""
    if algorithm == "fast":
        return drain(blocks_bfs.bfs(puzzle, **kw))
    return run_method(puzzle, algorithm, **kw)


# -- codes ---------------------------------------------------------------------

@pytest.mark.parametrize("code", [
    HAKOIRI,
    TANNENTEI,
    blocks.NAMED["ells"].code,
    "blocks:3x2:AB./CC.:??A/???",
    "blocks:1x1:.:?",
    "blocks:16x16:" + "/".join(["A" + "." * 15] + ["." * 16] * 15) + ":"
    + "/".join(["?" * 16] * 15 + ["?" * 15 + "A"]),
    "blocks:4x4:AA_./A.B./.CC./_...:??_?/????/?CC./_...",
])
def test_round_trip(code):
    puzzle = codes.parse(code)
    assert puzzle.code() == code
    assert codes.parse(puzzle.code()).start == puzzle.start
    assert puzzle.encode(puzzle.start) == code


def test_docstring_example():
    puzzle = codes.parse("blocks:3x2:AB./CC.:??A/???")
    assert puzzle.start == 1 << 0 | 1 << 7 | 1 << 14 == 16513
    assert puzzle.start_labels == (0, 7, 14)


def test_presets_expand_and_describe():
    for name, preset in blocks.NAMED.items():
        assert codes.parse("blocks:" + name).code() == codes.parse(preset.code).code()
        assert preset in blocks.PRESETS
    assert len(blocks.PRESETS) >= 10
    reply = api.run({"op": "describe", "code": "blocks:hakoiri&metric=step"})
    assert reply["ok"]
    assert reply["view"] == {"family": "blocks", "width": 4, "height": 5,
                             "rows": ["BAAC", "BAAC", "DEEF", "DGHF", "I..J"]}
    assert reply["goals"] == [["????", "????", "????", "?AA?", "?AA?"]]
    assert reply["metric"] == "step" and reply["metrics"] == list(blocks.METRICS)
    assert "Storer" in reply["metric_help"]["line"]
    assert reply["heuristics"] == ["manhattan", "blockers", "pattern"]
    assert codes.parse(HAKOIRI).describe()["heuristics"] == ["misplaced", "blockers", "pattern"]


@pytest.mark.parametrize("code, message", [
    ("blocks:4-5:BAAC", "should look like 4x5"),
    ("blocks:17x5:BAAC:????", "from 1 to 16"),
    ("blocks:4x0:BAAC:????", "from 1 to 16"),
    ("blocks:4x5", "stops after the board size"),
    ("blocks:hakoiro", "Unknown blocks preset"),
    ("blocks:4x5::????", "no rows"),
    ("blocks:4x5:BAAC/BAAC/DEEF/DGHF/I..J", "no goal"),
    ("blocks:4x5:BAAC/BAAC/DEEF/DGHF/I..J:", "no goal"),
    ("blocks:4x5:BAAC/BAAC/DEEF/DGHF:????/????/????/????", "has 4 rows"),
    ("blocks:4x5:BAAC/BAAC/DEEF/DGHF/I..JK:????/????/????/????/????",
     "Row 5 of the position has 5 cells"),
    ("blocks:4x5:BAAC/BAAC/DEEF/DGHF/I.?J:????/????/????/????/????",
     "unknown character '?'"),
    ("blocks:4x5:BAAC/BAAC/DEEF/DGHF/I.-J:????/????/????/????/????",
     "unknown character '-'"),
    ("blocks:4x5:BAAC/BAAC/DEEF/DGHF/I.1J:????/????/????/????/????",
     "unknown character '1'"),
    ("blocks:4x5:BAAC/BAAC/DEEF/DGHF/IA.J:????/????/????/????/????",
     "Block A is split in two"),
    ("blocks:4x5:BAAC/BAAC/DEEF/DGHF/I..J:????/????/????/?ZZ?/?ZZ?",
     "names block Z, which is not on the board"),
    ("blocks:4x5:BAAC/BAAC/DEEF/DGHF/I..J:????/????/????/?AAA/?AA?",
     "no position can meet it"),
    ("blocks:4x5:BAAC/BAAC/DEEF/DGHF/I..J:????/????/????/?A??/???A",
     "no position can meet it"),
    ("blocks:4x5:BAAC/BAAC/DEEF/DGHF/I..J:????/????/????/?AA?",
     "The goal has 4 rows"),
    ("blocks:4x5:BAAC/BAAC/DEEF/DGHF/I..J:????/????/????/?AA?/?AA?;???/????/????/????/????",
     "Row 1 of the goal pattern 2 has 3 cells"),
    ("blocks:4x5:BAAC/BAAC/DEEF/DGHF/I..J:????/????/????/?AA?/?AA?:x",
     "should look like hAB,vCD"),
    ("blocks:4x5:BAAC/BAAC/DEEF/DGHF/I..J:????/????/????/?AA?/?AA?:hA:x",
     "four fields"),
    ("blocks:4x5:BAAC/BAAC/DEEF/DGHF/I..J:????/????/????/?AA?/?A*?",
     "character '*'"),
    ("blocks:3x3:A_./.../...:?.?/???/???", None),          # '.' on a plain cell is fine
    ("blocks:3x3:A../.../...:?_?/???/???", "wall at row 1, column 2"),
    ("blocks:3x3:A_./.../...:?A?/???/???", "no position can meet it"),
])
def test_invalid_codes(code, message):
    if message is None:
        codes.parse(code)
        return
    with pytest.raises(CodeError) as info:
        codes.parse(code)
    assert message in info.value.message


def test_unknown_metric():
    with pytest.raises(CodeError) as info:
        codes.parse(HAKOIRI, {"metric": "lines"})
    assert "Unknown counting rule 'lines'" in info.value.message
    assert "move, step or line" in info.value.message
    reply = api.run({"op": "solve", "code": HAKOIRI + "&metric=tile"})
    assert not reply["ok"] and reply["error"]["type"] == "invalid_code"


def test_states_along_a_solution_encode_and_reparse():
    """Every position of a solution re-parses (same goals) to a puzzle whose
    optimum is the rest of the solution."""
    puzzle = load(blocks.NAMED["dad"].code)
    result = solve(puzzle)
    for i in (0, 10, 30, 58):
        code = puzzle.encode(result.states[i])
        assert code.endswith(":" + puzzle.goals_text())
        again = codes.parse(code)
        assert again.view(again.start) == puzzle.view(result.states[i])
        assert solve(again).cost == result.cost - i
    # canonical and labelled forms of one position show the same shapes: the
    # same blocks on the same cells, each under a letter of its own type (the
    # named block A keeps its letter; twins may trade theirs), and the
    # canonical code re-parses to exactly that position, goal or not
    traded = 0
    last = len(result.states) - 1
    for i, s in enumerate(result.states):
        canon = puzzle.pack(s)
        labelled, canonical = puzzle.grid(s), puzzle.grid(canon)
        assert sorted(map(sorted, _cells(labelled).values())) == \
            sorted(map(sorted, _cells(canonical).values())), (i, labelled, canonical)
        for lrow, crow in zip(labelled, canonical):
            for lch, cch in zip(lrow, crow):
                if lch.isalpha():
                    assert cch.isalpha() and puzzle.type_of[cch] == puzzle.type_of[lch], (i, lch, cch)
                    assert lch not in puzzle.named or cch == lch, (i, lch, cch)
                else:
                    assert cch == lch, (i, labelled, canonical)
        traded += labelled != canonical
        code = puzzle.encode(canon)
        again = codes.parse(code)
        assert again.code() == code
        assert again.view(again.start)["rows"] == canonical
        assert again.is_goal(again.start) == (i == last), i
    assert traded, "no position with twins traded: the check above proved nothing"


# -- known answers -------------------------------------------------------------
# Every preset's counts are its record's (blocks.PRESETS), proven through the
# API in tests/test_presets.py; here they are checked against the data file.

def test_presets_match_the_data_file():
    """The records' move and step counts are the data file's, for every
    preset the file gives them for (it has Tannentei without figures, "?",
    and not the two-L board: their counts were proved here by exhaustive
    BFS)."""
    listed = {code: (mv, st) for code, mv, st, _ln, _id in data_rows() if mv != "?"}
    checked = 0
    for p in blocks.PRESETS:
        if p.code in listed:
            assert listed[p.code] == (str(p.known["move"]), str(p.known["step"])), p.name
            checked += 1
    assert checked >= 10


def _check_data(rows):
    for code, mv, st, ln, ident in rows:
        if mv == "?":
            continue
        for metric, want in zip(blocks.METRICS, (mv, st, ln)):     # the file's columns
            if want == "-":
                continue
            puzzle = load(code, metric)
            try:
                got = str(solve(puzzle).cost)
            except NoSolution:
                got = "none"
            assert got == want, (ident, metric)


def test_data_sample():
    rows = data_rows()
    assert len(rows) == 544
    _check_data(rows[4::40] + [r for r in rows if r[1] == "none"])


@pytest.mark.slow
def test_data_all():
    """All 543 layouts with known counts, in all three counts (the straight-line
    figures recomputed by the data's BFS; Century's and Super Century's as
    Storer published them)."""
    _check_data(data_rows())


def test_hakoiri_reachable_set():
    """25,955 positions reachable from the start with equal-shape blocks
    identified (as recorded in the project's klotski.txt; the figure is the
    preset record's); the same in every count, through the API, the
    farthest from the start as the record says where it says."""
    facts = blocks.NAMED["hakoiri"].facts
    for metric in blocks.METRICS:
        reply = api.run({"op": "analyze", "code": f"blocks:hakoiri&metric={metric}",
                         "from": "start"})
        assert reply["ok"] and reply["reachable"] == facts["group"]
        if metric in facts["farthest_from_start"]:
            assert reply["max_distance"] == facts["farthest_from_start"][metric]
        assert sum(reply["histogram"]) == facts["group"]
        assert reply["farthest_views"][0]["family"] == "blocks"
        puzzle = load("blocks:hakoiri", metric)
        generic = drain(explore(puzzle.successors, puzzle.start))
        assert generic.extra["histogram"] == reply["histogram"]


def test_seed_solutions_and_counts():
    """Optimal solutions counted (Hakoiri-musume's 256 from seed 001), the
    figures the preset records keep, through the engine and the API."""
    checked = 0
    for p in blocks.PRESETS:
        for metric, n in p.facts.get("solutions", {}).items():
            result = solve(load(p.code, metric), count=True)
            assert (result.cost, result.extra["solutions"]) == (p.known[metric], n), p.name
            checked += 1
    assert checked >= 3
    hakoiri = blocks.NAMED["hakoiri"]
    reply = api.run({"op": "solve", "code": "blocks:hakoiri", "count": True})
    assert reply["solutions"] == hakoiri.facts["solutions"]["move"]
    assert reply["length"] == hakoiri.known["move"]


# -- Tannentei -----------------------------------------------------------------

SEED_161 = (  # the best-first solution printed in seed 003 (id, direction)
    "2u 7u 7l 9u 9u 6r 5r 1d 1d 7l 9l 6u 2l 6u 5r 1r 4r 4d 3r 3r 0d 2l 2l 9u "
    "9l 6l 5u 5u 1r 3r 4u 8r 8r 0d 7l 9d 7l 9l 6l 3u 4r 6d 2r 2r 9u 7u 0u 8l "
    "8l 4d 4l 1l 5d 5d 3r 2r 6u 1u 4u 8r 8r 0d 7d 9l 6l 2l 3u 4u 5u 8r 0r 7d "
    "7d 9d 9d 6l 4l 4u 0u 7r 9d 7r 9r 6d 6d 4l 4d 2l 2l 3l 5u 3l 1u 8u 7r 9r "
    "7r 9r 0d 4r 6u 3d 2r 6u 0l 9l 8l 7l 5d 5d 1r 2r 4u 3l 8u 7u 9r 0r 6d 6d "
    "4l 2l 3l 8l 7u 7u 9u 9u 5l 1d 1d 9r 5u 7r 5u 0r 6r 3d 4d 3d 4d 8l 2l 5l "
    "9l 7l 1u 1u 0r 5d 5d 9l 2r 7d 2r 8u 9l 9l 7l 7l 2d").split()


def test_tannentei_seed_solution_replays():
    """The seed's 161 unit steps are legal here and end in a goal (ids 0-9
    are the letters a-j)."""
    puzzle = load(TANNENTEI, "step")
    state = puzzle.start_labels
    for item in SEED_161:
        letter, d = "abcdefghij"[int(item[0])], item[1].upper()
        for move, child in puzzle.successors(state):
            if move.letter == letter and move.path == d:
                state = child
                break
        else:
            raise AssertionError(f"illegal seed move {item}")
    assert len(SEED_161) == 161 and puzzle.is_goal(state)
    assert puzzle.view(state)["rows"] == ["ii..b", "jhccb", "egfaa", "dgfaa"]


@pytest.mark.parametrize("metric", blocks.METRICS)
def test_tannentei_optimum(metric):
    """Proved by exhaustive BFS: 115 moves, 161 unit steps (so the seed's
    best-first 161-step solution was already optimal), 127 straight slides:
    the preset record's figures."""
    want = blocks.NAMED["tannentei"].known[metric]
    puzzle = load("blocks:tannentei", metric)
    result = solve(puzzle)
    assert result.cost == want and result.optimal
    assert 300_000 < result.stats["expanded"] < 400_000
    check_solution(puzzle, result)
    final = tuple(puzzle.view(result.states[-1])["rows"])
    assert Naive(TANNENTEI, metric).is_goal(final)
    print(f"Tannentei, {metric} metric: {result.cost}, "
          f"{result.stats['expanded']:,} states explored")


@pytest.mark.slow
def test_tannentei_generic_bfs_agrees():
    for metric, want in blocks.NAMED["tannentei"].known.items():
        puzzle = load("blocks:tannentei", metric)
        result = drain(ALGORITHMS["bfs"](puzzle))
        assert result.cost == want
        check_solution(puzzle, puzzle.label_result(result))


# -- goals: alternatives, L blocks, named twins, empty cells -------------------

@pytest.mark.slow
def test_l_blocks_two_alternatives():
    """Each alternative alone, and both: the move metric prefers the second,
    the step metric the first."""
    rows = "LL.A_/LBBA./L..CD/EE.MD/_FFMM"
    first = "?????/?LLM?/?L?MM/?L???/?????"
    second = "?????/?????/?LLM?/?L?MM/?L???"
    want = {first: (25, 37), second: (23, 39), first + ";" + second: (23, 37)}
    for goal, (moves, steps) in want.items():
        for metric, n in (("move", moves), ("step", steps)):
            code = f"blocks:5x5:{rows}:{goal}"
            puzzle = load(code, metric)
            result = solve(puzzle)
            assert result.cost == n
            check_solution(puzzle, result)
            if ";" in goal:     # the reference solver agrees (slower: once)
                count = solve(puzzle, count=True).extra["solutions"]
                assert Naive(code, metric).solve() == (n, count)


def test_named_twin_becomes_distinct():
    """In Fat Klotski only A, not the other 2x2, must reach the exit; naming
    the 1x1 'G' of Hakoiri makes it a type of its own."""
    fat = load("blocks:fatklotski")
    assert fat.type_letters[fat.type_of["A"]] == ["A"]
    assert fat.type_letters[fat.type_of["F"]] == ["F"]     # the other 2x2
    hk = load("blocks:4x5:BAAC/BAAC/DEEF/DGHF/I..J:????/????/????/????/G???")
    assert hk.type_letters[hk.type_of["G"]] == ["G"]
    assert hk.type_letters[hk.type_of["H"]] == ["H", "I", "J"]
    result = solve(hk)
    check_solution(hk, result)
    assert hk.view(result.states[-1])["rows"][4][0] == "G"
    assert result.cost == Naive(hk.code(), "move").solve()[0]


def test_goal_with_empty_cells():
    code = "blocks:4x5:BAAC/BAAC/DEEF/DGHF/I..J:..??/????/????/????/????"
    for metric in blocks.METRICS:
        puzzle = load(code, metric)
        result = solve(puzzle)
        assert puzzle.view(result.states[-1])["rows"][0][:2] == ".."
        assert result.cost == Naive(code, metric).solve()[0]
        assert drain(ALGORITHMS["bfs"](puzzle)).cost == result.cost


# -- searches agree ------------------------------------------------------------

SHAPES = [((0, 0),), ((0, 0),), ((0, 0), (0, 1)), ((0, 0), (1, 0)),
          ((0, 0), (0, 1), (1, 0), (1, 1)), ((0, 0), (1, 0), (1, 1)),
          ((0, 0), (0, 1), (1, 1))]


def random_instance(rng, kind):
    """A random small board; the goal comes from a random walk, so it is
    reachable: one named block (``one``), two alternatives (``two``) or the
    complete final position (``full``)."""
    w, h = rng.choice([(3, 3), (4, 3), (3, 4), (4, 4)])
    grid = [["."] * w for _ in range(h)]
    if rng.random() < 0.4:
        grid[rng.randrange(h)][rng.randrange(w)] = "_"
    letters = iter("ABCDEFGHIJKLMNOP")
    empties = rng.choice([2, 3])
    for _ in range(200):
        free = sum(row.count(".") for row in grid)
        if free <= empties:
            break
        shape = rng.choice(SHAPES)
        r, c = rng.randrange(h), rng.randrange(w)
        cells = [(r + dr, c + dc) for dr, dc in shape]
        if len(cells) > free - empties:
            continue
        if all(0 <= rr < h and 0 <= cc < w and grid[rr][cc] == "." for rr, cc in cells):
            letter = next(letters)
            for rr, cc in cells:
                grid[rr][cc] = letter
    rows = tuple("".join(row) for row in grid)
    naive = Naive(f"blocks:{w}x{h}:{'/'.join(rows)}:" + "/".join(["?" * w] * h),
                  "step")

    def walk(n):
        g = rows
        for _ in range(n):
            g = rng.choice(list(naive.children(g)) or [g])
        return g
    present = sorted({ch for row in rows for ch in row if ch.isalpha()})

    def pattern(g, letter):
        return "/".join("".join(ch if ch == letter else "?" for ch in row) for row in g)
    if kind == "full":
        goal = "/".join(walk(rng.randrange(3, 12)))
    elif kind == "two":
        goal = (pattern(walk(rng.randrange(4, 15)), rng.choice(present)) + ";"
                + pattern(walk(rng.randrange(4, 15)), rng.choice(present)))
    else:
        goal = pattern(walk(rng.randrange(4, 20)), rng.choice(present))
    return f"blocks:{w}x{h}:{'/'.join(rows)}:{goal}"


@pytest.mark.parametrize("seed", range(24))
def test_searches_agree_on_random_boards(seed):
    rng = random.Random(seed)
    kind = ["one", "two", "full"][seed % 3]
    code = random_instance(rng, kind)
    for metric in blocks.METRICS:
        puzzle = load(code, metric)
        fast = solve(puzzle, count=True)
        check_solution(puzzle, fast)
        for i, state in enumerate(fast.states):     # the lower bound is one
            assert puzzle.heuristic(puzzle.pack(state)) <= fast.cost - i
        length, n = Naive(code, metric).solve()
        assert (fast.cost, fast.extra["solutions"]) == (length, n), code
        generic = drain(ALGORITHMS["bfs"](puzzle, count=True))
        assert (generic.cost, generic.extra["solutions"]) == (length, n)
        for name in ("astar", "iddfs") if length <= 6 else ("astar",):
            result = solve(puzzle, name)
            assert result.cost == length, (name, code)
            check_solution(puzzle, result)
        if length <= 6:
            ida = solve(puzzle, "idastar", count=True)
            assert (ida.cost, ida.extra["solutions"]) == (length, n)
        if kind == "full":
            assert puzzle.goal_state is not None
            assert "bidir" in [a["name"] for a in api.run(
                {"op": "describe", "code": code})["methods"] if a["available"]]
            bid = solve(puzzle, "bidir")
            assert bid.cost == length
            check_solution(puzzle, bid)
        else:
            assert puzzle.goal_state is None


def test_counts_by_brute_force():
    """Counting on small puzzles against plain enumeration of every move
    sequence of optimal length (counted: sequences of (block, destination)
    moves of the physical blocks from the labelled start)."""
    checked = 0
    rng = random.Random(7)
    while checked < 8:
        code = random_instance(rng, rng.choice(["one", "two"]))
        for metric in blocks.METRICS:
            naive = Naive(code, metric)
            length, n = naive.solve()
            if length is None or not 2 <= length <= 5:
                continue
            got = solve(load(code, metric), count=True).extra["solutions"]
            assert got == n == naive.brute_count(length), (code, metric)
            checked += 1


def test_bidirectional_on_a_complete_goal():
    """A complete target names every block (so none are interchangeable);
    bidirectional BFS, BFS and A* agree."""
    dad = load("blocks:dad")
    target = dad.view(solve(dad).states[12])["rows"]
    code = dad.code().rsplit(":", 1)[0] + ":" + "/".join(target)
    for metric in blocks.METRICS:
        p = load(code, metric)
        assert p.goal_state is not None
        assert len(p.type_shape) == len(p.block_letters)
        bid = solve(p, "bidir")
        fast = solve(p)
        star = solve(p, "astar")
        assert bid.cost == fast.cost == star.cost
        assert metric != "move" or fast.cost <= 12
        for r in (bid, fast, star):
            check_solution(p, r)


# -- failures ------------------------------------------------------------------

def test_no_solution():
    puzzle = load("blocks:4x5:HAAI/HAAI/JKNL/JKOL/P..Q:????/????/????/?AA?/?AA?")
    for search in (blocks_bfs.bfs, ALGORITHMS["bfs"]):
        with pytest.raises(NoSolution) as info:
            drain(search(puzzle))
        assert info.value.details["stats"]["expanded"] > 0
        assert "No solution" in info.value.message
    small = load("blocks:3x1:A.B:??A")
    with pytest.raises(NoSolution) as info:
        solve(small)
    assert info.value.details["stats"]["expanded"] == 3      # A.B, .AB, A.B→AB.
    reply = api.run({"op": "solve", "code": small.code()})
    assert reply["ok"] and reply["length"] is None
    assert reply["impossible"]["proof"] == "search" and "No solution" in reply["impossible"]["message"]


def test_memory_budget():
    puzzle = load("blocks:tannentei")
    with pytest.raises(SearchLimit) as info:
        solve(puzzle, max_states=5000)
    stats = info.value.details["stats"]
    assert stats["peak"] > 5000 and stats["expanded"] > 0
    assert "limit 5,000" in info.value.message
    with pytest.raises(SearchLimit):
        drain(blocks_explore.explore(puzzle, max_states=5000))
    # (auto answers the preset from its stored solution: bfs is asked)
    reply = api.run({"op": "solve", "code": "blocks:tannentei", "algorithm": "bfs",
                     "max_states": 5000})
    assert reply["ok"] and reply["stopped"]["type"] == "limit" and reply["length"] is None


def test_counting_needs_bfs_or_idastar():
    reply = api.run({"op": "solve", "code": "blocks:dad", "algorithm": "astar",
                     "count": True})
    assert not reply["ok"] and reply["error"]["type"] == "bad_request"
    assert reply["error"]["message"] == ("A* cannot count optimal solutions; choose "
                                         "Breadth-first search or IDA*.")


# -- the API and the CLI ---------------------------------------------------------

def test_api_solution_keeps_letters():
    for algorithm in ("auto", "bfs", "astar"):
        reply = api.run({"op": "solve", "code": "blocks:hakoiri",
                         "algorithm": algorithm, "metric": "step"})
        assert reply["ok"] and reply["length"] == blocks.NAMED["hakoiri"].known["step"]
        positions = [p["rows"] for p in reply["positions"]]
        assert positions[0] == ["BAAC", "BAAC", "DEEF", "DGHF", "I..J"]
        for before, after, data, text in zip(positions, positions[1:],
                                             reply["move_data"], reply["moves"]):
            changed = {b for rb, ra in zip(before, after) for b, a in zip(rb, ra) if a != b}
            assert changed <= {data["block"], "."}
            assert text == data["block"] + {(1, 0): "↓", (-1, 0): "↑", (0, 1): "→",
                                            (0, -1): "←"}[tuple(data["path"][0])]
        assert reply["codes"][0] == reply["code"]
        assert codes.parse(reply["final"]).is_goal(codes.parse(reply["final"]).start)


def test_format_move_merges_runs():
    m = blocks.Move("A", 0, 1, "DDR")
    assert blocks.format_path("A", "DDR") == "A↓2→"
    assert blocks.Move("B", 0, 1, "U") == m and hash(m) == hash((0, 1))


@pytest.mark.cpython_only      # subprocesses: not inside Pyodide
@pytest.mark.parametrize("metric", blocks.METRICS)
@pytest.mark.slow
def test_cli_every_preset(metric):
    """``python -m puzzlelab solve blocks:NAME --metric M --json``: the
    record's optimum, proven, for every named preset in every count."""
    env = dict(os.environ, PYTHONPATH=os.path.join(ROOT, "pysrc"))
    for name, preset in blocks.NAMED.items():
        if metric not in preset.known:
            continue
        out = subprocess.run([sys.executable, "-m", "puzzlelab", "solve", "blocks:" + name,
                              "--metric", metric, "--json"], cwd=os.path.join(ROOT, "pysrc"),
                             env=env, capture_output=True, text=True, timeout=timing.seconds(120))
        assert out.returncode == 0, (name, out.stderr)
        reply = json.loads(out.stdout)
        assert reply["ok"] and reply["optimal"], name
        assert reply["length"] == preset.known[metric], (name, metric)


@pytest.mark.cpython_only      # a subprocess: not inside Pyodide
def test_cli_solve_json():
    env = dict(os.environ, PYTHONPATH=os.path.join(ROOT, "pysrc"))
    out = subprocess.run([sys.executable, "-m", "puzzlelab", "solve", "blocks:hakoiri",
                          "--json"], cwd=os.path.join(ROOT, "pysrc"), env=env,
                         capture_output=True, text=True, timeout=timing.seconds(60))
    assert out.returncode == 0, out.stderr
    reply = json.loads(out.stdout)
    assert reply["ok"] and reply["optimal"]
    assert reply["length"] == blocks.NAMED["hakoiri"].known["move"]
    assert reply["final"].startswith("blocks:4x5:")
    assert reply["move_data"][0]["block"] in "ABCDEFGHIJ"


@pytest.mark.parametrize("name", ["hakoiri", "dad", "century"])
def test_the_whole_group_from_its_goals(name):
    """The analyze op's ``from: group``: the start's group (Hakoiri-musume's
    25,955 positions, as klotski.txt records), each position's distance to
    its nearest goal; the start's distance and optimal-solution count agree
    with the counting BFS in all three counts, and a hardest start of the
    group really is that far from the goal."""
    size = blocks.NAMED[name].facts.get("group")
    for metric in blocks.METRICS:
        code = f"blocks:{name}&metric={metric}"
        reply = api.run({"op": "analyze", "code": code, "from": "group"})
        assert reply["ok"] and reply["from"] == "group", reply
        if size is not None:
            assert reply["reachable"] == size
        assert sum(reply["histogram"]) == reply["reachable"]
        assert reply["histogram"][0] == reply["goals"] > 0
        ref = solve(load("blocks:" + name, metric), count=True)
        assert reply["start_distance"] == ref.cost
        assert reply["start_solutions"] == ref.extra["solutions"]
        hardest = reply["farthest"][0]
        far = api.run({"op": "solve", "code": hardest + f"&metric={metric}", "algorithm": "bfs"})
        assert far["length"] == reply["max_distance"] and far["optimal"]


def test_the_group_view_is_for_blocks_only():
    reply = api.run({"op": "analyze", "code": "tiles:3x3:123405786", "from": "group"})
    assert not reply["ok"] and reply["error"]["type"] == "bad_request"
    assert "sliding blocks" in reply["error"]["message"]
    assert api.run({"op": "describe", "code": "blocks:dad"})["group_view"] is True


@pytest.mark.parametrize("bound", sorted(blocks.BOUNDS))
@pytest.mark.parametrize("seed", range(6))
def test_the_blocks_bounds_are_admissible_and_dominate(seed, bound):
    """Along every optimal solution of random boards, in every count that
    offers it, every bound of the registry never exceeds the distance left
    and is never below the count's default bound (the goal blocks' own);
    the family's fast A* and the generic A* with it find the optimum."""
    from puzzlelab.families.blocks import astar as blocks_astar
    rng = random.Random(100 + seed)
    code = random_instance(rng, ["one", "two", "full"][seed % 3])
    offered = 0
    for metric in blocks.METRICS:
        puzzle = load(code, metric)
        if bound not in puzzle.heuristics:
            continue
        offered += 1
        ref = solve(puzzle)
        own = puzzle.heuristic
        h = puzzle.heuristics[bound]
        for i, state in enumerate(ref.states):
            s = puzzle.pack(state)
            assert own(s) <= h(s) <= ref.cost - i, (code, metric, i)
        fast = drain(blocks_astar.astar(puzzle, heuristic=h))
        generic = drain(ALGORITHMS["astar"](puzzle, heuristic=h))
        assert fast.cost == generic.cost == ref.cost, (code, metric)
        check_solution(puzzle, fast)
    assert offered, f"no count offers the bound {bound}"


@pytest.mark.parametrize("seed", range(4))
def test_the_pattern_bound_is_consistent(seed):
    """The pattern bound (the puzzle without its small blocks, solved
    backwards) is 0 on goals and changes by at most one per move along
    random walks: consistent, so admissible everywhere, not only on the
    optimal paths above."""
    rng = random.Random(300 + seed)
    code = random_instance(rng, ["one", "two", "full"][seed % 3])
    for metric in blocks.METRICS:
        puzzle = load(code, metric)
        h = puzzle.pattern
        for _walk in range(5):
            s = puzzle.start
            for _ in range(40):
                children = [c for _m, c in puzzle.successors(s)]
                assert all(abs(h(s) - h(c)) <= 1 for c in children), (code, metric)
                assert h(s) == 0 or not puzzle.is_goal(s)
                s = rng.choice(children)


def test_the_pattern_bound_cuts_the_two_l_board_to_a_few_nodes():
    """On the two-L board A* with the pattern bound expands a few hundred
    positions where BFS expands over twenty thousand (the same optimum in
    every count), and the table is built with progress through prepare."""
    from puzzlelab.families.blocks import astar as blocks_astar, pattern
    for metric in blocks.METRICS:
        puzzle = load("blocks:ells", metric)
        assert list(blocks.prepare(puzzle, "astar", "pattern")) is not None
        assert pattern.dropped_types(puzzle)
        ref = solve(puzzle)
        star = drain(blocks_astar.astar(puzzle, heuristic=puzzle.pattern))
        assert star.cost == ref.cost and ref.stats["expanded"] > 20_000
        assert star.stats["expanded"] < 500, (metric, star.stats)


def test_the_pattern_bound_is_exact_without_small_blocks_and_weighted_a_star_keeps_its_word():
    """With only the goal block on the board nothing is taken out and the
    pattern bound is the exact distance; weighted A* with it stays within
    its factor and reports a proven bound no larger than the optimum."""
    from puzzlelab.families.blocks import astar as blocks_astar, pattern
    code = "blocks:4x4:..AA/..AA/__../....:????/????/??AA/??AA"
    puzzle = load(code, "step")
    assert pattern.dropped_types(puzzle) == []
    ref = solve(puzzle)
    assert puzzle.pattern(puzzle.start) == ref.cost
    puzzle = load(HAKOIRI, "move")
    w = drain(blocks_astar.astar(puzzle, heuristic=puzzle.pattern, factor=1.5))
    check_solution(puzzle, w)
    best = blocks.NAMED["hakoiri"].known["move"]
    assert best <= w.cost <= 1.5 * best and w.extra["lower_bound"] <= best


def test_the_group_stops_at_its_budget_and_knows_a_goalless_group():
    """Tannentei's group (977,544 positions) under a 5,000-position budget
    ends in the budget's plain message; a group with no goal in it says so
    (no goals, an empty histogram) instead of failing."""
    with pytest.raises(SearchLimit, match="budget"):
        drain(blocks_explore.group(load(TANNENTEI), max_states=5000))
    # the goal asks A to sit where a wall-locked B keeps it from ever going
    stuck = load("blocks:3x1:A.B:??A")
    reply = drain(blocks_explore.group(stuck))
    assert reply.extra["goals"] == 0 and reply.extra["histogram"] == []
    assert reply.extra["reachable"] == 3


def test_depth_first_methods_are_offered_but_not_ticked_for_blocks():
    """IDA* and iterative deepening stay available on blocks, but the lab
    does not tick them by default, and says why (they repeat positions that
    several move orders reach); BFS and A* are ticked."""
    methods = {m["name"]: m for m in api.run({"op": "describe", "code": "blocks:dad"})["methods"]}
    for name in ("idastar", "iddfs"):
        assert methods[name]["available"] and not methods[name]["practical"]
        assert "repeats every position" in methods[name]["why_slow"]
    assert methods["bfs"]["practical"] and methods["astar"]["practical"]
    assert methods["astar"]["default_bound"] == "pattern"
