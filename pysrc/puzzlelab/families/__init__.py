"""Puzzle families, one package each (``tiles/``, ``blocks/``, ``pegs/``);
a package's ``__init__`` is its public face: every hook of
``protocol.Family``, and nothing else is called from outside it.

FAMILIES maps the code prefix to the package; packages are imported on first
use, so a page that only plays tiles never pays for the others.
"""

import importlib

from ..protocol import FAMILY_HOOKS

FAMILIES = {
    "tiles": "puzzlelab.families.tiles",
    "blocks": "puzzlelab.families.blocks",
    "pegs": "puzzlelab.families.pegs",
}
# Other programs' forms a code may come in, by prefix -> the family whose
# ``import_code`` turns them into its own code (``rush:`` + Fogleman's 36
# characters is a sliding-blocks position)
FORMATS = {
    "rush": "blocks",
}


def family_module(name):
    """The package of family ``name`` (its Family hooks), or None when
    there is no such family."""
    path = FAMILIES.get(name)
    return importlib.import_module(path) if path else None


def family_of(puzzle):
    """The Family hooks of a puzzle's family."""
    return family_module(puzzle.family)


def missing_hooks(module):
    """The hooks of protocol.Family that a family package lacks (none, for
    every family here: tests/test_layers.py checks)."""
    return [name for name in FAMILY_HOOKS if not hasattr(module, name)]


def table_names():
    """{table file name: family} for every family's stored tables."""
    return {name: fam for fam in FAMILIES for name in family_module(fam).TABLES}


def build_table(name):
    """The bytes of stored table ``name`` (``build.py`` writes them into the site)."""
    return family_module(table_names()[name]).build_table(name)
