"""The Puzzle protocol: the only thing search algorithms know about a puzzle.

Families (``families/*.py``) implement it; searches (``search/*.py``) consume
it; ``api.py`` glues the two.  States are immutable and hashable (``bytes``
or ``int`` for speed) and canonical where pieces are interchangeable.

Required:
    start                      the start state
    is_goal(state) -> bool
    successors(state)          iterable of (move, state); every move costs 1
    format_move(move) -> str   human notation of a move
    encode(state) -> str       the position code of a state (same family)
    view(state) -> dict        JSON-able snapshot the web renderer draws

Optional (searches check with ``getattr`` and degrade or refuse clearly):
    heuristic(state) -> int    admissible lower bound on remaining cost
    goal_state                 the single goal state when there is one
                               (enables bidirectional search)
    predecessors(state)        iterable of (move, state) with
                               ``state --move--> argument``; defaults to
                               ``successors`` for reversible puzzles when
                               ``reversible`` is true
    reversible                 true when every move can be undone by a move
    inverse_move(move)         the move that undoes ``move`` (lets IDA* skip
                               immediate undo without comparing states)
"""

from typing import Any, Hashable, Iterable, Protocol, Tuple


class Puzzle(Protocol):
    start: Hashable

    def is_goal(self, state) -> bool: ...

    def successors(self, state) -> Iterable[Tuple[Any, Hashable]]: ...

    def format_move(self, move) -> str: ...

    def encode(self, state) -> str: ...

    def view(self, state) -> dict: ...
