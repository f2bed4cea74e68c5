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


def records_and_reply(gen):
    """Run an API request generator (``api.handle``) to the end: its progress
    records and its reply."""
    records = []
    while True:
        try:
            records.append(next(gen))
        except StopIteration as stop:
            return records, stop.value
