"""spec/peers/: the peer engines' tests and what the spec ports of them (coverage --peers)."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

from spec_helpers import REPO

from generator.loader import load_spec
from generator.peers import load_peers
from mtg_conformance.cli import main

SPEC = REPO / "spec"


def test_repository_peer_lists_are_consistent_with_the_spec():
    sources, problems = load_peers(SPEC / "peers", load_spec(SPEC))
    assert problems == []
    by = {s.name: s for s in sources}
    assert set(by) == {"XMage", "Forge", "Wagic", "phase.rs"}
    assert by["XMage"].counts()["ported"] >= 30
    assert by["Wagic"].counts()["ported"] >= 100
    assert by["phase.rs"].counts()["tests"] == 86 and by["phase.rs"].counts()["ported"] >= 40
    for s in sources:
        for t in s.tests:
            assert t["status"] == "ported" or t["reason"], t["test"]


def test_coverage_peers_prints_counts_and_reasons(capsys):
    assert main(["coverage", "--peers"]) == 0
    out = capsys.readouterr().out
    assert "XMage (magefree/mage): " in out and " ported, " in out
    assert "engine-feature" in out and "CostModificationTest.ReduceCostToCastZoeticCavern: engine-feature" in out


def _copy_spec(tmp_path: Path) -> Path:
    spec = tmp_path / "spec"
    shutil.copytree(SPEC, spec)
    return spec


def test_a_ported_test_whose_scenario_does_not_exist_is_an_error(tmp_path, capsys):
    spec = _copy_spec(tmp_path)
    p = spec / "peers" / "xmage.yaml"
    p.write_text(p.read_text(encoding="utf-8").replace("kicker::kickertest-use-manual", "kicker::no-such"),
                 encoding="utf-8")
    assert main(["coverage", "--peers", "--spec", str(spec)]) == 1
    assert "no scenario 'peers-xmage/kicker::no-such' in the spec" in capsys.readouterr().err


def test_a_scenario_whose_peer_is_not_listed_is_an_error(tmp_path, capsys):
    spec = _copy_spec(tmp_path)
    p = spec / "peers" / "xmage.yaml"
    text = p.read_text(encoding="utf-8")
    assert "  test: testCard1\n" in text
    p.write_text(text.replace("  test: testCard1\n", "  test: testCardOne\n"), encoding="utf-8")
    assert main(["coverage", "--peers", "--spec", str(spec)]) == 1
    err = capsys.readouterr().err
    assert "does not record" in err and "is not listed in spec/peers/" in err


def test_a_test_that_is_not_ported_must_say_why(tmp_path, capsys):
    spec = _copy_spec(tmp_path)
    p = spec / "peers" / "forge.yaml"
    p.write_text(p.read_text(encoding="utf-8").replace("reason: engine-feature", "note: x", 1), encoding="utf-8")
    assert main(["coverage", "--peers", "--spec", str(spec)]) == 1
    assert "a test that is not ported says why" in capsys.readouterr().err


def _coverage_with_a_forge_reason(tmp_path, capsys, reason: str) -> str:
    """`coverage --peers` (which must fail) after one not-yet Forge test's reason became `reason`;
    its stderr."""
    spec = _copy_spec(tmp_path)
    p = spec / "peers" / "forge.yaml"
    p.write_text(p.read_text(encoding="utf-8").replace("reason: engine-feature", f"reason: {reason}", 1),
                 encoding="utf-8")
    assert main(["coverage", "--peers", "--spec", str(spec)]) == 1
    return capsys.readouterr().err


def test_a_reason_code_that_is_not_defined_is_an_error(tmp_path, capsys):
    err = _coverage_with_a_forge_reason(tmp_path, capsys, "needs-dfc")
    assert re.search(r"forge\.yaml:\d+: tests\[", err) and "'needs-dfc' is not a reason code" in err


def test_an_exclusion_reason_on_a_test_not_yet_ported_is_an_error(tmp_path, capsys):
    err = _coverage_with_a_forge_reason(tmp_path, capsys, "ai-choice")
    assert "'ai-choice' is a reason for excluded tests, not not-yet" in err


def test_no_test_waits_for_a_card_only_while_its_note_names_an_engine_gap():
    """Issue #31: `card-not-in-catalog` means the card is the only blocker; a note that says some
    rule or mechanic "is not in the engine" belongs to `engine-feature`."""
    sources, _ = load_peers(SPEC / "peers", load_spec(SPEC))
    wrong = [t["test"] for s in sources for t in s.tests
             if t.get("reason") == "card-not-in-catalog" and "not in the engine" in (t.get("note") or "")]
    assert wrong == []


def test_a_phase_test_whose_scenario_records_another_test_is_an_error(tmp_path, capsys):
    spec = _copy_spec(tmp_path)
    p = spec / "peers" / "phase.yaml"
    text = p.read_text(encoding="utf-8")
    assert "  test: sba::zero_toughness_creature_dies\n" in text
    p.write_text(text.replace("  test: sba::zero_toughness_creature_dies\n", "  test: sba::zero_toughness_dies\n"),
                 encoding="utf-8")
    assert main(["coverage", "--peers", "--spec", str(spec)]) == 1
    err = capsys.readouterr().err
    # the message names the file, the line of the field and the field
    line = text.splitlines().index("  test: sba::zero_toughness_creature_dies")
    ported_as = next(n for n, row in enumerate(text.splitlines()[line:], line + 1) if row.startswith("  ported_as:"))
    assert f"spec/peers/phase.yaml:{ported_as}: tests[" in err and "].ported_as: scenario" in err
    assert "sba::zero_toughness_dies" in err and "does not record" in err
