"""Fresh Rush Hour layouts for "New puzzle" (generate.py, with a number of
vehicles): a search over layouts that keeps the one whose cluster's
farthest position is farthest from the goal, Fogleman's measure of how hard
a cluster is.  Siblings: rush.py (each cluster measured), presets.py (the
hard layouts it starts from), generate.py (which then draws the start).

Why not only random layouts: a random 6x6 layout of 12 vehicles has a
cluster whose hardest position is 15 to 25 moves from the goal (the best of
300 random ones: 26; measured here), and a cluster worth playing costs 10
to 100 ms to measure, so a second of random draws stays below 30.  Hard
layouts are rare and close to each other: a hard layout with one vehicle
taken away, added or moved is usually still hard (the 40 cards' hard ones
changed once: 43 to 51 moves in 30 to 60 tries, measured in CPython).  So
the search draws from both: random layouts of the asked number of vehicles
(a few), and the family's hard preset layouts with about that many vehicles
(the harder of two drawn) with a vehicle or two taken away and others added
until they have that number, and now and then the best one found so far
changed again (changing the seeds serves better than climbing from the
best: with 12 vehicles, 9 of 10 draws reach 30 moves this way, 5 of 10
climbing, measured in CPython).

What a layout costs is its cluster's measure, and most of that went to
loose clusters: a hard cluster is thin (few positions near each one:
within 8 moves of the start, a median 280 positions in the clusters of 30
moves or more met with 12 vehicles, 1,526 in those under 20), so a
cluster with more than ``THIN_MOST`` positions within ``THIN_DEPTH`` moves
of its start is given up at once, and one that stays thin is measured up
to ``CLUSTER_CAP`` positions (hard clusters of 12,000 to 28,000 positions
came up: Fogleman's 50-move one has 14,385).  A layout shut for good
(``_shut``) is not measured at all.  The search stops at ``GOOD`` moves,
or once its clusters came to ``WORK`` positions in all when one reached
``ENOUGH`` (else ``MORE_WORK``), and never returns a preset's own cluster.
With 12 vehicles, 40 seeds, CPython CPU at load 10 on 2 cores: 0.34 s
median, 0.85 s at most, a median 40.5 moves, 35 of 40 at 30 or more
(before these cuts, at load 5: 0.53 s, 1.19 s, 32.5 moves, 28 of 40).
Positions measured and draws, not a clock, bound it, so a seed gives the
same puzzle everywhere (CPython and Pyodide alike).
"""

from ...errors import SearchLimit
from .model import Exit
from . import rush

WORK = 60_000                # positions measured in all, when a layout reached ENOUGH
MORE_WORK = 150_000          # positions measured at most, until one reaches ENOUGH
ATTEMPTS = 150               # layouts drawn at most (a shut one is not measured)
ENOUGH = 30                  # moves a fresh puzzle should take
GOOD = 40                    # moves that end the search at once
HARD = 30                    # a preset this hard is a layout to start from
CLUSTER_CAP = 20_000         # positions of a cluster measured at most
THIN_DEPTH, THIN_MOST = 8, 1000  # a cluster looser than this near its start is given up
CAR, TRUCK = 2, 3
TRUCK_SHARE = 0.3            # of the vehicles added at random


def applies(puzzle):
    """A Rush Hour board: square (6x6 or 7x7), one-way cars and trucks,
    the goal the red car A out on the right of the third row."""
    goal = puzzle.goal_specs
    return (rush.applies(puzzle) and puzzle.w == puzzle.h and puzzle.w in (6, 7)
            and len(goal) == 1 and isinstance(goal[0], Exit) and goal[0].text() == "A-R3"
            and all(len(puzzle.type_shape[puzzle.type_of[k]]) in (CAR, TRUCK)
                    for k in puzzle.block_letters))


def most_vehicles(puzzle):
    """The most vehicles "New puzzle" will place on this board."""
    return puzzle.w * puzzle.h // 2 - 2


def _grid(puzzle, state):
    rows = [list(r) for r in puzzle.grid(state)]
    ways = {}
    for letter in puzzle.block_letters:
        ways[letter] = puzzle.ways[letter]
    return rows, ways


def _code(rows, ways, n):
    parts = [w + "".join(sorted(k for k in ways if ways[k] == w)) for w in "hv"
             if w in ways.values()]
    return f"blocks:{n}x{n}:{'/'.join(''.join(r) for r in rows)}:A-R3:{','.join(parts)}"


def _letters():
    return "BCDEFGHIJKLMNOPQRSTUVWXYZ"


def _key(puzzle):
    """A layout whatever its letters: the cells of each vehicle, the red
    car's apart (what says two layouts are the same puzzle)."""
    rows = puzzle.grid(puzzle.start_labels)
    cells = {}
    for r, row in enumerate(rows):
        for c, ch in enumerate(row):
            cells.setdefault(ch, []).append((r, c))
    return (tuple(cells.get("A", ())), tuple(sorted(tuple(v) for k, v in cells.items()
                                                     if k not in "A.")))


def _add(rng, rows, ways):
    """One vehicle more, somewhere it fits (not lying across the exit row:
    it would close the exit for good); False when none fits in 60 tries."""
    n = len(rows)
    for _ in range(60):
        size = TRUCK if rng.random() < TRUCK_SHARE else CAR
        across = rng.random() < 0.5
        r, c = rng.randrange(n), rng.randrange(n)
        if across and r == 2:
            continue
        cells = [(r, c + k) if across else (r + k, c) for k in range(size)]
        if all(rr < n and cc < n and rows[rr][cc] == "." for rr, cc in cells):
            letter = next(ch for ch in _letters() if ch not in ways)
            for rr, cc in cells:
                rows[rr][cc] = letter
            ways[letter] = "h" if across else "v"
            return True
    return False


def _remove(rng, rows, ways):
    letter = rng.choice([k for k in ways if k != "A"])
    for row in rows:
        for i, ch in enumerate(row):
            if ch == letter:
                row[i] = "."
    del ways[letter]


def _random(rng, n, vehicles):
    rows = [["."] * n for _ in range(n)]
    a = rng.randrange(0, n - 2)
    rows[2][a] = rows[2][a + 1] = "A"
    ways = {"A": "h"}
    while len(ways) < vehicles and _add(rng, rows, ways):
        pass
    return rows, ways


def _changed(rng, rows, ways, vehicles):
    """The layout with a vehicle or two taken away and others added where
    they fit, brought to ``vehicles`` vehicles."""
    rows = [r[:] for r in rows]
    ways = dict(ways)
    for _ in range(rng.choice((1, 1, 1, 2))):
        if len(ways) > 1:
            _remove(rng, rows, ways)
    while len(ways) > vehicles:
        _remove(rng, rows, ways)
    while len(ways) < vehicles and _add(rng, rows, ways):
        pass
    return rows, ways


def _shut(rows, ways):
    """True when the red car can never reach the exit, whatever moves: some
    cell between it and the exit is taken in every position.  A vehicle
    never passes another of its lane nor a cell that a crossing vehicle
    always takes, so, within the stretch of its lane free of those, it
    always covers the cells between its farthest place one way and its
    farthest the other; such cells bound the crossing lanes in turn
    (repeated until nothing changes).  A cluster with no way out is no
    puzzle, and measuring it may cost as much as a good one; this finds 22
    of the 285 layouts drawn over 20 seeds with 12 vehicles (41 of those
    measured were still shut, by how the vehicles block each other in
    motion)."""
    n = len(rows)
    cells = {}
    for r in range(n):
        for c in range(n):
            ch = rows[r][c]
            if ch not in "._":
                cells.setdefault(ch, []).append((r, c))
    lanes = {}
    for letter, where in cells.items():
        across = ways[letter] == "h"
        lane = ("h", where[0][0]) if across else ("v", where[0][1])
        lanes.setdefault(lane, []).append(letter)
    taken = {(r, c): "_" for r in range(n) for c in range(n) if rows[r][c] == "_"}
    changed = True
    while changed:
        changed = False
        for (way, line), letters in lanes.items():
            at = (lambda k: (line, k)) if way == "h" else (lambda k: (k, line))
            # the lane's cells a crossing vehicle (or a wall) always takes
            stop = [taken.get(at(k)) not in (None, *letters) for k in range(n)]
            for letter in letters:
                pos = [r if way == "v" else c for r, c in cells[letter]]
                lo, hi = min(pos), max(pos)
                while lo > 0 and not stop[lo - 1]:
                    lo -= 1
                while hi < n - 1 and not stop[hi + 1]:
                    hi += 1
                size = len(pos)
                before = sum(len(cells[k]) for k in letters
                             if lo <= _first(cells[k], way) < min(pos))
                after = sum(len(cells[k]) for k in letters
                            if max(pos) < _first(cells[k], way) <= hi)
                first, last = hi - after - size + 1, lo + before + size - 1
                for k in range(first, last + 1):
                    if taken.get(at(k)) is None:
                        taken[at(k)] = letter
                        changed = True
    row, a = cells["A"][-1]
    return any(taken.get((row, c)) not in (None, "A") or
               rows[row][c] not in "._" and ways[rows[row][c]] == "h" for c in range(a + 1, n))


def _first(where, way):
    """A vehicle's first cell along its lane."""
    return min(r if way == "v" else c for r, c in where)


def fresh(puzzle, vehicles, rng, parse, seeds, max_bytes=None):
    """Generator (progress between layouts) returning the hardest new
    layout found: (puzzle of its farthest position, its distance).
    ``parse(code)`` makes a puzzle; ``seeds``: (code, moves) of known
    layouts on this board (the hard ones are started from; none is
    returned)."""
    n = puzzle.w
    known = set()
    pool = []
    hardness = {}
    for code, moves in seeds:
        seed = parse(code)
        known.add(_key(seed))
        if moves >= HARD and abs(len(seed.block_letters) - vehicles) <= 2:
            pool.append(seed)
            hardness[id(seed)] = moves
    best = None
    measured = attempt = work = 0
    while attempt < ATTEMPTS and (
            work < WORK or (work < MORE_WORK and (best is None or best[1] < ENOUGH))):
        attempt += 1
        if best is not None and rng.random() < 0.25:
            base = best[0]            # climb: change the best one found so far
        elif pool and rng.random() < 0.85:
            # the harder a seed, the likelier: the hardest of two drawn
            base = max(pool[rng.randrange(len(pool))], pool[rng.randrange(len(pool))],
                       key=lambda p: hardness[id(p)])
        else:
            base = None
        if base is None:
            rows, ways = _random(rng, n, vehicles)
        else:
            rows, ways = _changed(rng, *_grid(base, base.start_labels), vehicles)
        if len(ways) != vehicles or _shut(rows, ways):
            continue
        candidate = parse(_code(rows, ways, n))
        measured += 1
        try:
            grp = yield from rush.group(candidate, max_bytes=max_bytes, keep=1,
                                        thin=(THIN_DEPTH, THIN_MOST, CLUSTER_CAP))
        except SearchLimit as exc:
            work += exc.details.get("stats", {}).get("peak") or CLUSTER_CAP
            continue
        work += grp.extra["reachable"]
        far = grp.extra["max_distance"]
        if far is None:
            continue
        hardest = parse(candidate.encode(grp.extra["farthest"][0]))
        if _key(hardest) in known:
            continue                  # a preset's own cluster is not new
        if best is None or far >= best[1]:
            best = (hardest, far)
        yield {"phase": "generate", "attempt": measured, "best": best[1]}
        if far >= GOOD:
            break
    return best
