"""The minimum-move tables computed so far (``python -m puzzlelab minima``
writes them; docs/pegs.md says how and how far each has got), shipped in
the package: describe gives the page the table of the board on show
(puzzle.py).  Reads only its JSON files, so that puzzle.py can use it
without the searches (minima.py builds on puzzle.py).  They are read when
the module is imported: the page's worker may start from a memory snapshot
(tools/make_snapshot.mjs imports every module first), which keeps what
Python holds but not the package's files.
"""

import json
import os

STORED = ("english33_minima.json", "french37_minima.json", "triangle15_minima.json",
          "triangle21_minima.json", "triangle28_minima.json")
HERE = os.path.dirname(os.path.abspath(__file__))


def stored(board):
    """The stored table of ``board``'s shape, as the page shows it, or
    None: {"code", "proven", "of", "complete", "entries"}, each entry its
    start and finish (hole names), the short code of that problem
    ("pegs:french-d2-d6") and ``moves`` when proven, else its
    ``lower_bound`` and, where a solution is known, ``upper_bound``."""
    return _SHOWN.get((board.lattice, tuple(board.holes)))


def solutions(board):
    """The proven entries of ``board``'s stored table that have a solution,
    as (start number, finish number, moves, solution text: chains of hole
    names or numbers, as format_chain writes them), and whether the table
    proves every entry of its starts (``complete``); ([], False) with no
    table."""
    return _SOLUTIONS.get((board.lattice, tuple(board.holes)), ([], False))


def _shape(code):
    """(lattice, holes) of a position code, as a Board has them: the cells
    of its rows that are not "_", row by row."""
    _family, lattice, rows, *_goal = code.split(":")
    return lattice, tuple((r, c) for r, row in enumerate(rows.split("/"))
                          for c, ch in enumerate(row) if ch != "_")


def _summary(table):
    preset = table["code"]
    keep = ("status", "moves", "lower_bound", "upper_bound")
    tri = _shape(table["entries"][0]["code"])[0] == "tri"

    def entry(e):
        """Start and finish named as the page names holes (puzzle.hole_name:
        numbers on triangles, the file's column-and-row names elsewhere),
        and the problem's code: a board preset's by those names
        ("pegs:french-d2-d6"), else the entry's own."""
        start, finish = ((str(e["start_number"]), str(e["finish_number"])) if tri
                         else (e["start"], e["finish"]))
        code = f"{preset}-{start}-{finish}" if preset.count(":") == 1 else e["code"]
        return dict({k: e[k] for k in keep if k in e}, start=start, finish=finish, code=code)
    entries = [entry(e) for e in sorted(table["entries"],
                                        key=lambda e: (e["start_number"], e["finish_number"]))]
    proven = sum(e["status"] == "proven" for e in entries)
    return {"code": preset, "proven": proven, "of": len(entries),
            "complete": proven == len(entries), "entries": entries}


def _load():
    shown, solved = {}, {}
    for name in STORED:
        with open(os.path.join(HERE, name), encoding="utf-8") as f:
            table = json.load(f)
        shape = _shape(table["entries"][0]["code"])
        shown[shape] = _summary(table)
        solved[shape] = ([(e["start_number"], e["finish_number"], e["moves"], e["solution"])
                          for e in table["entries"]
                          if e["status"] == "proven" and e.get("solution")],
                         shown[shape]["complete"])
    return shown, solved


# board shape -> the summary of its stored table; -> its solutions
_SHOWN, _SOLUTIONS = _load()
