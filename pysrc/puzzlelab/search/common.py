"""Shared pieces of the search modules: the progress clock, the result record,
limits and path reconstruction.  Imported by every module in ``search/``;
knows nothing about any family (only the Puzzle protocol in ``protocol.py``).

Every search is a generator: it yields small progress dicts about every
``PROGRESS_INTERVAL`` seconds and *returns* a :class:`SearchResult`
(``StopIteration.value``).  Drive one with :func:`drain` when progress is not
wanted.
"""

import time
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional

from ..errors import NoSolution, SearchLimit

PROGRESS_INTERVAL = 0.05   # seconds between progress records
CHECK_EVERY = 64           # expansions between clock reads (must be 2**k)
DEFAULT_MAX_STATES = 4_000_000   # states held in memory by default
MAX_STATES_LIMIT = 200_000_000   # the largest budget a request may ask for


@dataclass
class SearchResult:
    """What a search returns.

    moves   -- the moves from start to goal (raw, family-specific objects)
    states  -- start, then the state after each move (len(moves) + 1)
    cost    -- number of moves (unit costs)
    optimal -- True when the length is proven minimal
    stats   -- expanded, generated, seconds, peak (states held at once), ...
    extra   -- optional algorithm-specific figures (iterations, solutions)
    """

    moves: List[Any]
    states: List[Any]
    cost: int
    optimal: bool
    stats: Dict[str, Any]
    extra: Dict[str, Any] = field(default_factory=dict)


class Clock:
    """Decides when a search should yield a progress record."""

    __slots__ = ("t0", "next")

    def __init__(self):
        self.t0 = time.perf_counter()
        self.next = self.t0 + PROGRESS_INTERVAL

    def due(self):
        now = time.perf_counter()
        if now >= self.next:
            self.next = now + PROGRESS_INTERVAL
            return True
        return False

    def elapsed(self):
        return time.perf_counter() - self.t0


def progress(clock, **figures):
    """A progress record: JSON-able, small, with the elapsed seconds."""
    rec = {"elapsed": round(clock.elapsed(), 3)}
    rec.update(figures)
    return rec


def stats(clock, expanded, generated, peak, **more):
    out = {"expanded": expanded, "generated": generated, "peak": peak,
           "seconds": round(clock.elapsed(), 4)}
    out.update(more)
    return out


def over_budget(held, max_states, clock, expanded, generated, what="states"):
    """Raise the memory-budget error with the figures so far."""
    raise SearchLimit(
        f"Search stopped at the memory budget: {held:,} {what} held "
        f"(limit {max_states:,}) after {expanded:,} expanded in "
        f"{clock.elapsed():.1f} s. Try an algorithm that needs less memory "
        f"(IDA*) or a smaller puzzle.",
        stats=stats(clock, expanded, generated, held))


def no_solution(clock, expanded, generated, peak):
    raise NoSolution(
        f"No solution: the goal cannot be reached ({expanded:,} positions "
        f"explored exhaustively).",
        stats=stats(clock, expanded, generated, peak))


def walk_back(parents, state):
    """Follow ``parents[state] = (prev_state, move)`` back to the root.

    Returns (moves, states) from the root to ``state``.
    """
    moves, states = [], [state]
    while True:
        link = parents[state]
        if link is None:
            break
        state, move = link
        moves.append(move)
        states.append(state)
    moves.reverse()
    states.reverse()
    return moves, states


def predecessors_of(puzzle):
    """The predecessor function of a puzzle, or None when it has none."""
    pred = getattr(puzzle, "predecessors", None)
    if pred is not None:
        return pred
    if getattr(puzzle, "reversible", False):
        inv = getattr(puzzle, "inverse_move", None)
        if inv is None:
            raise TypeError("reversible puzzle needs inverse_move or predecessors")

        def pred(state):
            for move, nxt in puzzle.successors(state):
                yield inv(move), nxt
        return pred
    return None


def ticking(gen, clock, **figures):
    """Run a builder generator (one that yields bare ticks while it builds a
    table) and yield a progress record with ``figures`` whenever the clock
    says one is due; returns what the builder returns.  This is how table
    builds report progress like searches do."""
    while True:
        try:
            next(gen)
        except StopIteration as stop:
            return stop.value
        if clock.due():
            yield progress(clock, **figures)


def drain(gen):
    """Run a search generator to the end, discarding progress; return result."""
    while True:
        try:
            next(gen)
        except StopIteration as stop:
            return stop.value


def max_states_of(options):
    value = (options or {}).get("max_states") or DEFAULT_MAX_STATES
    return int(value)
