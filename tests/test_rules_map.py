"""The rules map (spec/rules-map/, generator/rules_map.py): validate gives every numbered rule of
the map's release exactly one status and rejects contradictions with located errors; coverage
--rules counts the statuses and shows a new release's new sub-rules without status.

A synthetic checkout (tmp/checkout/spec beside tmp/shared/data/comprehensive-rules/) keeps the
error cases independent of the real release; the repository's own map is checked against the
real release when ../shared/data/comprehensive-rules/ has it."""

from __future__ import annotations

import json
import re
import textwrap
from pathlib import Path

import pytest
from spec_helpers import EXAMPLE, REPO, locate, make_spec

from generator import rules_map as rm
from mtg_conformance.cli import main as cli_main

RELEASES = REPO.parent / "shared" / "data" / "comprehensive-rules"
REAL = RELEASES / "MagicCompRules-2026-06-19.txt"
needs_real = pytest.mark.skipif(not REAL.is_file(), reason="the 2026-06-19 release is not available")

HEADER = rm.HEADER + "\n"

RELEASE = textwrap.dedent("""\
    Magic: The Gathering Comprehensive Rules

    These rules are effective as of {date}.

    Contents

    1. Game Concepts
    6. Spells, Abilities, and Effects
    7. Additional Rules
    Glossary

    1. Game Concepts

    100. General

    100.1. These Magic rules apply to any Magic game with two or more players.

    100.1a A two-player game is a game that begins with only two players.

    100.1b A multiplayer game is a game that begins with more than two players.
    {extra}
    6. Spells, Abilities, and Effects

    601. Casting Spells

    601.1. Previously, the action of casting a spell was referred to as playing a spell.

    601.2. To cast a spell is to take it from where it is, put it on the stack, and pay its costs.

    601.2a To propose the casting of a spell, a player first moves that card to the stack.

    601.2b If the spell is modal, the player announces the mode choice.

    7. Additional Rules

    701. Keyword Actions

    701.6. Counter

    701.6a To counter a spell or ability means to cancel it, removing it from the stack.

    702. Keyword Abilities

    702.33. Kicker

    702.33a Kicker is a static ability that functions while the spell with kicker is on the stack.

    702.33d Kicked spells are spells whose kicker costs were paid.

    Glossary

    Counter
    To cancel a spell or ability.
    """)

MAP = {
    "1-game-concepts.yaml": HEADER + textwrap.dedent("""\
        section: 1
        title: Game Concepts
        rules_version: "2026-06-19"
        default: {status: informative, reason: "definitions"}
        entries:
          - {rules: "100.1b", status: not-applicable, reason: "multiplayer"}
        """),
    "6-spells-abilities-and-effects.yaml": HEADER + textwrap.dedent("""\
        section: 6
        title: Spells, Abilities, and Effects
        rules_version: "2026-06-19"
        entries:
          - {rules: "601", status: planned, issue: "#28"}
        """),
    "7-additional-rules.yaml": HEADER + textwrap.dedent("""\
        section: 7
        title: Additional Rules
        rules_version: "2026-06-19"
        default: {status: planned, reason: "keyword actions and abilities"}
        entries: []
        """),
}


def _release(date: str = "June 19, 2026", extra: str = "") -> str:
    return RELEASE.format(date=date, extra=extra)


@pytest.fixture
def checkout(tmp_path: Path) -> Path:
    """tmp/checkout/spec with the example spec and the map above, the release in tmp/shared/..."""
    spec = make_spec(tmp_path / "checkout", {"kicker.yaml": EXAMPLE})
    (spec / "rules-map").mkdir()
    for name, text in MAP.items():
        (spec / "rules-map" / name).write_text(text, encoding="utf-8")
    shared = tmp_path / "shared" / "data" / "comprehensive-rules"
    shared.mkdir(parents=True)
    (shared / "MagicCompRules-2026-06-19.txt").write_text(_release(), encoding="utf-8")
    return spec


def _edit(spec: Path, name: str, old: str, new: str) -> str:
    path = spec / "rules-map" / name
    text = path.read_text(encoding="utf-8")
    assert old in text
    text = text.replace(old, new, 1)
    path.write_text(text, encoding="utf-8")
    return text


def _validate(spec: Path, capsys, *extra: str) -> tuple[int, str, str]:
    code = cli_main(["validate", "--spec", str(spec), *extra])
    out = capsys.readouterr()
    return code, out.out, out.err


def _where(name: str, text: str, needle: str, occurrence: int = 1) -> str:
    line, column = locate(text, needle, occurrence=occurrence)
    return f"spec/rules-map/{name}:{line}:{column}"


def test_validate_accepts_a_map_giving_every_rule_one_status(checkout: Path, capsys):
    code, out, err = _validate(checkout, capsys)
    assert (code, err) == (0, "")
    # 12 numbered rules; the example spec cites 601.2b, 701.6 and 702.33d (also a step's expect.rule)
    assert out.splitlines()[-1] == ("rules map OK: 12 numbered rules of 2026-06-19: 3 covered, 6 planned, "
                                    "1 not applicable, 2 informative")


def test_a_rule_with_two_statuses_is_rejected_where_the_second_is_written(checkout: Path, capsys):
    name = "1-game-concepts.yaml"
    text = _edit(checkout, name, '  - {rules: "100.1b"',
                 '  - {rules: "100.1a-100.1b", status: planned, reason: "again"}\n  - {rules: "100.1b"')
    code, _, err = _validate(checkout, capsys)
    assert code == 1
    assert (f'{_where(name, text, chr(34) + "100.1b" + chr(34))}: entries[1].rules: 100.1b would have two '
            f'statuses: not-applicable here and planned from 100.1a-100.1b (line {locate(text, "100.1a-")[0]})') in err


def test_a_hand_written_covered_is_rejected(checkout: Path, capsys):
    name = "7-additional-rules.yaml"
    text = _edit(checkout, name, "entries: []", 'entries:\n  - {rules: "702.33a", status: covered}')
    code, _, err = _validate(checkout, capsys)
    assert code == 1
    assert (f"{_where(name, text, 'covered}')}: entries[0].status: 'covered' is derived from the spec (an entry's "
            "rule or cites, a step's expect.rule) and never written by hand") in err


def test_a_hand_written_status_on_a_covered_rule_is_a_contradiction(checkout: Path, capsys):
    name = "6-spells-abilities-and-effects.yaml"
    text = _edit(checkout, name, "entries:\n", 'entries:\n  - {rules: "601.2b", status: planned, reason: "later"}\n')
    code, _, err = _validate(checkout, capsys)
    assert code == 1
    assert (f'{_where(name, text, chr(34) + "601.2b")}: entries[0].rules: hand-written status planned for 601.2b, '
            "which the spec covers: 601.2b (spec/rules/kicker.yaml: kicker/kicked-spell-is-one-spell); covered is "
            "derived, remove this entry") in err


def test_a_status_for_a_rule_the_release_does_not_have_is_rejected(checkout: Path, capsys):
    name = "1-game-concepts.yaml"
    text = _edit(checkout, name, "entries:\n", 'entries:\n  - {rules: "100.9", status: informative}\n')
    code, _, err = _validate(checkout, capsys)
    assert code == 1
    assert (f'{_where(name, text, chr(34) + "100.9")}: entries[0].rules: no rule 100.9 in the release of '
            "2026-06-19 (MagicCompRules-2026-06-19.txt)") in err


def test_a_rule_without_status_is_reported(checkout: Path, capsys):
    name = "1-game-concepts.yaml"
    text = _edit(checkout, name, 'default: {status: informative, reason: "definitions"}\n', "")
    code, _, err = _validate(checkout, capsys)
    assert code == 1
    where = _where(name, text, "entries:")
    assert f"{where}: entries: 100.1 has no status: no entry selects it and the spec does not cover it" in err
    assert f"{where}: entries: 100.1a has no status" in err
    assert "100.1b has no status" not in err
    assert "2 rules map problem(s) found" in err


def test_a_section_without_a_file_is_reported(checkout: Path, capsys):
    (checkout / "rules-map" / "6-spells-abilities-and-effects.yaml").unlink()
    code, _, err = _validate(checkout, capsys)
    assert code == 1
    assert "spec/rules-map: no file for section 6 (6-<title>.yaml): its 4 rules have no status" in err


def test_shape_errors_are_located(checkout: Path, capsys):
    name = "7-additional-rules.yaml"
    text = _edit(checkout, name, "entries: []",
                 'entries:\n  - {rules: "713", status: not-applicable}\n  - {rules: "601.2", status: planned, '
                 'issue: "#29"}\n  - {rules: "702.33-701.6", status: planned, issue: "#28"}')
    code, _, err = _validate(checkout, capsys)
    assert code == 1
    assert f"{_where(name, text, '{rules: ' + chr(34) + '713')}: entries[0]: 'reason' is required" in err
    assert f"{_where(name, text, chr(34) + '601.2')}: entries[1].rules: 601.2 is not in section 7" in err
    assert "702.33-701.6: both ends must be under the same heading" in err


def test_without_the_release_validate_checks_the_shape_only_and_says_so(checkout: Path, capsys):
    (checkout.parent.parent / "shared" / "data" / "comprehensive-rules" / "MagicCompRules-2026-06-19.txt").unlink()
    code, out, err = _validate(checkout, capsys)
    assert (code, err) == (0, "")
    assert out.splitlines()[-1].startswith("rules map: shape checked only; the release it names (2026-06-19) is not at ")
    _edit(checkout, "7-additional-rules.yaml", "entries: []", 'entries:\n  - {rules: "702", status: covered}')
    code, _, err = _validate(checkout, capsys)
    assert code == 1 and "'covered' is derived" in err


def test_validate_takes_the_release_from_rules(checkout: Path, tmp_path: Path, capsys):
    elsewhere = tmp_path / "release.txt"
    elsewhere.write_text(_release(), encoding="utf-8")
    (checkout.parent.parent / "shared" / "data" / "comprehensive-rules" / "MagicCompRules-2026-06-19.txt").unlink()
    code, out, _ = _validate(checkout, capsys, "--rules", str(elsewhere))
    assert code == 0 and "rules map OK: 12 numbered rules" in out
    elsewhere.write_text(_release(date="August 7, 2026"), encoding="utf-8")
    code, _, err = _validate(checkout, capsys, "--rules", str(elsewhere))
    assert code == 1 and "the release of 2026-08-07, but the rules map describes the release of 2026-06-19" in err


def test_coverage_rules_shows_a_new_releases_new_sub_rule_without_status(checkout: Path, tmp_path: Path, capsys):
    new = tmp_path / "MagicCompRules-2026-08-07.txt"
    new.write_text(_release(date="August 7, 2026", extra="\n100.1c A new sub-rule.\n"), encoding="utf-8")
    assert cli_main(["coverage", "--spec", str(checkout), "--rules", str(new)]) == 1
    out = capsys.readouterr().out
    assert "without status (1): 100.1c" in out  # although section 1's default would select it
    assert re.search(r"^  100 General +4 +0 +0 +1 +2 +1$", out, re.M)
    assert cli_main(["coverage", "--spec", str(checkout), "--rules", str(new), "--json"]) == 1
    data = json.loads(capsys.readouterr().out)
    assert data["without_status"] == ["100.1c"] and data["totals"]["without_status"] == 1
    # classified: the map moves to the new release
    for path in (checkout / "rules-map").glob("*.yaml"):
        path.write_text(path.read_text(encoding="utf-8").replace("2026-06-19", "2026-08-07"), encoding="utf-8")
    assert cli_main(["coverage", "--spec", str(checkout), "--rules", str(new)]) == 0
    assert "every numbered rule has a status" in capsys.readouterr().out


def test_coverage_rules_on_the_map_release(checkout: Path, capsys):
    release = checkout.parent.parent / "shared" / "data" / "comprehensive-rules" / "MagicCompRules-2026-06-19.txt"
    assert cli_main(["coverage", "--spec", str(checkout), "--rules", str(release)]) == 0
    out = capsys.readouterr().out
    assert re.search(r"^6\. Spells, Abilities, and Effects +4 +1 +3 +0 +0 +0$", out, re.M)
    assert re.search(r"^all +12 +3 +6 +1 +2 +0$", out, re.M)


# --------------------------------------------------------------------------- the repository


def test_covered_includes_every_citation_drift_reads():
    from generator.drift_update import citations_of, read_spec_quickly
    from generator.loader import load_spec

    covered = rm.covered_rules(load_spec(REPO / "spec"))
    # the plain-data reader drift's reports use (the round-trip one, for --update, took 10 s here)
    assert {c.rule for c in citations_of(read_spec_quickly(REPO / "spec"))} <= set(covered)
    assert "702.32a" not in covered  # an alias of Kicker's 702.33a: Fading's sub-rule today


@needs_real
def test_the_repository_map_gives_every_rule_of_the_newest_release_one_status(capsys, monkeypatch):
    monkeypatch.chdir(REPO)
    assert cli_main(["validate"]) == 0
    assert capsys.readouterr().out.splitlines()[-1].startswith("rules map OK: 3153 numbered rules of 2026-06-19")
    assert max(p.name for p in RELEASES.glob("MagicCompRules-*.txt")) == REAL.name


@needs_real
def test_coverage_rules_prints_the_table_and_json_and_exits_0_on_the_repository(capsys, monkeypatch):
    monkeypatch.chdir(REPO)
    assert cli_main(["coverage", "--rules", str(REAL)]) == 0
    out = capsys.readouterr().out
    for row in ("7. Additional Rules", "  702 Keyword Abilities", "  613 Interaction of Continuous Effects",
                "9. Casual Variants"):
        assert re.search(rf"^{re.escape(row)} +\d+", out, re.M), row
    assert out.rstrip().endswith("every numbered rule has a status")
    assert cli_main(["coverage", "--rules", str(REAL), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [s["section"] for s in data["sections"]] == [str(n) for n in range(1, 10)]
    assert data["totals"]["total"] == 3153 and data["without_status"] == []
    assert {s["section"]: s["not_applicable"] == s["total"] for s in data["sections"]}["8"]


@needs_real
def test_a_new_release_with_a_new_sub_rule_shows_it_without_status(tmp_path: Path, capsys, monkeypatch):
    text = REAL.read_text(encoding="utf-8").replace("June 19, 2026", "August 7, 2026", 1)
    at = text.index("\n702.34. ")
    new = tmp_path / "MagicCompRules-2026-08-07.txt"
    new.write_text(text[:at] + "\n702.33i A new sub-rule of kicker.\n" + text[at:], encoding="utf-8")
    monkeypatch.chdir(REPO)
    assert cli_main(["coverage", "--rules", str(new)]) == 1
    out = capsys.readouterr().out
    assert "without status (1): 702.33i" in out
    assert re.search(r"^all +3154 .* 1$", out, re.M)


@needs_real
def test_the_planned_issues_the_map_names():
    _, table, resolved = rm.repository_figures(REPO / "spec")
    by_issue = {rid: r.entry.issue for rid, r in resolved.items() if r.entry is not None and r.entry.issue}
    for rule in ("603.6b", "603.10b", "702.11a", "702.16a", "702.18a", "702.21a"):
        # planned for #28 until an entry covers it (then the derived status wins)
        assert resolved[rule].status == rm.COVERED or by_issue[rule] == "#28", rule
    assert resolved["702.16c"].status == rm.COVERED  # protection and Auras (spec/rules/protection-and-auras.yaml)
    assert resolved["702.16b"].status == rm.COVERED  # protection's targets
    assert resolved["613.1"].status == rm.COVERED  # the layer system's entries (spec/rules/layers.yaml)
    for rule in ("614.8", "615.2", "616.1b"):  # not covered by an entry yet
        assert by_issue[rule] == "#29", rule
    for rule in ("614.1a", "614.5", "616.1", "616.1f"):  # replacement effects (spec/rules/replacement-effects.yaml)
        assert resolved[rule].status == rm.COVERED, rule
    assert resolved["615.1"].status == rm.COVERED  # prevention effects
    assert resolved["608.2b"].status == rm.COVERED  # so the map says nothing about it
    for section in ("8", "9"):
        assert {r.status for rid, r in resolved.items() if rid[0] == section} == {rm.NOT_APPLICABLE}


@needs_real
def test_readme_shows_the_generated_figures():
    release, table, _ = rm.repository_figures(REPO / "spec")
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    start, end = readme.index(rm.BEGIN), readme.index(rm.END) + len(rm.END)
    assert readme[start:end] == rm.readme_section(release, table), "regenerate with python -m generator.rules_map"


def test_ci_runs_coverage_rules_with_drift():
    run = (REPO / ".ci" / "run").read_text(encoding="utf-8")
    block = run.split('if [ -f "$rules" ]; then', 1)[1].split("fi", 1)[0]
    assert 'step mtg-conformance drift --rules "$rules"' in block
    assert 'step mtg-conformance coverage --rules "$rules"' in block
