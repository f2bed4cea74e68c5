"""The sliding-block presets, one record each (``protocol.Preset``): the
menu's labels, tests/test_presets.py (every known count solved to a proof),
the page tests and benchmarks/bench_blocks.py all read them.  A leaf of the
family package: puzzle.py expands the short names (``blocks:hakoiri``).

Known counts: tests/data/blocks.txt (its sources in tests/data/SOURCES.md;
Century's and Super Century's straight-line figures as Storer published
them, the others recomputed by the data's own BFS); Tannentei's, the two-L
board's and the 98-move Hakoiri's straight-line count proved here by
exhaustive BFS (A* with every bound agrees).
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
# short name -> record
NAMED = {p.name: p for p in PRESETS if p.name}
