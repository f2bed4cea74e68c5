"""The expansion table the fast blocks engines share (bfs.py, reachable.py):
every move a state has, keyed by the two things that decide them.
"""



def expansion_table(puzzle):
    """A per-search memo of every move a state has, from the two things
    that decide them: its empty cells ``free`` and which of its blocks touch
    them.  ``table[free] = (border, sub)``: a state's movable blocks are
    ``x = state & border``, and ``sub[x]`` is the tuple of their moves,
    ``Blocks.reach``'s ``(q, state delta, cells changed, path)`` one block
    after another.  One dict lookup per state replaces a walk over the
    movable blocks' bits, three big-integer operations per block, which cost
    most of all under WebAssembly.  Returns ``options(state, free)``: the
    lookup, and on a miss ``moves_of``, which fills the table (one call per
    state, the searches' only view of it).  The memo is dropped when its
    estimated size passes the puzzle's ``memo_cap`` (its moves counted at
    full size: they may outlive the reach memo they came from)."""
    border = puzzle.border
    region = puzzle.region
    memo = puzzle.memo
    reach = puzzle.reach
    move_bytes = puzzle.move_bytes
    cap = puzzle.memo_cap
    table = {}
    size = [0]

    def moves_of(s, free):
        entry = table.get(free)
        if entry is None:
            y = 0
            for g, b in enumerate(border):
                if b & free:
                    y |= 1 << g
            if size[0] > cap:
                table.clear()
                size[0] = 0
            entry = table[free] = (y, {})
        x = s & entry[0]
        out = ()
        y = x
        while y:
            low = y & -y
            y ^= low
            g = low.bit_length() - 1
            mine = memo[g].get(free & region[g])
            out += mine if mine is not None else reach(g, free)
        entry[1][x] = out
        size[0] += 100 + len(out) * move_bytes
        return out
    def options(s, free):
        """Every move of state ``s`` whose empty cells are ``free``."""
        entry = table.get(free)
        opts = entry[1].get(s & entry[0]) if entry else None
        return moves_of(s, free) if opts is None else opts
    return options
