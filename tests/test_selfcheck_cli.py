"""`mtg-conformance selfcheck` end to end on a tiny hand-written suite (three tests), so the
verdicts don't depend on the real spec: one fault caught by a test citing its rule, one
rejected only by a test citing another rule, one surviving; and the reference sanity check."""

from __future__ import annotations

import json
import textwrap
from pathlib import Path

import pytest

from mtg_conformance.cli import main
from mtg_conformance.selfcheck import matrix
from mtg_conformance.selfcheck.faults import CATALOG
from mtg_conformance.selfcheck.runner import RunError, SuiteRun, Verdict

MARKER = ('@pytest.mark.conformance(id={id!r}, entry={entry!r}, kind="rule", rule={rule!r}, '
          'cites={cites!r}, features={features!r}, rules_version="2026-06-19", source="selfcheck-test")')

BOLT_MV = """
{marker}
def test_kicked_bolt_keeps_mana_value_1(conformance):
    conformance.run_scenario(
        setup={{"players": {{"alice": {{"hand": [{{"card": "Burst Lightning", "label": "bolt"}}],
                                        "mana": "{{R}}{{R}}{{R}}{{R}}{{R}}"}}}}}},
        steps=[{{"cast": {{"card": "bolt", "kicks": 1, "targets": ["bob"]}},
                 "expect": {{"stack": [{{"source": "bolt", "mana_value": {mv}}}]}}}}])
"""
FLASHBACK_FROM_HAND = """
{marker}
def test_no_flashback_from_the_hand(conformance):
    conformance.run_scenario(
        setup={{"players": {{"alice": {{"hand": [{{"card": "Firebolt", "label": "fb"}}],
                                        "mana": "{{R}}{{R}}{{R}}{{R}}{{R}}"}}}}}},
        steps=[{{"cast": {{"card": "fb", "alternative": "flashback", "targets": ["bob"]}},
                 "expect": {{"illegal": True}}}}])
"""


def _suite(tmp_path: Path, bolt_mv: int = 1) -> Path:
    suite = tmp_path / "suite"
    suite.mkdir()
    marker = MARKER.format(id="t/bolt::mv", entry="t/bolt", rule="202.3", cites=["202.3"],
                           features=["kicker"])
    other = MARKER.format(id="t/fb::hand", entry="t/fb", rule=None, cites=["601.2a"],
                          features=["flashback"])
    body = "import pytest\n" + BOLT_MV.format(marker=marker, mv=bolt_mv) + \
        FLASHBACK_FROM_HAND.format(marker=other)
    (suite / "test_tiny.py").write_text(textwrap.dedent(body), encoding="utf-8")
    return suite


class Done:
    def __init__(self, returncode, captured):
        self.returncode, self.stdout, self.stderr = returncode, captured.out, captured.err


@pytest.fixture
def selfcheck(capsys):
    """Run the CLI in process (the engines still run in pytest subprocesses)."""
    def run(*args: str) -> Done:
        code = main(["selfcheck", "--jobs", "1", *args])
        return Done(code, capsys.readouterr())
    return run


def test_matrix_verdicts_and_exit_code_on_a_tiny_suite(selfcheck, tmp_path):
    suite = _suite(tmp_path)
    proc = selfcheck("--suite", str(suite), "--json", "--only", "kicker_cost_in_mana_value",
                      "flashback_from_hand", "converge_counts_colorless")
    assert proc.returncode == 1, proc.stderr
    doc = json.loads(proc.stdout)
    assert doc["reference"] == {"tests": 2, "failing": []}
    got = {f["name"]: (f["verdict"], f["cites_rule"], f["rejecting_tests"]) for f in doc["faults"]}
    assert got == {
        "kicker_cost_in_mana_value": ("caught", True, ["t/bolt::mv"]),
        "flashback_from_hand": ("rejected-uncited", False, ["t/fb::hand"]),
        "converge_counts_colorless": ("survived", False, []),
    }


def test_all_caught_exits_0_and_prints_the_text_matrix(selfcheck, tmp_path):
    proc = selfcheck("--suite", str(_suite(tmp_path)), "--only", "kicker_cost_in_mana_value")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    row = next(line for line in proc.stdout.splitlines() if line.startswith("kicker_cost_in_mana_value"))
    assert row.split()[1:5] == ["202.3", "CAUGHT", "yes", "1:"] and "t/bolt::mv" in row
    assert "1 faulty engines: 1 caught" in proc.stdout


def test_reference_failing_the_suite_exits_2(selfcheck, tmp_path):
    proc = selfcheck("--suite", str(_suite(tmp_path, bolt_mv=5)), "--only", "flashback_from_hand")
    assert proc.returncode == 2
    assert "reference engine fails 1 test(s)" in proc.stderr and "t/bolt::mv" in proc.stderr
    assert proc.stdout == ""


@pytest.mark.parametrize("args, message", [
    (["--only", "no_such_fault"], "unknown faulty engine(s) no_such_fault"),
    (["--suite", "does-not-exist"], "no generated test modules"),
    (["--jobs", "0"], "--jobs 0: must be at least 1"),  # the last --jobs wins
])
def test_usage_errors_exit_2_without_traceback(selfcheck, tmp_path, args, message):
    if "--suite" not in args:
        args = ["--suite", str(_suite(tmp_path))] + args
    proc = selfcheck(*args)
    assert proc.returncode == 2 and message in proc.stderr
    assert "Traceback" not in proc.stderr


def test_list_names_every_fault(selfcheck):
    proc = selfcheck("--list")
    assert proc.returncode == 0
    assert [line.split()[0] for line in proc.stdout.splitlines()] == list(CATALOG)
    origins = {line.split()[0]: line.split()[2] for line in proc.stdout.splitlines()}
    assert all(origins[name] == ("real" if fault.report else "designed") for name, fault in CATALOG.items())


def _run(*verdicts) -> SuiteRun:
    return SuiteRun("x", [Verdict(i, o, {"rule": r, "cites": []}) for i, o, r in verdicts])


def test_judge_counts_fail_and_error_as_rejections_but_not_skips():
    fault = CATALOG["copy_of_kicked_spell_unkicked"]  # 707.10
    row = matrix.judge(fault, _run(("a", "pass", "707.10"), ("b", "error", "707.10c"),
                                   ("c", "skipped", "707.10"), ("d", "fail", "601.2")))
    assert row.verdict == matrix.CAUGHT and row.citing == ["b"]
    assert [t.id for t in row.rejecting] == ["b", "d"]
    assert matrix.judge(fault, _run(("a", "unsupported", "707.10"))).verdict == matrix.SURVIVED
    assert matrix.judge(fault, RunError("boom")).verdict == matrix.NOT_RUN
    assert matrix.exit_code([matrix.judge(fault, RunError("boom"))]) == 1
