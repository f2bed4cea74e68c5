"""Errors that cross the API boundary.

Every failure a visitor can cause is one of these; the API turns them into
``{"ok": false, "error": {"type": ..., "message": ...}}`` and the page shows
the message.  Nothing else may escape parsing (a property test checks that).
"""


class PuzzleError(ValueError):
    """Base class. ``kind`` is the machine-readable error type."""

    kind = "error"

    def __init__(self, message, **details):
        super().__init__(message)
        self.message = message
        self.details = details

    def to_json(self):
        out = {"type": self.kind, "message": self.message}
        out.update(self.details)
        return out


class BadRequest(PuzzleError):
    """A request the method contract or the request schema refuses (an
    unknown field, a method that cannot take the option asked for)."""

    kind = "bad_request"


class CodeError(PuzzleError):
    """A position code that cannot be parsed or describes an impossible board."""

    kind = "invalid_code"


class Unsolvable(PuzzleError):
    """Proved unsolvable without search (parity, class or similar argument)."""

    kind = "unsolvable"


class NoSolution(PuzzleError):
    """An exhaustive search ended without reaching the goal."""

    kind = "no_solution"


class SearchLimit(PuzzleError):
    """A search reached its memory budget (states held) or another limit."""

    kind = "limit"


class Cancelled(PuzzleError):
    """A search stopped by its caller (the page's Cancel, Ctrl-C,
    ``Search.stop()``)."""

    kind = "cancelled"


class TableError(PuzzleError):
    """A stored table (a pattern database, a table of positions) that is
    damaged: cut short or changed on the way (tables.py checks every file's
    seal).  ``table`` names the file, so the page can fetch it again."""

    kind = "table"


def from_json(error):
    """The error a reply's ``error`` object ({type, message, ...}) stands
    for, rebuilt: the class of its ``type`` (PuzzleError for a type not
    listed here), the same message, the other fields as ``details``."""
    kinds = {cls.kind: cls for cls in (PuzzleError, BadRequest, CodeError, Unsolvable,
                                       NoSolution, SearchLimit, Cancelled, TableError)}
    details = {k: v for k, v in error.items() if k not in ("type", "message")}
    return kinds.get(error.get("type"), PuzzleError)(error.get("message", ""), **details)


def printable(text, limit=2000):
    """Text safe to print in a terminal or a page: control and format
    characters (escape sequences, bidi overrides) become '?', cut to
    ``limit`` characters; other Unicode (arrows, ellipses) stays."""
    import unicodedata
    text = "".join("?" if unicodedata.category(c) in ("Cc", "Cf", "Cs", "Co", "Cn") else c
                   for c in str(text))
    return text if len(text) <= limit else text[:limit] + "…"


def show(value, limit=24):
    """Text from a visitor, safe to quote in a message: printable ASCII only
    (control, bidi and other non-ASCII characters become '?'), cut to
    ``limit`` characters.  Cheap and safe on any value: only the first
    ``limit`` characters of a text are looked at, a number too long to
    print whole is described by its size (Python refuses to print an int
    of over 4,300 digits), and a list or an object by its kind and length
    (its repr could be megabytes, or nested too deeply to print)."""
    if isinstance(value, str):
        text = value[:limit + 1]
    elif isinstance(value, bool) or value is None:
        text = repr(value)
    elif isinstance(value, int):
        text = repr(value) if value.bit_length() <= 200 else \
            f"a number of about {int(value.bit_length() * 0.30103):,} digits"
    elif isinstance(value, float):
        text = repr(value)
    elif isinstance(value, (list, tuple)):
        # a short list of numbers ([row, column]) as it is, any other by its length
        short = len(value) <= 4 and all(type(v) in (int, float, bool) and abs(v) < 10 ** 9
                                        for v in value)
        text = "[" + ", ".join(map(repr, value)) + "]" if short else f"a list of {len(value):,}"
    elif isinstance(value, dict):
        text = f"an object of {len(value):,} fields" if value else "{}"
    else:
        text = f"a {type(value).__name__}"
    text = "".join(c if 32 <= ord(c) < 127 else "?" for c in text)
    return text if len(text) <= limit else text[:limit] + "…"
