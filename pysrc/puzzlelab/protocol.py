"""The declared interfaces, in one place: the Puzzle protocol (what search
algorithms know about a puzzle), the Family protocol (every hook ``api.py``
calls on a family package), and the method contract (what each method
accepts).

Layers, one way only (``tests/test_layers.py`` checks it): ``search/`` knows
this file and ``errors.py``, never a family; each family package
(``families/<name>/``) knows ``search/``, this file, ``errors.py`` and
``tables.py``, never ``api.py`` or the CLI; ``api.py`` reaches a family only
through the hooks of :class:`Family`, never by discovering attributes.

States are immutable and hashable (``bytes`` or ``int`` for speed) and
canonical where pieces are interchangeable.
"""

from dataclasses import dataclass, field, replace
from typing import (Any, Callable, Dict, Hashable, Iterable, Iterator, List, Mapping,
                    Optional, Protocol, Sequence, Tuple)


class Puzzle(Protocol):
    """One position of one family, with its goal and counting rule.

    Searches use:
        start                    the start state
        is_goal(state)           True on a goal state
        successors(state)        iterable of (move, state); every move costs 1
        goal_state               the single goal state, or None (a pattern)
        predecessors             None, or a function like successors giving
                                 (move, state) with ``state --move--> argument``
        reversible               True when every move can be undone by a move
        inverse_move(move)       the move that undoes ``move`` (reversible
                                 puzzles; lets IDA* skip immediate undo)
        heuristic(state)         the default admissible lower bound
        heuristics               {bound name: callable lower bound}
    The API and the page use:
        family, metric           the family's name, the counting rule
        code()                   the position code of the start
        encode(state)            the code of any state (same goal and rule)
        view(state)              JSON-able snapshot the web renderer draws
        describe()               JSON-able facts for the page (goal, sizes ...)
        format_move(move)        human notation of a move
        move_json(move)          JSON-able data the page animates
    """

    start: Hashable
    family: str
    metric: str
    goal_state: Optional[Hashable]
    reversible: bool
    heuristics: Dict[str, Callable]

    def is_goal(self, state) -> bool: ...

    def successors(self, state) -> Iterable[Tuple[Any, Hashable]]: ...

    def format_move(self, move) -> str: ...

    def move_json(self, move) -> dict: ...

    def encode(self, state) -> str: ...

    def code(self) -> str: ...

    def view(self, state) -> dict: ...

    def describe(self) -> dict: ...


class Family(Protocol):
    """The public face of a family package (``families/<name>/__init__.py``):
    module-level names and functions, like Tatham's ``struct game``.  A new
    family implements every one of them; ``families.check_family`` and a
    test check that none is missing.

    FAMILY                       the code prefix (``tiles``)
    METRICS                      counting rules, the default first
    PRESETS                      [Preset] for the page's menu: one record
                                 per named position, with its known answers
    ACTIONS                      {editor action: (argument names, ...)}
    TABLES                       {table file name: about}; built by
                                 :func:`build_table`, fetched by the worker
    """

    FAMILY: str
    METRICS: Sequence[str]
    PRESETS: Sequence["Preset"]
    ACTIONS: Dict[str, Tuple[str, ...]]
    TABLES: Dict[str, str]

    def parse(self, params: str, rest: List[str], options: Dict[str, str]) -> Puzzle:
        """``family:PARAMS:REST...`` -> a puzzle; ``options`` are the link
        options (``metric``, ``first``).  Raises CodeError with a message
        that names the fix."""

    def expand_preset(self, name: str) -> Optional[str]:
        """The full code of preset ``name`` (``pegs:english``), or None when
        ``name`` is no preset (parse then reports what is wrong)."""

    def import_code(self, kind: Optional[str], text: str) -> Optional[str]:
        """A position written in another program's form -> this family's
        code.  ``kind`` is the prefix it came with (a key of
        ``families.FORMATS`` that names this family: ``rush`` for
        Fogleman's Rush Hour boards), or None for a bare paste with no
        prefix at all, which gives None unless it is unmistakably this
        family's.  Raises CodeError naming the problem when the form is
        this family's but the position is broken."""

    def check_solvable(self, puzzle: Puzzle) -> None:
        """Raise Unsolvable when an argument without search settles it
        (parity, position classes); else return."""

    def methods(self, puzzle: Puzzle) -> List["Method"]:
        """The method contract for this position: every method, what it
        accepts, and why it is unavailable where it is."""

    def auto_method(self, puzzle: Puzzle) -> str:
        """The method ``auto`` runs for this position (a name in methods):
        the one that gives the proof (or the best answer there is)."""

    def quick_method(self, puzzle: Puzzle) -> Optional[str]:
        """The method ``auto`` runs first, for a good answer at once, before
        ``auto_method`` works on the proof in the same request (the anytime
        answer); None when the proof itself is quick."""

    def known(self, puzzle: Puzzle) -> Optional["SearchResult"]:
        """What a stored table knows of this position, or None: a solution
        (a ``search.common.SearchResult``, ``optimal`` when the table proves
        its length minimal, ``extra["lower_bound"]`` the proven bound
        otherwise, ``extra["source"]`` the table's name in words).  Auto
        answers with it at once, before any search."""

    def judge_method(self, puzzle: Puzzle) -> str:
        """The method play mode's "can this still be won?" runs."""

    def judge_table(self, puzzle: Puzzle,
                    earlier: List[Hashable]) -> Optional[Callable[[Hashable], Optional[bool]]]:
        """Play mode's marks without a search: a function telling, for every
        position one legal move from ``puzzle.start``, whether the goal can
        still be reached (True/False), or None for a position its stored
        table does not settle (``judge_method`` then searches that one);
        None instead of a function when no table applies here.
        ``earlier``: the states of the game before this position, oldest
        first (the API checked that they lead here by legal moves)."""

    def bounds(self, puzzle: Puzzle) -> List["Bound"]:
        """The lower bounds this position offers (names as in heuristics)."""

    def prepare(self, puzzle: Puzzle, method: str, bound: Optional[str],
                max_bytes: Optional[int] = None) -> Iterator[dict]:
        """Generator: build the tables a solve by ``method`` with lower bound
        ``bound`` will use, yielding progress records (``phase: "prepare"``)
        so no later step stops silently to load one; returns the bytes those
        tables take (at their peak while they are built), which the API
        takes from the search's memory budget.  With ``max_bytes`` (the
        request's budget) it raises SearchLimit before building tables that
        would not fit in it."""

    def tables_needed(self, puzzle: Puzzle, bound: Optional[str],
                      method: Optional[str]) -> List[str]:
        """Table files (keys of TABLES) that solve will load: the worker
        fetches them first."""

    def build_table(self, name: str) -> bytes:
        """The bytes of table file ``name`` (build time, CPython)."""

    def explore(self, puzzle: Puzzle, root: Hashable, step: Callable,
                max_states: int, max_bytes: int) -> Iterator[dict]:
        """Generator returning a SearchResult whose ``extra`` holds the
        histogram of distances from ``root`` (moving by ``step``), the
        farthest states and the reachable count (the analyze op)."""

    def group(self, puzzle: Puzzle, max_states: int, max_bytes: int) -> Iterator[dict]:
        """Generator returning a SearchResult for the analyze op's ``from:
        group``: every position reachable from the start, by distance to
        its nearest goal (``extra``: histogram, max_distance, farthest,
        reachable, goals, start_distance, start_solutions); a family that
        does not offer it refuses (families/common.py)."""

    def minima(self, puzzle: Puzzle, done: List[dict], max_states: int,
               max_bytes: int, only: Optional[List[str]] = None,
               engine: str = "meet") -> Iterator[dict]:
        """Generator returning the board's minimum-move table (the minima
        op; peg solitaire): progress records, one per finished entry, and
        the table; ``done`` holds an earlier run's entries to reuse; with
        ``only`` (entry names like "d2-d6") the other entries are not
        searched; ``engine`` "wide" proves the entries with numpy arrays
        (pegs/wide.py, the command line only).  A family that does not offer it refuses
        (families/common.py)."""

    def legal_moves(self, puzzle: Puzzle) -> List[Tuple[Any, Hashable]]:
        """(move, state) for every move from the start, states encodable
        with the pieces' own labels (play mode)."""

    def edit(self, puzzle: Puzzle, action: str, args: Dict[str, Any]):
        """Apply editor ``action`` (its argument names already checked
        against ACTIONS): the new code, or {code, note} when the edit had to
        take something away (the note says what)."""

    def difficulties(self, puzzle: Puzzle) -> "Offer":
        """What "New puzzle" offers for this position (board, goal, counting
        rule): the difficulties, an exact distance, a piece count
        (:class:`Offer`); describe lists it as ``generate``.  A family that
        makes no new puzzles says why (families/common.py)."""

    def generate(self, puzzle: Puzzle, difficulty: Optional[str], moves: Optional[int],
                 pieces: Optional[int], seed: int, max_states: int,
                 max_bytes: int) -> Iterator[dict]:
        """Generator (progress records at least every 0.5 s) returning
        ``{"code": ..., "distance": int}``: a new start on the same board,
        with the same goal and counting rule, whose minimum ``distance`` to
        the goal the solver has proven, at ``difficulty`` (a name the offer
        lists), or exactly ``moves`` from the goal, with ``pieces`` pieces
        where the offer takes a count; optionally ``"band": [low, high]``,
        the distances the difficulty stood for here.  The API has checked
        the arguments against :meth:`difficulties`; ``seed`` makes it
        repeatable.  A family that makes none refuses (families/common.py)."""


FAMILY_HOOKS = ("FAMILY", "METRICS", "PRESETS", "ACTIONS", "TABLES", "parse",
                "expand_preset", "import_code", "check_solvable", "methods", "auto_method",
                "quick_method", "known", "judge_method", "judge_table", "bounds", "prepare",
                "tables_needed", "build_table", "explore", "group", "minima", "legal_moves", "edit",
                "difficulties", "generate")


@dataclass(frozen=True)
class Difficulty:
    """One level of "New puzzle": ``name`` is what requests carry (easy,
    medium, hard, hardest), ``label`` what the menu shows, ``help`` one line
    on how far from the goal its starts are; ``low``..``high`` the minimum
    distances (under the counting rule) it makes, when the family knows them
    before it looks (None: known only once generated, the reply's ``band``;
    ``high`` None: as far as there is)."""

    name: str
    label: str
    help: str
    low: Optional[int] = None
    high: Optional[int] = None

    def to_json(self):
        return {"name": self.name, "label": self.label, "help": self.help,
                "low": self.low, "high": self.high}


@dataclass(frozen=True)
class Offer:
    """What "New puzzle" offers for one position (the family's
    ``difficulties`` hook, describe's ``generate``): the difficulties; the
    range of an exact distance a request may ask for (``moves``: tiles'
    "exactly N moves from solved"), and of a piece count (``pieces``), each
    None when not offered; ``why`` says why, when nothing is offered."""

    difficulties: Tuple[Difficulty, ...] = ()
    moves: Optional[Tuple[int, int]] = None
    pieces: Optional[Tuple[int, int]] = None
    why: str = ""

    def names(self):
        return [d.name for d in self.difficulties]

    def to_json(self):
        return {"difficulties": [d.to_json() for d in self.difficulties],
                "moves": list(self.moves) if self.moves else None,
                "pieces": list(self.pieces) if self.pieces else None,
                "why": self.why}


@dataclass(frozen=True)
class Preset:
    """One named position of a family, declared once (Tatham's presets as
    data): the preset menu's label, the CPython tests, the page tests and the
    benchmarks all read it, so adding a preset is one record and no test
    edit (tests/test_presets.py goes through every family's ``PRESETS``).

    code       what the menu loads and a link carries: a full code, or a
               preset name the family expands (``pegs:english``)
    title      the menu's words, before the answer
    known      counting rule -> the proven optimum in that count (moves,
               steps, jumps ... as the rule counts); a rule left out has no
               figure anyone proved.  Each is checked: solved to a proof
               (tests/test_presets.py), or against a stored table
    impossible the position has no solution (proven: an instant argument
               or an exhausted search); ``known`` is then empty
    prove      the page proves every ``known`` count of it at its default
               settings (Auto, default budget): the page test does it
    heavy      its proof takes seconds, not a fraction of one: the default
               CPython run leaves it to the slow-marked run
    note       said after the answer in the label ("the proof takes about a
               minute")
    name       the short name a code can use (``blocks:hakoiri``), if any
    group      the menu's section ("Rush Hour cards"), if any
    facts      other figures the tests and benchmarks check (the group's
               size, solution counts, a source's cluster size ...), by name
    units      counting rule -> the word the label says its count in
               ("moves"); a rule without a word is not in the label
    """

    code: str
    title: str
    known: Mapping[str, int] = field(default_factory=dict)
    impossible: bool = False
    prove: bool = True
    heavy: bool = False
    note: str = ""
    name: str = ""
    group: str = ""
    facts: Mapping[str, Any] = field(default_factory=dict)
    units: Mapping[str, Optional[str]] = field(default_factory=dict, repr=False,
                                               compare=False)

    @property
    def label(self):
        """The menu's text: the title, then the known answers in the
        family's words and the note, in brackets."""
        if self.impossible:
            said, join = ["impossible"], ": "
        else:
            said = [f"{n} {self.units[rule]}" for rule, n in self.known.items()
                    if self.units.get(rule)]
            join = "; "
        text = ", ".join(said)
        if self.note:
            text = f"{text}{join}{self.note}" if text else self.note
        return f"{self.title} ({text})" if text else self.title

    def to_json(self):
        return {"code": self.code, "label": self.label, "known": dict(self.known),
                "impossible": self.impossible, "group": self.group}


@dataclass(frozen=True)
class Bound:
    """A lower bound a family offers: ``name`` is what links and requests
    carry (``&h=manhattan``), ``label`` what menus show, ``help`` one line
    on what it is and when to pick it."""

    name: str
    label: str
    help: str

    def to_json(self):
        return {"name": self.name, "label": self.label, "help": self.help}


@dataclass(frozen=True)
class Method:
    """What one method accepts, for one position.  The API refuses any
    request outside it with a message that says what to change, and calls
    ``run`` with exactly the keyword arguments the record declares:
    ``max_states`` and ``max_bytes`` (the memory budget, in positions and in
    bytes) always, ``heuristic`` (a callable lower bound) only when
    ``bounds`` is not empty, ``count`` only when ``count`` is true,
    ``factor`` only when ``factor`` is true and the request asks for one.  The
    page reads the same records (``describe``) to enable its menus.

    name         what requests and links carry (``algorithm``, ``&algo=``)
    label, help  the menu text and one line: what it is, when to pick it
    short        its name in a sentence ("found by the fast solver"): the
                 label without its menu qualifiers ("not proven optimal",
                 said by the answer itself); the label when empty
    run          generator function ``run(puzzle, *, max_states, max_bytes
                 [, heuristic][, count])`` returning a ``SearchResult``
    bounds       the lower bounds it can use (names); empty: it uses none
    default_bound  the bound it uses when the request names none
    count        it can count all optimal solutions
    metrics      the counting rules it supports (None: all of the family's)
    single_goal  it needs one complete goal position
    optimal      its answers are proven optimal
    factor       it can trade optimality for speed: with ``factor`` w > 1
                 (weighted A*/IDA*) its answer is at most w times the
                 optimum, and it reports the proven lower bound
    split        generator function that runs its search in parts, for
                 several workers (the API's ``part`` op): ``split(puzzle, *,
                 heuristic, parts, index, limit, max_states, max_bytes)``;
                 with ``limit`` None the plan (returns ``{"result":
                 SearchResult}`` when one piece settled it, else ``{"limit":
                 first bound of the parts}``), else one part of the
                 iteration at bound ``limit`` (returns ``{"result": a
                 solution of length ``limit`` or None, "exhausted": the
                 part holds none at any bound, "expanded", "generated"}``);
                 None: it runs in one piece
    practical    it is expected to finish on this position within the lab's
                 time limit (the lab pre-checks these; the others are
                 offered, unchecked, with ``why_slow`` saying why)
    why          set when it is not available for this position: the reason
    """

    name: str
    label: str
    help: str
    run: Callable = field(repr=False, compare=False)
    bounds: Tuple[str, ...] = ()
    default_bound: Optional[str] = None
    count: bool = False
    metrics: Optional[Tuple[str, ...]] = None
    single_goal: bool = False
    optimal: bool = True
    factor: bool = False
    split: Optional[Callable] = field(default=None, repr=False, compare=False)
    practical: bool = True
    why_slow: str = ""
    why: str = ""
    short: str = ""

    @property
    def available(self):
        return not self.why

    @property
    def noun(self):
        """The method's name in a sentence (``short``, else the label)."""
        return self.short or self.label

    def but(self, **changes):
        """A copy with some fields changed (families adapt generic entries)."""
        return replace(self, **changes)

    def to_json(self, all_metrics=()):
        return {"name": self.name, "label": self.label, "help": self.help,
                "available": self.available, "why": self.why,
                "bounds": list(self.bounds), "default_bound": self.default_bound,
                "count": self.count,
                "metrics": list(self.metrics if self.metrics is not None else all_metrics),
                "single_goal": self.single_goal, "optimal": self.optimal,
                "factor": self.factor, "parts": self.split is not None,
                "practical": self.practical and self.available,
                "why_slow": self.why_slow, "short": self.noun}
