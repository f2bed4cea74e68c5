"""Command line: ``python -m puzzlelab solve CODE [options]`` (also
``analyze``, ``describe``, ``presets`` and ``minima``, a peg board's table).

Calls only ``api.py``.  Prints the solution and stats (or, with ``--json``,
one JSON object); a live progress line goes to stderr when a solve runs long
(with the best length found and the proven lower bound).  Ctrl-C stops a
solve and prints the best solution found so far with its proven bound.
The CODE may be a bare position code or a link fragment (``CODE&metric=move``)
copied from the page.

``solve`` exits with 0 when it has a solution (proven optimal, or the best
found when the time or memory budget or Ctrl-C stopped it: ``--json``'s
``optimal`` and ``stopped`` say which), 1 when the position is proven
impossible (a result: what proves it is printed), 3 when it was stopped
before any solution was found (the proven lower bound is printed), and 2
when the request itself fails (a bad code or option).  The other commands
exit with 0, or 2 on a failed request.
"""

import argparse
import json
import os
import signal
import sys
import time

from . import api
from .errors import Cancelled, printable, show
from .search.common import DEFAULT_MAX_MEMORY, MB

PROGRESS_AFTER = 1.0   # seconds before the progress line appears
SOLVED, IMPOSSIBLE, FAILED, NOTHING_YET = 0, 1, 2, 3   # solve's exit codes (docstring)
MEMORY_HELP = (f"memory budget in MB (default {DEFAULT_MAX_MEMORY // MB}, as in the "
               f"page): the search stops with a message when what it holds reaches it")


def _whole_arg(text):
    """An option's whole number (argparse's own message would quote any
    length of text back)."""
    try:
        if len(text) > 20:
            raise ValueError
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: '{show(text)}'") from None


def _number_arg(text):
    """An option's number (see _whole_arg)."""
    try:
        if len(text) > 20:
            raise ValueError
        value = float(text)
        if value != value or value in (float("inf"), float("-inf")):
            raise ValueError
        return value
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: '{show(text)}'") from None


def _progress_line(rec):
    parts = [f"{rec.get('elapsed', 0):7.1f}s"]
    if rec.get("best") is not None:
        parts.append(f"best {rec['best']}")
    if rec.get("lower_bound"):
        parts.append(f"proven >= {rec['lower_bound']}")
    for key in ("bound", "depth", "expanded", "held"):
        if key in rec:
            value = rec[key]
            parts.append(f"{key} {value:,}" if isinstance(value, int) else f"{key} {value}")
    return "  ".join(parts)


def _drive(gen, quiet, every=None):
    """Run a request to its reply, with the progress line; Ctrl-C stops it
    (a solve then replies with its best solution so far).  ``every``: with
    stderr not a terminal (a long run logged to a file), a progress line
    of its own at most every that many seconds, and one as each table
    entry starts (records with a ``pair``)."""
    t0 = time.perf_counter()
    logged = [t0]
    shown = False
    stop_asked = []
    # Ctrl-C only asks: the request stops at its next progress record (at
    # most ~0.05 s later), so nothing is interrupted half way
    try:
        previous = signal.signal(signal.SIGINT, lambda *_: stop_asked.append(1))
    except ValueError:          # not the main thread
        previous = None
    try:
        while True:
            asked = bool(stop_asked)
            try:
                rec = gen.throw(Cancelled("Stopped by Ctrl-C.")) if asked else next(gen)
            except StopIteration as stop:
                if shown:
                    sys.stderr.write("\r\033[K")
                    sys.stderr.flush()
                return stop.value
            if asked:
                stop_asked.clear()
            shown = _show_progress(rec, t0, quiet, shown)
            if every is not None and not sys.stderr.isatty() and (
                    "elapsed" in rec or "pair" in rec):
                now = time.perf_counter()
                if now - logged[0] >= every or "pair" in rec:
                    logged[0] = now
                    line = (f"{rec['pair']}: searching ({rec['done'] + 1} of {rec['of']})"
                            if "pair" in rec else _progress_line(rec))
                    print(f"[{now - t0:8.0f} s] {line}", file=sys.stderr, flush=True)
    finally:
        if previous is not None:
            signal.signal(signal.SIGINT, previous)


def _show_progress(rec, t0, quiet, shown):
    """Write the progress line (a terminal only, after PROGRESS_AFTER s);
    returns whether a line is on screen."""
    if not quiet and time.perf_counter() - t0 > PROGRESS_AFTER and sys.stderr.isatty():
        sys.stderr.write("\r\033[K" + _progress_line(rec))
        sys.stderr.flush()
        return True
    return shown


def _budget(req, args):
    if args.memory is not None:
        req["max_memory"] = args.memory
    if args.max_states is not None:
        req["max_states"] = args.max_states


def _say(text):
    """A message for the terminal: printable text only (no escape sequences
    from a code someone pasted)."""
    return printable(text)


class _Unusable(Exception):
    """A --out file that cannot be read back or written: the message says why."""


def _read_table(path):
    """The entries of the table file ``path`` (an earlier run's), each
    checked as the API checks them (api.entry_problem); _Unusable says
    what is wrong with the file."""
    try:
        with open(path, encoding="utf-8") as f:
            table = json.load(f)
    except RecursionError:
        raise _Unusable("it is nested too deeply to be a table") from None
    except UnicodeDecodeError:
        raise _Unusable("it is not text (UTF-8)") from None
    except ValueError as exc:
        raise _Unusable(f"it is not JSON, or cut short ({exc})") from None
    except OSError as exc:
        raise _Unusable(exc.strerror or str(exc)) from None
    if not isinstance(table, dict) or not isinstance(table.get("entries", []), list):
        raise _Unusable("it is not a table (an object with a list of 'entries')")
    entries = table.get("entries", [])
    for i, entry in enumerate(entries):
        why = "it is not an object" if not isinstance(entry, dict) else \
            api.entry_problem(entry)
        if why:
            raise _Unusable(f"its entry {i + 1:,} is not a table entry: {why}")
    return entries


def _check_writable(path):
    """Raise _Unusable unless a file can be written beside ``path`` (the
    table is saved there by a rename), before hours of work begin."""
    folder = os.path.dirname(os.path.abspath(path))
    if os.path.isdir(path):
        raise _Unusable("it is a folder")
    probe = f"{path}.{os.getpid()}.tmp"
    try:
        with open(probe, "w", encoding="utf-8"):
            pass
        os.remove(probe)
    except OSError as exc:
        raise _Unusable(f"a file cannot be written in {folder} "
                        f"({exc.strerror or exc})") from None


def _minima(args):
    """The minima command: the table, its entries saved to ``--out`` as
    they come (so a stopped run resumes), then printed by start.  A --out
    file that cannot be read back or written ends it at once with a plain
    message (exit status 2)."""
    try:
        return _minima_run(args)
    except _Unusable as exc:
        print(_say(f"Cannot use {args.out}: {exc}. Move it away or fix it."), file=sys.stderr)
        return 2


def _minima_run(args):
    done = []
    if args.out:
        if os.path.exists(args.out):
            done = _read_table(args.out)
            print(f"resuming: {sum(e.get('status') == 'proven' for e in done)} entries "
                  f"proven in {args.out}", file=sys.stderr)
        _check_writable(args.out)
    req = {"op": "minima", "code": args.code, "done": done}
    if args.pairs:
        req["only"] = [x.strip() for x in args.pairs.split(",") if x.strip()]
    if args.engine:
        req["engine"] = args.engine
    _budget(req, args)
    entries = list(done)

    def save(table):
        """Write the table to --out, with the entries another run (--pairs:
        several processes sharing one file) proved since this one read it."""
        if not args.out:
            return table
        with _locked(os.path.dirname(os.path.abspath(args.out))):
            try:
                theirs = _read_table(args.out) if os.path.exists(args.out) else []
            except _Unusable:
                theirs = []         # damaged since it was read: this run's entries stand
            table = dict(table, entries=_merge(table["entries"], theirs))
            if "starts" in table:           # the whole table: complete if all proven
                table["complete"] = all(e.get("status") == "proven" for e in table["entries"])
            tmp = f"{args.out}.{os.getpid()}.tmp"
            try:
                with open(tmp, "w", encoding="utf-8") as f:
                    json.dump(table, f, indent=1)
                    f.write("\n")
                os.replace(tmp, args.out)
            except OSError as exc:
                raise _Unusable(f"it could not be written ({exc.strerror or exc})") from None
        return table

    def saving(gen):
        """Forwards the request's records (and a Ctrl-C thrown in), saving
        every finished entry; returns the reply."""
        try:
            rec = next(gen)
        except StopIteration as stop:
            return stop.value
        while True:
            entry = rec.get("entry") if rec.get("phase") == "minima" else None
            if entry is not None:
                key = (entry["start"], entry["finish"])
                entries[:] = [e for e in entries if (e.get("start"), e.get("finish")) != key]
                entries.append(entry)
                save({"code": args.code, "complete": False, "entries": entries})
                if not args.json:
                    clear = "\r\033[K" if sys.stderr.isatty() else ""
                    print(f"{clear}{_entry_line(entry)}  [{rec['done']}/{rec['of']}]",
                          file=sys.stderr, flush=True)
            try:
                try:
                    yield rec
                except Cancelled as exc:
                    rec = gen.throw(exc)
                    continue
                rec = next(gen)
            except StopIteration as stop:
                return stop.value
    reply = _drive(saving(api.handle(req)), args.json, every=args.every)
    if not reply["ok"]:
        print(_say(reply["error"]["message"]), file=sys.stderr)
        return 2
    # the code as asked (a preset name, like the file's progress saves)
    table = dict(reply, code=args.code,
                 complete=all(e.get("status") == "proven" for e in reply["entries"]))
    table = save(table)
    if args.json:
        print(json.dumps(table))
        return 0
    for start in table["starts"]:
        row = [e for e in table["entries"] if e["start"] == start["start"]]
        cells = ", ".join(f"{e['finish']} {_moves(e)}" for e in row) or "never one peg"
        print(f"{start['start']:>4}: {cells}")
    return 0


_STANDING = {"proven": 2, "stopped": 1}     # an entry's status, by what it tells


def _merge(mine, theirs):
    """``mine`` with what ``theirs`` knows better (by start and finish): a
    proven entry over any other, a stopped one (its bounds) over one not
    searched, and of two stopped ones the higher lower bound and the
    shorter known solution; entries only ``theirs`` has are added."""
    out = list(mine)
    at = {(e.get("start"), e.get("finish")): i for i, e in enumerate(out)}
    for e in theirs:
        key = (e.get("start"), e.get("finish"))
        if key not in at:
            at[key] = len(out)
            out.append(e)
            continue
        old = out[at[key]]
        standing, before = _STANDING.get(e.get("status"), 0), _STANDING.get(old.get("status"), 0)
        if standing > before:
            out[at[key]] = e
        elif standing == before == _STANDING["stopped"]:
            out[at[key]] = _bounds(old, e)
    return out


def _bounds(a, b):
    """Two stopped runs of one entry: the higher lower bound (its run's
    figures) with the shorter known solution of either."""
    best = dict(max((a, b), key=lambda e: e.get("lower_bound") or 0))
    known = [e for e in (a, b) if e.get("upper_bound") is not None]
    for k in ("upper_bound", "solution"):
        best.pop(k, None)
    if known:
        short = min(known, key=lambda e: e["upper_bound"])
        best.update(upper_bound=short["upper_bound"], solution=short.get("solution"))
    return best


class _locked:
    """An exclusive lock on a directory, the table file's (POSIX: no lock
    file left behind; elsewhere no lock: one run at a time per table)."""

    def __init__(self, path):
        self.path = path
        self.fd = None

    def __enter__(self):
        try:
            import fcntl
            self.fd = os.open(self.path, os.O_RDONLY)
            fcntl.flock(self.fd, fcntl.LOCK_EX)
        except (ImportError, OSError):
            pass
        return self

    def __exit__(self, *exc):
        if self.fd is not None:
            os.close(self.fd)       # closing releases the lock
        return False


def _moves(entry):
    if entry.get("status") == "not searched":
        return "not searched"
    if entry.get("status") != "proven":
        known = f", <= {entry['upper_bound']}" if entry.get("upper_bound") is not None else ""
        return f">= {entry.get('lower_bound')}{known} (stopped)"
    return "impossible" if entry["moves"] == "none" else str(entry["moves"])


def _entry_line(entry):
    return (f"{entry['start']} -> {entry['finish']}: {_moves(entry)}"
            f" ({entry.get('seconds', 0):.1f} s)")


def main(argv=None):
    """The command (exit status: 0 done, 2 refused or failed, with a plain
    message).  Output piped into a program that stops reading (``| head``)
    and a Ctrl-C outside a solve end it quietly, without a traceback."""
    try:
        return _main(argv)
    except BrokenPipeError:
        # the reader went away: say nothing more (Python would complain
        # again when it flushes stdout on exit)
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    except KeyboardInterrupt:
        print("Stopped.", file=sys.stderr)
        return 130


def _main(argv=None):
    parser = argparse.ArgumentParser(prog="puzzlelab",
                                     description="Puzzle Lab: optimal puzzle solver")
    sub = parser.add_subparsers(dest="command", required=True)
    sp = sub.add_parser("solve", help="solve a position code",
                        epilog="Exit status: 0 a solution (proven or the best found), 1 "
                               "proven impossible, 2 a failed request, 3 stopped before "
                               "any solution was found.")
    sp.add_argument("code")
    sp.add_argument("--algorithm", "-a", default=None,
                    help="auto, bfs, bidir, iddfs, idastar, astar (and family extras)")
    sp.add_argument("--heuristic", default=None, help="lower bound to use")
    sp.add_argument("--metric", default=None, help="counting rule (family specific)")
    sp.add_argument("--count", action="store_true", help="count all optimal solutions")
    sp.add_argument("--first", default=None, help="fix the first move when counting (pegs)")
    sp.add_argument("--factor", type=_number_arg, default=None,
                    help="A*/IDA* only: accept a solution up to this many times the "
                         "optimum (like 1.2) for speed; the proven lower bound is shown")
    sp.add_argument("--memory", type=_whole_arg, default=None, help=MEMORY_HELP)
    sp.add_argument("--max-states", type=_whole_arg, default=None,
                    help="also stop at this many positions held")
    sp.add_argument("--max-seconds", type=_whole_arg, default=None,
                    help="stop after this many seconds, keeping the best solution "
                         "found and the proven lower bound")
    sp.add_argument("--json", action="store_true", help="print one JSON object")
    sp.add_argument("--quiet", "-q", action="store_true", help="no progress line")
    ap = sub.add_parser("analyze", help="distance histogram and farthest positions")
    ap.add_argument("code")
    ap.add_argument("--from", dest="origin", default="goal", choices=["goal", "start", "group"],
                    help="distances from the goal, from the start, or (blocks) the start's "
                         "whole group by distance to its goals")
    ap.add_argument("--memory", type=_whole_arg, default=None, help=MEMORY_HELP)
    ap.add_argument("--max-states", type=_whole_arg, default=None,
                    help="also stop at this many positions held")
    ap.add_argument("--json", action="store_true")
    mp = sub.add_parser("minima", help="a peg board's minimum-move table: every start, "
                                       "every finish (resumable)")
    mp.add_argument("code", help="the board, like pegs:french (start and goal do not matter)")
    mp.add_argument("--out", default=None,
                    help="JSON file that keeps the entries as they are proven; a run "
                         "given the file of a stopped one goes on from there")
    mp.add_argument("--memory", type=_whole_arg, default=None, help=MEMORY_HELP)
    mp.add_argument("--max-states", type=_whole_arg, default=None,
                    help="also stop each search at this many positions held")
    mp.add_argument("--json", action="store_true", help="print the table as JSON")
    mp.add_argument("--pairs", default=None, metavar="D2-D6,...",
                    help="search only these entries (names as the table prints them, "
                         "start-finish); runs given the same --out file share it")
    mp.add_argument("--engine", default=None, choices=("meet", "wide"),
                    help="meet (the default: pure Python, as in the page) or wide (the "
                         "same proof on numpy arrays: on the French board about four times "
                         "faster in half the memory, 8 bytes a position; needs numpy)")
    mp.add_argument("--every", type=_number_arg, default=60.0, metavar="SECONDS",
                    help="with stderr not a terminal (a run logged to a file), a progress "
                         "line at most every SECONDS (default 60)")
    gp = sub.add_parser("generate", help="a new start at a difficulty, its distance proven")
    gp.add_argument("code", help="the board, goal and counting rule to keep (its start is "
                                 "replaced)")
    gp.add_argument("--difficulty", "-d", default=None,
                    help="easy, medium, hard (blocks: hardest too); describe lists them")
    gp.add_argument("--moves", type=_whole_arg, default=None,
                    help="exactly this many moves from the goal (tiles)")
    gp.add_argument("--pieces", type=_whole_arg, default=None,
                    help="a new layout of this many pieces (Rush Hour: vehicles)")
    gp.add_argument("--metric", default=None, help="counting rule (family specific)")
    gp.add_argument("--seed", type=_whole_arg, default=None, help="repeat a draw")
    gp.add_argument("--memory", type=_whole_arg, default=None, help=MEMORY_HELP)
    gp.add_argument("--max-states", type=_whole_arg, default=None,
                    help="also stop at this many positions held")
    gp.add_argument("--json", action="store_true", help="print the reply as JSON")
    dp = sub.add_parser("describe", help="check a code and print what it holds")
    dp.add_argument("code")
    sub.add_parser("presets", help="list the named positions")
    args = parser.parse_args(argv)

    if args.command == "presets":
        for p in api.run({"op": "presets"})["presets"]:
            print(f"{p['family']:7} {p['label']:45} {p['code']}")
        return 0
    if args.command == "describe":
        reply = api.run({"op": "describe", "code": args.code})
        print(json.dumps(reply, indent=1))
        return 0 if reply["ok"] else 2
    if args.command == "minima":
        return _minima(args)
    if args.command == "generate":
        req = {"op": "generate", "code": args.code, "difficulty": args.difficulty,
               "moves": args.moves, "pieces": args.pieces, "metric": args.metric,
               "seed": args.seed}
        _budget(req, args)
        reply = _drive(api.handle(req), True)
        if args.json or not reply["ok"]:
            print(json.dumps(reply) if args.json else _say(reply["error"]["message"]),
                  file=sys.stdout if reply["ok"] else sys.stderr)
            return 0 if reply["ok"] else 2
        print(f"{reply['code']}  ({reply['distance']} moves from the goal, proven; "
              f"seed {reply['seed']})")
        return 0
    if args.command == "analyze":
        req = {"op": "analyze", "code": args.code, "from": args.origin}
        _budget(req, args)
        reply = _drive(api.handle(req), args.json)
        if args.json or not reply["ok"]:
            print(json.dumps(reply) if args.json else _say(reply["error"]["message"]))
            return 0 if reply["ok"] else 2
        print(f"reachable positions: {reply['reachable']:,}")
        if reply["from"] == "group":
            print(f"goal positions:      {reply['goals']:,}")
            if reply["start_distance"] is not None:
                print(f"this start:          {reply['start_distance']} moves from the goal, "
                      f"{reply['start_solutions']:,} optimal solutions")
        if reply["max_distance"] is None:
            print("no goal position in this group: the start cannot be solved")
            return 0
        print(f"farthest distance:   {reply['max_distance']} "
              f"({reply['histogram'][-1]:,} positions)")
        for d, n in enumerate(reply["histogram"]):
            print(f"  {d:4d} {n:12,}")
        for code in reply["farthest"][:10]:
            print("  " + code)
        return 0

    req = {"op": "solve", "code": args.code, "algorithm": args.algorithm,
           "heuristic": args.heuristic, "metric": args.metric,
           "count": args.count, "first": args.first, "factor": args.factor,
           "max_seconds": args.max_seconds}
    _budget(req, args)
    reply = _drive(api.handle(req), args.quiet or args.json)
    status = (FAILED if not reply["ok"] else IMPOSSIBLE if reply.get("impossible")
              else NOTHING_YET if reply["length"] is None else SOLVED)
    if args.json:
        out = dict(reply)
        out.pop("positions", None)
        print(json.dumps(out))
        return status
    if not reply["ok"]:
        print(_say(reply["error"]["message"]), file=sys.stderr)
        return status
    if reply.get("impossible"):
        print(f"Impossible, proven by {reply['impossible']['label']}: "
              f"{_say(reply['impossible']['message'])}")
        return status
    if reply["length"] is None:
        print(f"No solution found yet. {_say(reply['stopped']['message'])} Proven: no "
              f"solution shorter than {reply['lower_bound']} moves exists.")
        return status
    if reply["optimal"]:
        proven = "optimal"
    else:
        proven = f"NOT proven optimal; proven at least {reply.get('lower_bound', 0)}"
    by = reply["algorithm"]
    if reply.get("proved_by"):
        by += f", proven optimal by {reply['proved_by']}"
    print(f"{reply['length']} moves ({proven}) by {by}")
    if reply.get("stopped"):
        print(_say(reply["stopped"]["message"]), file=sys.stderr)
    if len(reply.get("improvements", ())) > 1:
        print("found: " + ", ".join(f"{i['length']} at {i['seconds']:.2f} s ({i['algorithm']})"
                                    for i in reply["improvements"]))
    print(" ".join(reply["moves"]))
    st = reply["stats"]
    print(f"expanded {st['expanded']:,}  generated {st['generated']:,}  "
          f"peak {st.get('peak', 0):,}  {st['seconds']:.3f} s")
    if "solutions" in reply:
        print(f"optimal solutions: {reply['solutions']:,}")
    print(f"final: {reply['final']}")
    return 0
