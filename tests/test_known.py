"""What the project already knows answers first (the families' ``known``
hooks, api.py's Anytime): a stored table that holds the position gives its
proven optimum with a solution at once, before any search -- pegs' minimum-
move tables (every entry, its symmetric images, every position along its
solution), the peg presets' stored solutions, the blocks presets' -- and
play mode's never-lose marks read the same solutions.  Every stored answer
is replayed through the API (every move legal, the goal reached) and
checked against the figure it claims.  Runs in CPython and inside Pyodide.
"""

import pytest

from puzzlelab import api, codes
from puzzlelab.families import blocks, pegs
from puzzlelab.families.blocks import stored as blocks_stored
from puzzlelab.families.pegs import minima_stored, stored as pegs_stored

PEG_TABLES = ["pegs:english", "pegs:french", "pegs:triangle15", "pegs:triangle21",
              "pegs:triangle28"]


def solve(code, **fields):
    reply = api.run(dict({"op": "solve", "code": code}, **fields))
    assert reply["ok"], reply.get("error")
    return reply


def replayed(reply, metric=None):
    """The reply's solution, opened as a link: the same positions, checked
    move by move."""
    link = reply["code"] + (f"&metric={metric}" if metric else "")
    again = api.run({"op": "replay", "code": link, "path": reply["path"]})
    assert again["ok"], again.get("error")
    assert again["codes"] == reply["codes"] and again["length"] == reply["length"]


def table_entries(code):
    board = codes.parse(code).board
    rows, complete = minima_stored.solutions(board)
    assert rows and complete, code
    return board, rows


@pytest.mark.parametrize("board_code", PEG_TABLES)
def test_every_minima_entry_answers_at_once_and_replays(board_code):
    """Each proven entry of a stored minimum-move table: auto answers from
    the table (no search: nothing expanded), proven optimal, the entry's
    length, and the solution replays."""
    board, rows = table_entries(board_code)
    for start, finish, moves, _text in rows:
        s = board.full & ~(1 << start)
        puzzle = pegs.Pegs(board, s, (1 << finish, board.full & ~(1 << finish), 0))
        reply = solve(puzzle.code())
        assert reply["algorithm"] == "table" and reply["optimal"], (start, finish)
        assert reply["length"] == reply["lower_bound"] == moves
        assert reply["stats"]["expanded"] == 0
        replayed(reply)


def test_images_and_positions_along_a_stored_solution():
    """English c1 -> c1 (16 moves): its mirror images, and every position
    along its solution (m - k moves from the finish, proven), answer from the
    table; with the goal one peg anywhere its start answers the table's
    least minimum over its finishes, proven (the table holds every finish)."""
    board, rows = table_entries("pegs:english")
    start, finish, moves, _text = next(r for r in rows if r[2] == 16)
    s = board.full & ~(1 << start)
    base = pegs.Pegs(board, s, (1 << finish, board.full & ~(1 << finish), 0))
    first = solve(base.code())
    for k, perm in enumerate(board.symmetries):
        image = board.image(s, k)
        goal = 1 << perm[finish]
        reply = solve(pegs.Pegs(board, image, (goal, board.full & ~goal, 0)).code())
        assert reply["algorithm"] == "table" and reply["optimal"] and reply["length"] == moves
        replayed(reply)
    for k in (1, 5, moves - 1):
        reply = solve(first["codes"][k])
        assert reply["algorithm"] == "table" and reply["optimal"], k
        assert reply["length"] == moves - k
        replayed(reply)
    anywhere = solve(pegs.Pegs(board, s, None).code())
    least = min(m for a, _f, m, _t in rows if a == start)
    assert anywhere["algorithm"] == "table" and anywhere["optimal"]
    assert anywhere["length"] == least
    replayed(anywhere)


def test_the_issue_cases_answer_the_table_at_once():
    """English c1 complement 16, French d2 -> d6 20, French c1 (one peg
    anywhere) 20: proven at once, where auto used to show 28, 33 and 33
    "best so far" for minutes."""
    for code, moves in (("pegs:english-c1-complement", 16), ("pegs:french-d2-d6", 20),
                        ("pegs:french", 20)):
        reply = solve(code)
        assert reply["algorithm"] == "table" and reply["optimal"] and reply["length"] == moves
        assert reply["improvements"] == [{"length": moves, "seconds": reply["improvements"][0]
                                          ["seconds"], "algorithm": "table", "optimal": True}]


def test_peg_preset_solutions_replay_and_say_what_they_prove():
    """The stored solutions of the slow presets: each replays, its length
    and proof as stored; auto shows it first, and an unproven one keeps its
    stored lower bound (never above the length) while the search goes on."""
    assert {e["preset"] for e in pegs_stored.PRESET_SOLUTIONS} == {
        "diamond41-d2", "wiegleb45", "triangle36"}
    for entry in pegs_stored.PRESET_SOLUTIONS:
        code = f"pegs:{entry['preset']}"
        puzzle = codes.parse(code)
        hit = pegs.known(puzzle)
        assert hit is not None and hit.cost == entry["length"], code
        assert hit.optimal == entry["proven"]
        assert entry.get("lower_bound", 0) <= entry["length"]
        gen = api.handle({"op": "solve", "code": code})
        first = next(r for r in gen if "improvement" in r)["improvement"]
        gen.close()
        assert first["algorithm"] == "table" and first["length"] == entry["length"]
        assert first["lower_bound"] <= entry["length"]
        replayed(dict(first, code=first["codes"][0]))     # an improvement names no code
    known = {e["preset"]: e for e in pegs_stored.PRESET_SOLUTIONS}
    for record in pegs.PRESETS:
        name = record.code.split(":", 1)[1]
        if name in known and known[name]["proven"]:
            assert record.known.get("move") in (None, known[name]["length"]), record.code


def test_never_lose_reads_the_stored_solutions():
    """French d2 -> d6 (no live-position table): every position along the
    stored 20-move solution is marked winnable by the table, no search."""
    first = solve("pegs:french-d2-d6")
    for k in (0, 3, 10):
        puzzle = codes.parse(first["codes"][k])
        mark = pegs.judge_table(puzzle, [])
        child = codes.parse(first["codes"][k + 1]).start
        assert mark is not None and mark(child) is True, k
    # through the API, late in the game (the other moves' searches are short)
    moves = api.run({"op": "moves", "code": first["codes"][14], "judge": True})
    on_path = [m for m in moves["moves"] if m["code"] == first["codes"][15]]
    assert on_path and on_path[0]["winnable"] is True


@pytest.mark.parametrize("metric", blocks.METRICS)
def test_blocks_presets_answer_their_known_counts_at_once(metric):
    """Every blocks preset in every counting rule has a stored solution:
    the record's known count, proven, every move legal and the goal reached
    (blocks.known rebuilds it move by move); a position seven moves along
    answers seven fewer.  Through the API (the reply's path replayed), the
    small Dad's puzzle: auto answers from the table, nothing expanded."""
    stored = {e["preset"] for e in blocks_stored.SOLUTIONS if e["metric"] == metric}
    for name, record in blocks.NAMED.items():
        assert name in stored, (name, metric)
        puzzle = codes.parse(record.code, {"metric": metric})
        hit = blocks.known(puzzle)
        assert hit is not None and hit.optimal, (name, metric)
        assert hit.cost == len(hit.moves) == record.known[metric], (name, metric)
        assert puzzle.is_goal(hit.states[-1])
        along = codes.parse(puzzle.encode(hit.states[7]), {"metric": metric})
        assert blocks.known(along).cost == hit.cost - 7
    reply = solve(f"blocks:dad&metric={metric}")
    assert reply["algorithm"] == "table" and reply["optimal"]
    assert reply["length"] == blocks.NAMED["dad"].known[metric]
    assert reply["stats"]["expanded"] == 0
    replayed(reply, metric)


def test_a_blocks_position_plays_only_the_presets_it_could_be_on():
    """blocks' known hook plays (and indexes) a preset's stored solution
    only when the position's walls, block shapes and one-way lanes are the
    preset's (no move changes them): Fogleman's hardest plays its own and
    none of the 40 cards'; a database position of other vehicles plays
    none."""
    blocks_stored._INDEX.clear()
    blocks_stored._PLAYED.clear()
    hit = blocks.known(codes.parse("rush:IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM"))
    assert hit.cost == 60 and hit.optimal
    assert set(blocks_stored._INDEX) == {("rushhardest", "move")}
    assert blocks.known(codes.parse("rush:oBBCCCDDooIJoHAAIJoHEEEKoFFGGKoooooK")) is None
    assert set(blocks_stored._INDEX) == {("rushhardest", "move")}


def test_only_auto_reads_the_tables():
    """A method chosen by name runs its own search (the lab compares them)."""
    reply = solve("pegs:english-c1-complement", algorithm="dfs")
    assert reply["algorithm"] == "dfs"
    reply = solve("blocks:dad", algorithm="bfs")
    assert reply["algorithm"] == "bfs" and reply["stats"]["expanded"] > 0
