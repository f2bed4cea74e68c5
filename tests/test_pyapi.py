"""The Python API (puzzlelab.solve and its friends, pyapi.py), as a spec:
every docstring example runs (doctests: one test per docstring, and the
README's example); each function answers what the JSON API answers, for
every family, in typed records that tolerate fields the API adds; failures
raise the project's error types with the API's own messages; ``solving``
gives progress and stops keeping the best.  Runs in CPython and inside
Pyodide (tests/test_pyodide.py), on the installed wheel there."""

import doctest
import json
import os
import re

import pytest

import puzzlelab
from puzzlelab import api, errors, pyapi

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GOLDEN = json.load(open(os.path.join(ROOT, "tests", "data", "codes.json"), encoding="utf-8"))
# one position per family, with what solve proves about it
FAMILY_CODES = {"tiles": "tiles:3x3:867254301", "blocks": "blocks:3x2:AB./CC.:B??/???",
                "pegs": "pegs:hoppers"}
FLAGS = doctest.ELLIPSIS


# -- the examples ------------------------------------------------------------------

def _docstring_tests():
    finder = doctest.DocTestFinder()
    found = [t for module in (puzzlelab, pyapi) for t in finder.find(module) if t.examples]
    return sorted(found, key=lambda t: t.name)


DOCTESTS = _docstring_tests()


def _run_doctest(test):
    out = []
    runner = doctest.DocTestRunner(optionflags=FLAGS)
    result = runner.run(test, out=out.append)
    assert result.failed == 0, "".join(out)
    assert result.attempted > 0


@pytest.mark.parametrize("test", DOCTESTS, ids=lambda t: t.name)
def test_docstring_examples_run(test):
    _run_doctest(test)


def test_every_public_function_and_record_is_documented_with_an_example():
    tested = {t.name.rsplit(".", 1)[-1] for t in DOCTESTS}
    for name in ("solve", "solving", "moves", "presets", "generate", "Solution", "Position",
                 "Analysis"):
        assert name in tested, f"{name} has no example"
    for name in pyapi.__all__:
        assert getattr(pyapi, name).__doc__, f"{name} has no docstring"
        assert getattr(puzzlelab, name) is getattr(pyapi, name), f"puzzlelab.{name} missing"


def test_the_readme_example_runs():
    """The README's Python example (its ``>>>`` block), as written."""
    with open(os.path.join(ROOT, "README.md"), encoding="utf-8") as f:
        text = f.read()
    blocks = [b for b in re.findall(r"```python\n(.*?)```", text, re.S) if ">>> " in b]
    assert blocks, "README.md shows no Python example"
    for i, block in enumerate(blocks):
        test = doctest.DocTestParser().get_doctest(block, {}, f"README.md[{i}]", "README.md", 0)
        _run_doctest(test)


# -- the same answers as the JSON API ------------------------------------------------

@pytest.mark.parametrize("family", sorted(FAMILY_CODES))
def test_solve_answers_what_the_json_api_answers(family):
    code = FAMILY_CODES[family]
    reply = api.run({"op": "solve", "code": code})
    answer = puzzlelab.solve(code)
    assert isinstance(answer, puzzlelab.Solution)
    assert answer.family == family == reply["family"]
    for key in ("code", "length", "optimal", "lower_bound", "final", "algorithm", "path"):
        assert getattr(answer, key) == reply[key], key
    assert answer.moves == tuple(reply["moves"]) and answer.codes == tuple(reply["codes"])
    assert answer.codes[0] == answer.code and answer.codes[-1] == answer.final
    assert len(answer.codes) == answer.length + 1 and answer.optimal
    assert answer.lower_bound == answer.length and answer.stopped is None
    # auto races a quick method against the proof in time slices: the work
    # and the answers on the way vary from run to run, the record holds them
    assert answer.stats.expanded > 0 and reply["stats"]["expanded"] > 0
    assert answer.improvements[-1].length == reply["improvements"][-1]["length"] == answer.length
    assert [i.length for i in answer.improvements] == \
        [i["length"] for i in answer.reply["improvements"]]
    # each move leads to the next position (the moves op agrees)
    for here, move, there in zip(answer.codes, answer.moves, answer.codes[1:]):
        assert (move, there) in {(m.move, m.code) for m in puzzlelab.moves(here)}
    assert answer.reply["ok"] is True


@pytest.mark.parametrize("family", sorted(FAMILY_CODES))
def test_describe_moves_analyze_answer_what_the_json_api_answers(family):
    code = FAMILY_CODES[family]
    reply = api.run({"op": "describe", "code": code})
    position = puzzlelab.describe(code)
    assert (position.code, position.family, position.solvable) == \
        (reply["code"], reply["family"], True)
    assert position.method_names == tuple(m["name"] for m in reply["methods"])
    assert position.method_names[0] == "auto"
    assert position.bounds == tuple(b["name"] for b in reply["bounds"])
    assert position.metric == reply.get("metric") and position.view == reply["view"]
    legal = api.run({"op": "moves", "code": code})["moves"]
    assert [(m.move, m.code) for m in puzzlelab.moves(code)] == \
        [(m["move"], m["code"]) for m in legal]
    whole = api.run({"op": "analyze", "code": code, "from": "start"})
    analysis = puzzlelab.analyze(code, from_="start")
    assert analysis.origin == "start" and analysis.reachable == whole["reachable"]
    assert analysis.histogram == tuple(whole["histogram"]) and sum(analysis.histogram) == \
        analysis.reachable
    assert analysis.farthest == tuple(whole["farthest"])


def test_presets_are_the_json_presets_by_family():
    every = api.run({"op": "presets"})["presets"]
    got = puzzlelab.presets()
    assert [(p.family, p.label, p.code, p.position, p.known, p.impossible) for p in got] == \
        [(p["family"], p["label"], p["code"], p["position"], p["known"], p["impossible"])
         for p in every]
    for family in FAMILY_CODES:
        mine = puzzlelab.presets(family)
        assert mine and all(p.family == family for p in mine)
        assert len(mine) == sum(p["family"] == family for p in every)


@pytest.mark.parametrize("family", sorted(FAMILY_CODES))
def test_generate_answers_what_the_json_api_answers(family):
    code = FAMILY_CODES[family]
    offer = puzzlelab.describe(code).difficulties
    assert offer, f"{family} offers no difficulty"
    request = {"op": "generate", "code": code, "difficulty": offer[0], "seed": 7}
    reply = api.run(request)
    new = puzzlelab.generate(code, difficulty=offer[0], seed=7)
    assert (new.code, new.distance, new.difficulty) == \
        (reply["code"], reply["distance"], reply["difficulty"]) and new.family == family
    assert puzzlelab.solve(new.code).length == new.distance


def test_a_blocks_group_analysis_has_its_group_figures():
    analysis = puzzlelab.analyze(FAMILY_CODES["blocks"], from_="group")
    reply = api.run({"op": "analyze", "code": FAMILY_CODES["blocks"], "from": "group"})
    assert analysis.origin == "group"
    assert (analysis.goals, analysis.start_distance, analysis.start_solutions) == \
        (reply["goals"], reply["start_distance"], reply["start_solutions"])
    assert analysis.start_distance == puzzlelab.solve(FAMILY_CODES["blocks"]).length


# -- errors ---------------------------------------------------------------------------

@pytest.mark.parametrize("case", GOLDEN["invalid"], ids=lambda c: c["name"])
def test_invalid_codes_raise_code_error_with_the_api_message(case):
    reply = api.run({"op": "describe", "code": case["code"]})
    for function in (puzzlelab.describe, puzzlelab.solve, puzzlelab.moves):
        with pytest.raises(errors.CodeError) as caught:
            function(case["code"])
        assert str(caught.value) == caught.value.message == reply["error"]["message"]
        assert case["message"] in str(caught.value)


@pytest.mark.parametrize("case", GOLDEN["unsolvable"], ids=lambda c: c["name"])
def test_unsolvable_codes_are_answered_impossible_as_the_api_answers(case):
    """Impossible is a result (issue 34), in Python as in the JSON."""
    reply = api.run({"op": "solve", "code": case["code"]})
    answer = puzzlelab.solve(case["code"])
    assert isinstance(answer.impossible, puzzlelab.Impossible)
    assert answer.length is None and not answer.optimal and answer.moves == ()
    assert answer.impossible.proof == reply["impossible"]["proof"]
    assert answer.impossible.message == reply["impossible"]["message"]
    assert case["message"] in answer.impossible.message


@pytest.mark.parametrize("options, kind, words", [
    ({"colour": "red"}, errors.BadRequest, "Unknown field 'colour' in a solve request"),
    ({"algorithm": "bfs", "count": True, "factor": 2}, errors.BadRequest, "factor"),
    ({"max_states": 0}, errors.BadRequest, "must be from 1"),
    ({"algorithm": "magic"}, errors.BadRequest, "Unknown method 'magic'"),
])
def test_options_are_checked_by_the_api_with_its_message(options, kind, words):
    request = dict({"op": "solve", "code": FAMILY_CODES["tiles"]}, **options)
    message = api.run(request)["error"]["message"]
    with pytest.raises(kind) as caught:
        puzzlelab.solve(FAMILY_CODES["tiles"], **options)
    assert str(caught.value) == message and words in message


def test_a_search_over_its_budget_answers_with_the_lower_bound_and_why_it_stopped():
    code = "tiles:4x4:edf7bc95602148a3:0123456789abcdef"      # Korf #1, 57 moves
    answer = puzzlelab.solve(code, algorithm="bfs", max_states=2000)
    assert answer.length is None and answer.impossible is None and not answer.optimal
    assert "2,000" in answer.stopped and 1 <= answer.lower_bound <= 57
    assert answer.reply["stopped"]["type"] == "limit"


@pytest.mark.parametrize("cls", [errors.PuzzleError, errors.BadRequest, errors.CodeError,
                                 errors.Unsolvable, errors.NoSolution, errors.SearchLimit,
                                 errors.Cancelled, errors.TableError])
def test_errors_come_back_from_their_json(cls):
    exc = cls("Plain words.", lower_bound=3)
    again = errors.from_json(exc.to_json())
    assert type(again) is cls and again.message == "Plain words."
    assert again.details == {"lower_bound": 3} and again.to_json() == exc.to_json()
    assert type(errors.from_json({"type": "new-kind", "message": "m"})) is errors.PuzzleError


# -- records tolerate what the API adds ----------------------------------------------

def test_records_keep_fields_they_do_not_name_and_default_missing_ones():
    reply = api.run({"op": "solve", "code": FAMILY_CODES["tiles"]})
    newer = dict(reply, something_new={"a": 1}, stats=dict(reply["stats"], fresh=2))
    answer = puzzlelab.Solution.from_reply(newer)
    assert answer.length == 31 and answer.reply["something_new"] == {"a": 1}
    assert answer.stats.reply["fresh"] == 2
    bare = puzzlelab.Solution.from_reply({"length": 2, "optimal": True, "lower_bound": 2,
                                          "codes": ["tiles:3x3:123405786", "x", "y"]})
    assert bare.code == "tiles:3x3:123405786" and bare.family == "tiles"
    assert bare.stats == puzzlelab.Stats() and bare.improvements == ()
    # a stop said as text or as an object reads the same
    for stopped in ("Stopped.", {"type": "cancelled", "message": "Stopped."}):
        assert puzzlelab.Solution.from_reply(dict(reply, stopped=stopped)).stopped == "Stopped."
    assert puzzlelab.Progress.from_record({"elapsed": 1.0, "new": 1}).reply["new"] == 1


# -- solving: progress, stop, close ---------------------------------------------------

KORF24_1 = "tiles:5x5:e592i8njchf0ak46bl17o3gmd:0123456789abcdefghijklmno"   # 95 moves


def test_solving_gives_progress_then_the_answer():
    # Korf's first 15-puzzle (57 moves): no stored table holds it, so the
    # search reports as it goes, better answers first
    search = puzzlelab.solving("tiles:4x4:edf7bc95602148a3:0123456789abcdef")
    records = list(search)
    assert search.done and records and all(isinstance(r, puzzlelab.Progress) for r in records)
    found = [r.improvement for r in records if r.improvement is not None]
    answer = search.result
    assert answer.length == 57 and answer.optimal and found
    # every better solution came as it was found, shorter each time
    assert [s.length for s in found] == sorted({s.length for s in found}, reverse=True)
    assert all(s.family == "tiles" and s.codes[-1] == s.final for s in found)
    assert list(search) == [] and search.result == answer


def test_stop_keeps_the_best_solution_and_its_bound():
    with puzzlelab.solving(KORF24_1) as search:
        first = next(r for r in search if r.best is not None)
        answer = search.stop()
    assert first.improvement is not None and first.improvement.length == first.best
    assert answer.stopped == "Stopped." and not answer.optimal
    assert answer.length <= first.best and 50 <= answer.lower_bound <= 95 <= answer.length
    assert search.stop() == answer                # stopping again changes nothing


def test_stop_before_any_answer_keeps_the_bound():
    search = puzzlelab.solving(KORF24_1, algorithm="idastar")
    next(search)
    answer = search.stop("Enough.")
    assert answer.length is None and answer.stopped == "Enough." and answer.moves == ()
    assert 0 <= answer.lower_bound <= 95 and answer.reply["stopped"]["type"] == "cancelled"


def test_result_runs_the_search_to_its_end_and_close_drops_it():
    assert puzzlelab.solving(FAMILY_CODES["blocks"]).result.optimal
    search = puzzlelab.analyzing("tiles:3x3:123456780")
    next(search)
    search.close()
    assert search.done and list(search) == []
    with pytest.raises(errors.Cancelled):
        search.result
    assert puzzlelab.analyzing("tiles:2x2:1230").result.reachable == 12
