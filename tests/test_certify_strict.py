"""`certify --strict`: full views compared with the reference engine's, divergences reported apart
from rule failures (mtg_conformance/certify/strict.py)."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from mtg_conformance.certify import strict
from mtg_conformance.certify.runner import Options, certify
from mtg_conformance.suite_cases import load_tests

ROOT = Path(__file__).resolve().parents[1]
FAULT = "python:mtg_conformance.selfcheck.faults:lost_first_strike_deals_again"
WITNESS = ("combat/first-strike-and-double-strike-make-two-combat-damage-steps::"
           "a-creature-that-loses-double-strike-deals-no-second-damage")


@pytest.fixture(scope="module")
def combat_tests():
    return [t for t in load_tests(ROOT / "spec") if t.id.startswith("combat/")]


def test_the_reference_engine_does_not_diverge_from_itself(combat_tests):
    found, compared = strict.divergences("reference", combat_tests, 10)
    assert compared == len(combat_tests) > 20
    assert found == []


def test_an_engine_diverges_where_it_breaks_a_rule_even_beyond_what_tests_expect(combat_tests):
    found, compared = strict.divergences(FAULT, combat_tests, 10)
    assert compared == len(combat_tests)
    assert [d.id for d in found] == [WITNESS]
    d = found[0]
    assert (d.step, d.ours, d.theirs, d.rule) == (5, "ok", "ok", "510.4")
    assert d.differences == (("players.bob.life", 18, 16),)


def test_the_mana_an_engine_chose_to_spend_is_not_compared():
    steps = [{"cast": {"card": "a", "pay": "{R}"}}, {"cast": {"card": "b"}, "expect": {}}, {"resolve": {}}]
    assert strict._payment_open_from(steps) == 1
    assert strict._payment_open_from(steps[:1]) is None
    assert strict._payment_open_from([{"tap_for_mana": {"permanents": ["m"]}}]) == 0

    def answer(mana, colors):
        view = {"players": {"alice": {"life": 20, "mana": mana}}, "stack": [{"kind": "spell", "colors_spent": colors}]}
        return {"results": [{"status": "ok", "view": view}] * 2}

    kept = strict._without_payment(answer("{R}", ["G"]), 1)["results"]
    assert kept[0]["view"]["players"]["alice"] == {"life": 20, "mana": "{R}"}
    assert kept[1]["view"]["players"]["alice"] == {"life": 20}
    assert kept[1]["view"]["stack"] == [{"kind": "spell"}]


def test_the_report_lists_each_divergence_with_its_first_differences_and_the_tests_outcome():
    d = strict.Divergence("a::b", "510.4", 2, "ok", "illegal", (("cards.x.zone", "exile", strict.ABSENT),), more=3)
    other = strict.Divergence("c::d", None, 0, "ok", "ok", (("players.bob.life", 18, 20),))
    found = strict.with_outcomes([d, other], {"a::b": "pass", "c::d": "expected-failure", "e::f": "pass"})
    assert [x.outcome for x in found] == ["pass", "expected-failure"] and strict.passing(found) == 1
    doc = json.loads(strict.dumps(found[:1], 7))
    assert doc == {"compared": 7, "passing": 1, "divergences": [{
        "id": "a::b", "rule": "510.4", "outcome": "pass", "step": 2, "status": "ok", "reference_status": "illegal",
        "differences": [{"path": "cards.x.zone", "reference": "exile", "engine": "(absent)"}],
        "more_differences": 3}]}
    section = strict.render(found, 7)
    assert "## Diverges from the reference" in section and "2 of 7 tests" in section and "1 of them pass" in section
    assert "| `a::b` | pass | 510.4 | 2 | status illegal → ok; `cards.x.zone`: \"exile\" → \"(absent)\" |" in section
    assert "| `c::d` | expected-failure |  | 0 | `players.bob.life`: 18 → 20 |" in section
    assert "0 of 7 tests" in strict.render([], 7)


def test_certify_strict_reports_divergences_apart_and_keeps_the_exit_code(tmp_path):
    out = tmp_path / "out"
    stdout = io.StringIO()
    code = certify(Options(engine=FAULT, out=out, suite=ROOT / "generated_tests", spec=ROOT / "spec",
                           strict=True, pytest_args=["-k", "first_strike_and_double_strike"]),
                   stdout=stdout, stderr=io.StringIO())
    assert code == 1, stdout.getvalue()  # the fault fails a test citing 510.4: a regression, as without --strict
    doc = json.loads((out / "divergences.json").read_text(encoding="utf-8"))
    assert doc["compared"] > 600
    assert [(d["id"], d["outcome"]) for d in doc["divergences"]] == [(WITNESS, "fail")]
    assert doc["passing"] == 0
    assert "## Diverges from the reference" in (out / "summary.md").read_text(encoding="utf-8")
    assert "strict: 1 of" in stdout.getvalue() and "0 of them passing tests" in stdout.getvalue()
    results = json.loads((out / "results.json").read_text(encoding="utf-8"))
    assert "divergences" not in results  # rule failures and divergences stay apart
