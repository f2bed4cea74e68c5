"""The sliding-block presets, one record each (``protocol.Preset``): the
menu's labels, tests/test_presets.py (every known count solved to a proof),
the page tests and benchmarks/bench_blocks.py all read them.  A leaf of the
family package: puzzle.py expands the short names (``blocks:hakoiri``).

Known counts: tests/data/blocks.txt (its sources in tests/data/SOURCES.md;
Century's and Super Century's straight-line figures as Storer published
them, the others recomputed by the data's own BFS); Tannentei's, the two-L
board's and the 98-move Hakoiri's straight-line count proved here by
exhaustive BFS (A* with every bound agrees).

Rush Hour (one-way blocks, an exit): the 40 cards of the original game as
github.com/fogleman/rush lists them (cmd/forty), with their counts computed
here -- the source gives layouts only -- by the one-way engine and checked
by tests/test_rush.py's independent BFS; the hardest position of Fogleman's
database with its published 60 moves and cluster of 2,332 positions
(tests/data/rush.txt).  With one-way blocks a move and a straight slide are
the same, so "line" is always "move".
"""

from ...protocol import Preset

# the label says the move and step counts; the straight-line count is known
# too (the tests prove it) but not in the label
UNITS = {"move": "moves", "step": "steps", "line": None}


def _preset(name, title, code, move, step, line, **kw):
    return Preset(code, title, {"move": move, "step": step, "line": line}, name=name,
                  units=UNITS, **kw)


PRESETS = [
    _preset("hakoiri", "Hakoiri-musume",
            "blocks:4x5:BAAC/BAAC/DEEF/DGHF/I..J:????/????/????/?AA?/?AA?", 81, 116, 90,
            # the group: 25,955 positions (klotski.txt), 124 / 167 moves from
            # the start at its farthest; 256 optimal solutions (seed 001)
            facts={"group": 25955, "farthest_from_start": {"move": 124, "step": 167},
                   "solutions": {"move": 256}}),
    _preset("hakoiri98", "Hakoiri-musume, the 98-move variant",
            "blocks:4x5:BAAC/BAAC/DEEF/GGHH/I..J:????/????/????/?AA?/?AA?", 98, 135, 108),
    _preset("dad", "Dad's puzzle = Pennant puzzle",
            "blocks:4x5:AABB/AACC/DE../FGHH/FGII:????/????/????/AA??/AA??", 59, 83, 62,
            facts={"solutions": {"move": 864, "step": 1511552}}),
    _preset("tannentei", "Tannentei puzzle, two goal patterns",
            "blocks:5x4:aab../aabcc/defgh/iifgj:??b??/??bcc/??faa/??faa;"
            "????b/??ccb/??faa/??faa", 115, 161, 127, heavy=True),
    _preset("century", "Century, J. H. Conway",
            "blocks:4x5:NAAO/HAAI/HJ.I/PJ.Q/BBCC:????/????/????/?AA?/?AA?", 99, 131, 111),
    _preset("supercentury", "Super Century",
            "blocks:4x5:NOPH/AAIH/AAIJ/.BBJ/.QCC:????/????/????/?AA?/?AA?", 138, 179, 150),
    _preset("ninblocks", "Nine Blocks",
            "blocks:4x5:BC../BCDD/EFGG/EFAA/HIAA:????/????/????/AA??/AA??", 64, 88, 66),
    _preset("quzzle", "Quzzle, Jim Lewis",
            "blocks:4x5:AABB/AACD/..CD/EFFG/EHHI:??AA/??AA/????/????/????", 84, 115, 93),
    _preset("thinklotski", "Thin Klotski",
            "blocks:4x5:B.AA/BCCD/.CCE/FFGH/FFIJ:????/????/????/????/?AA?", 66, 101, 77),
    _preset("fatklotski", "Fat Klotski",
            "blocks:4x5:.AAB/CAAD/EFFD/GFF./HIJJ:????/????/????/?AA?/?AA?", 85, 123, 97),
    _preset("supercompo", "SuperCompo",
            "blocks:4x5:.AA./BAAC/DEEF/DGGF/HIIJ:????/????/????/?AA?/?AA?", 123, 158, 132),
    _preset("ells", "Two L blocks, walls, two goals",
            "blocks:5x5:LL.A_/LBBA./L..CD/EE.MD/_FFMM:"
            "?????/?LLM?/?L?MM/?L???/?????;?????/?????/?LLM?/?L?MM/?L???", 23, 37, 31),
]
# Rush Hour: (card, Fogleman's board, moves, steps, cluster size)
CARDS = [
    (1, "ooBoCCooBoooAABoooDDDooEoooooEoooooE", 9, 21, 111),
    (2, "ooBoooooBooCooBAACDDDEoCoooEFFoooooo", 16, 39, 377),
    (3, "BCDDEoBCFFEoAAGHooooGHIoooJHIoooJooo", 16, 34, 6603),
    (4, "ooooooooBoCoAABoCDEEEoCDFGHoIIFGHoJJ", 15, 40, 7171),
    (5, "ooBBBoCCCoDoAAooDEFFFoDEGoHoIIGoHoJJ", 15, 35, 9997),
    (6, "ooooooooBooCAABooCDoBEEFDGGHIFJJJHIF", 15, 30, 9866),
    (7, "ooBBCooDDDCEooAACEooFGGGooFHIIoooHJJ", 15, 37, 12431),
    (8, "BBCDEEFFCDGHoIAAGHoIoooooIoJJJoooooo", 15, 27, 3708),
    (9, "BCCDooBoEDoFAAEooFGGHHHIooJooIooJooo", 15, 23, 770),
    (10, "oBCCDDoBoooEoBoAAEoFoGHHoFoGIJoKKKIJ", 15, 23, 60),
    (11, "BBBCoDooECoDAAEooFooEGGFHHHoIooJJoIo", 20, 34, 6444),
    (12, "BBCDEoFoCDEoFAADEGoooooGoHIIoGoHoJJJ", 20, 39, 27486),
    (13, "oBBCCCDDDEFGAAHEFGIoHJJKILLooKMMNNNK", 32, 41, 405),
    (14, "BBCoooDoCEEEDoAAFoooooFoGGHHHIoooooI", 18, 33, 1655),
    (15, "BCDDEEBCoFFFBGoAAHIGoJJHIKKKLMNNNoLM", 15, 25, 1135),
    (16, "oooBCCoooBDDAAEFGHIIEFGHJKKKLMJNNNLM", 38, 71, 4687),
    (17, "BBBCCDEEFGGDAAFHoIoooHJIKLLHJoKMMMNN", 31, 42, 1008),
    (18, "oBCCCDoBoooDoAAEFGHHIEFGJoIKKGJoILLL", 40, 57, 3811),
    (19, "ooBCCCooBooDAAEooDFFEoGHoIJJGHoIKKKH", 41, 56, 624),
    (20, "oooBCCoooBooAADEoFooDEGFHIIIGKHooooK", 27, 47, 4472),
    (21, "BBCDooEoCDooEAADooEooFFFGGGoHIJJooHI", 28, 67, 7422),
    (22, "oBCCDEoBFGDEAAFGHIJoKLHIJoKLoIJMMMNN", 34, 40, 623),
    (23, "BoCoDDBoCEEEFAAGoHFIoGoHFIJJKLMMNNKL", 30, 48, 5722),
    (24, "BoCDDDBoCEooBAAEooFFGGoHoooooHIIJJoH", 32, 55, 1366),
    (25, "BBoCDEoooCDEFAACoGFoHIIGJJHooGKKHooo", 36, 72, 12431),
    (26, "BooCooBooCDDBAAEooooFEGGooFHHIooFooI", 23, 57, 220),
    (27, "BBCoDDEoCoooEoAAFoEGGGFHoooIFHoooIJJ", 31, 55, 5264),
    (28, "BBCCCDEooFFDEooAAGHHIIJGKKLoJGooLMMM", 42, 54, 2069),
    (29, "BBCoDEooCoDEooCAAEoooFGGHIIFooHooFoo", 34, 81, 8859),
    (30, "BoCCCoBDDDEFAAGHEFIIGHEFoooJKKoLLJoo", 45, 89, 6449),
    (31, "BCDDEFBCooEFGAAHoIGJJHoIGoKLLLMMKNNN", 31, 43, 2985),
    (32, "BBBCDEFGGCDEFoAADEHHIooooJIKKooJLLMM", 49, 92, 24132),
    (33, "BBCCCDEoFFGDEoAAGHIIJKKHLLJMooNNNMoo", 35, 58, 4934),
    (34, "BCCDoEBoFDoEAAFDoGHHIIJGooKoJoooKLLL", 45, 63, 1168),
    (35, "BBoCoDEFoCoDEFAAGHIJJKGHIoLKGoIoLMMo", 41, 62, 7900),
    (36, "BCCDooBooDEEBAAFooooGFHHooGIIJooGooJ", 28, 65, 555),
    (37, "BBBCDEFGGCDEFoAADoHHIooooJIoKKoJLLMM", 48, 90, 37740),
    (38, "BCDDEoBCFoEGBoFAAGHHHIoGooJIKKLLJMMo", 51, 83, 4780),
    (39, "ooBCCCooBDEEFAADGHFIooGHJIKKGLJMMNNL", 33, 49, 12639),
    (40, "BCCDDDBoEEFoAAGoFoHHGIIJoKKLoJMMMLoJ", 44, 70, 3913),
]
RUSH_UNITS = {"move": "moves", "step": None, "line": None}
PRESETS += [Preset(f"rush:{board}", f"Rush Hour card {card}", {"move": move, "step": step,
                                                              "line": move},
                   name=f"rush{card}", group="Rush Hour: the 40 cards of the game",
                   facts={"cluster": cluster}, units=RUSH_UNITS)
            for card, board, move, step, cluster in CARDS]
PRESETS.append(Preset(
    "rush:IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM",
    "Rush Hour: the hardest of Fogleman's database", {"move": 60, "step": 103, "line": 60},
    name="rushhardest", group="Rush Hour: the hardest", units=RUSH_UNITS,
    facts={"cluster": 2332, "source": "tests/data/rush.txt"}))

# Tromp and Cilibrasi's unit Rush Hour: 1x1 cars, each sliding one way, one
# empty cell, a horizontal car A to the left edge.  Their hardest 5x5 takes
# 199 steps, but its layout is not in the sources this project holds
# (tests/data/SOURCES.md, TROMP-CILIBRASI): this is the hardest position our
# own search of random layouts found (the farthest of its cluster of 2,471
# positions), proven by the one-way engine and tests/test_rush.py's naive
# search.  With one empty cell a move is a step.
PRESETS.append(Preset(
    "blocks:5x5:BCEFD/GHIJK/NOLPM/RQTUS/V.WAX:A-L5:hAEFHIJLMRS,vBCDGKNOPQTUVWX",
    "Unit Rush Hour 5x5 (Tromp and Cilibrasi), the hardest found here",
    {"move": 176, "step": 176, "line": 176}, name="unitrush", group="Unit Rush Hour",
    units={"move": "moves"}, facts={"cluster": 2471, "record": 199}))

# short name -> record
NAMED = {p.name: p for p in PRESETS if p.name}
