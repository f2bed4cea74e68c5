"""Position codes: ``family:params:desc[:goal]`` -> puzzle object, and the
link form used in URL fragments, ``CODE&key=value&...`` (options such as the
counting rule, method and playback step travel after ``&``).

Called by ``api.py`` only.  Each family parses its own fields (its
``parse`` and ``expand_preset`` hooks) and other programs' forms
(``import_code``: ``rush:`` + Fogleman's board, or the board pasted bare);
this module checks the envelope
(length, characters, family name) and the link options, so every family
gets the same clear messages for junk.
"""

from urllib.parse import unquote

from .errors import CodeError, show
from .families import FAMILIES, FORMATS, family_module

MAX_CODE_LENGTH = 2000
ALLOWED = set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
              "0123456789:;/.,_?-x")
OPTION_KEYS = {"metric", "algo", "h", "step", "count", "first", "mem", "factor", "path", "lb"}
MAX_PATH_LENGTH = 30000         # a solution in a link (api.replay checks its moves)
# a whole link: the code, the path and every other option (percent-escaped)
MAX_LINK_LENGTH = 3 * (MAX_CODE_LENGTH + MAX_PATH_LENGTH)


OPTION_VALUE = set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                   "0123456789-+_.,")
MAX_STEP_DIGITS = 6


def split_link(text):
    """Split ``CODE&k=v&k=v`` into (code, options).  Percent-escapes (from a
    pasted URL) are decoded first; a leading ``#`` or URL prefix is dropped.
    Every option is checked here, so a link means the same everywhere: a
    known key, given once, with a value of the right form (``step`` a whole
    number, ``count`` 0 or 1); what the value names (a method, a lower bound,
    a counting rule, a first move) is checked by the family and the method
    contract."""
    if not isinstance(text, str):
        raise CodeError("A position code must be text.")
    if len(text) > MAX_LINK_LENGTH:
        raise CodeError(f"The link is too long ({len(text):,} characters; the limit is "
                        f"{MAX_LINK_LENGTH:,}).")
    if "#" in text:
        text = text.split("#", 1)[1]
    if "%" in text:
        text = unquote(text, errors="strict") if _valid_escapes(text) else text
    text = text.strip()
    code, _, tail = text.partition("&")
    options = {}
    if tail:
        for part in tail.split("&"):
            key, eq, value = part.partition("=")
            if not eq or key not in OPTION_KEYS:
                raise CodeError(f"Unknown link option '{_show(part)}'; known: "
                                f"{', '.join(sorted(OPTION_KEYS))}.")
            if key in options:
                raise CodeError(f"The link gives the option '{key}' twice.")
            options[key] = check_option(key, value)
    return code, options


def check_option(key, value):
    """A link option's value, checked for its form (see :func:`split_link`)."""
    if key == "path" and value and len(value) <= MAX_PATH_LENGTH and \
            set(value) <= set("0123456789abcdefghijklmnopqrstuvwxyz."):
        return value
    if key == "path":
        raise CodeError(f"The solution in the link is damaged ('{_show(value)}').")
    if key == "lb" and not (value.isdigit() and len(value) <= MAX_STEP_DIGITS):
        raise CodeError(f"The link option 'lb' must be a number of moves, not '{_show(value)}'.")
    if not value or len(value) > 40 or not set(value) <= OPTION_VALUE:
        raise CodeError(f"The link option '{key}' has an odd value "
                        f"'{_show(value)}': use letters, digits and - only.")
    if key == "step" and not (value.isdigit() and len(value) <= MAX_STEP_DIGITS):
        raise CodeError(f"The link option 'step' must be a move number "
                        f"(0, 1, 2, ...), not '{_show(value)}'.")
    if key == "mem" and not (value.isdigit() and len(value) <= 5):
        raise CodeError(f"The link option 'mem' must be a memory budget in MB "
                        f"(like 1024), not '{_show(value)}'.")
    if key == "factor" and not _is_number(value):
        raise CodeError(f"The link option 'factor' must be a number like 1.2 "
                        f"(1 = optimal), not '{_show(value)}'.")
    if key == "count" and value not in ("0", "1"):
        raise CodeError(f"The link option 'count' must be 1 (count optimal "
                        f"solutions) or 0, not '{_show(value)}'.")
    return value


def _is_number(value):
    head, _, tail = value.partition(".")
    return head.isdigit() and len(value) <= 6 and (not tail or tail.isdigit())


def _valid_escapes(text):
    try:
        unquote(text, errors="strict")
        return True
    except UnicodeDecodeError:
        return False


_show = show


def parse(code, options=None):
    """Parse a position code into a puzzle object (raises CodeError).
    ``options`` are link options (``metric`` ...) the family may use."""
    if not isinstance(code, str):
        raise CodeError("A position code must be text.")
    if not code:
        raise CodeError("The code is empty. A code looks like "
                        "tiles:3x3:867254301.")
    if len(code) > MAX_CODE_LENGTH:
        raise CodeError(f"The code is too long ({len(code)} characters; the "
                        f"limit is {MAX_CODE_LENGTH}).")
    if ":" not in code:
        # a bare paste in another program's form (Fogleman's Rush Hour
        # board): the first family that knows it turns it into its code
        for name in FAMILIES:
            own = family_module(name).import_code(None, code)
            if own is not None:
                return parse(own, options)
    for ch in code:
        if ch not in ALLOWED:
            if ord(ch) > 126:
                raise CodeError("The code contains a non-ASCII character; "
                                "codes use only letters, digits and : ; / . , _ ? -")
            raise CodeError(f"The code contains the character '{_show(ch)}', "
                            f"which no code uses.")
    fields = code.split(":")
    name = fields[0]
    if name in FORMATS:
        if len(fields) != 2 or not fields[1]:
            raise CodeError(f"A {name}: code is {name}: and the board after it, one field.")
        return parse(family_module(FORMATS[name]).import_code(name, fields[1]), options)
    if name not in FAMILIES:
        raise CodeError(f"Unknown puzzle family '{_show(name)}': codes start "
                        f"with {', '.join(f + ':' for f in list(FAMILIES) + list(FORMATS))}")
    module = family_module(name)
    if len(fields) == 2:
        expanded = module.expand_preset(fields[1])
        if expanded is not None:
            return parse(expanded, options)
    if len(fields) < 2 or not fields[1]:
        raise CodeError(f"The code stops after '{name}:'; the board size or "
                        f"kind comes next.")
    return module.parse(fields[1], fields[2:], options or {})


def check_solvable(puzzle):
    """Raise Unsolvable when the family's argument settles it at once."""
    family_module(puzzle.family).check_solvable(puzzle)
