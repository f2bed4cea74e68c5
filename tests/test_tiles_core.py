"""Sliding tiles, the foundation's spec: codes, parity, the five algorithms
agreeing on optimal costs, the 31-move 8-puzzle, every solution replayed."""

import random

import pytest

import timing
from helpers import replay
from puzzlelab import api, codes
from puzzlelab.errors import CodeError, Unsolvable
from puzzlelab.families import tiles
from puzzlelab.search import ALGORITHMS, drain


@pytest.mark.parametrize("code", [
    "tiles:3x3:867254301",
    "tiles:4x4:edf7bc95602148a3:0123456789abcdef",
    "tiles:2x2:1230",
    "tiles:5x5:123456789abcdefghijklmno0",
    "tiles:7x6:" + ",".join(str(i) for i in list(range(1, 42)) + [0]),
    "tiles:4x2:73654210",
])
def test_round_trip(code):
    puzzle = codes.parse(code)
    assert puzzle.code() == code
    assert codes.parse(puzzle.code()).start == puzzle.start


@pytest.mark.parametrize("code, message", [
    ("tiles:3x3", "no cells"),
    ("tiles:3x:123456780", "should look like 3x3"),
    ("tiles:1x3:120", "from 2 to 10"),
    ("tiles:11x11:1", "from 2 to 10"),
    ("tiles:3x3:12345678", "has 8 cells"),
    ("tiles:3x3:1234567800", "has 10 cells"),
    ("tiles:3x3:123456788", "tile 8 twice"),
    ("tiles:3x3:123456709", "tile 9"),
    ("tiles:3x3:1234567!0", "character '!'"),
    ("tiles:3x3:123456780:12345678", "goal has 8 cells"),
    ("tiles:3x3:123456780:123:4", "at most four fields"),
    ("tile:3x3:123456780", "Unknown puzzle family"),
    ("", "empty"),
    ("tiles:3x3:12345678é", "non-ASCII"),
    ("tiles:7x6:1,2,x", "comma-separated numbers"),
])
def test_invalid_codes(code, message):
    with pytest.raises(CodeError) as info:
        codes.parse(code)
    assert message in info.value.message


def test_parity_answers_impossible_instantly():
    reply = api.run({"op": "solve", "code": "tiles:3x3:213456780"})
    assert reply["ok"] and reply["length"] is None
    assert reply["impossible"]["proof"] == "parity" and reply["impossible"]["label"] == "parity"
    assert "parity" in reply["impossible"]["message"]
    with pytest.raises(Unsolvable):
        tiles.check_solvable(codes.parse("tiles:4x4:123456789abcdfe0"))


def test_parity_with_custom_goal():
    # blank-first goal: Korf #1 is solvable toward it, not toward the default
    korf1 = "tiles:4x4:edf7bc95602148a3"
    tiles.check_solvable(codes.parse(korf1 + ":0123456789abcdef"))
    assert tiles.solvable(*(lambda p: (p.start, p.goal, 4))(codes.parse(korf1))) is False


def random_instance(w, h, steps, rng):
    puzzle = codes.parse(f"tiles:{w}x{h}:" + tiles.format_cells(tiles.default_goal(w * h), w, h))
    state = puzzle.goal
    for _ in range(steps):
        state = rng.choice([s for _, s in puzzle.successors(state)])
    return codes.parse(f"tiles:{w}x{h}:" + tiles.format_cells(state, w, h))


@pytest.mark.parametrize("w, h, seed", [(3, 3, s) for s in range(6)] + [(4, 2, s) for s in range(6)])
def test_algorithms_agree(w, h, seed):
    rng = random.Random(seed)
    puzzle = random_instance(w, h, 14 + seed, rng)
    costs = {}
    for name, algorithm in ALGORITHMS.items():
        result = drain(algorithm(puzzle))
        assert result.optimal
        assert replay(puzzle, result.moves) == puzzle.goal
        assert result.states[-1] == puzzle.goal and len(result.states) == result.cost + 1
        costs[name] = result.cost
    assert len(set(costs.values())) == 1, costs


@pytest.mark.parametrize("algorithm", ["bfs", "bidir", "idastar", "astar"])
def test_hardest_8_puzzle_is_31(algorithm):
    reply = api.run({"op": "solve", "code": "tiles:3x3:867254301", "algorithm": algorithm})
    assert reply["ok"], reply
    assert reply["length"] == 31 and reply["optimal"]
    assert reply["final"] == "tiles:3x3:123456780"
    assert reply["codes"][0] == "tiles:3x3:867254301"
    puzzle = codes.parse("tiles:3x3:867254301")
    assert replay(puzzle, [(m["tile"], m["dir"]) for m in reply["move_data"]]) == puzzle.goal


def test_count_40_solutions():
    for algorithm in ("bfs", "idastar"):
        reply = api.run({"op": "solve", "code": "tiles:3x3:867254301",
                         "algorithm": algorithm, "count": True})
        assert reply["solutions"] == 40


def test_progress_is_yielded():
    gen = api.handle({"op": "solve", "code": "tiles:3x3:867254301", "algorithm": "bfs"})
    records = []
    while True:
        try:
            records.append(next(gen))
        except StopIteration as stop:
            reply = stop.value
            break
    assert reply["length"] == 31
    assert records and all("elapsed" in r and "expanded" in r for r in records)


def test_memory_budget_stops_cleanly():
    reply = api.run({"op": "solve", "code": "tiles:3x3:867254301", "algorithm": "bfs",
                     "max_states": 5000})
    assert reply["ok"] and reply["stopped"]["type"] == "limit" and reply["length"] is None
    assert "memory budget" in reply["stopped"]["message"] and 1 <= reply["lower_bound"] <= 31


def test_farthest_positions_3x3():
    reply = api.run({"op": "analyze", "code": "tiles:3x3:123456780"})
    assert reply["reachable"] == 181440 and reply["max_distance"] == 31
    assert sorted(reply["farthest"]) == ["tiles:3x3:647850321", "tiles:3x3:867254301"]


@pytest.mark.cpython_only      # a subprocess: not inside Pyodide
def test_cli_json_and_text():
    import json, os, subprocess, sys
    pysrc = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "pysrc")
    env = dict(os.environ, PYTHONPATH=pysrc)
    out = subprocess.run([sys.executable, "-m", "puzzlelab", "solve", "tiles:3x3:867254301", "--json"],
                         env=env, capture_output=True, text=True, timeout=timing.seconds(120))
    reply = json.loads(out.stdout)
    assert reply["length"] == 31 and reply["optimal"] and len(reply["moves"]) == 31
    assert reply["final"] == "tiles:3x3:123456780"
    assert reply["stats"]["expanded"] > 0 and reply["stats"]["seconds"] >= 0
    out = subprocess.run([sys.executable, "-m", "puzzlelab", "solve", "tiles:3x3:867254301&algo=bfs",
                          "--count"], env=env, capture_output=True, text=True, timeout=timing.seconds(120))
    assert "31 moves (optimal) by bfs" in out.stdout and "optimal solutions: 40" in out.stdout
    # impossible is a result (exit status 1), a bad code a failed request (2),
    # a search stopped before any solution 3
    impossible = subprocess.run([sys.executable, "-m", "puzzlelab", "solve", "tiles:3x3:213456780"],
                                env=env, capture_output=True, text=True, timeout=timing.seconds(60))
    assert impossible.returncode == 1 and "Impossible, proven by parity" in impossible.stdout
    bad = subprocess.run([sys.executable, "-m", "puzzlelab", "solve", "tiles:3x3:21345678"],
                         env=env, capture_output=True, text=True, timeout=timing.seconds(60))
    assert bad.returncode == 2 and "8 cells" in bad.stderr
    stopped = subprocess.run([sys.executable, "-m", "puzzlelab", "solve", "tiles:3x3:867254301",
                              "--algorithm", "bfs", "--max-states", "5000", "--json"],
                             env=env, capture_output=True, text=True, timeout=timing.seconds(60))
    reply = json.loads(stopped.stdout)
    assert stopped.returncode == 3 and reply["length"] is None and reply["lower_bound"] >= 1
