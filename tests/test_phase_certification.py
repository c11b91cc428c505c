"""The published certification of phase.rs: the suite against phase with expectations/phase.yaml.

CI fails when phase's results change in either direction (a new failure, or an expected
failure that now passes), so expectations/phase.yaml, docs/phase-certification/summary.md and
the README's "Certified engines" section stay true. One certify run (~20 s) serves all checks.
"""

from __future__ import annotations

import importlib.util
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[1]
EXPECTATIONS = ROOT / "expectations" / "phase.yaml"
SUMMARY = ROOT / "docs" / "phase-certification" / "summary.md"
README = ROOT / "README.md"
RULE = re.compile(r"\b\d{3}\.\d+[a-z]?\b")


def _entries() -> list[dict]:
    return yaml.safe_load(EXPECTATIONS.read_text("utf-8"))


def test_every_expected_failure_is_one_test_with_an_issue_and_the_rule_phase_breaks():
    entries = _entries()
    assert entries, "expectations/phase.yaml lists no failures"
    ids = [e.get("id") for e in entries]
    assert all(ids), "use per-test ids (no prefix/feature entries): each failure is explained alone"
    assert len(set(ids)) == len(ids), "an id is listed twice"
    for entry in entries:
        assert entry["status"] == "fail", entry["id"]
        # A phase.rs rule error, or (rarely) a suite problem reported to the lead, never unexplained.
        assert entry["issue"].startswith(("phase.rs 0.103.0: ", "suite: ")), entry["id"]
        assert RULE.search(entry.get("note", "")), f"{entry['id']}: the note names no rule"


def _summary_counts() -> dict[str, int]:
    summary = SUMMARY.read_text("utf-8")
    counts = {name: int(n) for name, n in re.findall(r"^\| \S+ ([a-z-]+) \| (\d+) \|$", summary, re.M)}
    counts["total"] = int(re.search(r"^\| total \| (\d+) \|$", summary, re.M).group(1))
    return counts


def test_readme_section_matches_the_committed_summary():
    counts = _summary_counts()
    readme = README.read_text("utf-8")
    assert "## Certified engines" in readme
    section = readme[readme.index("## Certified engines"):]
    row = re.search(r"^\| phase\.rs [^|]*\| 0\.103\.0 \| (\d+) \| (\d+) \| (\d+) \| (\d+) \| (\d+) \|"
                    r".*docs/phase-certification/summary\.md", section, re.M)
    assert row, "README 'Certified engines' has no phase.rs 0.103.0 row linking the summary"
    assert tuple(int(n) for n in row.groups()) == (
        counts.get("pass", 0), counts.get("fail", 0), counts.get("expected-failure", 0),
        counts.get("unsupported", 0), counts["total"])
    assert counts.get("fail", 0) == 0 and counts.get("expected-failure", 0) == len(_entries())
    assert "mtg-conformance certify --engine phase --expectations expectations/phase.yaml" in section


@pytest.mark.skipif(importlib.util.find_spec("phase") is None,
                    reason="phase-python is not installed (pip install mtg-conformance[phase])")
def test_certification_of_phase_matches_its_expectations_exactly(tmp_path):
    env = dict(os.environ)
    env.pop("PYTEST_ADDOPTS", None)
    proc = subprocess.run(
        [sys.executable, "-m", "mtg_conformance", "certify", "--engine", "phase",
         "--expectations", str(EXPECTATIONS), "--out", str(tmp_path / "out")],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=600,
    )
    results_file = tmp_path / "out" / "results.json"
    assert results_file.exists(), proc.stdout[-3000:] + proc.stderr[-3000:]
    results = json.loads(results_file.read_text("utf-8"))
    outcomes = {t["id"]: t["outcome"] for t in results["tests"]}
    changed = {i: o for i, o in outcomes.items() if o in ("fail", "error", "unexpectedly-passing")}
    assert not changed, f"phase's results changed against expectations/phase.yaml: {changed}"
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    expected = {i for i, o in outcomes.items() if o == "expected-failure"}
    assert expected == {e["id"] for e in _entries()}
    assert results["engine"]["version"] == "0.103.0"
