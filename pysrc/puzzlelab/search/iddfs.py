"""Iterative-deepening depth-first search: depth limits 1, 2, 3, ...; memory
is only the current path.  One of the lab's methods (exponential: practical
for short solutions only).  Optimal for unit costs.  Prunes any state already
on the path (so also a move that undoes the previous one).  It is IDA* with
the lower bound 0: idastar.py's driver runs it (explicit stack, no
recursion: Pyodide's stack is small).
"""

from .common import DEFAULT_MAX_STATES
from .idastar import deepen

MAX_DEPTH = 1000


def _zero(_state):
    return 0


def iddfs(puzzle, *, max_states=DEFAULT_MAX_STATES, max_bytes=None, max_depth=MAX_DEPTH):
    """``max_states`` is accepted for the uniform signature; only the current
    path is held, so the budget never binds."""
    return deepen(puzzle, _zero, max_states=max_states, max_bound=max_depth,
                  blind=True, name="Iterative deepening", limit_word="depth")
