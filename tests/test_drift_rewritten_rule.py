"""A sub-rule rewritten under its own number is CHANGED (with its word diff), never GONE, and
`drift --update --accept` takes its new text. The release is the 2026-06-19 text with 605.1a
rewritten the way the 2026-08-07 release changed it (a sentence added, which puts the similarity
below the threshold); the spec is a copy of the files that cite 605.1a."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from spec_helpers import copy_spec_citing

from generator.loader import load_spec
from mtg_conformance.cli import main

ROOT = Path(__file__).resolve().parent.parent
CR = ROOT.parent / "shared" / "data" / "comprehensive-rules" / "MagicCompRules-2026-06-19.txt"
pytestmark = pytest.mark.skipif(not CR.is_file(), reason=f"real CR file absent: {CR}")
ADDED = (" An activated ability that has a target, or that is a loyalty ability, isn't a mana ability even if it "
         "could add mana, and an ability that would add mana only as part of a larger effect that also does "
         "other things that aren't adding mana is a mana ability only if all of its other effects could also "
         "be performed while it resolves as a mana ability.")


def rewritten_release(path: Path) -> Path:
    lines = CR.read_text(encoding="utf-8-sig").split("\n")
    out = [line + ADDED if line.startswith("605.1a ") else line for line in lines]
    path.write_text("\n".join(out), encoding="utf-8")
    return path


@pytest.fixture
def workspace(tmp_path):
    copy_spec_citing(tmp_path / "spec", r"605\.1a")  # and the files its claims name scenarios of
    return tmp_path, rewritten_release(tmp_path / "rules.txt")


def drift(capsys, tmp_path, rules, *extra):
    code = main(["drift", "--rules", str(rules), "--spec", str(tmp_path / "spec"), *extra])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_a_rule_rewritten_in_place_is_changed_with_its_diff(workspace, capsys):
    tmp_path, rules = workspace
    code, out, _ = drift(capsys, tmp_path, rules, "--json")
    report = json.loads(out)
    [item] = [i for i in report["items"] if i["rule"] == "605.1a"]
    assert code == 1 and item["status"] == "changed" and item["new_rule"] == "605.1a", item
    assert "rewritten under the same number" in item["basis"]
    assert item["diff"] and "mana ability only if all of its other effects" in item["new_text"]
    assert report["summary"]["gone"] == 0


def test_accept_takes_the_rewritten_text(workspace, capsys):
    tmp_path, rules = workspace
    code, out, err = drift(capsys, tmp_path, rules, "--update", "--accept", "605.1a", "--no-generate")
    assert "not a changed rule" not in out + err and "spec file(s) written" in out + err, out + err
    spec = load_spec(tmp_path / "spec")
    citing = [e for e in spec.entries() if "605.1a" in e.cites or e.rule == "605.1a"]
    assert citing
    code, out, _ = drift(capsys, tmp_path, rules, "--json")
    [item] = [i for i in json.loads(out)["items"] if i["rule"] == "605.1a"]
    assert item["status"] == "unchanged", item


def test_a_rewritten_rule_whose_old_text_moved_is_still_a_move(tmp_path):
    """The exception the rule has: if the old text went elsewhere, the same number is another rule."""
    from generator.drift import Citation, analyze
    from generator.fingerprint import fingerprint
    from generator.rules_text import parse_rules

    text = CR.read_text(encoding="utf-8-sig")
    old_605 = re.search(r"^605\.1a (.*)$", text, re.M).group(1)
    moved = text.replace("605.1a " + old_605, "605.1a A brand new rule about something else entirely.\n\n605.1c "
                         + old_605)
    new = parse_rules(moved)
    report = analyze(new, [Citation(file="x.yaml", entry="e", role="cite", rule="605.1a",
                                    fingerprint=fingerprint(old_605), text=old_605)])
    [item] = report.items
    assert item.status == "moved" and item.new_rule == "605.1c", item
