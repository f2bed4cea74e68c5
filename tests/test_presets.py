"""Every family's presets, read from the records they are declared in
(``protocol.Preset``, STYLE.md §12): the label says the known answers,
every code opens and round-trips, the presets op lists exactly the
records, and every known count the page should prove is solved here to a
proof and replayed move by move (impossible presets are refused as such);
counts the page does not prove at default settings are checked against
the board's stored table when the record names one.  A new preset is one
record in its family and no edit here.  Records: PRESETS in
pysrc/puzzlelab/families/<family>/."""

import os

import pytest

from conftest import ROOT

from puzzlelab import api, codes
from puzzlelab.families import FAMILIES, family_module
from puzzlelab.protocol import Preset

ALL = [(family, p) for family in FAMILIES for p in family_module(family).PRESETS]


def _id(family, preset, rule=None):
    return f"{family}:{preset.name or preset.code.split(':', 1)[1][:24]}" + \
        (f"&{rule}" if rule else "")


@pytest.mark.parametrize("family", FAMILIES)
def test_presets_are_records_whose_labels_say_their_answers(family):
    module = family_module(family)
    records = module.PRESETS
    assert records and all(isinstance(p, Preset) for p in records)
    assert len({p.code for p in records}) == len(records), "a preset is declared twice"
    names = [p.name for p in records if p.name]
    assert len(set(names)) == len(names)
    for p in records:
        assert set(p.known) <= set(module.METRICS), (p.code, p.known)
        assert not (p.impossible and p.known), p.code
        assert p.label.startswith(p.title)
        for rule, n in p.known.items():
            assert isinstance(n, int) and n >= 0, (p.code, rule)
            if p.units.get(rule):
                assert f"{n} {p.units[rule]}" in p.label, (p.label, rule)
        if p.impossible:
            assert "impossible" in p.label
        full = codes.parse(p.code).code()
        assert codes.parse(full).code() == full, p.code
        if p.name:
            assert codes.parse(f"{family}:{p.name}").code() == full
    listed = [e for e in api.run({"op": "presets"})["presets"] if e["family"] == family]
    assert [(e["code"], e["label"], e["known"]) for e in listed] == \
        [(p.code, p.label, dict(p.known)) for p in records]


def _proof_cases():
    out = []
    for family, p in ALL:
        if not p.prove:
            continue
        marks = [pytest.mark.slow] if p.heavy else []
        for rule in list(p.known) or [None]:
            out.append(pytest.param(family, p, rule, marks=marks, id=_id(family, p, rule)))
    return out


@pytest.mark.parametrize("family, preset, rule", _proof_cases())
@pytest.mark.slow
def test_every_known_count_is_proven_and_replays(family, preset, rule):
    """The API's default solve (Auto, the default budget: what the page
    runs) reaches the record's figure, proven optimal, and its solution
    replays move by move through the replay op (every move legal, the
    last position a goal); an impossible preset is answered impossible (a
    result, with what proves it)."""
    link = preset.code + (f"&metric={rule}" if rule else "")
    reply = api.run({"op": "solve", "code": link})
    if preset.impossible:
        assert reply["ok"] and reply["length"] is None, reply.get("length")
        assert reply["impossible"]["proof"] in api.PROOFS, reply["impossible"]
        return
    assert reply["ok"], reply.get("error")
    assert reply["optimal"] and reply["length"] == preset.known[rule], \
        (preset.code, rule, reply["length"])
    assert reply["path"], "every preset's solution fits in a link"
    again = api.run({"op": "replay", "path": reply["path"],
                     "code": reply["code"] + (f"&metric={rule}" if rule else "")})
    assert again["ok"], again.get("error")
    assert again["codes"] == reply["codes"] and again["length"] == preset.known[rule]


def _table_cases():
    return [pytest.param(family, p, id=_id(family, p)) for family, p in ALL
            if p.facts.get("table")]


@pytest.mark.parametrize("family, preset", _table_cases())
def test_counts_the_page_does_not_prove_agree_with_the_stored_table(family, preset):
    """A count too long to prove at default settings is the board's stored
    minimum-move table's (each entry proven when the table was made):
    ``facts["table"]`` names the entry, start-finish, ``*`` for any finish."""
    start, finish = preset.facts["table"].split("-")
    table = api.run({"op": "describe", "code": preset.code})["minima"]
    moves = [e["moves"] for e in table["entries"] if e["status"] == "proven"
             and e["start"] == start and finish in ("*", e["finish"])]
    assert moves and min(moves) == preset.known["move"], (preset.code, moves)


def test_every_count_the_page_does_not_prove_is_checked_somewhere():
    """A record the page does not prove has its count checked against a
    stored table (above), or names the slow test of its family that proves
    it (``facts["proven_by"]``, a test that exists)."""
    for family, p in ALL:
        if p.prove or not p.known:
            continue
        where = p.facts.get("proven_by")
        assert p.facts.get("table") or where, p.code
        if where:
            path, name = where.split("::")
            with open(os.path.join(ROOT, path), encoding="utf-8") as fh:
                assert f"def {name}(" in fh.read(), where
