"""Search algorithms, one module each, written against the Puzzle protocol
only (``protocol.py``); no module here imports a family.  They are the lab's
methods (the ones users come to compare) and the oracles the families' fast
engines are tested against.

``METHODS`` declares what each generic search accepts (the method contract of
``protocol.py``); :func:`generic_methods` turns it into the records for one
puzzle (which lower bounds it has, whether it has one complete goal).
"""

from ..protocol import Method
from .astar import astar
from .bfs import bfs
from .bidir import bidirectional
from .common import SearchResult, drain, predecessors_of
from .explore import explore
from .iddfs import iddfs
from .idastar import idastar

METHODS = {
    "bfs": Method(
        "bfs", "Breadth-first search",
        "Explores every position one move farther at a time: proven optimal and "
        "can count all optimal solutions, but holds every position it has seen.",
        bfs, count=True),
    "bidir": Method(
        "bidir", "Bidirectional BFS",
        "Breadth-first from the start and back from the goal until they meet: "
        "proven optimal, far fewer positions than BFS; needs one complete goal.",
        bidirectional, single_goal=True),
    "iddfs": Method(
        "iddfs", "Iterative deepening",
        "Depth-first with a depth limit raised by one each round: proven optimal "
        "and needs almost no memory, but only practical for short solutions.",
        iddfs),
    "idastar": Method(
        "idastar", "IDA*",
        "Iterative deepening guided by a lower bound: proven optimal, needs "
        "almost no memory, can count optimal solutions; as fast as its bound is strong.",
        idastar, bounds=("*",), count=True, factor=True),
    "astar": Method(
        "astar", "A*",
        "Best-first by moves made plus a lower bound: proven optimal, never "
        "expands a position twice, but holds every position it has seen.",
        astar, bounds=("*",), factor=True),
}

# the generic searches by name (tests use them as oracles)
ALGORITHMS = {name: m.run for name, m in METHODS.items()}


def generic_methods(puzzle, bounds, default_bound, names=tuple(METHODS)):
    """The generic methods' records for ``puzzle``: ``bounds`` are the names
    of its lower bounds (the methods that take a bound take all of them),
    ``default_bound`` the one they use when none is named."""
    single = (getattr(puzzle, "goal_state", None) is not None
              and predecessors_of(puzzle) is not None)
    out = []
    for name in names:
        m = METHODS[name]
        if m.bounds:
            m = m.but(bounds=tuple(bounds), default_bound=default_bound)
            if not bounds:
                m = m.but(bounds=(), why="this puzzle has no lower bound")
        if m.single_goal and not single:
            m = m.but(why="needs one complete goal position; this goal is a pattern")
        out.append(m)
    return out


__all__ = ["ALGORITHMS", "METHODS", "generic_methods", "SearchResult", "drain", "explore"]
