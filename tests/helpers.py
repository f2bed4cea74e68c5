"""Test helpers shared by the family tests: replaying solutions."""


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
