"""Puzzle families, one module each (rules, codes, lower bounds).

FAMILIES maps the code prefix to the module path; modules are imported on
first use so a page that only plays tiles never pays for the others.  Each
module offers ``FAMILY``, ``PRESETS`` (list of (label, code)), ``parse(params,
rest) -> puzzle`` and optionally ``check_solvable(puzzle)`` and
``expand_preset(name) -> code``.
"""

import importlib

FAMILIES = {
    "tiles": "puzzlelab.families.tiles",
    "blocks": "puzzlelab.families.blocks",
    "pegs": "puzzlelab.families.pegs",
}
EDITORS = {name + "_edit": path + "_edit" for name, path in FAMILIES.items()}


def family_module(name):
    """The module of family ``name`` (or of its editor, ``<name>_edit``), or
    None when this version does not have it."""
    path = FAMILIES.get(name) or EDITORS.get(name)
    if path is None:
        return None
    try:
        return importlib.import_module(path)
    except ModuleNotFoundError as exc:
        if exc.name == path:
            return None          # family not built into this version
        raise


def available():
    return [name for name in FAMILIES if family_module(name) is not None]
