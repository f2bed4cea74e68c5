"""The minimum-move table of a board: for every single-vacancy start that can
end with one peg, and every hole that lone peg can end on, the fewest moves
(a chain of jumps by one peg is one move).  Starts are taken up to the
board's symmetries, and finishes up to those that fix the start; every
entry is a ``meet`` proof (meet.py, with its Merson-region rounds).

The table can take hours on big boards (French 37), so it is built one
entry at a time: each finished entry is yielded as a progress record
(``phase: "minima"``), and a run given the entries of an earlier one
(``done``) does not repeat them.  The CLI (``python -m puzzlelab minima``)
keeps them in a JSON file, so it resumes where it stopped.  An entry whose
search hit the memory budget is kept with its proven lower bound and tried
again by the next run.  Used by the family's ``minima`` hook; builds on
board.py (symmetries, classes) and meet.py.
"""

from ...errors import BadRequest, NoSolution, SearchLimit, show
from ...search.common import Clock
from . import alive
from .beam import beam
from .dfs import dfs, forget
from .meet import meet
from .puzzle import parse


def plan(board):
    """[(start hole, [finish holes])]: one start per orbit of the board's
    symmetries (the lowest hole number), its class-allowed finishes one per
    orbit of the symmetries that fix it; a start no finish suits has []."""
    out = []
    seen = set()
    for v in range(board.n):
        start = board.full & ~(1 << v)
        key = min(board.image(start, k) for k in range(len(board.symmetries)))
        if key in seen:
            continue
        seen.add(key)
        fixing = board.fixing([start])
        finishes, taken = [], set()
        for f in range(board.n):
            if board.reduce(start ^ (1 << f)) != 0:
                continue            # another position class: never
            orbit = min(board.image(1 << f, k) for k in fixing)
            if orbit in taken:
                continue
            taken.add(orbit)
            finishes.append(f)
        out.append((v, finishes))
    return out


def entry_key(entry):
    return entry.get("start"), entry.get("finish")


def pair_name(board, v, f):
    """An entry's name, as ``only`` takes it: "d2-d6"."""
    return f"{board.cell_name(v)}-{board.cell_name(f)}"


def minima(puzzle, done=(), max_states=None, max_bytes=None, only=None, engine="meet"):
    """Generator: the table of ``puzzle``'s board (its start and goal do not
    matter).  Yields meet's progress records and, after each entry, a record
    ``{"phase": "minima", "entry": {...}, "done": k, "of": n}``; returns
    {"board", "symmetries", "starts", "entries"}.  ``done``: entries of an
    earlier run, reused when complete (``moves`` an int, or ``"none"`` for
    a pair proven impossible).  ``only``: the names of the entries to
    search ("d2-d6"; the others come back ``"status": "not searched"``
    unless ``done`` has them), so that several processes or machines can
    share a long table.  ``engine``: "meet" (meet.py, pure Python) or
    "wide" (wide.py: the same proof on numpy arrays, for the command line;
    it starts from the lower bound and the solution a stopped entry of
    ``done`` holds)."""
    board = puzzle.board
    known = {entry_key(e): e for e in done if e.get("status") == "proven"}
    stopped = {entry_key(e): e for e in done if e.get("status") == "stopped"}
    if engine == "wide":
        from . import wide as _wide
        prove = _wide.wide
        if _wide.np is None:
            raise BadRequest("The 'wide' engine needs numpy (pip install numpy); "
                             "the 'meet' engine needs nothing.") from None
    else:
        prove = None
    todo = plan(board)
    pairs = [(v, f) for v, finishes in todo for f in finishes]
    if only is not None:
        names = {pair_name(board, v, f) for v, f in pairs}
        unknown = [x for x in only if x not in names]
        if unknown:
            names = [pair_name(board, v, f) for v, f in pairs]
            more = f" and {len(names) - 12:,} more" if len(names) > 12 else ""
            raise BadRequest(f"This board's table has no entry '{show(unknown[0], 20)}'; "
                             f"its entries are {', '.join(names[:12])}{more}.")
    # the searches most reduced by symmetry first (they are the cheapest),
    # then in hole order; the table lists them in hole order
    order = sorted(pairs, key=lambda vf: (-len(board.fixing([board.full & ~(1 << vf[0]),
                                                            1 << vf[1]])), vf))
    found = {}
    for v, f in order:
        key = (board.cell_name(v), board.cell_name(f))
        entry = known.get(key)
        if entry is None and only is not None and pair_name(board, v, f) not in only:
            entry = {"start": key[0], "finish": key[1], "start_number": v,
                     "finish_number": f, "status": "not searched"}
        elif entry is None:
            entry = yield from _entry(board, board.full & ~(1 << v), v, f, key,
                                      len(found), len(pairs), max_states, max_bytes,
                                      prove, stopped.get(key))
        found[v, f] = entry
        yield {"phase": "minima", "entry": entry, "done": len(found), "of": len(pairs)}
    starts = [{"start": board.cell_name(v), "number": v,
               "finishes": [board.cell_name(f) for f in finishes]} for v, finishes in todo]
    return {"board": board.lattice, "holes": board.n, "symmetries": len(board.symmetries),
            "starts": starts, "entries": [found[vf] for vf in pairs]}


def _entry(board, start, v, f, key, index, total, max_states, max_bytes, prove=None,
           prior=None):
    rows = "/".join(board.rows(start)) + ":" + "/".join(board.rows(1 << f))
    child = parse(board.lattice, rows.split(":"), {})
    yield {"phase": "minima", "pair": f"{key[0]} -> {key[1]}", "done": index, "of": total}
    clock = Clock()
    entry = {"start": key[0], "finish": key[1], "start_number": v, "finish_number": f,
             "code": child.code()}
    if prove is not None:
        return (yield from _entry_wide(child, entry, clock, max_bytes, prove, prior))
    try:
        # the English centre game's live positions, which meet reads, count
        # in the budget (as the family's prepare says for a solve), and in
        # every later entry's: the table stays loaded
        table = (alive.held_bytes() if max_bytes is not None and
                 (alive.applies(child) or alive.loaded()) else 0)
        kwargs = {"max_bytes": None if max_bytes is None else max_bytes - table}
        if max_states is not None:
            kwargs["max_states"] = max_states
        try:
            result = yield from meet(child, **kwargs)
        except SearchLimit as stop:
            entry.update(status="stopped", lower_bound=stop.details.get("lower_bound"),
                         message=stop.message)
            result = None
        if result is None:
            # (out of the except clause: its traceback holds meet's frames,
            # and their positions, until the clause ends)
            try:
                # half the proof's share: it runs after the proof, in a
                # process that has not given all of the proof's memory back
                known = yield from known_solution(
                    child, None if max_bytes is None else kwargs["max_bytes"] // 2)
            finally:
                forget()    # its dead positions are of this entry's goal only
            if known is not None:
                entry.update(upper_bound=known.cost,
                             solution=" ".join(child.format_move(m) for m in known.moves))
            entry.update(seconds=round(clock.elapsed(), 1))
            return entry
    except NoSolution:
        # (from meet, or the dfs after it)
        for k in ("lower_bound", "message"):
            entry.pop(k, None)
        entry.update(status="proven", moves="none", seconds=round(clock.elapsed(), 1))
        return entry
    entry.update(status="proven", moves=result.cost,
                 solution=" ".join(child.format_move(m) for m in result.moves),
                 held=result.stats.get("peak"), seconds=round(clock.elapsed(), 1))
    return entry


def _entry_wide(child, entry, clock, max_bytes, prove, prior):
    """An entry by the wide engine: a known solution first (the stopped
    entry's, or ``known_solution``'s) as the ceiling, then wide.py's rounds
    from the proven lower bound up to one move below it."""
    floor, ceiling, solution = 0, None, None
    figures = {}
    if prior and isinstance(prior.get("lower_bound"), int):
        floor = prior["lower_bound"]
    if prior and isinstance(prior.get("upper_bound"), int) and \
            _replays(child, prior.get("solution"), prior["upper_bound"]):
        ceiling, solution = prior["upper_bound"], prior["solution"]
    try:
        if ceiling is None:
            known = yield from known_solution(child, max_bytes)
            if known is not None:
                ceiling = known.cost
                solution = " ".join(child.format_move(m) for m in known.moves)
        try:
            result = yield from prove(child, max_bytes=max_bytes, floor=floor, ceiling=ceiling,
                                      figures=figures)
        except SearchLimit as stop:
            lower = max(floor, stop.details.get("lower_bound") or 0)
            entry.update(status="stopped", lower_bound=lower, message=stop.message)
            if ceiling is not None:
                entry.update(upper_bound=ceiling, solution=solution)
            entry.update(seconds=round(clock.elapsed(), 1), engine="wide")
            return entry
    except NoSolution:
        entry.update(status="proven", moves="none", seconds=round(clock.elapsed(), 1),
                     engine="wide")
        return entry
    if result is None:          # none shorter than the known solution
        entry.update(status="proven", moves=ceiling, solution=solution)
    else:
        entry.update(status="proven", moves=result.cost,
                     solution=" ".join(child.format_move(m) for m in result.moves))
    entry.update(held=figures.get("peak"))
    entry.update(seconds=round(clock.elapsed(), 1), engine="wide")
    return entry


def _replays(puzzle, solution, length):
    """True when ``solution`` (moves as the table writes them) is ``length``
    legal moves from the start to the goal: a stopped entry's solution is
    the ceiling of the wide engine's rounds only then."""
    if not isinstance(solution, str) or len(solution.split()) != length:
        return False
    state = puzzle.start
    for text in solution.split():
        state = next((nxt for m, nxt in puzzle.successors(state)
                      if puzzle.format_move(m) == text), None)
        if state is None:
            return False
    return puzzle.is_goal(state)


KNOWN_STATES = 2_000_000     # positions held by each search for a known solution


def known_solution(puzzle, max_bytes=None):
    """Generator returning a solution, not proven minimal (beam, else dfs),
    or None: an entry ``meet`` could not settle is kept with its lower
    bound and, from this, an upper bound.  Each search stops at
    ``KNOWN_STATES`` (a few minutes at most).  Raises NoSolution when the
    dfs proves there is none."""
    for method in (beam, dfs):
        try:
            return (yield from method(puzzle, max_states=KNOWN_STATES, max_bytes=max_bytes))
        except SearchLimit:       # (beam: every kept position died; it proves nothing)
            continue
    return None
