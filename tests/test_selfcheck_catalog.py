"""The faulty-engine catalog: big enough, every fault declares its rule, and every fault really
changes the engine's answers (on its witness case), only while the faulty engine runs."""

from __future__ import annotations

import pytest

from mtg_conformance.selfcheck import faults
from mtg_conformance.selfcheck.fault import Fault, case
from mtg_conformance.selfcheck.faults import CATALOG, create_engine, witness_problem
from mtg_conformance.selfcheck.rules import cites, expand, marker_cites

FAULTS = list(CATALOG.values())


def _answers(answer: dict) -> list:
    """The results without the free-text reasons (the judge never compares them)."""
    return [{k: v for k, v in r.items() if k != "reason"} for r in answer["results"]]


def test_catalog_has_at_least_25_distinct_faults_each_with_a_rule_and_description():
    assert len(CATALOG) >= 25
    assert len({f.name for f in FAULTS}) == len(FAULTS)
    for f in FAULTS:
        assert f.rule and f.rule[0].isdigit(), f.name
        assert f.description and "\n" not in f.description, f.name
        assert f.witness["steps"], f.name


@pytest.mark.parametrize("fault", FAULTS, ids=[f.name for f in FAULTS])
def test_fault_changes_the_answer_on_its_witness_and_nothing_leaks(fault):
    reference = create_engine()
    before = reference.run(fault.witness)
    faulty = create_engine(fault.name).run(fault.witness)
    after = reference.run(fault.witness)
    statuses = [r["status"] for r in before["results"] + faulty["results"]]
    assert "errored" not in statuses, (before, faulty)  # a wrong answer, not a crash
    assert len(faulty["results"]) == len(fault.witness["steps"])
    assert _answers(faulty) != _answers(before), f"{fault.name} answers like the reference engine"
    assert _answers(after) == _answers(before), f"{fault.name}'s patch outlived its run"
    assert witness_problem(fault) is None


def _fault_like(name, install, witness=None):
    witness = witness or CATALOG["kicker_cost_in_mana_value"].witness
    return Fault(name, "202.3", "test double", install, witness)


def test_witness_problem_spots_no_op_crashing_and_stale_faults():
    from unittest import mock
    assert "exactly like the reference" in witness_problem(_fault_like("noop", lambda s, r: None))

    def stale(stack, run):  # a patch of a function the engine no longer has
        stack.enter_context(mock.patch("reference_impl.rules.casting.no_such_function", None))
    assert "the patch fails: AttributeError" in witness_problem(_fault_like("stale", stale))

    def crash(stack, run):
        stack.enter_context(mock.patch("reference_impl.runner.cast", lambda g, a: 1 / 0))
    assert "errors" in witness_problem(_fault_like("crash", crash))


def test_factories_resolve_by_name_and_say_which_fault_they_carry():
    engine = faults.copy_of_kicked_spell_unkicked()
    assert engine.fault is CATALOG["copy_of_kicked_spell_unkicked"]
    assert "copy_of_kicked_spell_unkicked" in engine.hello()["implementation"]["name"]
    assert faults.reference().fault is None
    with pytest.raises(AttributeError):
        faults.no_such_fault  # noqa: B018
    with pytest.raises(ValueError, match="unknown fault 'nope'"):
        create_engine("nope")


@pytest.mark.parametrize("name, rule", [("Bad-Name", "702.33d"), ("ok", "rule 702"), ("ok", "")])
def test_fault_rejects_bad_names_and_rules(name, rule):
    with pytest.raises(ValueError):
        Fault(name, rule, "d", lambda stack, run: None, case({}, [{"resolve": {}}]))


def test_rule_ranges_expand_to_each_subrule():
    assert expand("601.2f-h") == ["601.2f", "601.2g", "601.2h"]
    assert expand("707.10") == ["707.10"]


@pytest.mark.parametrize("declared, cited, expected", [
    ("707.10", "707.10", True),
    ("707.10", "707.10c", True),        # a subrule of the broken rule
    ("202.3e", "202.3", True),          # the numbered rule it belongs to
    ("601.2f-h", "601.2g", True),       # inside the declared range
    ("601.2f-h", "601.2b", False),
    ("707.10", "707.1", False),         # a different rule sharing digits
    ("702.33d", "702.3", False),
    ("702.33d", "702", False),          # a bare section is too broad
    ("202.3", "202.30", False),
])
def test_rule_citation_matching(declared, cited, expected):
    assert cites(declared, cited) is expected


def test_marker_citation_uses_rule_and_cites():
    assert marker_cites("702.33g", {"rule": "702.33g", "cites": []})
    assert marker_cites("707.10", {"rule": None, "cites": ["702.33d", "707.10"]})
    assert not marker_cites("707.10", {"rule": None, "cites": ["702.33d"]})
    assert not marker_cites("707.10", None)
