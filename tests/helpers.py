"""Test helpers shared by the family tests: replaying solutions, running a
method of a position's contract."""

from puzzlelab.families import family_of
from puzzlelab.search import drain


def method(puzzle, name):
    """The contract record (protocol.Method) of method ``name`` for ``puzzle``."""
    return {m.name: m for m in family_of(puzzle).methods(puzzle)}[name]


def run_method(puzzle, name, **options):
    """Run method ``name`` on ``puzzle`` to the end; ``options`` must be ones
    its record declares (max_states, heuristic, count)."""
    return drain(method(puzzle, name).run(puzzle, **options))


def replay(puzzle, moves):
    """Apply ``moves`` from the start through ``successors`` (so only legal
    moves are accepted) and return the final state."""
    state = puzzle.start
    for move in moves:
        for m, nxt in puzzle.successors(state):
            if m == move:
                state = nxt
                break
        else:
            raise AssertionError(f"illegal move {move!r} in {puzzle.encode(state)}")
    return state


def judge_marks(code, game=None):
    """Play mode's marks for ``code`` through the API (a ``moves`` request
    with ``judge``, and the game's earlier codes when given): [(move,
    winnable)]."""
    from puzzlelab import api
    req = {"op": "moves", "code": code, "judge": True}
    if game is not None:
        req["game"] = game
    reply = api.run(req)
    assert reply["ok"], reply
    return [(m["move"], m["winnable"]) for m in reply["moves"]]


def check_blocks_solution(puzzle, result):
    """Replay through ``successors`` and through the page's own data: each
    ``move_json`` path applied to the block's cells in one view must give the
    next view, every block keeping its letter."""
    final = replay(puzzle, result.moves)
    assert puzzle.is_goal(final)
    assert result.cost == len(result.moves) == len(result.states) - 1
    assert result.states[0] == puzzle.start_labels
    views = [puzzle.view(s)["rows"] for s in result.states]
    for move, before, after in zip(result.moves, views, views[1:]):
        data = puzzle.move_json(move)
        assert puzzle.format_move(move).startswith(data["block"])
        if puzzle.metric == "step":
            assert data["steps"] == 1
        assert data["steps"] == len(data["path"]) >= 1
        letter = data["block"]
        grid = [list(row) for row in before]
        cells = [(r, c) for r, row in enumerate(grid) for c, ch in enumerate(row)
                 if ch == letter]
        for r, c in cells:
            grid[r][c] = "."
        for dr, dc in data["path"]:
            cells = [(r + dr, c + dc) for r, c in cells]
            for r, c in cells:
                assert 0 <= r < puzzle.h and 0 <= c < puzzle.w
                assert grid[r][c] == ".", (before, data)
        for r, c in cells:
            grid[r][c] = letter
        assert ["".join(row) for row in grid] == after
    assert puzzle.pack(result.states[-1]) == final
