"""``beam``: a short solution fast where ``meet`` runs out of memory.
Breadth-first over moves keeping the most promising positions per layer.
Not proven minimal.  Siblings: meet.py, dfs.py, kernel.py, pagodas.py.
"""

from ...errors import SearchLimit
from ...search.common import Checkpoint, SearchResult, DEFAULT_MAX_STATES
from .kernel import Kernel, isolated, neighbour_masks
from .meet import forward_path
from .pagodas import hopeless, pagodas

# machine words per position held besides the state (tests/test_budget.py): a
# set's slots, two to seven per member depending on how full it is just now
WORDS = 10


BEAM_WIDTHS = (1_000, 4_000, 16_000, 64_000)
# expansions between checkpoints: each adds a few children, counted twice
# (the candidates, then their scores), so the budget is checked every few
# hundred positions held (1-2% of the smallest budget the tests give)
STEP = 64


def beam(puzzle, *, max_states=DEFAULT_MAX_STATES, max_bytes=None):
    """Beam search over moves: breadth-first, but each layer keeps only the
    most promising positions (fewest pegs, then fewest isolated pegs and
    pegs on holes no jump passes over), pagoda-hopeless ones dropped.  Finds
    short solutions fast on boards too big for ``meet`` (the 28- and 36-hole
    triangles in 12 and 13 moves, the English board in 19-20), but proves
    nothing.  If every kept position dies, it tries again with a wider beam."""
    # held: the positions kept, and the candidates of the layer being built
    # (a set, then a scored list: counted twice)
    cp = Checkpoint(max_states, step=STEP, max_bytes=max_bytes, sample=puzzle.start,
                    words=WORDS)
    search = Beam(puzzle, cp)
    # the widths tried, each within the memory budget (a budget under the
    # narrowest one gives a beam as wide as the budget)
    for width in search.widths(BEAM_WIDTHS):
        result = yield from search.run(width)
        if result is not None:
            return result
    raise SearchLimit("The beam search lost every position it kept, even "
                      f"{width:,} per move; try dfs (any solution) or meet.",
                      stats=cp.stats(search.expanded, search.generated, 0))


class Beam:
    """Beam searches of one puzzle at several widths, sharing the move
    generator, the pagodas and the counts (``run``: one width)."""

    def __init__(self, puzzle, cp):
        self.puzzle, self.cp = puzzle, cp
        board = puzzle.board
        self.kern = Kernel(puzzle)
        self.step = self.kern.step(True, puzzle.metric == "move")
        self.pags = pagodas(puzzle)
        near = neighbour_masks(board)
        stuck = board.unjumpable

        def score(q):
            return 4 * q.bit_count() + 3 * isolated(q, near) + 2 * (q & stuck).bit_count()
        self.score = score
        self.expanded = self.generated = 0

    def widths(self, widths):
        """The widths of ``widths`` within the memory budget (or one as wide
        as the budget allows, when it is under the narrowest)."""
        return [w for w in widths if w <= self.cp.max_states] or [max(1, self.cp.max_states)]

    def run(self, width, limit=None):
        """Generator: one beam search of ``width`` positions per move,
        stopping at depth ``limit - 1`` (a solution must be shorter than
        ``limit`` moves); returns a SearchResult, or None when every kept
        position died (or none was shorter)."""
        puzzle, cp, kern, step, pags, score = (self.puzzle, self.cp, self.kern, self.step,
                                              self.pags, self.score)
        is_goal = puzzle.is_goal
        board = puzzle.board
        check = cp.next
        chains = puzzle.metric == "move"
        prefix = [] if chains else [board.jumps[j] for j in puzzle.first_jumps]
        limit = limit if limit is not None else 1 << 30
        goal = None
        if puzzle.first and chains:
            # the first move: any chain that begins with the fixed jumps
            depth_of = {q: 1 for _chain, q in puzzle.chain_successors(puzzle.start)}
            depth = 1
        else:
            depth_of = {kern.canon(puzzle.after_first): 0}
            depth = 0
        layer = sorted(depth_of, key=score)[:width]
        goal = next((q for q in layer if is_goal(q)), None)
        while layer and goal is None and depth + len(prefix) + 1 < limit:
            depth += 1
            nxt = set()
            for s in layer:
                self.expanded += 1
                if self.expanded >= check:
                    yield from cp.tick(self.expanded, held=len(depth_of) + 2 * len(nxt),
                                       depth=depth, expanded=self.expanded,
                                       generated=self.generated)
                    check = cp.next
                for c in step(s):
                    self.generated += 1
                    if c in depth_of or c in nxt or hopeless(pags, c):
                        continue
                    nxt.add(c)
                    if is_goal(c):
                        goal = c
                        break
                if goal is not None:
                    break
            if goal is None:
                # score the candidates (up to a million on big boards) with
                # progress; the order of equal scores is kept
                scored = []
                for k, c in enumerate(nxt):
                    if not k & 1023:
                        yield from cp.tick(self.expanded, held=len(depth_of) + 2 * len(nxt),
                                           depth=depth, expanded=self.expanded,
                                           generated=self.generated)
                    scored.append((score(c), k, c))
                scored.sort()
                layer = [c for _s, _k, c in scored[:width]]
            else:
                layer = []
            for c in layer:
                depth_of[c] = depth
            if goal is not None:
                depth_of[goal] = depth
        if goal is None:
            return None
        moves = prefix + forward_path(puzzle, kern, depth_of, goal, depth_of[goal])
        states = [puzzle.start]
        for m in moves:
            states.append(puzzle.apply(states[-1], m))
        optimal = puzzle.metric == "jump" and puzzle.goal_min == puzzle.goal_max
        return SearchResult(moves, states, len(moves), optimal,
                            cp.stats(self.expanded, self.generated, len(depth_of),
                                     depth=len(moves)))
