"""`drift --update` against a release that renumbers a run of sub-rules inside one rule, and
`drift --update` killed midway.

The synthetic release is the 2026-06-19 text with a new 702.33b inserted, so 702.33b-h become
702.33c-i (as 702.30 -> 702.33 renumbered kicker between releases, but inside one rule). The
spec is a copy of the project's spec/ in tmp_path, keeping only the kicker rules files (which
state the shifted rules), plus the cards and schemas: what these tests check is the same, at a
fraction of the cost of rewriting every file that cites 702.33.
"""

from __future__ import annotations

import hashlib
import re
import subprocess
import sys
from collections.abc import Mapping
from pathlib import Path

import pytest
from spec_helpers import copy_spec_citing

from generator.loader import load_spec
from generator.spec_journal import JOURNAL
from mtg_conformance.cli import main

ROOT = Path(__file__).resolve().parent.parent
CR = ROOT.parent / "shared" / "data" / "comprehensive-rules" / "MagicCompRules-2026-06-19.txt"
pytestmark = pytest.mark.skipif(not CR.is_file(), reason=f"real CR file absent: {CR}")
NEW_RULE = "702.33b A kicker cost is an additional cost paid as the spell is cast; it is never an alternative cost."


def renumbered_release(path: Path) -> Path:
    """The 2026-06-19 rules with a new 702.33b: the old 702.33b-h shift to 702.33c-i."""
    out = []
    for line in CR.read_text(encoding="utf-8-sig").split("\n"):
        match = re.match(r"^702\.33([b-h]) (.*)", line)
        if match:
            line = f"702.33{chr(ord(match.group(1)) + 1)} {match.group(2)}"
        out.append(line)
        if line.startswith("702.33a "):
            out += ["", NEW_RULE]
    path.write_text("\n".join(out), encoding="utf-8")
    return path


def copy_kicker_spec(target: Path) -> Path:
    """spec/ with only the kicker files (kicker*.yaml and the kicker card pool's), which state the
    shifted rules: every kind of change the update makes (an entry's `rule` and its alias, `cites`,
    a step's expected rule, fingerprints, ranges) is in them. Half the spec cites 702.33 by now,
    and round-tripping all of it made each of these tests take half a minute."""
    return copy_spec_citing(target, r"702\.33", files=r"kicker")


@pytest.fixture
def workspace(tmp_path):
    copy_kicker_spec(tmp_path / "spec")
    return tmp_path, renumbered_release(tmp_path / "rules.txt")


def drift(capsys, tmp_path, rules, *extra):
    code = main(["drift", "--rules", str(rules), "--spec", str(tmp_path / "spec"), "--json", *extra])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def counts(report_json: str) -> dict:
    import json

    return json.loads(report_json)["summary"]


def test_update_then_a_second_drift_reports_nothing_to_do(workspace, capsys):
    tmp_path, rules = workspace
    code, report, _ = drift(capsys, tmp_path, rules)
    summary = counts(report)
    assert code == 1 and summary["moved"] == 7 and summary["unverified"] == 0
    code, _, err = drift(capsys, tmp_path, rules, "--update", "--out", str(tmp_path / "generated_tests"))
    assert "spec file(s) written" in err
    code, report, _ = drift(capsys, tmp_path, rules)
    summary = counts(report)
    assert (summary["moved"], summary["changed"], summary["gone"], summary["unverified"]) == (0, 0, 0, 0), summary
    assert summary["uncovered"] == 1  # the new 702.33b, which no entry covers yet
    spec = load_spec(tmp_path / "spec")  # still a valid spec
    kicker = (tmp_path / "spec" / "rules" / "kicker.yaml").read_text(encoding="utf-8")
    assert "title: Kicker, multikicker and sticker kicker (rules 702.33a-i)" in kicker
    # rule numbers inside scenarios moved too: the Orim's Thunder target rule was 702.33g
    entry = spec.entry("kicker/kicked-only-targets")
    assert entry.rule == "702.33h"
    rules_in_scenarios = {s["expect"]["rule"] for sc in entry.scenarios for s in sc.steps
                          if isinstance(s.get("expect"), Mapping) and "rule" in s["expect"]}
    assert "702.33h" in rules_in_scenarios and "702.33g" not in rules_in_scenarios
    fr = (tmp_path / "spec" / "rules" / "kicker-rulings-fr.yaml").read_text(encoding="utf-8")
    assert "rule: 702.33d}" not in fr and "rule: 702.33e}" in fr
    assert (tmp_path / "generated_tests" / "test_kicker.py").is_file()


def test_renumber_text_moves_both_ends_of_a_range():
    from generator.drift_update import renumber_text

    moves = {"702.33h": "702.33i", "702.33b": "702.33c"}
    assert renumber_text("rules 702.33a-h", moves) == "rules 702.33a-i"
    assert renumber_text("702.33b and 702.33h, not 702.33 or 702.331", moves) == "702.33c and 702.33i, not 702.33 or 702.331"


KILLER = """
import os, runpy, sys
real, calls, limit = os.replace, [0], int(sys.argv[1])
def replace(src, dst, *args, **kwargs):
    if calls[0] == limit:
        os._exit(9)  # killed: no clean-up runs
    calls[0] += 1
    return real(src, dst, *args, **kwargs)
os.replace = replace
sys.argv = ["mtg-conformance"] + sys.argv[2:]
runpy.run_module("mtg_conformance", run_name="__main__")
"""


def digest_tree(spec: Path) -> dict[str, str]:
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in sorted((spec / "rules").glob("*.yaml"))}


@pytest.fixture(scope="module")
def updated_digests(tmp_path_factory):
    """Digests of the spec files before and after an uninterrupted update."""
    tmp_path = tmp_path_factory.mktemp("uninterrupted")
    copy_kicker_spec(tmp_path / "spec")
    rules = renumbered_release(tmp_path / "rules.txt")
    before = digest_tree(tmp_path / "spec")
    # the files that state or cite one of the shifted 702.33b-h (the spec grows: not a fixed count)
    citing = [p.name for p in sorted((tmp_path / "spec" / "rules").glob("*.yaml"))
              if re.search(r"702\.33[b-h]\b", p.read_text(encoding="utf-8"))]
    assert main(["drift", "--rules", str(rules), "--spec", str(tmp_path / "spec"), "--update", "--no-generate"]) == 1
    after = digest_tree(tmp_path / "spec")
    assert [name for name in before if before[name] != after[name]] == citing
    assert len(citing) >= 4  # kill_at below reaches the fourth file rename
    return before, after


@pytest.mark.parametrize("kill_at", [0, 1, 2, 4])
def test_a_killed_update_is_completed_or_rolled_back_by_the_next_run(workspace, updated_digests, kill_at):
    """kill_at 0: at the journal's rename (the commit point); 1-4: at one of the four file renames."""
    tmp_path, rules = workspace
    spec = tmp_path / "spec"
    before, after = updated_digests
    killed = subprocess.run([sys.executable, "-c", KILLER, str(kill_at), "drift", "--rules", str(rules), "--spec", str(spec),
                             "--update", "--no-generate"], capture_output=True, text=True, timeout=120, cwd=tmp_path)
    state = digest_tree(spec)
    assert killed.returncode == 9, killed.stdout + killed.stderr
    assert state in (before, after) or (spec / JOURNAL).exists()
    if state not in (before, after):  # a mix on disk: validate must not call it OK
        done = subprocess.run([sys.executable, "-m", "mtg_conformance", "validate", "--spec", str(spec)],
                              capture_output=True, text=True, timeout=120, cwd=tmp_path)
        assert done.returncode == 1 and "interrupted `drift --update`" in done.stdout + done.stderr
    # the next run (any drift invocation) finishes or undoes it
    done = subprocess.run([sys.executable, "-m", "mtg_conformance", "drift", "--rules", str(rules), "--spec", str(spec)],
                          capture_output=True, text=True, timeout=120, cwd=tmp_path)
    assert digest_tree(spec) in (before, after)
    if kill_at >= 1:  # the journal was committed before the first file rename
        assert digest_tree(spec) == after and "completed an interrupted" in done.stderr
    assert not (spec / JOURNAL).exists()
    assert not [p for p in spec.rglob("*") if p.name.endswith((".tmp", ".drift-tmp"))]


def test_update_keeps_a_byte_order_mark(workspace, capsys):
    tmp_path, rules = workspace
    path = tmp_path / "spec" / "rules" / "kicker.yaml"
    path.write_bytes(b"\xef\xbb\xbf" + path.read_bytes())
    code, _, err = drift(capsys, tmp_path, rules, "--update", "--no-generate")
    assert "spec file(s) written" in err, err
    data = path.read_bytes()
    assert data.startswith(b"\xef\xbb\xbf") and not data[3:].startswith(b"\xef\xbb\xbf")
    assert b"(rules 702.33a-i)" in data
    load_spec(tmp_path / "spec")
