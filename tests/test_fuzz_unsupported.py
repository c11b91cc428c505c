"""An `unsupported: ...` answer is not a difference: the fuzzer drops that case and draws
another one; differences before the unsupported step still count."""

from __future__ import annotations

import json

from mtg_conformance.cli import main
from mtg_conformance.fuzz.differ import comparable_steps, first_difference
from reference_impl.adapter import ReferenceEngine

ENGINE = "python:test_fuzz_unsupported:"


class _CannotPass(ReferenceEngine):
    """The reference engine, except that it can't express `pass_until_empty`."""

    def run(self, case: dict) -> dict:
        answer = super().run(case)
        for i, step in enumerate(case["steps"]):
            if "pass_until_empty" in step:
                answer["results"] = answer["results"][:i] + [
                    {"status": "errored", "message": "unsupported: no passing here"}]
                break
        return answer


def cannot_pass():
    return _CannotPass()


def _ok(life):
    return {"status": "ok", "view": {"players": {"bob": {"life": life}}}}


UNSUPPORTED = {"status": "errored", "message": "unsupported: a step this engine can't express"}


def test_steps_from_the_first_unsupported_one_are_not_compared():
    ours = {"results": [_ok(20), UNSUPPORTED]}
    theirs = {"results": [_ok(20), _ok(17)]}
    assert comparable_steps(ours, theirs) == 1
    assert first_difference(ours, theirs) is None
    assert first_difference(theirs, ours) is None


def test_a_difference_before_the_unsupported_step_is_still_one():
    ours = {"results": [_ok(19), UNSUPPORTED]}
    theirs = {"results": [_ok(20), _ok(17)]}
    diff = first_difference(ours, theirs)
    assert diff is not None and diff.index == 0


def test_plain_errors_are_still_differences():
    ours = {"results": [_ok(20), {"status": "errored", "message": "crash"}]}
    theirs = {"results": [_ok(20), _ok(17)]}
    assert comparable_steps(ours, theirs) is None
    assert first_difference(ours, theirs).index == 1


def test_fuzzing_an_engine_with_unsupported_steps_draws_other_cases(capsys):
    code = main(["fuzz", "--engine", ENGINE + "cannot_pass", "--examples", "60", "--seed", "3",
                 "--json"])
    doc = json.loads(capsys.readouterr().out)
    assert code == 0, doc
    assert doc["result"] == "clean"
    assert doc["unsupported"] > 0


def test_steps_from_the_one_that_ends_the_game_are_not_compared():
    # bob at 0 life has lost (704.5a); one engine clears his objects, the other doesn't
    dead = {"status": "ok", "view": {"players": {"bob": {"life": 0, "exile": 1}}}}
    dead_kept = {"status": "ok", "view": {"players": {"bob": {"life": 0, "exile": 0}}}}
    assert first_difference({"results": [_ok(3), dead]}, {"results": [_ok(3), dead_kept]}) is None
    assert first_difference({"results": [_ok(2), dead]}, {"results": [_ok(3), dead_kept]}).index == 0


def test_a_loss_by_drawing_from_an_empty_library_ends_the_comparison_too():
    # bob drew from an empty library (704.5b): the view says he lost; one engine exiles his cards
    lost = {"status": "ok", "view": {"players": {"bob": {"life": 20, "lost": True, "exile": 2}}}}
    lost_kept = {"status": "ok", "view": {"players": {"bob": {"life": 20, "lost": True, "exile": 0}}}}
    assert first_difference({"results": [_ok(3), lost]}, {"results": [_ok(3), lost_kept]}) is None
    assert first_difference({"results": [_ok(2), lost]}, {"results": [_ok(3), lost_kept]}).index == 0


def test_generated_libraries_never_start_empty():
    from hypothesis import given, settings

    from mtg_conformance.fuzz.strategies import cases

    @settings(max_examples=30, database=None, derandomize=True)
    @given(cases(max_steps=2))
    def check(case):
        for player in case["setup"]["players"].values():
            assert len(player.get("library", [])) >= 2
    check()


def test_with_skip_missing_an_optional_field_the_engine_leaves_out_is_not_compared():
    spell = {"kind": "spell", "source": "lb", "controller": "alice"}
    ours = {"results": [{"status": "ok", "view": {"stack": [spell]}}]}
    theirs = {"results": [{"status": "ok", "view": {"stack": [{**spell, "total_cost": "{R}"}]}}]}
    assert first_difference(ours, theirs) is not None  # by default a missing field differs
    assert first_difference(ours, theirs, skip_missing=True) is None
    other = {"results": [{"status": "ok", "view": {"stack": [{**spell, "total_cost": "{1}"}]}}]}
    assert first_difference(other, theirs, skip_missing=True).index == 0  # given on both sides
    extra = {"results": [{"status": "ok", "view": {"stack": [{**spell, "x": 1}]}}]}
    plain = {"results": [{"status": "ok", "view": {"stack": [spell]}}]}
    assert first_difference(extra, plain, skip_missing=True) is not None
