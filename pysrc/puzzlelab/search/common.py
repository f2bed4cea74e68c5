"""The scaffolding every search shares, generic or a family's fast engine:
the checkpoint (memory budget, clock, progress record), the result record,
the errors with their figures, and path reconstruction.  Imported by every
module in ``search/`` and by the families' engines; knows nothing about any
family (only the Puzzle protocol in ``protocol.py``).

Every search is a generator: it yields small progress dicts about every
``PROGRESS_INTERVAL`` seconds and *returns* a :class:`SearchResult`
(``StopIteration.value``).  Drive one with :func:`drain` when progress is not
wanted.  The hot loop of a search looks like this (the check is one integer
comparison; the checkpoint decides the rest)::

    cp = Checkpoint(max_states)
    check = cp.next
    for state in layer:
        ...
        generated += 1
        if generated >= check:
            yield from cp.tick(generated, held=len(seen), expanded=expanded,
                               depth=depth)
            check = cp.next

Progress records are small JSON-able dicts.  Fields every consumer knows
(the API's anytime driver, the page, the CLI's progress line):

``elapsed``      seconds since the search started (always)
``expanded``, ``generated``, ``held``, ``depth``, ``bound``, ``phase``
                 what the engine is doing (figures it has)
``lower_bound``  a *proven* lower bound on the optimal length: no solution
                 with fewer moves exists (under the puzzle's counting
                 rule).  IDA*'s threshold, BFS's depth + 1 once a layer is
                 done without a goal, bidirectional depths, A*'s least f.
                 The anytime driver keeps the largest one seen; when it
                 reaches the length of the best solution found, that
                 solution is proven optimal and the search stops.
``solution``     a :class:`SearchResult` found before the engine ends
                 (an anytime engine: a quick first answer, then shorter
                 ones); see :func:`found`.  The API turns it into the
                 page's ``improvement`` record; it never crosses to JSON
                 as is.
"""

import struct
import sys
import time
from dataclasses import dataclass, field
from typing import Any, Dict, List

from ..errors import NoSolution, SearchLimit

PROGRESS_INTERVAL = 0.05          # seconds between progress records
CHECK_STEP = 1024                 # counts between checkpoints, at most (an
                                  # engine whose count grows slowly, one
                                  # expansion making thousands of positions,
                                  # passes a smaller step)
MB = 2 ** 20
DEFAULT_MAX_MEMORY = 1024 * MB    # the memory budget: bytes a search may hold
DEFAULT_MAX_STATES = 200_000_000  # and positions (the memory budget binds first)
MAX_STATES_LIMIT = 200_000_000    # the largest position budget a request may ask for
WORD = struct.calcsize("P")       # 8 in CPython on 64 bits, 4 in Pyodide


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


class Checkpoint:
    """The one place a search checks its memory budget and its clock.

    ``next`` is the count (of whatever the engine counts: positions
    generated, or expanded) at which the engine should call :meth:`tick`
    again; ticks come ``step`` counts apart, and at most 1/64 of the budget
    apart, so a search that counts what it generates holds at most a couple
    of percent over its budget before it stops.  ``held`` is what the search
    holds now (None: it holds only a path).

    The budget is in positions (``max_states``) and in bytes (``max_bytes``):
    an engine that holds positions gives a ``sample`` state and the
    ``words`` of structure it keeps per position (dict and list slots,
    parent links: measured per engine, tests/test_budget.py checks them
    against tracemalloc), so ``per_state`` = the sample's size + ``words``
    machine words, and the memory budget becomes a position budget of
    ``max_bytes // per_state``, whichever binds first.
    """

    __slots__ = ("clock", "max_states", "what", "step", "next", "per_state",
                 "max_bytes", "by_memory", "advice")

    def __init__(self, max_states=DEFAULT_MAX_STATES, what="states", clock=None,
                 step=CHECK_STEP, max_bytes=None, sample=None, words=0,
                 advice="Try a method that needs less memory (IDA*), or a smaller puzzle."):
        self.clock = clock or Clock()
        self.what = what
        self.advice = advice
        self.per_state = sys.getsizeof(sample) + words * WORD if sample is not None else None
        self.max_bytes = max_bytes
        self.by_memory = False
        if max_bytes is not None and self.per_state:
            by_memory = max(1, max_bytes // self.per_state)
            if by_memory < max_states:
                max_states, self.by_memory = by_memory, True
        self.max_states = max_states
        self.step = max(1, min(step, max_states // 64))
        self.next = self.step

    def held_bytes(self, held):
        """The estimated bytes of ``held`` positions (None: no estimate)."""
        return held * self.per_state if self.per_state else None

    def tick(self, count, held=None, limit=True, coming=0, **figures):
        """Generator: raise SearchLimit over the budget (unless ``limit`` is
        false: the engine handles that itself) -- also when the ``coming``
        positions the engine is about to add would take it there -- and yield
        one progress record when the clock says one is due."""
        self.next = count + self.step
        if limit and held is not None and held + coming > self.max_states:
            self.over(held, figures.get("expanded", count), figures.get("generated", count),
                      lower_bound=figures.get("lower_bound"))
        if self.clock.due():
            if held is not None:
                figures["held"] = held
            yield progress(self.clock, **figures)

    def over(self, held, expanded, generated, lower_bound=None):
        """Raise the budget's SearchLimit, in MB when memory bound it (with
        the ``lower_bound`` the search had proven, when it says one)."""
        if self.by_memory:
            what = (f"{held:,} {self.what} held, about {held * self.per_state / MB:,.0f} MB "
                    f"(budget {self.max_bytes / MB:,.0f} MB)")
            more = "Give it a larger memory budget. "
        else:
            what = f"{held:,} {self.what} held (limit {self.max_states:,})"
            more = ""
        raise SearchLimit(
            f"Search stopped at the memory budget: {what} after {expanded:,} expanded "
            f"in {self.clock.elapsed():.1f} s. {more}{self.advice}",
            stats=self.stats(expanded, generated, held),
            **({} if lower_bound is None else {"lower_bound": lower_bound}))

    def stats(self, expanded, generated, peak, **more):
        out = stats(self.clock, expanded, generated, peak, **more)
        if self.per_state and peak:
            out["peak_mb"] = round(peak * self.per_state / MB, 1)
        return out


def progress(clock, **figures):
    """A progress record: JSON-able, small, with the elapsed seconds."""
    rec = {"elapsed": round(clock.elapsed(), 3)}
    rec.update(figures)
    return rec


def found(clock, result, **figures):
    """The progress record of an anytime engine that has found ``result``
    (a SearchResult, ``optimal`` False unless proven) and goes on looking
    for a shorter one or for the proof: ``yield found(clock, result, ...)``."""
    return progress(clock, solution=result, **figures)


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


# -- path reconstruction -------------------------------------------------------
def walk_back(parents, state, move_of=None):
    """Follow parent links back to the root; returns (moves, states) from
    the root to ``state``.  ``parents[state]`` is ``(previous state, move)``
    (None at the root), or, with ``move_of``, just the previous state, and
    ``move_of(previous, state)`` gives the move between them."""
    moves, states = [], [state]
    while True:
        link = parents[state]
        if link is None:
            break
        if move_of is None:
            prev, move = link
        else:
            prev, move = link, move_of(link, state)
        moves.append(move)
        states.append(prev)
        state = prev
    moves.reverse()
    states.reverse()
    return moves, states


def descend(dist, state, depth, neighbours, key=None, stop=0, most=None):
    """A path down a table of distances: from ``state`` at ``depth``, step to
    a neighbour whose distance (``dist[key(neighbour)]``) is one less, until
    ``stop``.  ``neighbours(state)`` gives (move, neighbour) pairs.  Returns
    the moves in the order taken and the last state.  Searches that store
    distances instead of parent links (layer by layer, up to symmetry)
    rebuild their paths with it.  ``most``: the neighbours one step may
    look at (a peg's chains of unjumps on a big empty board are countless);
    past it the path is given up with a SearchLimit."""
    key = key or (lambda s: s)
    moves = []
    while depth > stop:
        seen = 0
        for move, nxt in neighbours(state):
            if dist.get(key(nxt)) == depth - 1:
                moves.append(move)
                state = nxt
                depth -= 1
                break
            seen += 1
            if most is not None and seen > most:
                raise SearchLimit(f"A solution was found, but retracing it would take too "
                                  f"long (one of its moves is among over {most:,} "
                                  f"possible ones here).")
        else:
            raise AssertionError(f"no neighbour one nearer at depth {depth}")
    return moves, state


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
