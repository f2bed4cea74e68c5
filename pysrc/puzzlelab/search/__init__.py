"""Search algorithms, one module each, written against the Puzzle protocol
only (``protocol.py``); no module here imports a family.

ALGORITHMS maps the public names the API, CLI and page use to generator
functions ``f(puzzle, **options) -> generator returning SearchResult``.
"""

from .astar import astar
from .bfs import bfs
from .bidir import bidirectional
from .common import SearchResult, drain
from .explore import explore
from .iddfs import iddfs
from .idastar import idastar

ALGORITHMS = {
    "bfs": bfs,
    "bidir": bidirectional,
    "iddfs": iddfs,
    "idastar": idastar,
    "astar": astar,
}

LABELS = {
    "bfs": "Breadth-first search",
    "bidir": "Bidirectional BFS",
    "iddfs": "Iterative deepening",
    "idastar": "IDA*",
    "astar": "A*",
}

__all__ = ["ALGORITHMS", "LABELS", "SearchResult", "drain", "explore"]
