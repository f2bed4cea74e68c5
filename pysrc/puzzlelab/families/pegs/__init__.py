"""Peg solitaire: the family's public face, every hook of ``protocol.Family``.
``api.py`` calls only these; they wire the package's modules together:

    board.py    the board: holes, jumps, symmetries, position classes (a leaf)
    puzzle.py   the puzzle: start, goal, moves (jumps or chains), codes,
                presets, the instant class argument
    kernel.py   move generation up to symmetry, the layer expanders
    meet.py     the minimum with proof (bidirectional, counts)
    wide.py     meet's proof on numpy arrays (the table command's long entries)
    merson.py   Merson regions: meet's lower bound on the moves still needed
    minima.py   the board's minimum-move table (every start, every finish)
    minima_stored.py  the tables computed so far (*_minima.json), for describe
    dfs.py      a solution fast (dead-position table, endgame table)
    beam.py     a short solution on boards too big for meet
    anytime.py  auto's first answers beside the proof (beam, dfs, wider beams)
    pagodas.py  pagoda functions (hopeless positions)
    alive.py    the English centre game's live positions (marks, meet, dfs)
    deadends.py Triangle 28's dead positions of 12 pegs or more (marks)
    stored.py   what the tables know of a position: solutions at once
    editor.py   the editor's actions
    generate.py new puzzles at a difficulty, graded by their proven minimum
"""

from ...protocol import Method
from ..common import group, import_code, legal_moves
from ...search import explore as generic_explore, generic_methods
from . import (alive as _alive, anytime as _anytime, beam as _beam, deadends as _deadends,
               dfs as _dfs, editor as _edit, generate as _generate, stored as _stored,
               meet as _meet, minima as _minima)
from .puzzle import (BOUNDS, FAMILY, METRICS, PRESETS, Pegs, check_solvable,
                     expand_preset, finish_holes, parse)

ACTIONS = _edit.ACTIONS
TABLES = {_alive.NAME: _alive.ABOUT, _deadends.NAME: _deadends.ABOUT}
_STORED = {_alive.NAME: _alive, _deadends.NAME: _deadends}

MEET = Method(
    "meet", "Meet in the middle by moves (minimum, proof, counts)",
    "Breadth-first from the start and back from the goal, up to the board's "
    "symmetries: the proven minimum, and it can count minimum solutions; needs "
    "memory on big boards.", _meet.meet, count=True, short="meet in the middle")
DFS = Method(
    "dfs", "Depth-first with dead-position table (fast, not minimal)",
    "Dives for any solution, remembering dead positions: usually answers in "
    "seconds, but the number of moves is not the minimum.", _dfs.dfs, optimal=False,
    short="depth-first search")
BEAM = Method(
    "beam", "Beam search by moves (short, not proven)",
    "Breadth-first keeping only the most promising positions per move: short "
    "solutions on big boards, with no proof.", _beam.beam, optimal=False,
    short="beam search")
QUICK = Method(
    "quick", "Quick answers (beam search, depth-first; not minimal)",
    "A solution at once, then shorter ones: narrow beams that finish from a table of "
    "endgames, depth-first search if they fail, then wider beams. Auto runs it beside "
    "the proof.", _anytime.quick,
    optimal=False, short="beam and depth-first search")


def bounds(puzzle):
    return [BOUNDS[name] for name in puzzle.heuristics]


def methods(puzzle):
    name = next(iter(puzzle.heuristics))
    return [MEET, DFS, BEAM, QUICK] + generic_methods(puzzle, list(puzzle.heuristics), name)


def auto_method(puzzle):
    return "meet"


def quick_method(puzzle):
    """Short solutions first (anytime.py), then the minimum with its proof;
    in the jump count dfs's answer is the minimum."""
    return "quick" if puzzle.metric == "move" else "dfs"


def judge_method(puzzle):
    """Play mode's "can this still be won?": any solution will do."""
    return "dfs"


def known(puzzle):
    """A solution from the minimum-move tables or the presets' stored
    solutions (stored.py), proven minimal where the table proves it."""
    return _stored.known(puzzle)


def judge_table(puzzle, earlier):
    """The English centre game's live positions (alive.py), where they
    settle every move of the position; Triangle 28's dead positions near
    the start (deadends.py), which settle the moves that keep 14 pegs or
    more; elsewhere the positions on stored solutions (stored.py)."""
    return (_alive.judge_table(puzzle, earlier) or _deadends.judge_table(puzzle, earlier)
            or _stored.judge(puzzle, earlier))


# the methods that read the live-position table where it applies: meet (only
# live positions are kept), dfs (down the table), play mode's marks
_LIVE_READERS = (None, "", "auto", "meet", "dfs", "judge")


def prepare(puzzle, method, bound, max_bytes=None):
    """Generator: the English centre game's table of live positions, for
    the methods that read it (alive.py; loaded now, its layers unpacked as
    the search asks); returns the bytes it takes (0 where none applies, or
    the page has not fetched it: the search then goes on without it)."""
    if method in _LIVE_READERS and _alive.applies(puzzle):
        return _alive.held_bytes()
    return 0
    yield


def tables_needed(puzzle, bound=None, method=None):
    """The live-position table of the English centre game (alive.py), for
    the methods that read it, and Triangle 28's dead positions (deadends.py)
    for play mode's marks: the worker fetches them first."""
    if method in _LIVE_READERS and _alive.applies(puzzle):
        return [_alive.NAME]
    if method == "judge" and _deadends.applies(puzzle):
        return [_deadends.NAME]
    return []


def build_table(name):
    """The repository's copy of a stored table (computing one takes minutes),
    else computed."""
    module = _STORED.get(name)
    if module is None:
        raise KeyError(f"no table {name!r} in this family")
    return module.stored() or module.build()


def explore(puzzle, root, step, max_states, max_bytes):
    """The generic explorer (positions are ints, cheap enough)."""
    return generic_explore(step, root, max_states=max_states, max_bytes=max_bytes)


def minima(puzzle, done, max_states, max_bytes, only=None, engine="meet"):
    """The board's minimum-move table (minima.py), resumable from ``done``."""
    return (yield from _minima.minima(puzzle, done, max_states, max_bytes, only, engine))


def edit(puzzle, action, args):
    return _edit.edit(puzzle, action, args)


def difficulties(puzzle):
    return _generate.offer(puzzle)


def generate(puzzle, difficulty, moves, pieces, seed, max_states, max_bytes):
    """A random solvable start at a difficulty (generate.py)."""
    return (yield from _generate.generate(puzzle, difficulty, seed, max_states, max_bytes))


__all__ = ["FAMILY", "METRICS", "PRESETS", "ACTIONS", "TABLES", "Pegs", "parse",
           "expand_preset", "import_code", "check_solvable", "finish_holes", "methods", "auto_method",
           "quick_method", "known",
           "judge_method", "judge_table", "bounds", "prepare", "tables_needed", "build_table",
           "explore", "group", "minima", "legal_moves", "edit", "difficulties", "generate"]
