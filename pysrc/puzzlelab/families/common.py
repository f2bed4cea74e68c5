"""What several families share: the board-size field of a code, the
editors' argument checks, and the hooks of a family that has no tables
(or makes no new puzzles).
Imported by the family packages only (a leaf beside them).
"""

from ..errors import BadRequest, CodeError, show
from ..protocol import Offer


def parse_size(params, lo, hi, example):
    """A code's ``WxH`` field -> (w, h), each side from ``lo`` to ``hi``;
    ``example`` is a size the message shows (``3x3``)."""
    try:
        w_s, h_s = params.lower().split("x")
        w, h = int(w_s), int(h_s)
    except ValueError:
        raise CodeError(f"Board size '{show(params)}' should look like {example} "
                        f"(columns x rows).") from None
    if not (lo <= w <= hi and lo <= h <= hi):
        raise CodeError(f"Board size {w}x{h} is not supported: each side must "
                        f"be from {lo} to {hi} (at most {hi}x{hi}).")
    return w, h


def listed(names, most=12):
    """Names for a message: the first ``most`` of them, then how many more
    (a message stays short however long the catalogue grows)."""
    names = list(names)
    more = f" and {len(names) - most} more" if len(names) > most else ""
    return ", ".join(names[:most]) + more


def metric_of(options, metrics, family, help_text):
    """The counting rule a link asks for (``metric``), the first of
    ``metrics`` by default; ``help_text`` says what the rules are."""
    metric = (options or {}).get("metric") or metrics[0]
    if metric not in metrics:
        raise CodeError(f"Unknown counting rule '{show(metric, 20)}' for {family}; "
                        f"use {help_text}.")
    return metric


def set_bits(mask):
    """The numbers of the set bits of ``mask``, ascending."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def whole_number(value, name):
    """An editor argument that must be an int (not a bool, not text)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise CodeError(f"Editor argument '{name}' must be a whole number, "
                        f"not {show(repr(value), 20)}.")
    return value


# -- the hooks of a family without tables ------------------------------------------
TABLES = {}


def prepare(puzzle, method, bound, max_bytes=None):
    """Generator: no tables to build, nothing to prepare, no bytes held."""
    return 0
    yield


def tables_needed(puzzle, bound=None, method=None):
    return []


def build_table(name):
    raise KeyError(f"no table {name!r} in this family")


def known(puzzle):
    """No stored table holds positions of this family: auto searches."""
    return None


def import_code(kind, text):
    """No other program's form is this family's."""
    return None


def judge_table(puzzle, earlier):
    """No stored table settles play mode's marks: the judge searches."""
    return None


def legal_moves(puzzle):
    """(move, state) for every move from the start."""
    return list(puzzle.successors(puzzle.start))


def minima(puzzle, done, max_states, max_bytes, only=None, engine="meet"):
    """The minimum-move table is a peg-solitaire command."""
    raise BadRequest("The minimum-move table (every start, every finish) is offered "
                     "for peg solitaire boards.")
    yield


def group(puzzle, max_states, max_bytes):
    """The group view is not offered (the analyze op's other choices are)."""
    raise BadRequest("The whole-group view is offered for sliding blocks; here "
                     "choose the farthest positions from the goal or the start.")


def difficulties(puzzle):
    """No new puzzles in this family (yet)."""
    return Offer(why=f"New puzzles are not made for {puzzle.family} yet.")


def generate(puzzle, difficulty, moves, pieces, seed, max_states, max_bytes):
    """Refuses: see ``difficulties``."""
    raise BadRequest(difficulties(puzzle).why)
    yield
