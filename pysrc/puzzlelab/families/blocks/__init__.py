"""Sliding blocks: the family's public face, every hook of ``protocol.Family``.
``api.py`` calls only these; they wire the package's modules together:

    model.py    constants, the move record, row parsing (a leaf)
    puzzle.py   the puzzle: blocks, canonical states, goals, moves, codes
    presets.py  the preset records (protocol.Preset)
    expand.py   the expansion table the fast engines share
    bfs.py      the fast breadth-first search (optimal, counts)
    astar.py    the fast A* (the same expansion table)
    pattern.py  the pattern bound's table (a smaller puzzle solved backwards)
    fogleman.py Rush Hour boards in Fogleman's form -> codes
    reachable.py  the whole reachable set (the analyze op)
    rush.py     the one-way engine (every block one-way: Rush Hour)
    stored.py   the presets' stored solutions (auto answers them at once)
    editor.py   the editor's actions
    generate.py new puzzles at a difficulty, drawn from the group by distance

The method table: the fast BFS and A*, and the other generic searches with their results
relabelled so each block keeps its letter along the solution.
"""

from ...search import generic_methods
from ...search.common import Clock, ticking
from ..common import TABLES, build_table, judge_table, minima, tables_needed
from . import (astar as _astar, bfs as _bfs, editor as _edit, fogleman as _fogleman,
               generate as _generate, pattern as _pattern, reachable as _reachable,
               rush as _rush, stored as _stored)
from .model import FAMILY, METRICS, Move, format_path
from .presets import NAMED, PRESETS
from .puzzle import BOUNDS, Blocks, expand_preset, parse

ACTIONS = _edit.ACTIONS


def import_code(kind, text):
    """Fogleman's Rush Hour boards: ``rush:`` + 36 (or 49) characters, or
    the bare board (or a line of his database) pasted alone."""
    if kind is None:
        board = _fogleman.looks_like(text)
        return None if board is None else _fogleman.to_code(board)
    return _fogleman.to_code(text)


def check_solvable(puzzle):
    """Nothing settles a blocks position without search."""


def known(puzzle):
    """A preset's stored optimal solution, from its start or any position
    along it (stored.py)."""
    return _stored.known(puzzle)


def bounds(puzzle):
    return [BOUNDS[name] for name in puzzle.heuristics]


def labelled(fn):
    """A generic search whose result is relabelled: the generic searches
    work on canonical states, the page wants each block to keep its letter
    along the solution.  Its memory budget is what the position's own
    tables and memos leave (Blocks.reserve)."""
    def run(puzzle, **options):
        if options.get("max_bytes") is not None:
            options["max_bytes"] = puzzle.reserve(options["max_bytes"])
        result = yield from fn(puzzle, **options)
        return puzzle.label_result(result)
    run.__name__ = run.__qualname__ = f"labelled_{fn.__name__}"
    return run


def methods(puzzle):
    own = {"bfs": _rush.bfs if _rush.applies(puzzle) else _bfs.bfs, "astar": _astar.astar}
    out = []
    for m in generic_methods(puzzle, list(puzzle.heuristics), "pattern"):
        m = m.but(run=own.get(m.name) or labelled(m.run))
        if m.name in SLOW:
            m = m.but(practical=False, why_slow=SLOW[m.name])
        out.append(m)
    return out


# Depth-first methods meet a block position again by every order of the
# moves that reach it and repeat the work each time: Dad's puzzle gets no
# answer from IDA* in a minute where BFS takes 0.04 s (the two-L preset,
# open with a short solution, takes IDA* 0.2 s)
SLOW = {"idastar": "it repeats every position that several move orders reach: "
                   "minutes on most block puzzles, BFS or A* take a second",
        "iddfs": "it repeats every position that several move orders reach, with "
                 "no bound: hours on most block puzzles"}


def prepare(puzzle, method, bound, max_bytes=None):
    """Generator: the pattern bound's table, built with progress (at most a
    quarter of the memory budget ``max_bytes``: a bigger one is not kept,
    and the bound is the blockers bound alone); returns the bytes it takes."""
    if bound != "pattern":
        return 0
    table = yield from ticking(_pattern.table_steps(puzzle, max_bytes), Clock(),
                               phase="prepare", table="pattern bound")
    return _pattern.table_bytes(table)


def auto_method(puzzle):
    return "bfs"


def quick_method(puzzle):
    """Breadth-first search is the quick answer and the proof at once."""
    return None


judge_method = auto_method


def explore(puzzle, root, step, max_states, max_bytes):
    """The fast explorer from ``root`` (moves are reversible: ``step`` is
    the puzzle's own)."""
    engine = _rush if _rush.applies(puzzle) else _reachable
    return engine.explore(puzzle, root, max_states=max_states, max_bytes=max_bytes)


def group(puzzle, max_states, max_bytes):
    """The start's group by distance to its goals (reachable.group)."""
    engine = _rush if _rush.applies(puzzle) else _reachable
    return engine.group(puzzle, max_states=max_states, max_bytes=max_bytes)


def legal_moves(puzzle):
    """Moves from the start with each block under its own letter.  Where
    each block goes is not memoised (the memo serves a search, which meets
    the same empty cells again; here each of the ten thousand moves of a
    16x16 board's 52 blocks would keep a delta of 1.7 kB, 18 MB)."""
    out = []
    last = None
    for move, _child in puzzle.successors(puzzle.start):
        if move.p != last:          # the next block: the last one's moves are not kept
            if last is not None:
                puzzle.memo[last].clear()
            last = move.p
        moves, states = puzzle.relabel([move])
        out.append((moves[0], states[-1]))
    if last is not None:
        puzzle.memo[last].clear()
    return out


def edit(puzzle, action, args):
    return _edit.edit(puzzle, action, args)


def difficulties(puzzle):
    return _generate.offer(puzzle)


def generate(puzzle, difficulty, moves, pieces, seed, max_states, max_bytes):
    """A new start from the group, at a difficulty (generate.py); on a Rush
    Hour board with a number of vehicles, from a new layout's group
    (layouts.py).  No exact distance."""
    return (yield from _generate.generate(puzzle, difficulty, seed, max_states, max_bytes,
                                          pieces))


__all__ = ["FAMILY", "METRICS", "PRESETS", "ACTIONS", "TABLES", "NAMED", "Blocks", "Move",
           "format_path", "parse", "expand_preset", "import_code", "check_solvable", "methods",
           "auto_method", "quick_method", "known", "judge_method", "judge_table", "bounds", "prepare",
           "tables_needed", "build_table", "explore", "group", "minima", "legal_moves", "edit",
           "difficulties", "generate"]
