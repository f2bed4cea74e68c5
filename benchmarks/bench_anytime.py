"""Anytime solving as the page gets it, over hard positions of every family:
the API's ``solve`` with Auto, and from its progress records the time to
the first answer, its length over the optimum (where the optimum is known),
every improvement, and the time to the proof; in CPython and inside
Pyodide (under Node, the same jobs: common.pyodide_jobs).  Times are CPU
seconds of the solving process (common.cpu_clock; the machine is shared),
wall seconds beside them.  Not part of run.py:

    python benchmarks/bench_anytime.py [--runtimes cpython,pyodide]
        [--families tiles,blocks,pegs] [--max-seconds S] [--no-tables]
        [--only SUBSTRING] [--json FILE]
    python benchmarks/bench_anytime.py --pegs-quick [--runtimes ...] [--only ...]

The cases (``cases()``): tiles -- the 17 fifteen-puzzles 80 moves from the
goal, the five hard ones of 70-78 moves (tests/data: mwong's list), Korf and
Felner's 24-puzzles #1-#5 (95-100 moves), the 16 antipodes of the
multi-tile count (43), every tiles preset; blocks -- every preset in every
counting rule its record knows; pegs -- every preset, and five drawn
boards (the editor's random solvable start on five shapes).  Known optima
come from the presets' records (protocol.Preset) and the data files;
``--no-tables`` leaves the stored tables aside (the families' ``known``
hook), to measure the searches alone on the presets they hold.  A solve
runs until proven or for ``--max-seconds`` of wall time (default 30).
``--pegs-quick`` times peg solitaire's first answer alone (the quick
method, pegs/anytime.py) with the stored answers left aside, from a cold
start, on every preset that has a solution, MIDGAME and the drawn boards.
Siblings: bench_hardtail.py (the 80-move proofs), common.py.
"""

import argparse
import json
import os
import statistics
import sys
import time

import common

common.use_source_tree()

from puzzlelab import api  # noqa: E402
from puzzlelab.families import FAMILIES, family_module  # noqa: E402

DATA = os.path.join(common.ROOT, "tests", "data")
DIGITS = "0123456789abcdefghijklmnopqrstuvwxyz"
# quality targets of issue 34: the first answer within these many seconds
# (CPython; Pyodide twice that), and within these ratios of the optimum
FIRST_SECONDS = {"cpython": 1.0, "pyodide": 2.0}
# drawn peg boards: (name, board code); each gets the editor's random
# solvable start (seed 1)
DRAWN = [("square 6x6", "pegs:sq4:oooooo/oooooo/oooooo/oooooo/oooooo/oooooo"),
         ("rectangle 4x8", "pegs:sq4:oooooooo/oooooooo/oooooooo/oooooooo"),
         ("plus 7x7", "pegs:sq4:__ooo__/_ooooo_/ooooooo/ooooooo/ooooooo/_ooooo_/__ooo__"),
         ("diagonal 5x5", "pegs:sq8:ooooo/ooooo/ooooo/ooooo/ooooo"),
         ("hexagon 19", "pegs:tri:ooo__/oooo_/ooooo/_oooo/__ooo")]


def _lines(name, prefix):
    with open(os.path.join(DATA, name), encoding="utf-8") as f:
        return [line.split() for line in f if line.startswith(prefix)]


def cases(families=FAMILIES):
    """[(family, task, code, known optimum or None)], the hard positions."""
    out = []
    if "tiles" in families:
        for k, f in enumerate(_lines("fifteen80.txt", "p80k"), 1):
            out.append(("tiles", f"4x4 80 #{k}",
                        "tiles:4x4:" + "".join(DIGITS[int(x)] for x in f[1:17]) +
                        ":0123456789abcdef", 80))
        for length, code in hard_fifteen():
            out.append(("tiles", f"4x4 hard {length}", code, length))
        for f in [f for f in _lines("korf24.txt", "") if f and f[0].isdigit()][:5]:
            out.append(("tiles", f"5x5 Korf #{f[0]}", "tiles:5x5:" + "".join(
                DIGITS[int(x)] for x in f[2:27]) + ":0123456789abcdefghijklmno", int(f[1])))
        for k, f in enumerate(_lines("mtm_antipodes.txt", "tiles:"), 1):
            out.append(("tiles", f"4x4 multi antipode #{k}", f[0] + "&metric=multi", 43))
    for family in families:
        for p in family_module(family).PRESETS:
            rules = list(p.known) or [None]
            for rule in rules:
                link = p.code + (f"&metric={rule}" if rule and rule != family_module(
                    family).METRICS[0] else "")
                name = p.title + (f" ({rule})" if rule and len(rules) > 1 else "")
                out.append((family, name, link, p.known.get(rule) if rule else None))
    if "pegs" in families:
        for name, board in DRAWN:
            reply = api.run({"op": "edit", "code": board, "action": "random",
                             "args": {"seed": 1}})
            out.append(("pegs", f"drawn: {name}", reply["code"], None))
    return out


# mwong510ca's five hard fifteen-puzzles of 70-78 moves (goal 1-15 with the
# blank last; shared/data/fifteen_facts.txt, "hard" lines, single source)
HARD = [(70, "0 15 8 3 12 11 7 4 14 10 6 5 9 13 2 1"),
        (72, "6 5 9 13 2 1 10 14 3 7 0 15 4 8 12 11"),
        (74, "11 5 9 13 2 6 10 14 3 7 0 15 4 8 12 1"),
        (76, "0 15 8 13 12 11 3 7 14 9 6 2 4 10 5 1"),
        (78, "0 15 8 13 12 11 9 10 14 3 6 2 4 7 5 1")]


def hard_fifteen():
    return [(n, "tiles:4x4:" + "".join(DIGITS[int(x)] for x in cells.split()))
            for n, cells in HARD]


def run_case(code, max_seconds):
    """Auto on ``code``: its improvements with CPU and wall seconds from the
    request's start, whether and when it was proven, its bound."""
    cpu = common.cpu_clock()
    c0, w0 = cpu(), time.perf_counter()
    gen = api.handle({"op": "solve", "code": code, "max_seconds": max_seconds})
    imps = []
    while True:
        try:
            rec = next(gen)
        except StopIteration as stop:
            reply = stop.value
            break
        imp = rec.get("improvement")
        if imp is not None:
            imps.append({"length": imp["length"], "cpu": round(cpu() - c0, 3),
                         "wall": round(time.perf_counter() - w0, 3),
                         "algorithm": imp["algorithm"], "optimal": imp["optimal"]})
    end_cpu, end_wall = round(cpu() - c0, 3), round(time.perf_counter() - w0, 3)
    if not reply.get("ok"):
        return {"error": reply["error"]["message"]}
    if not imps and reply.get("length") is not None:
        # answered at once (a stored table): the reply is the first answer
        imps.append({"length": reply["length"], "cpu": end_cpu, "wall": end_wall,
                     "algorithm": reply["algorithm"], "optimal": reply["optimal"]})
    impossible = reply.get("impossible")
    return {"improvements": imps, "proven": bool(reply["optimal"]) or bool(impossible),
            "impossible": impossible["proof"] if impossible else None,
            "proof_cpu": end_cpu if (reply["optimal"] or impossible) else None,
            "proof_wall": end_wall if (reply["optimal"] or impossible) else None,
            "first_cpu": imps[0]["cpu"] if imps else (end_cpu if impossible else None),
            "first_wall": imps[0]["wall"] if imps else (end_wall if impossible else None),
            "length": reply.get("length"), "lower_bound": reply.get("lower_bound"),
            "stopped": (reply.get("stopped") or {}).get("message"),
            "expanded": (reply.get("stats") or {}).get("expanded")}


def run_cases(families=FAMILIES, max_seconds=30, tables=True, only=None):
    """Every case of ``families`` (or those whose task contains ``only``):
    rows {family, task, code, known, runtime, ...run_case's figures}."""
    if not tables:
        for name in FAMILIES:
            family_module(name).known = lambda puzzle: None
    rows = []
    for family, task, code, known in cases(families):
        if only and only not in task:
            continue
        row = {"family": family, "task": task, "code": code, "known": known,
               "runtime": common.RUNTIME, "tables": tables}
        row.update(run_case(code, max_seconds))
        first = (row.get("improvements") or [{}])[0].get("length")
        row["ratio"] = round(first / known, 3) if first and known else None
        if row.get("proven") and known is not None and row.get("length") not in (None, known):
            row["error"] = f"proven {row['length']}, the record says {known}"
        rows.append(row)
    return rows


def _f(x, spec=">7.3f"):
    return "-" if x is None else format(x, spec)


def report(rows, runtime):
    print(f"\n{runtime}: Auto, CPU seconds from the request (wall in brackets)")
    print(f"{'family':6} {'position':44} {'known':>5} {'first':>5} {'at cpu s':>8} {'ratio':>5} "
          f"{'improvements (length@cpu s)':34} {'proven at':>9} {'bound':>5}")
    for r in rows:
        if r.get("error"):
            print(f"{r['family']:6} {r['task'][:44]:44} ERROR {r['error'][:80]}")
            continue
        imps = " ".join(f"{i['length']}@{i['cpu']:.2f}" for i in r["improvements"][1:5])
        if len(r["improvements"]) > 5:
            imps += " ..."
        first = r["improvements"][0]["length"] if r["improvements"] else (
            "imp." if r["impossible"] else "-")
        print(f"{r['family']:6} {r['task'][:44]:44} {_f(r['known'], '>5')} {first:>5} "
              f"{_f(r['first_cpu'], '>8.3f')} {_f(r['ratio'], '>5.2f')} {imps[:34]:34} "
              f"{_f(r['proof_cpu'], '>9.2f')} {_f(r['lower_bound'], '>5')}")
    print()
    for family in FAMILIES:
        mine = [r for r in rows if r["family"] == family and not r.get("error")]
        if not mine:
            continue
        firsts = [r["first_cpu"] for r in mine if r["first_cpu"] is not None]
        ratios = [r["ratio"] for r in mine if r["ratio"]]
        proofs = [r["proof_cpu"] for r in mine if r["proof_cpu"] is not None]
        late = [r["task"] for r in mine if r["first_cpu"] is None or
                r["first_cpu"] > FIRST_SECONDS.get(runtime, 1.0)]
        print(f"{family}: {len(mine)} positions; first answer median {statistics.median(firsts):.3f} s, "
              f"worst {max(firsts):.3f} s CPU ({len(late)} over "
              f"{FIRST_SECONDS.get(runtime, 1.0):g} s{': ' + ', '.join(late[:6]) if late else ''}); "
              f"first/optimum mean {statistics.mean(ratios) if ratios else float('nan'):.3f}, "
              f"worst {max(ratios) if ratios else float('nan'):.3f} over {len(ratios)}; "
              f"proven {len(proofs)}/{len(mine)}"
              f"{f', proof median {statistics.median(proofs):.2f} s' if proofs else ''}")
    for label, pick in (("4x4 80 moves", "4x4 80"), ("4x4 70-78", "4x4 hard"),
                        ("5x5 Korf", "5x5 Korf"), ("multi-tile antipodes", "multi antipode")):
        ratios = [r["ratio"] for r in rows if pick in r["task"] and r.get("ratio")]
        if ratios:
            print(f"  {label}: first/optimum mean {statistics.mean(ratios):.3f}, "
                  f"worst {max(ratios):.3f} ({len(ratios)} positions)")


# -- pegs: the quick method's first answer, the stored answers left aside ----------
# mid-game positions: seeded random moves (1-8) from the big presets' starts
# (``midgame_codes``, seed 34; each solvable, by dfs), as drawn once and kept
# here: (preset and moves played, code)
MIDGAME = [
          ("english +6",
           "pegs:sq4:__o..__/__.oo__/oo....o/ooo.ooo/ooooooo/__ooo__/__ooo__:__...__/__...__/......./...o.../......./__...__/__...__"),
          ("english-c1-complement +6",
           "pegs:sq4:__ooo__/__o..__/oo..ooo/oooo..o/ooo.ooo/__ooo__/__ooo__:__o..__/__...__/......./......./......./__...__/__...__"),
          ("french +5",
           "pegs:sq4:__ooo__/_oo..o_/..o...o/ooooooo/ooooooo/_ooooo_/__ooo__"),
          ("french-d2-d6 +7",
           "pegs:sq4:__o..__/_oo..o_/oo..ooo/o.ooooo/oo.oooo/_o.ooo_/__ooo__:__...__/_....._/......./......./......./_..o.._/__...__"),
          ("diamond41-d2 +1",
           "pegs:sq4:____o____/___o..___/__ooooo__/_ooooooo_/ooooooooo/_ooooooo_/__ooooo__/___ooo___/____o____"),
          ("wiegleb45 +5",
           "pegs:sq4:___o.o___/___o.o___/___ooo___/ooooo.ooo/oooooo.oo/ooooooo../___ooo___/___ooo___/___ooo___:___...___/___...___/___...___/........./....o..../........./___...___/___...___/___...___"),
          ("english +5",
           "pegs:sq4:__ooo__/__ooo__/ooooooo/ooooooo/ooo..oo/__o..__/__..o__:__...__/__...__/......./...o.../......./__...__/__...__"),
          ("english-c1-complement +3",
           "pegs:sq4:__o.o__/__oo.__/ooooo../ooooooo/ooooooo/__ooo__/__ooo__:__o..__/__...__/......./......./......./__...__/__...__"),
          ("french +5",
           "pegs:sq4:__ooo__/_oo..o_/ooo.oo./ooooo.o/ooooo.o/_ooooo_/__ooo__"),
          ("french-d2-d6 +2",
           "pegs:sq4:__ooo__/_ooooo_/o..oooo/ooo.ooo/ooooooo/_ooooo_/__ooo__:__...__/_....._/......./......./......./_..o.._/__...__"),
          ("wiegleb45 +2",
           "pegs:sq4:___ooo___/___ooo___/___ooo___/ooooooooo/ooooo.o../ooooooooo/___ooo___/___ooo___/___ooo___:___...___/___...___/___...___/........./....o..../........./___...___/___...___/___...___"),
          ("english-c1-complement +7",
           "pegs:sq4:__ooo__/__.oo__/.o...oo/oo..ooo/oo..ooo/__ooo__/__ooo__:__o..__/__...__/......./......./......./__...__/__...__"),
          ("french +3",
           "pegs:sq4:__ooo__/_ooooo_/oo.oooo/...oooo/oo.oooo/_ooooo_/__ooo__"),
          ("french-d2-d6 +4",
           "pegs:sq4:__ooo__/_oo.oo_/o...ooo/ooo.ooo/ooo.ooo/_oo.oo_/__ooo__:__...__/_....._/......./......./......./_..o.._/__...__"),
]
MIDGAME_FROM = ("english", "english-c1-complement", "french", "french-d2-d6",
                "diamond41-d2", "wiegleb45")


def midgame_codes(count=12, seed=34, seconds=20):
    """``count`` new mid-game positions: from each board of MIDGAME_FROM in
    turn, 1-8 random moves (seeded), kept when dfs solves it within
    ``seconds`` (wall: load decides which are kept, hence MIDGAME).
    [(name, code)]."""
    import random
    rng = random.Random(seed)
    out = []
    k = 0
    while len(out) < count:
        preset = MIDGAME_FROM[k % len(MIDGAME_FROM)]
        steps = rng.randint(1, 8)
        code = "pegs:" + preset
        for _ in range(steps):
            code = rng.choice(api.run({"op": "moves", "code": code})["moves"])["code"]
        reply = api.run({"op": "solve", "code": code, "algorithm": "dfs",
                         "max_seconds": seconds})
        if reply.get("ok") and reply.get("length") and code not in [c for _n, c in out]:
            out.append((f"{preset} +{steps}", code))
            k += 1
    return out


def quick_cases(midgame=MIDGAME):
    """[(task, code)]: every peg preset that has a solution, the mid-game
    positions ``midgame``, the drawn boards."""
    out = [(p.title, p.code) for p in family_module("pegs").PRESETS
           if not p.impossible]
    out += [("mid-game " + name, code) for name, code in midgame]
    for name, board in DRAWN:
        reply = api.run({"op": "edit", "code": board, "action": "random",
                         "args": {"seed": 1}})
        out.append((f"drawn: {name}", reply["code"]))
    return out


def quick_firsts(midgame=MIDGAME, only=None):
    """Auto's first answer on each of ``quick_cases``, with the stored
    answers left aside (the family's ``known``), from a cold start (what
    searches keep between requests dropped): CPU seconds to it, its length,
    the method that found it.  Rows for ``report_quick``."""
    from puzzlelab.families.pegs import dfs, pagodas
    pegs = family_module("pegs")
    pegs.known = lambda puzzle: None
    cpu = common.cpu_clock()
    rows = []
    for task, code in quick_cases(midgame):
        if only and only not in task:
            continue
        dfs.forget()
        dfs._KERNELS.clear()
        pagodas._ENTRIES.clear()
        pagodas._TABLES.clear()
        c0 = cpu()
        gen = api.handle({"op": "solve", "code": code, "max_seconds": 120})
        first = None
        for rec in gen:
            if "improvement" in rec:
                first = rec["improvement"]
                break
        gen.close()
        row = {"task": task, "code": code, "runtime": common.RUNTIME,
               "cpu": round(cpu() - c0, 3)}
        if first is None:
            row["error"] = "no answer"
        else:
            row.update(length=first["length"], algorithm=first["algorithm"])
            again = api.run({"op": "replay", "code": code, "path": first["path"]})
            if not (again["ok"] and again["codes"] == first["codes"]):
                row["error"] = "the answer does not replay"
        rows.append(row)
    return rows


def report_quick(rows, runtime):
    limit = FIRST_SECONDS.get(runtime, 1.0)
    print(f"\n{runtime}: pegs, Auto's first answer without the stored answers "
          f"(CPU seconds, cold)")
    print(f"{'position':44} {'first':>5} {'cpu s':>7}  method")
    for r in rows:
        print(f"{r['task'][:44]:44} {_f(r.get('length'), '>5')} {r['cpu']:>7.3f}  "
              f"{r.get('algorithm', '')} {r.get('error', '')}")
    for label, pick in (("presets", lambda t: not t.startswith(("mid-game", "drawn"))),
                        ("mid-game", lambda t: t.startswith("mid-game")),
                        ("drawn", lambda t: t.startswith("drawn")), ("all", lambda t: True)):
        times = [r["cpu"] for r in rows if pick(r["task"])]
        if times:
            late = [r["task"] for r in rows if pick(r["task"]) and r["cpu"] > limit]
            print(f"  {label}: {len(times)}, median {statistics.median(times):.3f} s, worst "
                  f"{max(times):.3f} s; {len(late)} over {limit:g} s"
                  f"{': ' + ', '.join(late) if late else ''}")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runtimes", default="cpython,pyodide")
    ap.add_argument("--families", default=",".join(FAMILIES))
    ap.add_argument("--max-seconds", type=int, default=30, help="wall time per solve")
    ap.add_argument("--no-tables", action="store_true",
                    help="leave the stored tables aside: the searches alone")
    ap.add_argument("--only", default=None, help="only the tasks whose name contains this")
    ap.add_argument("--json", help="also write the rows here")
    ap.add_argument("--pegs-quick", action="store_true",
                    help="pegs only: the first answer of Auto's quick method with the "
                    "stored answers left aside, on the presets, seeded mid-game "
                    "positions and the drawn boards")
    args = ap.parse_args(argv)
    if args.pegs_quick:
        return main_quick(args)
    families = tuple(args.families.split(","))
    kwargs = {"families": families, "max_seconds": args.max_seconds,
              "tables": not args.no_tables, "only": args.only}
    job = {"module": "bench_anytime", "function": "run_cases", "kwargs": kwargs}
    n = len([c for c in cases(families) if not args.only or args.only in c[1]])
    timeout = 60 + n * (args.max_seconds * 3 + 30)
    return run_jobs(job, args, timeout, report)


def run_jobs(job, args, timeout, show):
    """``job`` in each runtime of ``args.runtimes``, its rows shown by
    ``show(rows, runtime)`` (and written to ``args.json``)."""
    rows = []
    for runtime in args.runtimes.split(","):
        if runtime == "cpython":
            out, err = common.cpython_job(job, timeout)
        else:
            got, err = common.pyodide_jobs([job], timeout)
            out = got["jobs"][0] if got else None
            err = err or (out or {}).get("error")
        if err or not out or "rows" not in out:
            print(f"{runtime}: failed: {err or (out or {}).get('error')}", file=sys.stderr)
            continue
        show(out["rows"], runtime)
        rows += out["rows"]
    print(f"\nmachine: {common.machine()}")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump(rows, f, indent=1)
    return 0


def main_quick(args):
    """``--pegs-quick``: quick_firsts in each runtime, on the same positions."""
    job = {"module": "bench_anytime", "function": "quick_firsts",
           "kwargs": {"only": args.only}}
    return run_jobs(job, args, 3600, report_quick)


if __name__ == "__main__":
    sys.exit(main())
