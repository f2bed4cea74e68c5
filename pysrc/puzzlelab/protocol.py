"""The Puzzle protocol (what search algorithms know about a puzzle) and the
method contract (what each method accepts), in one place.

Families (``families/*.py``) implement the protocol; searches (``search/*.py``)
consume it; ``api.py`` glues the two and checks every request against the
contract before a search starts.  States are immutable and hashable
(``bytes`` or ``int`` for speed) and canonical where pieces are
interchangeable.

Puzzle protocol -- required:
    start                      the start state
    is_goal(state) -> bool
    successors(state)          iterable of (move, state); every move costs 1
    format_move(move) -> str   human notation of a move
    encode(state) -> str       the position code of a state (same family)
    view(state) -> dict        JSON-able snapshot the web renderer draws

Puzzle protocol -- optional (generic searches check and degrade or refuse):
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

The method contract: a family's ``methods()`` lists, for one position, every
method the page and the CLI may ask for, as :class:`Method` records.  The API
refuses any request outside it with a message that says what to change, and
calls ``run`` with exactly the keyword arguments the record declares:
``max_states`` always, ``heuristic`` (a callable lower bound, or None for the
method's default) only when ``bounds`` is not empty, ``count`` only when
``count`` is true.  The page reads the same records (``describe``) to enable
its menus.  Lower bounds are declared as :class:`Bound` records.
"""

from dataclasses import dataclass, field, replace
from typing import Any, Callable, Hashable, Iterable, Optional, Protocol, Tuple


class Puzzle(Protocol):
    start: Hashable

    def is_goal(self, state) -> bool: ...

    def successors(self, state) -> Iterable[Tuple[Any, Hashable]]: ...

    def format_move(self, move) -> str: ...

    def encode(self, state) -> str: ...

    def view(self, state) -> dict: ...


@dataclass(frozen=True)
class Bound:
    """A lower bound a family offers: ``name`` is what links and requests
    carry (``&h=manhattan``), ``label`` what menus show, ``help`` one line
    on what it is and when to pick it."""

    name: str
    label: str
    help: str

    def to_json(self):
        return {"name": self.name, "label": self.label, "help": self.help}


@dataclass(frozen=True)
class Method:
    """What one method accepts, for one position.

    name         what requests and links carry (``algorithm``, ``&algo=``)
    label, help  the menu text and one line: what it is, when to pick it
    run          generator function ``run(puzzle, *, max_states[, heuristic]
                 [, count])`` returning a ``SearchResult``
    bounds       the lower bounds it can use (names); empty: it uses none
    default_bound  the bound it uses when the request names none
    count        it can count all optimal solutions
    metrics      the counting rules it supports (None: all of the family's)
    single_goal  it needs one complete goal position
    optimal      its answers are proven optimal
    why          set when it is not available for this position: the reason
    """

    name: str
    label: str
    help: str
    run: Callable = field(repr=False, compare=False)
    bounds: Tuple[str, ...] = ()
    default_bound: Optional[str] = None
    count: bool = False
    metrics: Optional[Tuple[str, ...]] = None
    single_goal: bool = False
    optimal: bool = True
    why: str = ""

    @property
    def available(self):
        return not self.why

    def but(self, **changes):
        """A copy with some fields changed (families adapt generic entries)."""
        return replace(self, **changes)

    def to_json(self, all_metrics=()):
        return {"name": self.name, "label": self.label, "help": self.help,
                "available": self.available, "why": self.why,
                "bounds": list(self.bounds), "default_bound": self.default_bound,
                "count": self.count,
                "metrics": list(self.metrics if self.metrics is not None else all_metrics),
                "single_goal": self.single_goal, "optimal": self.optimal}
