"""Puzzle Lab: optimal solvers for sliding tiles, sliding blocks and peg
solitaire, in pure Python so that the same code runs in CPython and in
Pyodide.  Layers: families/ (rules, codes) <- search/ (algorithms on the
Puzzle protocol) <- api.py (the one JSON entry) <- cli.py, the web worker and
pyapi.py (the Python API below).

    >>> import puzzlelab
    >>> puzzlelab.solve("tiles:3x3:867254301").length
    31

``solve``, ``solving``, ``describe``, ``analyze``, ``analyzing``, ``moves``,
``presets`` and ``generate`` return small records (pyapi.py says what each holds) and
raise the errors of ``puzzlelab.errors`` with the API's messages (a position
proven impossible, or a solve stopped before any solution, is an answer:
its ``length`` is None, ``impossible`` or ``stopped`` says why).
"""

from .errors import (BadRequest, Cancelled, CodeError, NoSolution, PuzzleError,  # noqa: F401
                     SearchLimit, TableError, Unsolvable)
from .pyapi import (Analysis, Impossible, Improvement, MethodInfo, Move, Position, Preset,  # noqa: F401
                    Progress, Search, Solution, Stats, analyze, analyzing, describe, generate,
                    moves, presets, solve, solving)

__version__ = "0.1.0"
