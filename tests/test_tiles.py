"""Sliding tiles beyond the core spec: lower bounds proven admissible against
exact distances, pattern databases checked against an independent BFS, the
specialised IDA* agreeing with the generic searches, Korf instances solved
at their published lengths, counting, the multi-tile metric, the fast solver,
whole-space histograms, the automatic choice and the tables contract."""

import collections
import functools
import itertools
import math
import random

import pytest

from conftest import data_file
from helpers import replay
from puzzlelab import api, codes, tables
from puzzlelab.errors import Cancelled
from puzzlelab.families import tiles
from puzzlelab.families.tiles import built, exact as tiles_explore, fsm as tiles_fsm, ida as tiles_ida, pdb as tiles_pdb
from puzzlelab.search import ALGORITHMS, drain

def korf100():
    """(number, optimal length, cells) of the Korf instances in
    tests/data/korf100.txt (the ones these tests solve)."""
    out = []
    with open(data_file("korf100.txt"), encoding="utf-8") as f:
        for line in f:
            if line[:1].isdigit():
                p = line.split()
                out.append((int(p[0]), int(p[1]), [int(x) for x in p[2:]]))
    return out


def korf_instance(number):
    found = [x for x in korf100() if x[0] == number]
    assert len(found) == 1, f"Korf instance #{number} is not in tests/data/korf100.txt"
    return found[0]


def korf_code(cells):
    return "tiles:4x4:" + "".join("0123456789abcdef"[t] for t in cells) + ":0123456789abcdef"


@functools.lru_cache(maxsize=8)
def all_states(w, h, goal):
    """Every position that can reach ``goal``, with its exact distance."""
    table = tiles_explore.exact_table(w, h, goal)
    out = {}
    for perm in itertools.permutations(range(w * h)):
        s = bytes(perm)
        d = table.distance(s)
        if d != 255:
            out[s] = d
    return out


def random_walk(w, h, steps, rng, goal=None):
    goal = goal or tiles.default_goal(w * h)
    puzzle = tiles.Tiles(w, h, goal, goal)
    state, prev = goal, None
    for _ in range(steps):
        options = [s for _m, s in puzzle.successors(state) if s != prev]
        prev, state = state, rng.choice(options)
    return state


# -- pattern databases ---------------------------------------------------------

def reference_pdb(w, h, cells, blank):
    """Independent 0-1 BFS over (cells of the pattern tiles, blank cell):
    pattern moves cost 1, blank moves through free cells cost 0; the value
    of a placement is the minimum over the blank's cells."""
    nbrs = tiles_pdb.neighbour_lists(w, h)
    start = tuple(cells) + (blank,)
    dist = {start: 0}
    dq = collections.deque([start])
    k = len(cells)
    while dq:
        s = dq.popleft()
        d = dist[s]
        b, occ = s[k], s[:k]
        for x in nbrs[b]:
            if x in occ:
                i = occ.index(x)
                ns, nd = occ[:i] + (b,) + occ[i + 1:] + (x,), d + 1
                if dist.get(ns, 1 << 30) > nd:
                    dist[ns] = nd
                    dq.append(ns)
            else:
                ns = occ + (x,)
                if dist.get(ns, 1 << 30) > d:
                    dist[ns] = d
                    dq.appendleft(ns)
    best = {}
    for s, d in dist.items():
        if d < best.get(s[:k], 1 << 30):
            best[s[:k]] = d
    return best


@pytest.mark.parametrize("w, h, cells, blank", [
    (3, 3, (0, 1, 2, 3), 8), (4, 2, (4, 5, 6), 7), (4, 4, (4, 5, 8), 0),
    (4, 4, (1, 2, 3), 0), (4, 4, (1, 4, 5), 0),   # the last one walls in the goal blank
])
def test_generator_matches_reference_bfs(w, h, cells, blank):
    table, figures = tiles_pdb.build_sparse(w, h, cells, blank)
    ref = reference_pdb(w, h, cells, blank)
    assert figures["entries"] == len(ref)
    radix = w * h
    for placement, d in ref.items():
        assert table[sum(c * radix ** i for i, c in enumerate(placement))] == d


def test_packed_file_round_trip_and_header():
    cells = (0, 1, 2, 3)
    table, _ = tiles_pdb.build_sparse(3, 3, cells, 8)
    data = tiles_pdb.encode_table(3, 3, cells, table, "gen", "v9", 8)
    header, back = tiles_pdb.decode_table(data)
    assert header["generator"] == "gen" and header["version"] == "v9"
    assert header["cells"] == list(cells) and header["board"] == "3x3"
    md = tiles_pdb._manhattan_sparse(3, 3, cells)
    for i in range(len(table)):
        if table[i] or i == sum(c * 9 ** k for k, c in enumerate(cells)):
            # clamping keeps a lower bound, never above the true value
            assert md[i] <= back[i] <= table[i]
            assert back[i] == table[i] or table[i] - md[i] > 2 * tiles_pdb.CLAMP
    assert tiles_pdb.encode_table(3, 3, cells, table, "gen", "v9", 8) == data   # deterministic


@pytest.mark.parametrize("w, h, groups", [
    (3, 3, [(0, 1, 2, 3), (4, 5, 6, 7)]),
    (4, 2, [(0, 1, 4, 5), (2, 3, 6)]),
])
def test_additive_pdb_admissible(w, h, groups):
    goal = tiles.default_goal(w * h)
    blank = goal.index(0)
    exact = all_states(w, h, goal)
    goal_pos = [0] * (w * h)
    for cell, t in enumerate(goal):
        goal_pos[t] = cell
    pats = [tiles_pdb.make_pattern(w, h, goal_pos, g, list(range(w * h)),
                                   tiles_pdb.build_sparse(w, h, g, blank)[0], "test")
            for g in groups]
    bound = tiles_pdb.partition_bound([pats])
    puzzle = tiles.Tiles(w, h, goal, goal)
    tighter = 0
    for state, d in exact.items():
        hv = bound(state)
        assert hv <= d, (state, hv, d)
        tighter += hv > puzzle.manhattan(state)
    assert tighter > len(exact) // 10      # and it is worth having
    # Not consistent: the minimum over the blank's cells can drop by more than
    # one per move (b'\x03\x02\x05\x07\x04\x06\x01\x08\x00' -> 16, a
    # neighbour 13).  IDA* does not need consistency; the generic A* reopens.


@pytest.mark.parametrize("goal_code", [
    "123456789abcdef0", "0123456789abcdef", "123456789abc0def", "1234c0d5b9e6af87",
])
def test_partitions_cover_any_goal(goal_code):
    goal = bytes(int(c, 16) for c in goal_code)
    parts = tiles_pdb.choose_partitions(4, 4, goal, tiles_pdb.stored_tables(4, 4))
    assert parts
    for pats in parts:
        covered = sorted(t for p in pats for t in p.tiles)
        assert covered == list(range(1, 16))
        state = goal
        pos = [0] * 16
        for cell, t in enumerate(state):
            pos[t] = cell
        assert sum(p.table[p.index(pos)] for p in pats) == 0


# -- lower bounds against exact distances ------------------------------------

# small boards whose every position is known exactly, with two goals
SMALL_GOALS = [
    (3, 3, b"\x01\x02\x03\x04\x05\x06\x07\x08\x00"),
    (3, 3, bytes([1, 2, 3, 4, 0, 5, 6, 7, 8])),
    (4, 2, b"\x00\x01\x02\x03\x04\x05\x06\x07"),
]


@pytest.mark.parametrize("w, h, goal", SMALL_GOALS)
def test_bounds_admissible(w, h, goal):
    exact = all_states(w, h, goal)
    puzzle = tiles.Tiles(w, h, goal, goal)
    rng = random.Random(5)
    sample = rng.sample(sorted(exact), 3000)
    names = [n for n in puzzle.heuristics if n != "exact"]
    assert {"manhattan", "linear-conflict", "walking-distance", "wd+lc"} <= set(names)
    for state in sample:
        d = exact[state]
        values = {n: puzzle.heuristics[n](state) for n in names}
        assert all(v <= d for v in values.values()), (state, d, values)
        assert values["linear-conflict"] >= values["manhattan"]
        assert values["walking-distance"] >= values["manhattan"]
        assert values["wd+lc"] == max(values["walking-distance"], values["linear-conflict"])


def test_incremental_bounds_match_whole_state_bounds():
    rng = random.Random(3)
    puzzle = tiles.Tiles(4, 4, random_walk(4, 4, 40, rng), tiles.default_goal(16))
    for name in ("manhattan", "linear-conflict", "walking-distance", "wd+lc"):
        bound = puzzle.incremental_bound(name)
        board = list(puzzle.start)
        value, hs = bound.init(board)
        assert value == puzzle.heuristics[name](puzzle.start)
        for _ in range(60):
            b = board.index(0)
            c = rng.choice([x for x in range(16) if abs(x % 4 - b % 4) + abs(x // 4 - b // 4) == 1])
            t = board[c]
            board[b], board[c] = t, 0
            value, hs = bound.step(hs, t, c, b, board)
            assert value == puzzle.heuristics[name](bytes(board)), name


# -- the specialised IDA* -----------------------------------------------------

@pytest.mark.parametrize("w, h, steps, seed", [
    (3, 3, 26, 1), (3, 3, 40, 2), (4, 2, 30, 3), (4, 2, 50, 4), (4, 4, 24, 5), (4, 4, 30, 6),
])
def test_specialised_agrees_with_generic(w, h, steps, seed):
    rng = random.Random(seed)
    start = random_walk(w, h, steps, rng)
    code = f"tiles:{w}x{h}:" + tiles.format_cells(start, w, h)
    puzzle = codes.parse(code)
    lengths = {}
    algos = ["idastar", "astar", "bidir"] + (["bfs"] if w * h <= 9 else [])
    for algo in algos:
        generic = drain(ALGORITHMS[algo](puzzle))
        assert replay(puzzle, generic.moves) == puzzle.goal
        lengths["generic " + algo] = generic.cost
    for name in puzzle.heuristics:
        if name == "exact" and w * h > 9:
            continue
        reply = api.run({"op": "solve", "code": code, "algorithm": "idastar", "heuristic": name})
        assert reply["ok"], reply
        assert replay(puzzle, [(m["tile"], m["dir"]) for m in reply["move_data"]]) == puzzle.goal
        lengths[name] = reply["length"]
        assert reply["bound_used"] == name
    assert len(set(lengths.values())) == 1, lengths


KORF_SHORT = [55, 79, 12, 97, 9, 13]          # 41 to 46 moves


@pytest.mark.parametrize("number", KORF_SHORT)
def test_korf_instances_optimal(number):
    _n, length, cells = korf_instance(number)
    code = korf_code(cells)
    reply = api.run({"op": "solve", "code": code, "algorithm": "idastar"})
    assert reply["ok"], reply
    assert reply["algorithm"] == "idastar" and reply["bound_used"] == "pdb"
    assert reply["length"] == length and reply["optimal"]
    # auto (the quick answers racing IDA*) proves the same length
    auto = api.run({"op": "solve", "code": code})
    assert auto["length"] == length and auto["optimal"] and auto["lower_bound"] == length
    puzzle = codes.parse(code)
    assert replay(puzzle, [(m["tile"], m["dir"]) for m in reply["move_data"]]) == puzzle.goal
    # iterations step by two (parity) and end at the optimal length
    bounds = [it["bound"] for it in reply["iterations"]]
    assert bounds[-1] == length and all(b - a == 2 for a, b in zip(bounds, bounds[1:]))


@pytest.mark.parametrize("heuristic", ["wd+lc", "walking-distance", "exact", "linear-conflict"])
def test_count_40_solutions_specialised(heuristic):
    reply = api.run({"op": "solve", "code": "tiles:3x3:867254301", "algorithm": "idastar",
                     "heuristic": heuristic, "count": True})
    assert reply["ok"], reply
    assert reply["length"] == 31 and reply["solutions"] == 40
    assert reply["bound_used"] == heuristic


def test_count_on_4x4_with_pdb():
    # a 16-move position: count with the pattern databases and with WD agree
    rng = random.Random(11)
    start = random_walk(4, 4, 16, rng)
    code = "tiles:4x4:" + tiles.format_cells(start, 4, 4)
    counts = {h: api.run({"op": "solve", "code": code, "algorithm": "idastar",
                          "heuristic": h, "count": True})["solutions"]
              for h in ("pdb", "walking-distance")}
    assert counts["pdb"] == counts["walking-distance"] >= 1


def test_progress_shows_bounds_and_iterations():
    gen = api.handle({"op": "solve", "code": korf_code(korf_instance(9)[2])})
    records = []
    while True:
        try:
            records.append(next(gen))
        except StopIteration as stop:
            reply = stop.value
            break
    assert reply["length"] == 46
    assert any("bound" in r and "iterations" in r for r in records)
    assert reply["iterations"] and all({"bound", "expanded"} <= set(i) for i in reply["iterations"])


@pytest.mark.parametrize("goal_code, blank_note", [
    ("0123456789abcdef", "corner"), ("123456789abcdef0", "corner"),
    ("12345678f0edcba9", "snake-ish"), ("123456789ab0cdef", "inside"),
])
def test_any_goal_4x4(goal_code, blank_note):
    goal = bytes(int(c, 16) for c in goal_code)
    rng = random.Random(len(goal_code) + goal[5])
    start = random_walk(4, 4, 36, rng, goal)
    code = f"tiles:4x4:{tiles.format_cells(start, 4, 4)}:{goal_code}"
    a = api.run({"op": "solve", "code": code, "algorithm": "idastar", "heuristic": "pdb"})
    b = api.run({"op": "solve", "code": code, "heuristic": "wd+lc"})
    assert a["ok"] and b["ok"], (a, b)
    assert a["length"] == b["length"]
    assert a["bound_used"] == "pdb" and a["bound_detail"]
    puzzle = codes.parse(code)
    assert replay(puzzle, [(m["tile"], m["dir"]) for m in a["move_data"]]) == puzzle.goal


# -- multi-tile metric ---------------------------------------------------------

def test_multi_metric_bound_admissible_and_max_24():
    goal = tiles.default_goal(9)
    res = drain(tiles_explore.explore(3, 3, goal, "multi", distances=True))
    assert res.extra["max_distance"] == 24 and res.extra["reachable"] == 181440
    table = tiles_explore.exact_table(3, 3, goal, "multi")
    puzzle = tiles.Tiles(3, 3, goal, goal, "multi")
    rng = random.Random(2)
    exact = all_states(3, 3, goal)
    for state in rng.sample(sorted(exact), 4000):
        d = table.distance(state)
        assert puzzle.multi_manhattan(state) <= d <= exact[state]
        assert puzzle.heuristics["walking-distance"](state) <= d


@pytest.mark.parametrize("w, h, seed", [(3, 3, 1), (3, 3, 2), (4, 2, 3), (4, 2, 4)])
@pytest.mark.slow
def test_multi_metric_optimal_against_bfs(w, h, seed):
    rng = random.Random(seed)
    start = random_walk(w, h, 24, rng)
    code = f"tiles:{w}x{h}:" + tiles.format_cells(start, w, h) + "&metric=multi"
    lengths = {}
    runs = [("bfs", None), ("bidir", None), ("auto", None),
            ("idastar", "walking-distance"), ("idastar", "multi-manhattan"),
            ("astar", "walking-distance")]
    for algo, bound in runs:
        reply = api.run({"op": "solve", "code": code, "algorithm": algo, "heuristic": bound})
        assert reply["ok"], reply
        puzzle, _ = api._puzzle({"code": code})
        moves = [(tuple(m["tiles"]), m["dir"]) for m in reply["move_data"]]
        assert replay(puzzle, moves) == puzzle.goal
        lengths[(algo, bound)] = reply["length"]
    single = api.run({"op": "solve", "code": code.split("&")[0]})["length"]
    assert len(set(lengths.values())) == 1 and lengths[("bfs", None)] <= single, lengths


def test_multi_metric_3x4_auto_is_astar_and_agrees_with_bidir():
    rng = random.Random(4)
    start = random_walk(4, 3, 40, rng)
    code = "tiles:4x3:" + tiles.format_cells(start, 4, 3) + "&metric=multi"
    auto = api.run({"op": "solve", "code": code})
    bidir = api.run({"op": "solve", "code": code, "algorithm": "bidir"})
    assert tiles.auto_method(codes.parse(code.split("&")[0], {"metric": "multi"})) == "astar"
    # the quick answers race A*: the answer may be theirs, proven by A*
    assert auto["optimal"] and auto["algorithm"] in ("astar", "quick")
    assert auto["length"] == bidir["length"] > 10


def test_multi_metric_rejects_unknown_metric():
    reply = api.run({"op": "solve", "code": "tiles:3x3:123456780&metric=moves"})
    assert not reply["ok"] and "Unknown counting rule 'moves'" in reply["error"]["message"]


# -- the fast solver -------------------------------------------------------------

def test_quick_answer_5x5_labelled_with_lower_bound():
    with open(data_file("korf24.txt"), encoding="utf-8") as f:
        line = next(l for l in f if l[:1].isdigit()).split()
    assert line[:2] == ["1", "95"], line      # Korf & Felner's instance #1
    optimal = int(line[1])
    cells = "".join("0123456789abcdefghijklmno"[int(x)] for x in line[2:])
    code = f"tiles:5x5:{cells}:0123456789abcdefghijklmno"
    # auto answers with the quick beam search, then works on a proof far out
    # of reach (95 moves): a Cancel a few records after the first answer
    # ends it with the answer kept
    gen = api.handle({"op": "solve", "code": code})
    seen = 0
    while True:
        rec = next(gen)
        seen += 1 if seen or "improvement" in rec else 0
        if seen > 3:
            try:
                gen.throw(Cancelled("Cancelled."))
            except StopIteration as stop:
                reply = stop.value
                break
    assert reply["ok"], reply
    assert reply["algorithm"] == "quick" and reply["optimal"] is False
    assert reply["stopped"]["type"] == "cancelled"
    assert 50 <= reply["lower_bound"] <= optimal < reply["length"] <= 1.5 * optimal
    puzzle = codes.parse(code)
    assert replay(puzzle, [(m["tile"], m["dir"]) for m in reply["move_data"]]) == puzzle.goal


def test_fast_solver_proves_easy_ones_and_refuses_counting():
    reply = api.run({"op": "solve", "code": "tiles:5x5:123456789abcdefghijklmn0o"})
    assert reply["length"] == 1 and reply["optimal"] is True
    reply = api.run({"op": "solve", "code": "tiles:5x5:123456789abcdefghijklmn0o",
                     "algorithm": "fast", "count": True})
    assert not reply["ok"] and "optimal" in reply["error"]["message"]


def test_fast_solver_multi_metric_and_odd_goal():
    rng = random.Random(8)
    goal = bytes([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 0, 13, 14, 15, 16, 17, 18, 19])
    start = random_walk(5, 4, 80, rng, goal)
    code = f"tiles:5x4:{tiles.format_cells(start, 5, 4)}:{tiles.format_cells(goal, 5, 4)}"
    for link in (code, code + "&metric=multi"):
        reply = api.run({"op": "solve", "code": link, "algorithm": "fast"})
        assert reply["ok"], reply
        assert reply["lower_bound"] <= reply["length"]
        puzzle, _ = api._puzzle({"code": link})
        if "multi" in link:   # a multi-tile bound, not the single-tile one
            assert reply["lower_bound"] == puzzle.heuristic(puzzle.start)
        puzzle, _ = api._puzzle({"code": link})
        md = reply["move_data"]
        moves = ([(tuple(m["tiles"]), m["dir"]) for m in md] if "multi" in link
                 else [(m["tile"], m["dir"]) for m in md])
        assert replay(puzzle, moves) == puzzle.goal


# -- whole state spaces ------------------------------------------------------------

def _facts(goal):
    out = {}
    section = None
    with open(data_file("eight.txt"), encoding="utf-8") as f:
        for line in f:
            line = line.split("#")[0].strip()
            if line.startswith("[goal"):
                continue
            if line.startswith("goal "):
                section = line.split()[1]
            elif line and section == goal:
                key, *vals = line.split()
                out[key] = vals
    assert {"dist", "max_distance"} <= set(out), f"goal {goal} is not in tests/data/eight.txt"
    return out


@pytest.mark.parametrize("goal", ["123456780", "123405678", "103245678"])
def test_histogram_3x3_matches_facts(goal):
    facts = _facts(goal)
    reply = api.run({"op": "analyze", "code": f"tiles:3x3:{goal}:{goal}"})
    assert reply["histogram"] == [int(x) for x in facts["dist"]]
    assert reply["reachable"] == 181440 and reply["max_distance"] == int(facts["max_distance"][0])
    if "positions_at_max" in facts:
        assert sorted(c.split(":")[2] for c in reply["farthest"]) == sorted(facts["positions_at_max"])


@pytest.mark.parametrize("w, h, total", [(4, 2, 20160), (2, 4, 20160), (5, 2, 1814400)])
@pytest.mark.slow
def test_histograms_small_boards(w, h, total):
    goal = tiles.format_cells(tiles.default_goal(w * h), w, h)
    reply = api.run({"op": "analyze", "code": f"tiles:{w}x{h}:{goal}"})
    assert reply["ok"], reply
    assert reply["reachable"] == sum(reply["histogram"]) == total
    assert reply["histogram"][0] == 1 and reply["histogram"][1] == 2
    assert len(reply["farthest"]) == reply["histogram"][-1]
    code = reply["farthest"][0]
    assert api.run({"op": "solve", "code": code})["length"] == reply["max_distance"]


def test_analyze_refuses_boards_beyond_10_cells_at_once():
    reply = api.run({"op": "analyze", "code": "tiles:4x3:123456789ab0"})
    assert not reply["ok"] and reply["error"]["type"] == "limit"
    assert "239,500,800" in reply["error"]["message"]


# -- pattern databases built on demand (boards beyond 4x4) --------------------------

def board_instances():
    """(board, id, optimal, cells) of tests/data/tiles_boards.txt: scrambles
    whose optimal lengths the C yardstick proved (benchmarks/korf_c/ida.c)."""
    out = []
    with open(data_file("tiles_boards.txt"), encoding="utf-8") as f:
        for line in f:
            if line.strip() and not line.startswith("#"):
                p = line.split()
                out.append((p[0], int(p[1]), int(p[3]), [int(x) for x in p[6:]]))
    return out


def board_instance(board, number):
    found = [x for x in board_instances() if x[:2] == (board, number)]
    assert len(found) == 1, f"{board} #{number} is not in tests/data/tiles_boards.txt"
    return found[0]


def _connected(w, cells):
    cells = set(cells)
    todo, seen = [min(cells)], {min(cells)}
    while todo:
        c = todo.pop()
        for d in (c - w, c + w, c - 1 if c % w else -1, c + 1 if c % w < w - 1 else -1):
            if d in cells and d not in seen:
                seen.add(d)
                todo.append(d)
    return seen == cells


@pytest.mark.parametrize("w, h, blank", [
    (5, 5, 24), (5, 5, 0), (5, 5, 12), (6, 6, 35), (7, 3, 20), (3, 7, 20), (6, 2, 11),
    (6, 2, 0), (3, 3, 8)])
def test_built_groups_cover_the_goal(w, h, blank):
    groups = built.choose_groups(w, h, blank)
    assert sorted(c for g in groups for c in g) == [c for c in range(w * h) if c != blank]
    sizes = {len(g) for g in groups}
    assert max(sizes) <= built.group_size(w, h) and max(sizes) - min(sizes) <= 1
    assert (w * h) ** max(sizes) <= built.MAX_ENTRIES
    assert all(_connected(w, g) for g in groups), groups
    if (w, h, blank) == (5, 5, 24):
        assert sorted(map(len, groups)) == [4, 5, 5, 5, 5]      # 5-5-5-5-4
        assert built.mirror(w, h, blank) is not None            # the diagonal
    if (w, h) == (6, 6):
        assert max(sizes) == 4
    # every partition the bound sums covers the same cells, connected groups;
    # the boards with no mirror get alternates that split the first's pairs
    layouts = built.layouts(w, h, blank)
    assert len(set(map(frozenset, layouts))) == len(layouts)      # all different
    assert layouts[0] == groups or (w, h) == (6, 6)   # 6x6: shifted blocks (below)
    for layout in layouts:
        assert sorted(c for g in layout for c in g) == [c for c in range(w * h) if c != blank]
        assert all(_connected(w, g) for g in layout), layout
    if (w, h) == (6, 6):
        assert len(layouts) == 2 and max(len(g) for g in layouts[0]) == 4
    if built.mirror(w, h, blank) is None and (w, h) != (3, 3):
        assert len(layouts) >= 2
        first = {p for g in groups for p in built._pairs(w, g)}
        second = {p for g in layouts[1] for p in built._pairs(w, g)}
        assert second - first        # it groups neighbours the first keeps apart


@pytest.mark.parametrize("w, h, goal", SMALL_GOALS)
def test_built_pdb_admissible_and_exact_with_ida(w, h, goal):
    # the built tables (and their mirror) never exceed the exact distance,
    # are at least Manhattan, and IDA* with them finds exact lengths
    exact = all_states(w, h, goal)
    parts, _detail = built.partitions(w, h, goal)
    bound = tiles_pdb.partition_bound(parts)
    puzzle = tiles.Tiles(w, h, goal, goal)
    rng = random.Random(7)
    sample = rng.sample(sorted(exact), 3000)
    tight = 0
    each = [tiles_pdb.partition_bound([part]) for part in parts]
    for state in sample:
        v = bound(state)
        assert puzzle.manhattan(state) <= v <= exact[state], (state, v, exact[state])
        tight += v == exact[state]
        # every partition's sum has the Manhattan distance's parity (the
        # kernel's next threshold is always the last one plus two)
        assert all((f(state) - puzzle.manhattan(state)) % 2 == 0 for f in each)
    assert tight > 100
    for state in sample[:40]:
        p = tiles.Tiles(w, h, state, goal)
        result = drain(tiles_ida.search(p, tiles_ida.pdb_bound(p, parts, "built")))
        assert result.cost == exact[state] and result.optimal
        assert replay(p, result.moves) == goal
    # the kernel's paths for three partitions and for more (a loop): the
    # same partitions again change no length
    more = (parts * 3)[:4]
    for state in sample[40:60]:
        p = tiles.Tiles(w, h, state, goal)
        for k in (3, 4):
            result = drain(tiles_ida.search(p, tiles_ida.pdb_bound(p, more[:k], "built")))
            assert result.cost == exact[state] and replay(p, result.moves) == goal


@pytest.mark.parametrize("w, h, cells", [(5, 2, (0, 1, 2, 5)), (3, 4, (0, 1, 3, 4, 6))])
def test_sparse_file_round_trip(w, h, cells):
    # the file format of boards beyond 16 cells, tried on small boards:
    # every placement decodes to its distance (extras up to 6 moves kept)
    table, _figures = tiles_pdb.build_sparse(w, h, cells)
    data = tiles_pdb.encode_sparse(w, h, cells, table, "test", "v")
    header, decoded = tiles_pdb.decode_table(data)
    assert header["sparse"] and tuple(header["cells"]) == cells
    radix = w * h
    assert header["entries"] == len(decoded) == radix ** len(cells)
    checked = 0
    for placement in itertools.permutations(range(radix), len(cells)):
        i = sum(c * radix ** j for j, c in enumerate(placement))
        manhattan = sum(abs(c // w - g // w) + abs(c % w - g % w)
                        for c, g in zip(placement, cells))
        assert decoded[i] == manhattan + min((table[i] - manhattan) // 2, 3) * 2
        assert decoded[i] <= table[i]
        checked += 1
    assert checked > 1000


def test_shipped_5x5_tables_are_the_partition_shapes():
    # the corner-blank 5x5 partition reads only shipped 5-tile tables and
    # builds its 4-tile one; the mirror reads the same files
    for goal in (bytes(list(range(1, 25)) + [0]), bytes(range(25))):
        names = built.stored_names(5, 5, goal)
        assert names == sorted(n for n, s in tiles_pdb.TABLES.items() if s["board"] == (5, 5))
        groups = built.choose_groups(5, 5, goal.index(0))
        assert sorted(map(len, groups)) == [4, 5, 5, 5, 5]


@pytest.mark.slow
def test_built_tables_yield_while_built():
    # a build from scratch yields bare ticks (prepare turns them into
    # progress records) at every breadth-first layer of every table
    built.forget()
    goal = bytes(list(range(1, 12)) + [0])
    gen = built.partitions_steps(6, 2, goal)
    ticks = 0
    while True:
        try:
            next(gen)
        except StopIteration as stop:
            parts, detail = stop.value
            break
        ticks += 1
    # no symmetry keeps the corner: the 6-5 groups, then an alternate of 4-4-3
    assert "6-5" in detail and len(parts) == 2
    assert ticks >= 40
    assert built.is_ready(6, 2, goal)
    # and through the family's prepare: progress records of phase "prepare"
    built.forget()
    puzzle = codes.parse("tiles:6x2:123456789ab0")
    records = list(tiles.prepare(puzzle, "idastar", "pdb"))   # a second or more
    assert records and all(r["phase"] == "prepare" for r in records)
    label = next(b.label for b in tiles.bounds(puzzle) if b.name == "pdb")
    assert all(r["table"] == label for r in records)
    assert built.is_ready(6, 2, puzzle.goal)


@pytest.mark.parametrize("board, number", [
    ("6x2", 1), ("6x2", 7),
    pytest.param("7x3", 1, marks=pytest.mark.slow),      # building the tables: seconds
    pytest.param("3x7", 1, marks=pytest.mark.slow)])
def test_built_pdb_optimal_on_scrambles(board, number):
    # auto (the fast answer, then IDA* with the built tables) proves the
    # C yardstick's optimal length, and the solution replays
    _b, _n, optimal, cells = board_instance(board, number)
    w, h = (int(x) for x in board.split("x"))
    code = f"tiles:{board}:" + tiles.format_cells(bytes(cells), w, h)
    reply = api.run({"op": "solve", "code": code})
    assert reply["ok"], reply
    assert reply["length"] == optimal and reply["optimal"] is True
    assert reply.get("heuristic") == "pdb" or reply.get("proved_by") == "idastar" \
        or reply["algorithm"] == "fast"
    puzzle = codes.parse(code)
    assert replay(puzzle, [(m["tile"], m["dir"]) for m in reply["move_data"]]) == puzzle.goal


def test_built_pdb_agrees_with_linear_conflict():
    # the same optimal length from the specialised IDA* with linear conflict
    _b, _n, optimal, cells = board_instance("6x2", 1)
    puzzle = tiles.Tiles(6, 2, bytes(cells), bytes(list(range(1, 12)) + [0]))
    with_pdb = drain(tiles_ida.search(puzzle, puzzle.incremental_bound("pdb")))
    with_lc = drain(tiles_ida.search(puzzle, puzzle.incremental_bound("linear-conflict")))
    assert with_pdb.cost == with_lc.cost == optimal
    assert with_pdb.stats["generated"] < with_lc.stats["generated"]


@pytest.mark.slow
def test_built_pdb_5x5_scramble_optimal():
    # the 5x5 tables (5-5-5-5-4 and the diagonal mirror, about 17 s to
    # build) prove a 58-move scramble's length from the C yardstick
    _b, _n, optimal, cells = board_instance("5x5", 8)
    puzzle = tiles.Tiles(5, 5, bytes(cells), bytes(list(range(1, 25)) + [0]))
    bound = puzzle.incremental_bound("pdb")
    assert len(bound.partitions) == 2
    result = drain(tiles_ida.search(puzzle, bound))
    assert result.cost == optimal and result.optimal
    assert replay(puzzle, result.moves) == puzzle.goal


# -- the automatic choice and the tables contract ----------------------------------

@pytest.mark.parametrize("code, algorithm, bound", [
    ("tiles:3x3:867254301", "idastar", "walking-distance"),
    ("tiles:4x4:d8e39107f54ac26b:0123456789abcdef", "idastar", "pdb"),
    ("tiles:4x3:123456789ab0", "idastar", "walking-distance"),
    ("tiles:5x2:1234567890", "idastar", "walking-distance"),
    # beyond 4x4 up to 36 cells: the quick answers come first (quick_method),
    # then IDA* proves; beyond 36 cells (or line moves beyond 4x4) the quick
    # answers are all auto gives
    ("tiles:6x3:123456789abcdefgh0", "idastar", "pdb"),
    ("tiles:5x5:123456789abcdefghijklmn0o", "idastar", "pdb"),
    ("tiles:7x6:1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32,33,34,35,36,37,38,39,40,0,41", "quick", "linear-conflict"),
    ("tiles:3x3:867254301&metric=multi", "idastar", "exact"),
    ("tiles:4x4:123456789abc0def&metric=multi", "astar", "walking-distance"),
    ("tiles:4x3:123456789ab0&metric=multi", "astar", "walking-distance"),
    ("tiles:5x5:123456789abcdefghijklmn0o&metric=multi", "quick", "multi-manhattan"),
])
@pytest.mark.slow
def test_auto_choice(code, algorithm, bound):
    puzzle, _ = api._puzzle({"code": code})
    assert tiles.auto_method(puzzle) == algorithm
    if bound:
        assert puzzle.best_bound_name() == bound
    reply = api.run({"op": "solve", "code": code})
    quick = tiles.quick_method(puzzle)
    assert reply["ok"] and reply["algorithm"] in (algorithm, quick), reply["algorithm"]
    assert reply["optimal"] or algorithm == "quick"


def test_tables_contract(tmp_path):
    assert isinstance(tables.GENERATOR_VERSION, str) and tables.GENERATOR_VERSION
    assert tables.default_cache_dir().endswith(tables.GENERATOR_VERSION)
    need = api.run({"op": "tables", "code": "tiles:4x4:123456789abcdef0",
                    "heuristic": None, "algorithm": "auto"})
    walks = tiles_fsm.NAME
    assert need == {"ok": True, "op": "tables", "tables": sorted(
        [n for n, spec in tiles_pdb.TABLES.items() if spec["board"] == (4, 4)] + [walks])}
    assert api.run({"op": "tables", "code": "tiles:3x3:123456780"})["tables"] == []
    assert api.run({"op": "tables", "code": "tiles:6x3:123456789abcdefgh0"})["tables"] == [walks]
    five = sorted(n for n, spec in tiles_pdb.TABLES.items() if spec["board"] == (5, 5))
    assert len(five) == 2
    assert api.run({"op": "tables", "code": "tiles:5x5:123456789abcdefghijklmno0"})[
        "tables"] == sorted(need["tables"] + five)
    assert api.run({"op": "tables", "code": "tiles:5x5:123456789abcdefghijklmno0",
                    "algorithm": "fast"})["tables"] == need["tables"]
    assert api.run({"op": "tables", "code": "tiles:6x2:123456789ab0"})["tables"] == [walks]
    assert api.run({"op": "tables", "code": "tiles:4x4:123456789abcdef0",
                    "algorithm": "bfs"})["tables"] == []
    for name in [n for n in need["tables"] if n != walks] + five:
        data = tables.load(name, lambda name=name: tiles_pdb.build_table(name))
        header, _ = tiles_pdb.read_header(data)
        assert header["version"] == tables.GENERATOR_VERSION
        assert tuple(header["cells"]) == tuple(tiles_pdb.TABLES[name]["cells"])
        assert len(data) < 2_000_000
        (tmp_path / name).write_bytes(data)
    tables.register_dir(str(tmp_path))
    assert tables._search_path()[0] == str(tmp_path)


# -- the automaton of duplicate walks (fsm.py) -----------------------------------

def _walk_effect(walk):
    """Play a walk of the blank (codes ULRD) from (0, 0) on an unbounded board:
    (where the blank ends, the tiles moved and where, the box it swept)."""
    steps = [(0, -1), (-1, 0), (1, 0), (0, 1)]
    blank, tiles_at, box = (0, 0), {}, [0, 0, 0, 0]
    for code in walk:
        dx, dy = steps[code]
        nxt = (blank[0] + dx, blank[1] + dy)
        tiles_at[blank] = tiles_at.pop(nxt, nxt)
        blank = nxt
        box = [min(box[0], nxt[0]), max(box[1], nxt[0]), min(box[2], nxt[1]), max(box[3], nxt[1])]
    moved = frozenset((cell, t) for cell, t in tiles_at.items() if cell != t)
    return (blank, moved), box


def test_fsm_forbidden_walks_have_an_earlier_twin():
    # every forbidden walk of up to 8 moves, checked against all 87,380 walks
    # of up to 8 moves played independently: an earlier walk (shorter, or as
    # long and first in the order U L R D) moves every tile the same way and
    # stays inside the forbidden one's box; and the list is not trivial
    earlier = {}
    twins = {}
    for length in range(9):
        for walk in itertools.product(range(4), repeat=length):
            effect, box = _walk_effect(walk)
            earlier.setdefault(effect, []).append((walk, box))
            twins[walk] = effect, box
    walks = tiles_fsm.forbidden_walks(8)
    assert len(walks) == 42 and walks[:4] == [(0, 3), (1, 2), (2, 1), (3, 0)]
    for walk in walks:
        effect, box = twins[walk]
        assert any((len(t), t) < (len(walk), walk) and b[0] >= box[0] and b[1] <= box[1]
                   and b[2] >= box[2] and b[3] <= box[3] for t, b in earlier[effect]), walk
        # none contains another
        assert not any(walk[i:j] in set(walks) for i in range(len(walk))
                       for j in range(i + 2, len(walk) + 1) if (i, j) != (0, len(walk)))


def test_fsm_table_file_extends_the_short_walks():
    # the shipped file (build.py) is the same construction run further
    shipped = tiles_fsm.decode(tables.load(tiles_fsm.NAME, tiles_fsm.build_file))
    assert [w for w in shipped if len(w) <= 10] == tiles_fsm.forbidden_walks(10)
    assert max(map(len, shipped)) == tiles_fsm.FILE_DEPTH and len(shipped) > 2000


@pytest.mark.parametrize("w, h", [(2, 3), (3, 2), (4, 2), (2, 4)])
def test_fsm_keeps_a_shortest_walk_to_every_position(w, h):
    # breadth-first over (position, automaton state): every position is still
    # reached, at its true distance, by walks the automaton lets through
    goal = tiles.default_goal(w * h)
    exact = all_states(w, h, goal)
    trans = tiles_fsm.table()
    code = {-w: 0, -1: 1, 1: 2, w: 3}
    seen = {(goal, 0)}
    best = {goal: 0}
    layer = [(goal, goal.index(0), 0)]
    depth = 0
    pruned = 0
    while layer:
        depth += 1
        nxt = []
        for state, b, s in layer:
            r, c = divmod(b, w)
            for step, ok in ((-w, r > 0), (-1, c > 0), (1, c < w - 1), (w, r < h - 1)):
                t = trans[4 * s + code[step]] if ok else None
                if t is None:
                    continue
                if t < 0:
                    pruned += 1
                    continue
                cells = bytearray(state)
                cells[b], cells[b + step] = cells[b + step], 0
                new = bytes(cells)
                if (new, t) not in seen:
                    seen.add((new, t))
                    best.setdefault(new, depth)
                    nxt.append((new, b + step, t))
        layer = nxt
    assert best == exact
    assert pruned > 0


def test_fsm_prunes_nodes_and_keeps_lengths():
    # the same optimal length with the automaton and with the move back alone
    # (a 6x2 scramble of the benchmark set, 60 moves), in far fewer nodes
    assert_saves_nodes(board_instance("6x2", 7), tiles_fsm, "DEPTH", 2)


def assert_saves_nodes(instance, module, name, off):
    """Solve a scramble of the benchmark set with ``module.name`` as it is
    and set to ``off``: the same optimal length, the first in 1.5x fewer
    nodes, and its moves reach the goal."""
    board, _n, optimal, cells = instance
    w, h = (int(x) for x in board.split("x"))
    puzzle = tiles.Tiles(w, h, bytes(cells), tiles.default_goal(w * h))
    bound = puzzle.incremental_bound("pdb")
    full = drain(tiles_ida.search(puzzle, bound))
    kept = getattr(module, name)
    try:
        setattr(module, name, off)
        plain = drain(tiles_ida.search(puzzle, bound))
    finally:
        setattr(module, name, kept)
    assert full.cost == plain.cost == optimal
    assert replay(puzzle, full.moves) == puzzle.goal
    assert full.stats["expanded"] * 1.5 < plain.stats["expanded"]


# -- children tried best first near the root (ida._ordered) ----------------------

def test_ordered_children_are_a_permutation_sorted_by_bound():
    # a 6x2 scramble's first position: its children, smallest bound first
    # (of equal bounds, the largest smallest partition sum), the sentinel last
    puzzle = tiles.Tiles(6, 2, bytes(board_instance("6x2", 7)[3]), tiles.default_goal(12))
    bound = puzzle.incremental_bound("pdb")
    board = list(puzzle.start)
    b = board.index(0)
    around = tiles_ida.neighbours(6, 2)[b] + (-1,)
    parts = bound.partitions
    pos = [0] * 12
    for cell, t in enumerate(board):
        pos[t] = cell
    octx, sums = [], []
    for pats in parts[:3]:
        P, O = tiles_ida._tile_maps(pats, 12)
        I = [p.index(pos) for p in pats]
        V = [p.table[i] for p, i in zip(pats, I)]
        octx.append((P, O, [p.table for p in pats], I, V))
        sums.append(sum(V))
    got = tiles_ida._ordered(around, b, board, tuple(octx), tuple(sums))
    assert got[-1] == -1 and sorted(got[:-1]) == sorted(around[:-1])

    def child_bounds(c):
        child = list(board)
        child[b], child[c] = child[c], 0
        return [sum(p.table[p.index([child.index(t) for t in range(12)])] for p in pats)
                for pats in parts[:3]]
    keys = [(max(child_bounds(c)), -min(child_bounds(c))) for c in got[:-1]]
    assert keys == sorted(keys)


@pytest.mark.slow      # two 6x6 searches: 11 s in CPython, 20 s inside Pyodide
def test_child_order_changes_nodes_not_lengths():
    # the 6x6 scramble whose last iteration depends most on the order
    # (61 moves): the same length with and without ordering, fewer nodes with
    assert_saves_nodes(board_instance("6x6", 6), tiles_ida, "ORDER_DEPTH", 0)


# -- the search in parts (ida.plan_parts, ida.search_part; the API's part op) ------

def test_parts_of_each_iteration_add_up_to_the_search_in_one_piece():
    # Korf #9 (46 moves), planned with a tiny budget so it is split: every
    # bound below the optimum comes back empty in every part, the parts of
    # each iteration expand what the search in one piece expands below the
    # frontier, and the first solution found replays to the goal at 46
    _n, optimal, cells = korf_instance(9)
    puzzle = codes.parse(korf_code(cells))
    bound = puzzle.incremental_bound("pdb")
    report = []
    whole = drain(tiles_ida.search(puzzle, bound, report=report))
    per_bound = {rec["bound"]: rec["expanded"] for rec in report}
    result, limit = drain(tiles_ida.plan_parts(puzzle, bound, max_nodes=50))
    assert result is None and tiles_ida.SPLIT_DEPTH < limit <= optimal
    above = sum(3 ** d for d in range(tiles_ida.SPLIT_DEPTH + 1))   # nodes above the frontier, at most
    parts = 4
    while True:
        replies = [drain(tiles_ida.search_part(puzzle, bound, parts, k, limit)) for k in range(parts)]
        found = [r[0] for r in replies if r[0] is not None]
        if found:
            break
        assert limit < optimal
        expanded = sum(r[2] for r in replies)
        assert 0 <= per_bound[limit] - expanded <= above, (limit, per_bound[limit], expanded)
        assert not any(r[1] for r in replies)      # nothing exhausted on a solvable board
        limit += 2
    assert limit == optimal == whole.cost
    for sol in found:
        assert sol.cost == optimal and replay(puzzle, sol.moves) == puzzle.goal
    # the same parts again (the worker keeps each position's kernel between
    # bounds, but not one that stopped at a solution): the same answers
    again = [drain(tiles_ida.search_part(puzzle, bound, parts, k, limit)) for k in range(parts)]
    assert [r[0] is not None for r in again] == [r[0] is not None for r in replies]
    assert [r[2] for r in again] == [r[2] for r in replies]
    for k in range(parts):
        before = drain(tiles_ida.search_part(puzzle, bound, parts, k, limit - 2))
        assert before[0] is None


def test_one_part_searches_the_last_iteration_as_the_search_in_one_piece():
    # the whole frontier as one part, at the optimal bound: the same first
    # solution as the search in one piece, found after the same nodes but
    # those above the frontier (children ordered down to the same depth of
    # the whole search: a part once ordered them ten moves below its own
    # start, and searched the last iteration in another order)
    above = sum(3 ** d for d in range(tiles_ida.SPLIT_DEPTH + 1))
    for k in (9, 12, 13, 55, 79, 97):
        _n, optimal, cells = korf_instance(k)
        puzzle = codes.parse(korf_code(cells))
        bound = puzzle.incremental_bound("pdb")
        report = []
        whole = drain(tiles_ida.search(puzzle, bound, report=report))
        last = {rec["bound"]: rec["expanded"] for rec in report}[optimal]
        found, _exhausted, expanded, _generated = drain(
            tiles_ida.search_part(puzzle, bound, 1, 0, optimal))
        assert found.moves == whole.moves, k
        assert 0 <= last - expanded <= above, (k, last, expanded)


def test_parts_are_runs_of_the_order_short_at_its_start():
    # every frontier position in exactly one part, each part a run of the
    # order, the first parts the shortest (the workers search the start of
    # the order side by side in the last iteration)
    for n in (1, 5, 17, 100, 174, 450):
        for parts in (1, 2, 8, 16, 24):
            runs = [list(tiles_ida.part_slice(n, parts, k)) for k in range(parts)]
            assert sorted(i for run in runs for i in run) == list(range(n))
            assert all(run == list(range(run[0], run[-1] + 1)) for run in runs if run)
            sizes = [len(run) for run in runs]
            if n >= 4 * parts:
                assert sizes[0] <= sizes[parts // 2] and sizes[0] <= n // parts


def test_the_frontier_follows_the_order_of_the_search_in_one_piece():
    # the frontier's walks are distinct, all SPLIT_DEPTH moves long, kept by
    # the automaton, and the first one is the first walk the search in one
    # piece takes (its children best first)
    _n, _optimal, cells = korf_instance(9)
    puzzle = codes.parse(korf_code(cells))
    bound = puzzle.incremental_bound("pdb")
    nodes = tiles_ida.frontier(puzzle, bound)
    walks = [tuple(blanks) for blanks, _state, _h in nodes]
    assert len(set(walks)) == len(walks) > 50
    assert all(len(w) == tiles_ida.SPLIT_DEPTH + 1 for w in walks)
    board = list(puzzle.start)
    b = board.index(0)
    around = tiles_ida.neighbours(4, 4)
    first = [b]
    for _ in range(tiles_ida.SPLIT_DEPTH):
        best = None
        for c in around[b]:
            if len(first) > 1 and c == first[-2]:
                continue
            child = list(board)
            child[b], child[c] = child[c], 0
            pos = [child.index(t) for t in range(16)]
            sums = [sum(p.table[p.index(pos)] for p in pats) for pats in bound.partitions[:3]]
            key = (max(sums), -min(sums))
            if best is None or key < best[0]:
                best = (key, c, child)
        _key, b, board = best
        first.append(b)
    assert walks[0] == tuple(first)


def test_the_part_op_refuses_what_it_cannot_split():
    code = korf_code(korf_instance(9)[2])
    for req, words in [({"algorithm": "bfs"}, "cannot split its search"),
                       ({"limit": 50}, "both its bound"),
                       ({"parts": 4, "index": 4, "limit": 50}, "part number"),
                       ({"parts": 0}, "number of parts"),
                       ({"count": True}, "Unknown field 'count'")]:
        reply = api.run(dict({"op": "part", "code": code}, **req))
        assert not reply["ok"] and words in reply["error"]["message"], (req, reply)
    # the plan of an easy position is the solve itself, proven
    plan = api.run({"op": "part", "code": "tiles:3x3:867254301"})
    assert plan["ok"] and plan["solved"]["length"] == 31 and plan["solved"]["optimal"]


def _radii():
    rows = {}
    with open(data_file("tiles_radii.txt"), encoding="utf-8") as f:
        for line in f:
            if line.strip() and not line.startswith("#"):
                board, stm, mtm = line.split()
                rows[board] = {"tile": int(stm), "multi": int(mtm)}
    return rows


@pytest.mark.parametrize("board", ["2x2", "3x2", "4x2", "3x3",
                                   pytest.param("5x2", marks=pytest.mark.slow)])
def test_radii_by_analysis(board):
    """The analyze op (the whole space, breadth-first from the goal) gives
    each small board's published radius in both metrics: the largest
    optimal distance, e.g. 24 multi-tile moves on 3x3 and 36 on 5x2."""
    w, h = map(int, board.split("x"))
    cells = "".join("123456789abcdefghijklmnopqrstuvwxyz"[i] for i in range(w * h - 1)) + "0"
    for metric, radius in _radii()[board].items():
        reply = api.run({"op": "analyze", "code": f"tiles:{board}:{cells}", "metric": metric,
                         "max_memory": 2048})
        assert reply["ok"], reply
        assert reply["max_distance"] == radius, (board, metric, reply["max_distance"])
        assert reply["reachable"] == math.factorial(w * h) // 2
