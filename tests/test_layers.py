"""The package's layers, as a spec (STYLE.md sections 1 and 10): ``search/``
imports no family; families import neither ``api`` nor the CLI; no module
imports another in a circle; every family package offers every hook of
``protocol.Family``; and no module reaches into another's private names.
Read from the source with ``ast`` (imports inside functions count too)."""

import ast
import os

import pytest

from puzzlelab import families, protocol

PKG = os.path.dirname(os.path.abspath(families.__file__))
PKG = os.path.dirname(PKG)                      # .../puzzlelab
ROOT_NAME = "puzzlelab"


def modules():
    """{dotted name: path} of every module of the package."""
    out = {}
    for base, dirs, names in os.walk(PKG):
        dirs[:] = [d for d in dirs if d != "__pycache__"]
        for n in names:
            if n.endswith(".py"):
                rel = os.path.relpath(os.path.join(base, n), os.path.dirname(PKG))
                dotted = rel[:-3].replace(os.sep, ".")
                if dotted.endswith(".__init__"):
                    dotted = dotted[:-len(".__init__")]
                out[dotted] = os.path.join(base, n)
    return out


MODULES = modules()


def _is_package(name):
    return MODULES.get(name, "").endswith("__init__.py")


def imports(name):
    """The package modules ``name`` imports (resolved, any nesting)."""
    tree = ast.parse(open(MODULES[name], encoding="utf-8").read())
    here = name if _is_package(name) else name.rsplit(".", 1)[0]
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] == ROOT_NAME:
                    out.add(alias.name)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = here.split(".")
                base = base[:len(base) - (node.level - 1)]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            if target.split(".")[0] != ROOT_NAME:
                continue
            for alias in node.names:
                sub = f"{target}.{alias.name}"
                out.add(sub if sub in MODULES else target)
    return {m for m in out if m in MODULES and m != name}


GRAPH = {name: imports(name) for name in MODULES}


def test_search_imports_no_family():
    for name, deps in GRAPH.items():
        if name.startswith("puzzlelab.search"):
            bad = [d for d in deps if d.startswith("puzzlelab.families")]
            assert not bad, (name, bad)


def test_families_import_neither_api_nor_cli():
    for name, deps in GRAPH.items():
        if name.startswith("puzzlelab.families"):
            bad = [d for d in deps if d in ("puzzlelab.api", "puzzlelab.cli", "puzzlelab.codes")]
            assert not bad, (name, bad)


def test_no_import_cycle():
    state = {}
    stack = []

    def visit(node):
        state[node] = "open"
        stack.append(node)
        for dep in sorted(GRAPH[node]):
            # a package's __init__ importing its own modules is the face it
            # shows; a module importing its package's __init__ back would be a cycle
            if state.get(dep) == "open":
                cycle = stack[stack.index(dep):] + [dep]
                raise AssertionError("import cycle: " + " -> ".join(cycle))
            if dep not in state:
                visit(dep)
        stack.pop()
        state[node] = "done"
    for name in sorted(GRAPH):
        if name not in state:
            visit(name)
    assert len(state) == len(MODULES) > 30


@pytest.mark.parametrize("family", sorted(families.FAMILIES))
def test_every_family_offers_every_hook(family):
    module = families.family_module(family)
    assert families.missing_hooks(module) == []
    assert module.FAMILY == family
    assert set(protocol.FAMILY_HOOKS) >= {"methods", "bounds", "prepare", "edit"}
    for name in protocol.FAMILY_HOOKS:
        value = getattr(module, name)
        assert not isinstance(value, type(protocol)), f"{family}.{name} is a module"


def test_no_reach_into_private_names():
    """No ``from x import _y`` between modules and no ``module._y``."""
    problems = []
    for name, path in MODULES.items():
        tree = ast.parse(open(path, encoding="utf-8").read())
        module_aliases = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                for alias in node.names:
                    if alias.name.startswith("_") and not alias.name.startswith("__"):
                        problems.append(f"{name}: from {node.module} import {alias.name}")
                    if alias.name in {m.rsplit(".", 1)[-1] for m in MODULES}:
                        module_aliases.add(alias.asname or alias.name)
            elif isinstance(node, ast.Import):
                for alias in node.names:
                    module_aliases.add((alias.asname or alias.name).split(".")[0])
        for node in ast.walk(tree):
            if (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
                    and node.attr.startswith("_") and not node.attr.startswith("__")):
                owner = node.value.id
                if owner in module_aliases or (owner in ("puzzle", "kern", "board", "child")
                                               and not path.endswith(("puzzle.py", "board.py",
                                                                       "kernel.py"))):
                    problems.append(f"{name}: {owner}.{node.attr}")
    assert not problems, problems
