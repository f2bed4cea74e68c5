"""Puzzle Lab: optimal solvers for sliding tiles, sliding blocks and peg
solitaire, in pure Python so that the same code runs in CPython and in
Pyodide.  Layers: families/ (rules, codes) <- search/ (algorithms on the
Puzzle protocol) <- api.py (the one JSON entry) <- cli.py and the web worker.
"""

__version__ = "0.1.0"
