"""Triangle 28's table of dead positions near the start
(families/pegs/deadends.py), which play mode's "never lose" marks read
while a game from the preset start keeps 12 pegs or more: its form (least
images, sorted, closed under moves: a dead position's children are dead),
positions checked by search both ways along random games from the start
and from an image of it, the marks through the API against the judge's own
search, and where it must not answer."""

import random

import pytest

from puzzlelab import api, codes
from puzzlelab.errors import NoSolution
from puzzlelab.families import pegs
from puzzlelab.families.pegs import deadends, dfs as pegs_dfs

from helpers import judge_marks, replay, run_method


@pytest.fixture(scope="module")
def table():
    return deadends._table()


@pytest.fixture(scope="module")
def tri():
    return codes.parse("pegs:triangle28", {})


def test_the_table_is_least_images_and_closed_under_moves(table, tri):
    """Every entry is its own least image with the layer's peg count, each
    layer sorted without repeats, and every child of a dead position (all
    of 17 pegs and more, 3,000 of each layer below) is in the table (a
    position with a live child is live)."""
    assert sorted(table) == list(range(deadends.LOW, deadends.TOP + 1))
    rng = random.Random(2)
    total = 0
    for k, layer in table.items():
        assert all(a < b for a, b in zip(layer, layer[1:]))
        total += len(layer)
        sample = layer if k >= 17 else rng.sample(list(layer), min(3000, len(layer)))
        assert all(p.bit_count() == k and deadends._canon(p) == p for p in sample)
        if k > deadends.LOW:
            for p in sample:
                for _jump, child in tri.jump_successors(p):
                    assert deadends.dead(child) is True, (p, child)
    assert 2_000_000 < total < 2_400_000
    assert not table[deadends.TOP] and not table[deadends.TOP - 1]


def _random_game(tri, start, rng, low):
    """Positions of a random game (single jumps) from ``start`` down to
    ``low`` pegs."""
    out = [start]
    p = start
    while p.bit_count() > low:
        kids = [c for _j, c in tri.jump_successors(p)]
        if not kids:
            break
        p = rng.choice(kids)
        out.append(p)
    return out


def _solve_fresh(tri, p):
    """dfs from position ``p`` with a fresh memory: the jumps, or None when
    it proves no lone peg can be reached."""
    pegs_dfs.forget()
    puzzle = codes.parse(tri.encode(p), {})
    try:
        result = run_method(puzzle, "dfs")
    except NoSolution:
        return None
    assert puzzle.is_goal(replay(puzzle, result.moves))
    return result


@pytest.mark.slow
@pytest.mark.parametrize("seed, image, games", [(1, 0, 1), (2, 1, 2)])
def test_search_agrees_with_the_table_along_random_games(table, tri, seed, image, games):
    """Random games from the start (or an image of it under a symmetry of
    the board) down to 18 pegs: of every position's children (the start
    reaches them), each one the table calls dead is proven lost by dfs, and
    a sample of the others is solved by dfs."""
    rng = random.Random(seed)
    start = tri.start if not image else tri.board.image(tri.start, image)
    assert start != tri.start or not image
    assert deadends._canon(start) == deadends._canon(tri.start)
    checked = {True: 0, False: 0}
    for _ in range(games):
        for p in _random_game(tri, start, rng, deadends.LOW + 1):
            kids = [c for _j, c in tri.jump_successors(p)]
            verdicts = [deadends.dead(c) for c in kids]
            assert None not in verdicts
            sample = [c for c, d in zip(kids, verdicts) if d] + rng.sample(kids, min(2, len(kids)))
            for c in sample:
                d = deadends.dead(c)
                assert (_solve_fresh(tri, c) is None) == d, tri.encode(c)
                checked[d] += 1
    assert checked[True] >= 3 and checked[False] >= 10 * games, checked


@pytest.mark.slow
def test_the_dead_layers_were_searched_one_by_one(table, tri):
    """A sample of each layer's entries (all of the smallest layers), each
    proven dead by a fresh dfs."""
    rng = random.Random(11)
    for k in range(deadends.LOW, deadends.TOP + 1):
        layer = list(table[k])
        for p in rng.sample(layer, min(3, len(layer))):
            assert _solve_fresh(tri, p) is None, tri.encode(p)


def test_marks_from_the_table_agree_with_the_judges_search(table, tri, monkeypatch):
    """Along a random game from the start down to 18 pegs that passes a
    losing move, the marks with the table equal the marks the judge finds by
    search alone (the table switched off); from 18 pegs up the table settles
    every move, chains of jumps included (no search is asked for)."""
    game = None
    for seed in range(1, 40):
        path = _random_game(tri, tri.start, random.Random(seed), 18)
        if any(deadends.dead(c) for p in path[:-1] for _j, c in tri.jump_successors(p)):
            game = [tri.encode(p) for p in path]
            break
    assert game, "no random game passed a losing move"
    searched = []
    real = api._winnable

    def counting(code, options, budget):
        searched.append(code)
        return (yield from real(code, options, budget))
    monkeypatch.setattr(api, "_winnable", counting)
    by_table = []
    for n in range(len(game)):
        before = len(searched)
        by_table.append(judge_marks(game[n], game[:n]))
        if codes.parse(game[n], {}).start.bit_count() >= 18:
            assert len(searched) == before, game[n]
    monkeypatch.setattr(pegs, "judge_table", lambda puzzle, earlier: None)
    pegs_dfs.forget()
    by_search = [judge_marks(game[n], game[:n]) for n in range(len(game))]
    assert by_table == by_search
    assert any(w is False for marks in by_table for _m, w in marks)
    assert any(w is True for marks in by_table for _m, w in marks)


def test_where_the_table_must_not_answer(table, tri):
    """Another start (hole 1 empty), a position of ``LOW`` pegs or fewer, a
    position with no game that began at the start, another goal: no
    table; a position below ``LOW`` pegs: not settled (None)."""
    other = codes.parse("pegs:triangle28-1", {})
    assert deadends.judge_table(other, []) is None
    assert deadends.judge_table(codes.parse("pegs:triangle28-3-complement", {}), []) is None
    rng = random.Random(3)
    game = _random_game(tri, tri.start, rng, deadends.LOW)
    low = codes.parse(tri.encode(game[-1]), {})
    assert deadends.judge_table(low, [tri.start] + game[1:-1]) is None
    mid = codes.parse(tri.encode(game[4]), {})
    assert deadends.judge_table(mid, []) is None          # no game: where did it begin?
    assert deadends.judge_table(mid, game[:4]) is not None
    assert pegs.tables_needed(tri, None, "judge") == [deadends.NAME]
    assert pegs.tables_needed(tri, None, "meet") == []
    assert deadends.winnable(game[-1] & (game[-1] - 1)) is None     # LOW - 1 pegs: not held


def test_both_layer_formats_read_back_what_was_written():
    """``alive.encode_layers`` writes a layer as differences (the English
    table) or byte plane by byte plane (this table: unpacked without a loop
    over its positions); either reads back the same sorted positions, and a
    layer cut short is refused, not misread."""
    from puzzlelab.families.pegs.alive import Layers, encode_layers
    rng = random.Random(4)
    layers = {k: {rng.getrandbits(31) for _ in range(rng.randint(0, 3000))} for k in range(5, 12)}
    layers[8] = set()
    layers[9].add(2 ** 32 - 1)
    for planes in (0, 4, 8):
        data = encode_layers(layers, b"TEST\n", 11, 5, planes=planes)
        back = Layers(data, b"TEST\n", 11, 5, planes=planes)
        assert {k: list(back[k]) for k in back} == {k: sorted(v) for k, v in layers.items()}
        short = bytearray(data)
        at = len(b"TEST\n")            # the top layer's header claims one position more
        count = int.from_bytes(short[at:at + 4], "little")
        short[at:at + 4] = (count + 1).to_bytes(4, "little")
        with pytest.raises(ValueError):
            Layers(bytes(short), b"TEST\n", 11, 5, planes=planes)[11]
    layers[9].add(2 ** 32)
    with pytest.raises(ValueError, match="does not fit in 4 bytes"):
        encode_layers(layers, b"TEST\n", 11, 5, planes=4)


def test_a_sibling_past_the_table_s_limits_keeps_what_was_proved(tri):
    """Late in a Triangle 28 game the dfs's endgame table is built under the
    pagoda limits of the first move searched; a sibling beyond them gets a
    new table under limits that admit both (``_looser``), and the positions
    already proved dead or alive stay.  A first table late in a game
    (``LATE_PEGS`` pegs or fewer) holds at most ``LATE_TABLE`` positions."""
    from puzzlelab.families.pegs.pagodas import reach_bound
    rebuilt = late = 0
    for seed in range(1, 12):
        game = _random_game(tri, tri.start, random.Random(seed), 11)
        for p in game[-4:]:
            pegs_dfs.forget()
            kids = [codes.parse(tri.encode(c), {}) for _j, c in tri.jump_successors(p)]
            seen = []
            for kid in kids:
                memo = next(iter(pegs_dfs._MEMORY.values()), None)
                before = None if memo is None else (memo["limits"], set(memo["dead"]),
                                                    set(memo["alive"]))
                try:
                    run_method(kid, "dfs")
                except NoSolution:
                    pass
                (memo,) = pegs_dfs._MEMORY.values()
                seen.append(kid.start)
                assert all(reach_bound(tri.board, w, s) <= bound
                           for w, _t, bound in memo["limits"] for s in seen[-1:])
                if before is not None and memo["limits"] is not before[0]:
                    rebuilt += 1
                    assert before[1] <= memo["dead"] and before[2] <= memo["alive"]
                    assert all(reach_bound(tri.board, w, s) <= bound
                               for w, _t, bound in memo["limits"] for s in seen[-2:])
                if before is None and kid.start.bit_count() <= pegs_dfs.LATE_PEGS:
                    assert memo["held"] <= pegs_dfs.LATE_TABLE
                    late += 1
    assert rebuilt >= 3 and late >= 3, (rebuilt, late)
    assert pegs_dfs.LATE_TABLE < pegs_dfs.FIRST_TABLE


def test_the_table_s_game_unpacks_layers_ahead_and_warms_the_search(tri, monkeypatch):
    """Along a game from the start, each position's marks unpack the layer
    ``AHEAD`` pegs below (so no single position pays for a big one and its
    searches both), and from ``WARM`` pegs the search's set-up is made
    once."""
    layers = deadends._table()
    for k in list(dict.keys(layers)):
        dict.__delitem__(layers, k)
    monkeypatch.setitem(deadends._state, "warm", False)
    warmed = []
    monkeypatch.setattr(pegs_dfs, "warm", lambda puzzle: warmed.append(puzzle.start))
    game = _random_game(tri, tri.start, random.Random(6), deadends.LOW + 1)
    codes_ = [tri.encode(p) for p in game]
    for n, code in enumerate(codes_):
        api.run({"op": "moves", "code": code, "judge": True, "game": codes_[:n]})
        k = game[n].bit_count()
        if k - deadends.AHEAD >= deadends.LOW:
            assert dict.__contains__(layers, k - deadends.AHEAD), k
    assert len(warmed) == 1 and warmed[0].bit_count() <= deadends.WARM
