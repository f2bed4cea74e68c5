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
    kind = "cancelled"
