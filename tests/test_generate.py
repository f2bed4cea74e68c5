"""New puzzles at a difficulty (the API's ``generate`` op, the families'
``difficulties`` and ``generate`` hooks): every start is proven at the
distance the reply says, checked here by another method than the one that
made it (breadth-first or bidirectional search, A* or IDA* with another lower
bound), it lies in the difficulty's band, on the same board with the same goal
and counting rule; the requests a position cannot take get plain messages."""

import importlib

import pytest

from puzzlelab import api, protocol
from puzzlelab.families import FAMILIES, family_module

from helpers import records_and_reply

# the module (the package's ``generate`` is the hook of the same name)
blocks_generate = importlib.import_module("puzzlelab.families.blocks.generate")


def describe(code, metric=None):
    reply = api.run({"op": "describe", "code": code, **({"metric": metric} if metric else {})})
    assert reply["ok"], reply
    return reply


def generate(code, metric=None, **fields):
    reply = api.run({"op": "generate", "code": code, **({"metric": metric} if metric else {}),
                     **fields})
    assert reply["ok"], reply
    return reply


def solved_length(code, metric, algorithm, heuristic=None):
    req = {"op": "solve", "code": code, "algorithm": algorithm}
    if metric:
        req["metric"] = metric
    if heuristic:
        req["heuristic"] = heuristic
    reply = api.run(req)
    assert reply["ok"] and reply["optimal"], reply
    return reply["length"]


def in_band(distance, low, high):
    return low <= distance and (high is None or distance <= high)


# (code, counting rule, the independent proof: method and lower bound)
PROVEN_BY = [
    ("tiles:3x3:867254301", None, "bidir", None),
    ("tiles:3x3:867254301", "multi", "bidir", None),
    ("tiles:4x3:123456789ab0", None, "astar", "manhattan"),
    ("tiles:4x4:123456789abcdef0", None, "astar", "manhattan"),
    ("tiles:3x3:123456780:087654321", None, "bidir", None),          # another goal
    ("pegs:english", None, "bfs", None),
    ("pegs:english", "jump", "bfs", None),
    ("pegs:triangle15", None, "astar", None),
]


@pytest.mark.parametrize("code, metric, algorithm, heuristic", PROVEN_BY)
def test_every_difficulty_is_proven_at_its_distance(code, metric, algorithm, heuristic):
    desc = describe(code, metric)
    offer = desc["generate"]
    assert offer["difficulties"] and not offer["why"]
    for level in offer["difficulties"]:
        reply = generate(code, metric, difficulty=level["name"], seed=11)
        assert reply["op"] == "generate" and reply["difficulty"] == level["name"]
        assert in_band(reply["distance"], level["low"], level["high"]), (level, reply["distance"])
        assert reply["band"] == [level["low"], level["high"]]
        # the same board, goal and counting rule; a new start
        assert reply["family"] == desc["family"] and reply["metric"] == desc["metric"]
        assert reply["code"] != desc["code"]
        if desc["family"] == "tiles":
            assert (reply["width"], reply["height"], reply["goal"]) == \
                (desc["width"], desc["height"], desc["goal"])
        if desc["family"] == "pegs":
            assert [r.replace("o", ".") for r in reply["rows"]] == \
                [r.replace("o", ".") for r in desc["rows"]]
        assert solved_length(reply["code"], metric, algorithm, heuristic) == reply["distance"]


def test_a_5x5_puzzle_is_proven_too():
    """A scrambled board beyond 4x4 (made with the pattern databases): checked
    by A* with the Manhattan distance."""
    reply = generate("tiles:5x5:024a918d3567hefbcnikglmjo", difficulty="easy", seed=5)
    assert in_band(reply["distance"], *BANDS_5x5["easy"])
    assert solved_length(reply["code"], None, "astar", "manhattan") == reply["distance"]


BANDS_5x5 = {level["name"]: (level["low"], level["high"]) for level in
             describe("tiles:5x5:024a918d3567hefbcnikglmjo")["generate"]["difficulties"]}


@pytest.mark.parametrize("code, moves, algorithm, heuristic", [
    ("tiles:3x3:867254301", 31, "bidir", None),       # the farthest there is
    ("tiles:3x3:867254301", 1, "bidir", None),
    ("tiles:2x2:1230", 6, "bfs", None),
    ("tiles:4x4:123456789abcdef0", 21, "astar", "manhattan"),
])
def test_exactly_n_moves_from_solved(code, moves, algorithm, heuristic):
    reply = generate(code, moves=moves, seed=3)
    assert reply["distance"] == moves and reply["difficulty"] is None
    assert solved_length(reply["code"], None, algorithm, heuristic) == moves


@pytest.mark.parametrize("code, metric", [("blocks:dad", None), ("blocks:dad", "step"),
                                          ("blocks:dad", "line")])
def test_blocks_come_from_the_group_by_distance(code, metric):
    """Each difficulty's band is its share of the group's farthest start (the
    analyze op's group view measures it), the hardest is the farthest, and
    breadth-first search proves every distance."""
    desc = describe(code, metric)
    group = api.run({"op": "analyze", "code": code, "from": "group",
                     **({"metric": metric} if metric else {})})
    assert group["ok"], group
    names = [level["name"] for level in desc["generate"]["difficulties"]]
    assert names == ["easy", "medium", "hard", "hardest"]
    for name in names:
        reply = generate(code, metric, difficulty=name, seed=2)
        low, high = blocks_generate.band(name, group["max_distance"])
        assert reply["band"] == [low, high] and low <= reply["distance"] <= high
        if name == "hardest":
            assert reply["distance"] == group["max_distance"]
        assert reply["goals"] == desc["goals"]
        assert solved_length(reply["code"], metric, "bfs") == reply["distance"]


def test_a_seed_repeats_a_draw_and_another_differs():
    code = "tiles:4x4:123456789abcdef0"
    a = generate(code, difficulty="medium", seed=42)
    b = generate(code, difficulty="medium", seed=42)
    c = generate(code, difficulty="medium", seed=43)
    assert a["code"] == b["code"] and a["seed"] == 42
    assert c["code"] != a["code"]


@pytest.mark.parametrize("fields, words", [
    ({"code": "tiles:3x3:867254301", "difficulty": "nightmare"}, "Unknown difficulty 'nightmare'"),
    ({"code": "tiles:3x3:867254301"}, "needs a difficulty: easy, medium, hard"),
    ({"code": "tiles:3x3:867254301", "moves": 32}, "from 1 to 31 moves"),
    ({"code": "tiles:3x3:867254301", "moves": 5, "difficulty": "easy"}, "not both"),
    ({"code": "tiles:3x3:867254301", "difficulty": "easy", "pieces": 3}, "no number of pieces"),
    ({"code": "blocks:dad", "moves": 10}, "by difficulty (easy, medium, hard, hardest)"),
    ({"code": "tiles:4x4:123456789abcdef0", "metric": "multi", "difficulty": "easy"},
     "count one tile per move"),
    ({"code": "tiles:6x6:" + ",".join(map(str, list(range(1, 36)) + [0])), "difficulty": "easy"},
     "up to 25 cells"),
    ({"code": "pegs:sq4:ooo/o.o", "difficulty": "easy"}, "too few holes"),
    ({"code": "tiles:3x3:867254301", "difficulty": "easy", "seed": -1}, "seed"),
    ({"code": "tiles:3x3:867254301", "difficulty": "easy", "colour": "red"}, "Unknown field 'colour'"),
])
def test_requests_it_cannot_take_get_plain_messages(fields, words):
    reply = api.run({"op": "generate", **fields})
    assert not reply["ok"] and reply["error"]["type"] == "bad_request", reply
    assert words in reply["error"]["message"], reply["error"]["message"]


def test_describe_says_what_it_offers_and_every_family_answers():
    """describe's ``generate`` is the offer (protocol.Offer) the page builds
    its menu from; every family offers the two hooks."""
    for name in FAMILIES:
        module = family_module(name)
        assert callable(module.difficulties) and callable(module.generate)
    tiles = describe("tiles:3x3:867254301")["generate"]
    assert tiles["moves"] == [1, 31] and tiles["pieces"] is None
    assert [d["name"] for d in tiles["difficulties"]] == ["easy", "medium", "hard"]
    assert all(d["label"] and d["help"] for d in tiles["difficulties"])
    multi = describe("tiles:4x4:123456789abcdef0", "multi")["generate"]
    assert multi["difficulties"] == [] and multi["moves"] is None and "multi-tile" in multi["why"]
    assert protocol.Offer().to_json() == {"difficulties": [], "moves": None, "pieces": None,
                                          "why": ""}


def test_tables_the_worker_fetches_for_a_new_puzzle():
    """The 15-puzzle's proof reads the pattern databases: the tables op names
    them for a generate request; the 8-puzzle's exact table is shipped for
    goals with the blank in the last or the first cell (any tiles), and
    built in memory for the others."""
    big = api.run({"op": "tables", "code": "tiles:4x4:123456789abcdef0", "difficulty": "hard"})
    assert big["ok"] and any(name.endswith(".pdb") for name in big["tables"]), big
    for goal, metric, names in [("", None, ["tiles3x3-exact-b8-tile.bin"]),
                                (":876543210", None, ["tiles3x3-exact-b8-tile.bin"]),
                                (":012345678", "multi", ["tiles3x3-exact-b0-multi.bin"]),
                                (":123405678", None, [])]:
        small = api.run({"op": "tables", "code": "tiles:3x3:867254301" + goal,
                         "difficulty": "hard", **({"metric": metric} if metric else {})})
        assert small["ok"] and small["tables"] == names, (goal, small)


@pytest.mark.parametrize("goal", ["123456780", "876543210", "012345678", "123405678",
                                  "123450678"])
@pytest.mark.parametrize("metric", ["tile", "multi"])
def test_the_exact_table_serves_every_goal_by_renaming_tiles(goal, metric):
    """One table per blank cell (shipped or built) answers every goal with
    that blank cell, its tiles renamed: the distances it gives and a start
    drawn from it agree with breadth-first search from the goal itself."""
    from puzzlelab.families.tiles import exact
    table = exact.exact_table(3, 3, bytes(int(ch) for ch in goal), metric)
    start = bytes(int(ch) for ch in "867254301")
    if table.distance(start) == 255:          # the other half of the positions
        start = start[:2][::-1] + start[2:] if start[0] and start[1] else start
    code = "tiles:3x3:" + "".join(map(str, start)) + ":" + goal
    assert table.distance(start) == solved_length(code, metric, "bidir")
    rank = table.dist.find(bytes([7]))
    here = table.state_at(rank)
    assert table.distance(here) == 7
    assert solved_length("tiles:3x3:" + "".join(map(str, here)) + ":" + goal, metric,
                         "bidir") == 7


def test_progress_while_a_group_is_measured():
    """The generate op passes progress on as its own records (time, tries),
    never the searches' bounds."""
    records, reply = records_and_reply(api.handle({"op": "generate", "code": "blocks:hakoiri",
                                                   "difficulty": "hard", "seed": 1,
                                                   "max_memory": 512}))
    assert reply["ok"], reply
    assert all(r["phase"] == "generate" and "lower_bound" not in r for r in records)


def test_pegs_keep_a_one_peg_goal_and_walk_from_it():
    """The English centre game's goal (one peg in d4) stays; a pattern goal
    becomes one peg where the walk began."""
    desc = describe("pegs:english")
    reply = generate("pegs:english", difficulty="medium", seed=9)
    assert reply["goal"] == desc["goal"]
    pattern = "pegs:sq4:ooooo/ooooo/oo.oo:?????/?????/??o??"
    reply = generate(pattern, difficulty="easy", seed=9)
    assert "".join(reply["goal"]).count("o") == 1 and "?" not in "".join(reply["goal"])


def test_the_command_makes_one(capsys):
    from puzzlelab import cli
    assert cli.main(["generate", "tiles:3x3:867254301", "--difficulty", "easy", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("tiles:3x3:") and "moves from the goal, proven; seed 1" in out
    assert cli.main(["generate", "blocks:dad", "--moves", "9"]) == 2
    assert "by difficulty" in capsys.readouterr().err


@pytest.mark.slow
def test_the_stored_starts_are_the_groups_own():
    """Every preset group with stored starts (starts.json) is measured again
    (the group's breadth-first search from its goals): its size and farthest
    distance are the file's, and every stored start is in the group at its
    stored distance, inside its difficulty's band.  The groups that have
    them are every plain-blocks preset group of STARTS_FROM positions or
    more (tools/known_solutions.py), so a preset whose group grows past it
    (or a rule change) fails here until the file is written again."""
    from puzzlelab import codes
    from puzzlelab.families.blocks.presets import NAMED
    from puzzlelab.search.common import drain
    stored = {(g["preset"], g["metric"]): g for g in blocks_generate.STORED}
    assert {"tannentei", "century", "ells"} <= {p for p, _m in stored}
    for (name, metric), entry in stored.items():
        puzzle = codes.parse(NAMED[name].code, {"metric": metric})
        assert entry["code"] == puzzle.code()
        states, dist = drain(blocks_generate.measure(puzzle))
        assert (len(states), max(dist)) == (entry["positions"], entry["farthest"]), name
        where = dict(zip(states, dist))
        for level, picks in entry["starts"].items():
            low, high = blocks_generate.band(level, entry["farthest"])
            assert picks, (name, metric, level)
            for distance, code in picks:
                assert where.get(state_of(puzzle, code)) == distance, (name, metric, code)
                assert low <= distance <= high


def state_of(puzzle, code):
    """The position ``code`` (encoded by ``puzzle``: its letters) as one of
    ``puzzle``'s canonical states: each block's kind and cells name its
    placement."""
    kind = {ch: t for t, letters in enumerate(puzzle.type_letters) for ch in letters}
    placement = {(puzzle.ptype[g], frozenset(cells)): g for g, cells in enumerate(puzzle.cover)}
    rows = code.split(":")[2].split("/")
    cells = {}
    for r, row in enumerate(rows):
        for c, ch in enumerate(row):
            if ch not in "._":
                cells.setdefault(ch, set()).add(r * puzzle.w + c)
    return puzzle.pack(placement[kind[ch], frozenset(here)] for ch, here in cells.items())


@pytest.mark.parametrize("name", ["tannentei", "century"])
def test_a_big_group_answers_from_its_stored_starts(name):
    """A preset with stored starts, and a game played a few moves from one,
    get a stored start at once (no group measured: no progress record), at
    its stored distance, in the band; a board of the same pieces far from
    every stored start is measured as any other (here the answer is checked
    by the group's own distances)."""
    from puzzlelab.families.blocks.presets import NAMED
    entry = next(g for g in blocks_generate.STORED
                 if g["preset"] == name and g["metric"] == "move")
    known = {code: d for picks in entry["starts"].values() for d, code in picks}
    code = NAMED[name].code
    for level in ("easy", "hardest"):
        records, reply = records_and_reply(api.handle(
            {"op": "generate", "code": code, "difficulty": level, "seed": 4}))
        assert reply["ok"] and not records, (records, reply)
        assert known[reply["code"]] == reply["distance"]
        low, high = reply["band"]
        assert low <= reply["distance"] <= high
        code = reply["code"]
    # a game in play: three moves from the last start
    for _ in range(3):
        code = api.run({"op": "moves", "code": code})["moves"][-1]["code"]
    records, reply = records_and_reply(api.handle(
        {"op": "generate", "code": code, "difficulty": "medium", "seed": 5}))
    assert reply["ok"] and not records and known[reply["code"]] == reply["distance"]


def test_a_position_far_from_the_stored_starts_measures_its_group(monkeypatch):
    """With the search for a stored start cut to one position, a preset's
    start that is not itself stored (the two L blocks, played one move) has
    its group measured: progress records, and BFS proves the distance."""
    from puzzlelab.families.blocks.presets import NAMED
    monkeypatch.setattr(blocks_generate, "MEMBER_STATES", 1)
    code = api.run({"op": "moves", "code": NAMED["ells"].code})["moves"][0]["code"]
    records, reply = records_and_reply(api.handle(
        {"op": "generate", "code": code, "difficulty": "easy", "seed": 6}))
    assert reply["ok"] and records, reply
    assert solved_length(reply["code"], None, "bfs") == reply["distance"]


def test_a_first_easy_puzzle_does_not_wait_for_the_pattern_databases(monkeypatch):
    """Before the 15-puzzle's pattern databases are read, a start of up to
    NEAR moves is proven with linear conflict (they stay unread), and when
    those small proofs all fail, with the databases; A* with Manhattan
    distance or IDA* with walking distance proves the same distances."""
    from puzzlelab.families.tiles import pdb
    tiles_generate = importlib.import_module("puzzlelab.families.tiles.generate")
    monkeypatch.setattr(pdb, "_stored", {})
    code = "tiles:4x4:123456789abcdef0"
    for level in ("easy", "medium"):
        reply = generate(code, difficulty=level, seed=11)
        assert reply["distance"] <= tiles_generate.NEAR and not pdb.is_read(4, 4)
        assert solved_length(reply["code"], None, "idastar", "walking-distance") == \
            reply["distance"]
    monkeypatch.setattr(tiles_generate, "NEAR_ATTEMPTS", 0)   # as if every walk failed
    reply = generate(code, difficulty="easy", seed=12)
    assert pdb.is_read(4, 4)
    assert solved_length(reply["code"], None, "astar", "manhattan") == reply["distance"]
