"""``beam``: a short solution fast where ``meet`` runs out of memory.
Breadth-first over moves keeping the most promising positions per layer.
Not proven minimal.  Siblings: meet.py, dfs.py (its endgame table, which
anytime.py's first beams finish into), kernel.py, pagodas.py.
"""

import operator

from ...errors import SearchLimit
from ...search.common import (Checkpoint, SearchResult, DEFAULT_MAX_STATES, descend,
                              ticking)
from .alive import downhill
from .board import byte_tables
from .dfs import distances_out, endgame_builder, first_table_budget, merge_chains
from .kernel import Kernel, isolated, isolation_counter, neighbour_masks
from .meet import RETRACE_MOST, forward_path
from .pagodas import hopeless, pagodas, reach_limits

# machine words per position held besides the state (tests/test_budget.py): a
# set's slots, two to seven per member depending on how full it is just now
WORDS = 10


BEAM_WIDTHS = (1_000, 4_000, 16_000, 64_000)
# a beam over single jumps scores a position by its isolated pegs (3 each),
# its pegs on holes no jump passes over (2 each) and this weight times the
# pegs' squared distances from the target hole (or the board's centre):
# pegs kept together let a narrow beam live through the big boards
# (anytime.py's measurements)
INWARD = 1.0
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
    generators, the pagodas, the endgame table and the counts (``run``: one
    width)."""

    def __init__(self, puzzle, cp):
        self.puzzle, self.cp = puzzle, cp
        board = puzzle.board
        self.kern = Kernel(puzzle)
        self.step = self.kern.step(True, puzzle.metric == "move")
        self.jstep = self.kern.step(True, False)
        self.pags = pagodas(puzzle)
        near = neighbour_masks(board)
        stuck = board.unjumpable

        def score(q):
            return 4 * q.bit_count() + 3 * isolated(q, near) + 2 * (q & stuck).bit_count()
        self.score = score
        # the beam over single jumps (all of a layer have as many pegs)
        iso = isolation_counter(board)
        far = byte_tables(board.n, [INWARD * d for d in distances_out(puzzle)], operator.add)

        def jscore(q):
            total = 3 * iso(q) + 2 * (q & stuck).bit_count()
            x = q
            for table in far:
                total += table[x & 255]
                x >>= 8
            return total
        self.jscore = jscore
        # the endgame table (``load_table``): canonical position -> jumps
        # left, holding every position of ``tpegs`` pegs or fewer that
        # reaches the goal (and that the start can reach)
        self.table, self.tpegs, self.tkern = None, -1, None
        self.loaded = False
        self.expanded = self.generated = 0

    def load_table(self):
        """Generator: build dfs's endgame table of this puzzle (the positions
        of few pegs that reach the goal, under the start's pagoda limits:
        ``dfs.endgame_builder``), as big as dfs's first one.  From then on
        every beam drops the positions of ``tpegs`` pegs or fewer not in it
        (they cannot reach the goal), and a beam run with ``finish`` stops
        at the first one that is in it and walks down the table."""
        if self.loaded:
            return
        self.loaded = True
        puzzle = self.puzzle
        kern = Kernel(puzzle, fix_start=False)
        budget = first_table_budget(puzzle.after_first, self.cp.max_states)
        table, pegs = yield from ticking(endgame_builder(puzzle, kern, budget,
                                                         reach_limits(puzzle)),
                                         self.cp.clock, phase="endgame table")
        if table is not None:
            self.table, self.tpegs, self.tkern = table, pegs, kern

    def widths(self, widths):
        """The widths of ``widths`` within the memory budget (or one as wide
        as the budget allows, when it is under the narrowest)."""
        return [w for w in widths if w <= self.cp.max_states] or [max(1, self.cp.max_states)]

    def run(self, width, limit=None, jumps=False, finish=False):
        """Generator: one beam search of ``width`` positions per move (with
        ``jumps``, per single jump, scored by ``jscore``), stopping at depth
        ``limit - 1`` (a solution must be shorter than ``limit`` moves; not
        with ``jumps``); with ``finish`` (and a table loaded) it stops at
        the first position in the endgame table and goes down the table
        from there.  Returns a SearchResult, or None when every kept
        position died (or none was shorter)."""
        puzzle, cp, kern, pags = self.puzzle, self.cp, self.kern, self.pags
        step, score = (self.jstep, self.jscore) if jumps else (self.step, self.score)
        is_goal = puzzle.is_goal
        board = puzzle.board
        check = cp.next
        chains = puzzle.metric == "move" and not jumps
        prefix = [] if chains else [board.jumps[j] for j in puzzle.first_jumps]
        limit = limit if limit is not None and not jumps else 1 << 30
        table, tpegs = self.table, self.tpegs
        tcanon = self.tkern.canon if table is not None else None
        held_table = len(table) if table is not None else 0
        finish = finish and table is not None
        goal = None
        if puzzle.first and chains:
            # the first move: any chain that begins with the fixed jumps
            depth_of = {q: 1 for _chain, q in puzzle.chain_successors(puzzle.start)}
            depth = 1
        else:
            depth_of = {kern.canon(puzzle.after_first): 0}
            depth = 0
        layer = sorted(depth_of, key=score)[:width]
        goal = next((q for q in layer if is_goal(q) or finish and q.bit_count() <= tpegs
                     and tcanon(q) in table), None)
        while layer and goal is None and depth + len(prefix) + 1 < limit:
            depth += 1
            nxt = set()
            for s in layer:
                self.expanded += 1
                if self.expanded >= check:
                    yield from cp.tick(self.expanded,
                                       held=len(depth_of) + 2 * len(nxt) + held_table,
                                       depth=depth, expanded=self.expanded,
                                       generated=self.generated)
                    check = cp.next
                for c in step(s):
                    self.generated += 1
                    if c in depth_of or c in nxt:
                        continue
                    if c.bit_count() <= tpegs:
                        # the table holds every such position that reaches the goal
                        if tcanon(c) not in table:
                            continue
                        if finish:
                            nxt.add(c)
                            goal = c
                            break
                    elif hopeless(pags, c):
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
                        yield from cp.tick(self.expanded,
                                           held=len(depth_of) + 2 * len(nxt) + held_table,
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
        if chains or puzzle.metric == "jump":
            moves = prefix + forward_path(puzzle, kern, depth_of, goal, depth_of[goal])
        else:
            # single jumps in the move metric: back down the layers by unjumps
            path, _x = descend(depth_of, goal, depth_of[goal], puzzle.jump_predecessors,
                               key=kern.canon, most=RETRACE_MOST)
            moves = prefix + path[::-1]
        moves = self._complete(moves, chains)
        states = [puzzle.start]
        for m in moves:
            states.append(puzzle.apply(states[-1], m))
        optimal = puzzle.metric == "jump" and puzzle.goal_min == puzzle.goal_max
        return SearchResult(moves, states, len(moves), optimal,
                            cp.stats(self.expanded, self.generated, len(depth_of) + held_table,
                                     depth=len(moves)))

    def _complete(self, moves, chains):
        """``moves`` (chains when ``chains``, else jump triples) from the
        start to a goal or to a position of the endgame table, followed down
        the table to the goal; in the move metric, as chains (a peg that
        jumps on after the last move lands continues it)."""
        puzzle = self.puzzle
        q = puzzle.start
        if chains:
            jumps = [j for m in moves for j in puzzle.chain_jumps(m)]
        else:
            jumps = list(moves)
        for a, b, t in jumps:
            q ^= (1 << a) | (1 << b) | (1 << t)
        end = self._finish(q, jumps[-1][2] if jumps else None)
        if puzzle.metric == "jump":
            return jumps + end
        if not chains:
            return merge_chains(jumps + end)
        more = merge_chains(end)
        moves = list(moves)
        if moves and more and moves[-1][-1] == more[0][0]:
            moves[-1] = moves[-1] + more.pop(0)[1:]
        return moves + more

    def _finish(self, q, last):
        """The jumps from ``q`` (a goal, or a position in the endgame table)
        down the table to the goal, the peg that has just landed (on
        ``last``) jumping on when it can.  Every position of the table but a
        goal has a child one jump nearer, so each step finds one."""
        table, tkern = self.table, self.tkern        # (no table when q is the goal)
        return downhill(self.puzzle, q, lambda p, child: table.get(tkern.canon(child)) ==
                        table[tkern.canon(p)] - 1, last)
