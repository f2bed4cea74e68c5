"""The Python API: ``puzzlelab.solve(code, **options)`` and its friends,
beside the JSON one (api.py), for scripts, notebooks and JupyterLite.
Re-exported by the package's ``__init__``; the same in CPython and in
Pyodide (``micropip.install`` the wheel).

A thin layer: each function makes the request ``api.handle`` answers (the
options are the request's fields, ``from_`` for ``from``) and reads its
reply into a small record; a failed request raises the project's error
(``puzzlelab.errors``: ``CodeError``, ``BadRequest``, ``SearchLimit``, ...)
with the API's own message.  Nothing here knows a rule or checks an option:
api.py does, once, for the page, the command line and this module alike
(an unknown option gets its "Unknown field" message).  Every record keeps
the whole reply as ``reply``, so a field the API adds is there at once.

    >>> import puzzlelab
    >>> answer = puzzlelab.solve("tiles:3x3:867254301")
    >>> answer.length, answer.optimal, answer.moves[:3]
    (31, True, ('5↓', '6↓', '8→'))
    >>> puzzlelab.solve("tiles:3x3:1234567")
    Traceback (most recent call last):
      ...
    puzzlelab.errors.CodeError: ...7 cells...

The progress of a long search, and stopping it with the best answer kept
(``solving``; ``analyzing`` is the same for ``analyze``):

    >>> search = puzzlelab.solving("tiles:5x5:e592i8njchf0ak46bl17o3gmd:0123456789abcdefghijklmno")
    >>> for progress in search:
    ...     if progress.best is not None:      # a first answer: enough
    ...         break
    >>> answer = search.stop()
    >>> answer.optimal, answer.lower_bound <= answer.length, answer.stopped
    (False, True, 'Stopped.')
"""

from dataclasses import dataclass, field, fields

from . import api
from .errors import Cancelled, from_json

__all__ = ["solve", "solving", "describe", "analyze", "analyzing", "moves", "presets", "generate",
           "Solution", "Impossible", "Stats", "Improvement", "Progress", "Position", "MethodInfo",
           "Analysis", "Move", "Preset", "Search"]


# -- the records -------------------------------------------------------------------

def _record(cls, data, **values):
    """A ``cls`` from a reply (a dict): each field from the key of its name
    (absent: the field's default), ``values`` over them, the dict kept as
    ``reply``.  Keys the record does not name are left in ``reply``."""
    out = {f.name: data[f.name] for f in fields(cls) if f.name in data and f.name != "reply"}
    out.update(values)
    return cls(**out, reply=data)


def _tuple(value):
    return tuple(value) if value is not None else ()


def _message(stopped):
    """The text of a reply's ``stopped`` ({type, message}, or text)."""
    if isinstance(stopped, dict):
        return stopped.get("message")
    return stopped


@dataclass(frozen=True)
class Stats:
    """What a search did: positions expanded and generated, the most held
    at once (``peak``), seconds of wall time.  Other figures an engine
    reports (``depth``, ``peak_mb``, ...) are in ``reply``."""
    expanded: int = 0
    generated: int = 0
    peak: int = 0
    seconds: float = 0.0
    reply: dict = field(default_factory=dict, repr=False, compare=False)

    @classmethod
    def from_reply(cls, data):
        return _record(cls, data or {})


@dataclass(frozen=True)
class Improvement:
    """A better solution found on the way: its length, when (seconds from
    the start), by which method, and whether it was proven optimal then."""
    length: int
    seconds: float = 0.0
    algorithm: str = ""
    optimal: bool = False
    reply: dict = field(default_factory=dict, repr=False, compare=False)


@dataclass(frozen=True)
class Impossible:
    """Why a position has no solution: ``proof`` (parity, classes, pagoda,
    count, moves or search), ``label`` (the proof in words, as the page's
    "Impossible, proven by ..." says it) and ``message`` (the argument)."""
    proof: str
    label: str = ""
    message: str = ""
    reply: dict = field(default_factory=dict, repr=False, compare=False)


@dataclass(frozen=True)
class Solution:
    """A solve's answer, one shape however the solve ended.  ``length``
    moves under the counting rule (None when there is no solution: the
    position is ``impossible``, or the search ``stopped`` before it found
    one), ``optimal`` when proven so, ``lower_bound`` the proven minimum
    (the length itself when optimal); ``moves`` in the family's notation,
    ``codes`` the position codes from the start to ``final``; ``stopped``
    says what ended the search early (the best answer found and the bound
    are kept); ``impossible`` proves there is no solution;
    ``solutions`` the number of optimal solutions when counted; ``path``
    the solution as a link carries it.

        >>> answer = solve("pegs:hoppers")
        >>> answer.family, answer.length, answer.optimal, answer.codes[0] == answer.code
        ('pegs', 7, True, True)
        >>> answer.stats.expanded > 0 and answer.improvements[-1].length == 7
        True
        >>> none = solve("tiles:3x3:213456780")
        >>> none.length, none.impossible.label
        (None, 'parity')
    """
    code: str
    length: "int | None"
    optimal: bool
    lower_bound: "int | None"
    moves: tuple = ()
    codes: tuple = ()
    family: str = ""
    final: str = ""
    algorithm: str = ""
    stopped: "str | None" = None
    impossible: "Impossible | None" = None
    solutions: "int | None" = None
    path: "str | None" = None
    improvements: tuple = ()
    stats: Stats = field(default_factory=Stats)
    reply: dict = field(default_factory=dict, repr=False, compare=False)

    @classmethod
    def from_reply(cls, data):
        """A solve reply, or an ``improvement`` of a progress record (which
        has no ``code`` nor ``family``: taken from its first position)."""
        codes = _tuple(data.get("codes"))
        code = data.get("code") or (codes[0] if codes else "")
        return _record(cls, data, code=code, codes=codes, moves=_tuple(data.get("moves")),
                       family=data.get("family") or code.split(":", 1)[0],
                       lower_bound=data.get("lower_bound", 0),
                       stopped=_message(data.get("stopped")),
                       impossible=(_record(Impossible, data["impossible"])
                                   if data.get("impossible") else None),
                       improvements=tuple(_record(Improvement, i)
                                          for i in data.get("improvements") or ()),
                       stats=Stats.from_reply(data.get("stats")))


@dataclass(frozen=True)
class Progress:
    """A progress record of a running request (at least one every 0.5 s):
    ``elapsed`` seconds; ``expanded`` positions so far; for a solve the
    proven ``lower_bound``, the ``best`` length found so far and, the
    moment a better solution is found, that ``improvement`` in full;
    ``phase`` while tables are prepared.  The engine's other figures
    (``bound``, ``depth``, ``held``, ...) are in ``reply``."""
    elapsed: "float | None" = None
    expanded: "int | None" = None
    lower_bound: "int | None" = None
    best: "int | None" = None
    phase: "str | None" = None
    improvement: "Solution | None" = None
    reply: dict = field(default_factory=dict, repr=False, compare=False)

    @classmethod
    def from_record(cls, rec):
        found = rec.get("improvement")
        return _record(cls, rec, improvement=Solution.from_reply(found) if found else None)


@dataclass(frozen=True)
class MethodInfo:
    """A method the position offers (``describe``): its ``name`` (what
    ``solve(code, algorithm=...)`` takes), ``label``, and whether it is
    ``available`` here (``why`` not, when not)."""
    name: str
    label: str = ""
    available: bool = True
    why: str = ""
    reply: dict = field(default_factory=dict, repr=False, compare=False)


@dataclass(frozen=True)
class Position:
    """A checked position code (``describe``, ``generate``): its full
    ``code``, family, whether it can be solved (``unsolvable_reason`` when
    not), the counting rule and the rules it takes, the methods (``auto``
    first) and lower bounds (names) a solve may ask for, the
    ``difficulties`` a new puzzle can be asked at here, and ``view`` (what
    the page draws).  A generated one has its proven ``distance`` to the
    goal and its ``difficulty``.

        >>> p = describe("pegs:english")
        >>> p.family, p.solvable, p.metric, "bfs" in p.method_names
        ('pegs', True, 'move', True)
    """
    code: str
    family: str
    solvable: bool = True
    unsolvable_reason: "str | None" = None
    metric: "str | None" = None
    metrics: tuple = ()
    methods: tuple = ()
    bounds: tuple = ()
    difficulties: tuple = ()
    distance: "int | None" = None
    difficulty: "str | None" = None
    view: dict = field(default_factory=dict, repr=False)
    reply: dict = field(default_factory=dict, repr=False, compare=False)

    @property
    def method_names(self):
        return tuple(m.name for m in self.methods)

    @classmethod
    def from_reply(cls, data):
        offer = data.get("generate") or {}
        return _record(cls, data, metrics=_tuple(data.get("metrics")),
                       methods=tuple(_record(MethodInfo, m) for m in data.get("methods") or ()),
                       bounds=tuple(b["name"] for b in data.get("bounds") or ()),
                       difficulties=tuple(d["name"] for d in offer.get("difficulties") or ()))


@dataclass(frozen=True)
class Analysis:
    """The positions around the goal (``analyze``): how many are
    ``reachable``, the ``histogram`` of their distances (``histogram[d]``
    positions at distance d), the ``max_distance`` and the codes of the
    ``farthest``.  ``origin`` is where distances count from: "goal",
    "start", or "group" (blocks: the start's group, by distance to its
    goals, with ``goals``, ``start_distance`` and ``start_solutions``).

        >>> a = analyze("tiles:3x3:123456780")
        >>> a.reachable, a.max_distance, a.histogram[-1], a.origin
        (181440, 31, 2, 'goal')
        >>> sorted(a.farthest)
        ['tiles:3x3:647850321', 'tiles:3x3:867254301']
    """
    code: str
    family: str
    reachable: int
    histogram: tuple
    max_distance: "int | None"
    farthest: tuple = ()
    origin: str = "goal"
    goals: "int | None" = None
    start_distance: "int | None" = None
    start_solutions: "int | None" = None
    stats: Stats = field(default_factory=Stats)
    reply: dict = field(default_factory=dict, repr=False, compare=False)

    @classmethod
    def from_reply(cls, data):
        return _record(cls, data, histogram=_tuple(data.get("histogram")),
                       farthest=_tuple(data.get("farthest")), origin=data.get("from", "goal"),
                       stats=Stats.from_reply(data.get("stats")))


@dataclass(frozen=True)
class Move:
    """A legal move (``moves``): its name in the family's notation and the
    ``code`` of the position it leads to; with ``judge=True``, whether the
    goal can still be reached after it (``winnable``; None when the check
    reached its budget)."""
    move: str
    code: str
    winnable: "bool | None" = None
    reply: dict = field(default_factory=dict, repr=False, compare=False)


@dataclass(frozen=True)
class Preset:
    """A named position (``presets``): its family, label and code (as
    written: ``pegs:english``), ``position``, the full code it stands for,
    and what is known of it: the proven minimum per counting rule
    (``known``), or that it is ``impossible``."""
    family: str
    label: str
    code: str
    position: str = ""
    known: dict = field(default_factory=dict)
    impossible: bool = False
    reply: dict = field(default_factory=dict, repr=False, compare=False)


# -- running requests --------------------------------------------------------------

def _request(op, code, options):
    """The API request: ``options`` as its fields (``from_`` is ``from``;
    None means "not given")."""
    req = {"op": op}
    if code is not None:
        req["code"] = code
    for key, value in options.items():
        if value is not None:
            req["from" if key == "from_" else key] = value
    return req


def _answer(reply, convert):
    """``convert(reply)``, or the error it carries, raised."""
    if not reply.get("ok"):
        raise from_json(reply.get("error") or {})
    return convert(reply)


def _run(op, code, options, convert):
    return _answer(api.run(_request(op, code, options)), convert)


class Search:
    """A request running a step at a time (``solving``, ``analyzing``).
    Iterating gives its ``Progress`` records as they come (at least one
    every 0.5 s); ``result`` is its answer (running it to the end if the
    loop has not); ``stop()`` ends it early -- a solve then answers with
    the best solution found so far, ``stopped`` saying so -- and
    ``close()`` drops it.  Used in a ``with`` block it is closed on the
    way out.  An error raises when the answer is asked for (``result``,
    ``stop()``), as the plain function would raise it."""

    def __init__(self, request, convert):
        self._gen = api.handle(request)
        self._convert = convert
        self._reply = None

    def __iter__(self):
        return self

    def __next__(self):
        if self._reply is not None:
            raise StopIteration
        try:
            rec = next(self._gen)
        except StopIteration as stop:
            self._reply = stop.value
            raise StopIteration from None
        return Progress.from_record(rec)

    @property
    def done(self):
        """Has the request answered?"""
        return self._reply is not None

    @property
    def result(self):
        """The answer (a ``Solution``, an ``Analysis``), or the request's
        error raised; runs the request to its end first if need be."""
        for _ in self:
            pass
        return _answer(self._reply, self._convert)

    def stop(self, message="Stopped."):
        """End the request now, as the page's Cancel does, and return its
        answer: a solve's best solution so far and its proven bound
        (``stopped`` is ``message``; ``length`` None when it had found none
        yet), an analysis's error (``Cancelled``)."""
        while self._reply is None:       # asked again at each record until it ends
            try:
                self._gen.throw(Cancelled(message))
            except StopIteration as stop:
                self._reply = stop.value
        return self.result

    def close(self):
        """Drop the request (its generator is closed; nothing answers)."""
        self._gen.close()
        if self._reply is None:
            self._reply = {"ok": False, "error": {"type": "cancelled", "message": "Closed."}}

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
        return False


# -- the functions -----------------------------------------------------------------

def solve(code, **options):
    """Solve a position: a ``Solution``.  ``code`` is a position code (or a
    link fragment, ``CODE&metric=step``); ``options`` are the API's solve
    fields: ``algorithm`` ("auto", "bfs", "idastar", ... as ``describe``
    lists them), ``heuristic``, ``metric``, ``count`` (count the optimal
    solutions), ``first``, ``factor``, ``max_memory`` (MB), ``max_states``
    and ``max_seconds`` (a time budget: the best answer is kept).

        >>> answer = solve("blocks:4x5:BAAC/BAAC/DEEF/DGHF/I..J:????/????/????/?AA?/?AA?",
        ...                metric="step")
        >>> answer.family, answer.length, answer.optimal
        ('blocks', 116, True)
        >>> solve("tiles:3x3:123405786", algorithm="bfs", count=True).solutions
        1
        >>> solve("tiles:3x3:123405786", algorithm="bfs", heuristic="manhattan")
        Traceback (most recent call last):
          ...
        puzzlelab.errors.BadRequest: Breadth-first search uses no lower bound; ...
    """
    return _run("solve", code, options, Solution.from_reply)


def solving(code, **options):
    """``solve`` as a ``Search``: its progress as it comes, its answer at
    the end, and ``stop()`` to end it keeping the best solution so far.

        >>> search = solving("tiles:3x3:867254301")
        >>> records = list(search)
        >>> all(isinstance(r, Progress) for r in records), search.result.length
        (True, 31)
    """
    return Search(_request("solve", code, options), Solution.from_reply)


def describe(code, **options):
    """Check a position code and say what it holds: a ``Position``
    (options: ``metric``, ``first``)."""
    return _run("describe", code, options, Position.from_reply)


def analyze(code, **options):
    """Every position around the goal (or, ``from_="start"``, the start;
    ``from_="group"`` for a blocks start's group): an ``Analysis``.
    Options: ``metric``, ``first``, ``from_``, ``max_memory``,
    ``max_states``."""
    return _run("analyze", code, options, Analysis.from_reply)


def analyzing(code, **options):
    """``analyze`` as a ``Search`` (progress as it comes)."""
    return Search(_request("analyze", code, options), Analysis.from_reply)


def moves(code, **options):
    """The legal moves from a position, a tuple of ``Move``.  With
    ``judge=True`` each says whether the goal stays reachable (peg
    solitaire's "never lose").

        >>> [(m.move, m.code) for m in moves("tiles:3x3:123456708")]
        [('5↓', 'tiles:3x3:123406758'), ('7→', 'tiles:3x3:123456078'), ('8←', 'tiles:3x3:123456780')]
        >>> [m.winnable for m in moves("pegs:hoppers", judge=True)][:2]
        [True, True]
    """
    return _run("moves", code, options,
                lambda reply: tuple(_record(Move, m) for m in reply["moves"]))


def presets(family=None):
    """The named positions, a tuple of ``Preset`` (of one family when
    ``family`` is given).

        >>> {"tiles", "blocks", "pegs"} <= {p.family for p in presets()}
        True
        >>> first = presets("tiles")[0]
        >>> first.code, first.known["tile"]
        ('tiles:3x3:867254301', 31)
    """
    found = _run("presets", None, {}, lambda reply: tuple(_record(Preset, p)
                                                           for p in reply["presets"]))
    return found if family is None else tuple(p for p in found if p.family == family)


def generate(code, **options):
    """A new puzzle on the board of ``code`` (same goal and counting rule),
    at a ``difficulty`` its ``describe`` offers (``difficulties``), or
    ``moves`` from the goal where the family takes that; ``seed`` repeats
    a draw.  A ``Position`` with its proven ``distance``.

        >>> new = generate("tiles:3x3:867254301", difficulty="easy", seed=1)
        >>> new.family, new.difficulty, 8 <= new.distance <= 12
        ('tiles', 'easy', True)
        >>> solve(new.code).length == new.distance
        True
    """
    return _run("generate", code, options, Position.from_reply)
