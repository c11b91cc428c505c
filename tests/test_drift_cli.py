"""`mtg-conformance drift` against real releases: report, --update diff, atomicity, bad input.

A spec copy is built in tmp_path whose entries cite Kicker under its old numbers (702.32 in the
2021-02-15 release, 702.30 in 2011-05-01) with fingerprints recorded against that release; the
tool then runs against 2026-06-19 (Kicker 702.33, with 702.33h new).
"""

from __future__ import annotations

import difflib
import json
import os
from pathlib import Path

import pytest

from generator.fingerprint import fingerprint
from generator.rules_text import load_rules
from mtg_conformance.cli import main

CR_DIR = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "comprehensive-rules"
pytestmark = pytest.mark.skipif(
    not CR_DIR.is_dir(), reason=f"real CR files absent: {CR_DIR} (../shared beside the repo root) not found"
)
NEW = CR_DIR / "MagicCompRules-2026-06-19.txt"
OLD_2021 = CR_DIR / "MagicCompRules-2021-02-15.txt"
OLD_2011 = CR_DIR / "MagicCompRules-2011-05-01.txt"
HEADER = "# yaml-language-server: $schema=../schema/spec-file.schema.json\n"
SCENARIO = (
    "    scenarios:\n"
    "      - name: one\n"
    # a flow mapping over two lines and a one-key mapping in a flow list: ruamel would
    # re-render both; the update must leave them exactly as written
    "        setup: {players: {alice: {hand: [{card: Burst Lightning, label: bolt}],\n"
    '                              mana: {mana: ["{G}", {repeat: {mana: "{G}{C}", times: 2}}]}}}}\n'
    "        steps:\n"
    "          - resolve: {}\n"
    "            expect: {players: {bob: {life: 20}}}\n"
)


@pytest.fixture(scope="module")
def releases():
    return {"2021": load_rules(OLD_2021), "2011": load_rules(OLD_2011), "new": load_rules(NEW)}


def q(s: str) -> str:
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def rule_entry(old, section: str, letter: str, *, fingerprinted: bool = True, cites=()) -> str:
    rid = f"{section}{letter}"
    text = old.rules[rid].text
    lines = [
        f"  - id: kicker/rule-{letter}   # states {rid}\n",
        "    kind: rule\n",
        f"    rule: {q(rid)}\n",
        "    source: 002_a6a03caacab1e712.txt\n",
        "    text:\n",
        f"      en: {q(text)}\n",
        f"    cites: [{', '.join(q(c) for c in cites)}]\n",
        "    features: [kicker]\n",
    ]
    if fingerprinted:
        lines.append(f"    fingerprints: {{{q(rid)}: {q(fingerprint(text))}}}\n")
        lines.append(f"    checked_against: {q(old.effective_date)}\n")
    return "".join(lines) + SCENARIO


def ruling_entry(old, slug: str, cites: list[str], fingerprinted: list[str]) -> str:
    fps = ", ".join(f"{q(r)}: {q(fingerprint(old.rules[r].text))}" for r in fingerprinted)
    return (
        f"  - id: kicker/{slug}\n"
        "    kind: ruling\n"
        "    source: 000_df8020ce1ef839d3.txt\n"
        "    card: Burst Lightning\n"
        "    note: A made-up ruling with no date.\n"
        "    text:\n"
        "      en: \"A ruling.\"  # comments survive\n"
        f"    cites: [{', '.join(q(c) for c in cites)}]\n"
        "    features: [kicker]\n"
        + (f"    fingerprints: {{{fps}}}\n" if fingerprinted else "")
        + SCENARIO
    )


def build_spec(root: Path, old, section: str, letters: str = "abcdefg") -> Path:
    """spec/rules/{kicker,kicker-rulings,flashback}.yaml citing Kicker as `section` of `old`."""
    rules = root / "spec" / "rules"
    rules.mkdir(parents=True)
    body = "".join(rule_entry(old, section, letter, cites=[f"{section}{letter}"] if letter == "a" else ()) for letter in letters)
    (rules / "kicker.yaml").write_text(
        HEADER + "# Kicker, as the old release numbers it\ntitle: Kicker\n"
        f"rules_version: {q(old.effective_date)}\nentries:\n" + body, encoding="utf-8"
    )
    copy = "706.10"
    (rules / "kicker-rulings.yaml").write_text(
        HEADER + "title: Kicker rulings\n"
        f"rules_version: {q(old.effective_date)}\nentries:\n"
        + ruling_entry(old, "copy-is-kicked", [copy, f"{section}d", "601.2b"], [copy, f"{section}d"])
        + ruling_entry(old, "linked-abilities", [f"{section}f"], [f"{section}f"]),
        encoding="utf-8",
    )
    return root / "spec"


def add_current_file(spec: Path, new) -> bytes:
    """A file already checked against the new release: --update must leave it byte-identical."""
    text = (
        HEADER + "title: Flashback\nrules_version: \"2026-06-19\"\nentries:\n"
        "  - id: flashback/cast-from-graveyard\n    kind: rule\n    rule: \"702.34a\"\n"
        f"    source: x.txt\n    text:\n      en: {q(new.rules['702.34a'].text)}\n    cites: []\n"
        "    features: [flashback]\n"
        f"    fingerprints: {{\"702.34a\": {q(fingerprint(new.rules['702.34a'].text))}}}\n"
        "    checked_against: \"2026-06-19\"\n" + SCENARIO
    )
    (spec / "rules" / "flashback.yaml").write_text(text, encoding="utf-8")
    return text.encode("utf-8")


def run(capsys, *argv):
    code = main(["drift", *map(str, argv)])
    out, err = capsys.readouterr()
    return code, out, err


def snapshot(spec: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted((spec / "rules").iterdir())}


def items_by_rule(report: dict) -> dict[str, dict]:
    return {item["rule"]: item for item in report["items"]}


# ----------------------------------------------------------------------------- report


def test_2021_release_moves_kicker_702_32_to_702_33(tmp_path, capsys, releases):
    spec = build_spec(tmp_path, releases["2021"], "702.32")
    before = snapshot(spec)
    code, out, err = run(capsys, "--rules", NEW, "--spec", spec, "--json")
    assert code == 1, err
    report = json.loads(out)
    assert report["effective_date"] == "2026-06-19"
    items = items_by_rule(report)
    for letter in "abcdefg":
        item = items[f"702.32{letter}"]
        assert item["status"] == "moved", item
        assert item["new_rule"] == f"702.33{letter}"
        assert 0.75 <= item["confidence"] <= 1.0
    # a..d and g: same text; e and f: reworded since 2021-02-15
    assert {r for r in items if items[r]["status"] == "moved" and items[r]["confidence"] == 1.0} >= {
        "702.32a", "702.32b", "702.32c", "702.32d", "702.32g", "706.10"}
    assert items["702.32e"]["text_changed"] and "[-are-] {+were+}" in items["702.32e"]["diff"]
    assert items["702.32f"]["text_changed"] and "{+may also+}" in items["702.32f"]["diff"]
    assert items["702.32e"]["confidence"] < 1.0
    assert items["706.10"]["new_rule"] == "707.10"  # Copying Objects moved 706 -> 707
    assert items["601.2b"]["status"] == "unverified"
    assert items["702.32d"]["entries"] == ["kicker/copy-is-kicked", "kicker/rule-d"]
    assert items["702.32d"]["tests"] == ["generated_tests/test_kicker.py", "generated_tests/test_kicker_rulings.py"]
    assert report["uncovered"] == [
        {"rule": "702.33h", "section": "702.33", "text": releases["new"].rules["702.33h"].text}
    ]
    assert report["section_moves"]["702.32"] == "702.33"
    assert snapshot(spec) == before  # a report changes nothing


def test_fingerprint_only_citation_of_a_reworded_rule_follows_its_section(tmp_path, capsys, releases):
    spec = build_spec(tmp_path, releases["2021"], "702.32", letters="abcdeg")  # no rule entry gives f's text
    code, out, _ = run(capsys, "--rules", NEW, "--spec", spec, "--json")
    item = next(i for i in json.loads(out)["items"] if i["rule"] == "702.32f")
    assert item["entries"] == ["kicker/linked-abilities"]
    assert item["status"] == "moved" and item["new_rule"] == "702.33f"
    assert "same letter in renumbered section 702.32 -> 702.33" in item["basis"]
    assert item["diff"] is None  # the old text is unknown without --old
    # with the old release the same citation gets its word diff and a similarity
    code, out, _ = run(capsys, "--rules", NEW, "--spec", spec, "--old", OLD_2021, "--json")
    item = next(i for i in json.loads(out)["items"] if i["rule"] == "702.32f")
    assert item["status"] == "moved" and item["new_rule"] == "702.33f" and "{+may also+}" in item["diff"]
    assert "most similar text" in item["basis"]


def test_2011_release_moves_kicker_702_30_to_702_33(tmp_path, capsys, releases):
    spec = build_spec(tmp_path, releases["2011"], "702.30")
    code, out, _ = run(capsys, "--rules", NEW, "--spec", spec, "--json")
    assert code == 1
    items = items_by_rule(json.loads(out))
    for letter in "abcdefg":
        assert items[f"702.30{letter}"]["status"] == "moved"
        assert items[f"702.30{letter}"]["new_rule"] == f"702.33{letter}"
    assert "[-601.2e-g.-] {+601.2f-h.+}" in items["702.30a"]["diff"]
    assert items["702.30b"]["confidence"] == 1.0  # only quotes changed: same fingerprint


def test_text_report_groups_and_names_entries_and_tests(tmp_path, capsys, releases):
    spec = build_spec(tmp_path, releases["2021"], "702.32")
    code, out, _ = run(capsys, "--rules", NEW, "--spec", spec)
    assert code == 1
    assert "MOVED" in out and "UNCOVERED SUB-RULES" in out and "UNVERIFIED" in out
    block = out[out.index("  702.32e -> 702.33e"):]
    block = block[: block.index("tests:") + 200]
    assert "text changed" in block and "[-are-] {+were+}" in block
    assert "entries: kicker/copy-is-kicked" not in block and "kicker/rule-e" in block
    assert "generated_tests/test_kicker.py" in block
    assert out.rstrip().endswith("drift found")


def test_nothing_drifted_exits_0(tmp_path, capsys, releases):
    spec = tmp_path / "spec"
    (spec / "rules").mkdir(parents=True)
    add_current_file(spec, releases["new"])
    code, out, _ = run(capsys, "--rules", NEW, "--spec", spec)
    assert code == 0 and out.rstrip().endswith("no drift")


# ----------------------------------------------------------------------------- update


def _diff(before: bytes, after: bytes) -> list[str]:
    lines = difflib.unified_diff(before.decode().splitlines(), after.decode().splitlines(), lineterm="", n=0)
    return [line for line in lines if line[:1] in "+-" and not line.startswith(("+++", "---"))]


def test_update_produces_exactly_the_expected_yaml_diff(tmp_path, capsys, releases):
    old, new = releases["2021"], releases["new"]
    spec = build_spec(tmp_path, old, "702.32")
    current = add_current_file(spec, new)
    before = snapshot(spec)
    code, out, err = run(capsys, "--rules", NEW, "--spec", spec, "--update", "--accept", "702.33e", "--no-generate")
    assert code == 1, err  # 702.32f's new text is not accepted, 702.33h is uncovered
    after = snapshot(spec)
    assert after["flashback.yaml"] == current  # untouched file: byte-identical

    def fp_old(rid):
        return fingerprint(old.rules[rid].text)

    def fp_new(rid):
        return fingerprint(new.rules[rid].text)

    expected_kicker = []
    for letter in "abcdefg":
        o, n = f"702.32{letter}", f"702.33{letter}"
        expected_kicker += [f'-    rule: "{o}"', f'+    rule: "{n}"', f"+    aliases: [{o}]"]
        if letter == "a":
            expected_kicker += [f'-    cites: ["{o}"]', f'+    cites: ["{n}"]']
        if letter == "e":
            expected_kicker += [f"-      en: {q(old.rules[o].text)}", f"+      en: {q(new.rules[n].text)}"]
        new_fp = fp_old(o) if letter == "f" else fp_new(n)  # f: renumbered, new text pending
        expected_kicker += [f'-    fingerprints: {{"{o}": "{fp_old(o)}"}}', f'+    fingerprints: {{"{n}": "{new_fp}"}}']
        if letter != "f":
            expected_kicker += ['-    checked_against: "2021-02-15"', '+    checked_against: "2026-06-19"']
    got = _diff(before["kicker.yaml"], after["kicker.yaml"])
    assert sorted(got) == sorted(expected_kicker)
    assert len(got) == len(expected_kicker)

    # no rules_version change here: the 702.32f citation's new text is still pending
    expected_rulings = [
        '-    cites: ["706.10", "702.32d", "601.2b"]', '+    cites: ["707.10", "702.33d", "601.2b"]',
        f'-    fingerprints: {{"706.10": "{fp_old("706.10")}", "702.32d": "{fp_old("702.32d")}"}}',
        f'+    fingerprints: {{"707.10": "{fp_new("707.10")}", "702.33d": "{fp_new("702.33d")}", '
        f'"601.2b": "{fp_new("601.2b")}"}}',
        '+    checked_against: "2026-06-19"',
        '-    cites: ["702.32f"]', '+    cites: ["702.33f"]',
        f'-    fingerprints: {{"702.32f": "{fp_old("702.32f")}"}}',
        f'+    fingerprints: {{"702.33f": "{fp_old("702.32f")}"}}',
    ]
    got = _diff(before["kicker-rulings.yaml"], after["kicker-rulings.yaml"])
    assert sorted(got) == sorted(expected_rulings)
    assert len(got) == len(expected_rulings)
    assert "pending" in out and "--accept 702.33f" in out


def test_update_then_accept_reaches_no_drift_but_uncovered(tmp_path, capsys, releases):
    spec = build_spec(tmp_path, releases["2021"], "702.32")
    run(capsys, "--rules", NEW, "--spec", spec, "--update", "--no-generate")
    code, out, _ = run(capsys, "--rules", NEW, "--spec", spec, "--json")
    report = json.loads(out)
    changed = sorted(i["rule"] for i in report["items"] if i["status"] == "changed")
    assert changed == ["702.33e", "702.33f"]  # renumbered, rewording still to accept
    assert all(i["status"] in ("unchanged", "changed") for i in report["items"])
    run(capsys, "--rules", NEW, "--spec", spec, "--update", "--accept", "702.33e", "702.33f", "--no-generate")
    code, out, _ = run(capsys, "--rules", NEW, "--spec", spec, "--json")
    report = json.loads(out)
    assert {i["status"] for i in report["items"]} == {"unchanged"}
    assert [u["rule"] for u in report["uncovered"]] == ["702.33h"] and code == 1
    text = (spec / "rules" / "kicker.yaml").read_text(encoding="utf-8")
    assert 'rules_version: "2026-06-19"' in text and "# states 702.32a" in text  # comments kept
    before = snapshot(spec)
    run(capsys, "--rules", NEW, "--spec", spec, "--update", "--no-generate")
    assert snapshot(spec) == before  # idempotent


def test_unverified_cites_are_recorded_by_update(tmp_path, capsys, releases):
    spec = tmp_path / "spec"
    (spec / "rules").mkdir(parents=True)
    (spec / "rules" / "kicker-rulings.yaml").write_text(
        HEADER + "title: T\nrules_version: \"2026-06-19\"\nentries:\n"
        + ruling_entry(releases["new"], "plain", ["702.33d", "601.2b"], []), encoding="utf-8")
    code, out, _ = run(capsys, "--rules", NEW, "--spec", spec, "--json")
    assert code == 0 and {i["status"] for i in json.loads(out)["items"]} == {"unverified"}
    code, _, _ = run(capsys, "--rules", NEW, "--spec", spec, "--update", "--no-generate")
    assert code == 0
    text = (spec / "rules" / "kicker-rulings.yaml").read_text(encoding="utf-8")
    assert f'"702.33d": "{fingerprint(releases["new"].rules["702.33d"].text)}"' in text
    code, out, _ = run(capsys, "--rules", NEW, "--spec", spec, "--json")
    assert code == 0 and {i["status"] for i in json.loads(out)["items"]} == {"unchanged"}


# ----------------------------------------------------------------------------- atomicity


def test_failure_between_replacements_is_completed_by_the_next_run(tmp_path, capsys, releases, monkeypatch):
    """All files change together: once the journal is written (the first replace), a failure
    leaves a journal that the next drift run applies in full."""
    spec = build_spec(tmp_path, releases["2021"], "702.32")
    reference = build_spec(tmp_path / "ref", releases["2021"], "702.32")
    run(capsys, "--rules", NEW, "--spec", reference, "--update", "--no-generate")
    fully_updated = snapshot(reference)
    before = snapshot(spec)
    real_replace = os.replace
    calls = []

    def flaky_replace(src, dst):
        calls.append(dst)
        if len(calls) == 2:  # the journal is in place; the first spec file's rename fails
            raise OSError(28, "No space left on device")
        return real_replace(src, dst)

    monkeypatch.setattr(os, "replace", flaky_replace)
    code, _, err = run(capsys, "--rules", NEW, "--spec", spec, "--update", "--no-generate")
    assert code == 2 and "update failed" in err and "Traceback" not in err
    assert Path(calls[0]).name == ".drift-update.json"
    assert {k: v for k, v in snapshot(spec).items() if not k.endswith(".drift-tmp")} == before  # nothing renamed yet
    assert (spec / ".drift-update.json").exists()
    monkeypatch.setattr(os, "replace", real_replace)
    code, _, err = run(capsys, "--rules", NEW, "--spec", spec)  # any drift run finishes the job
    assert "completed an interrupted `drift --update`" in err
    after = snapshot(spec)
    assert after == fully_updated and sorted(after) == sorted(before)  # no journal, no temporaries


def test_failure_while_writing_temporaries_changes_nothing(tmp_path, capsys, releases, monkeypatch):
    import tempfile

    spec = build_spec(tmp_path, releases["2021"], "702.32")
    before = snapshot(spec)
    real_mkstemp = tempfile.mkstemp
    calls = []

    def flaky_mkstemp(*args, **kwargs):
        calls.append(1)
        if len(calls) == 2:
            raise OSError(13, "Permission denied")
        return real_mkstemp(*args, **kwargs)

    monkeypatch.setattr(tempfile, "mkstemp", flaky_mkstemp)
    code, _, err = run(capsys, "--rules", NEW, "--spec", spec, "--update", "--no-generate")
    assert code == 2 and len(calls) == 2
    assert snapshot(spec) == before


# ----------------------------------------------------------------------------- bad input


@pytest.mark.parametrize(
    "content, message",
    [
        (b"", "empty file"),
        (b"\x00\x01\x02\x03binary\x00", "binary"),
        (b"Just a text file.\nWith no rules in it.\n", "no numbered rule lines"),
        (b"\xff\xfeA\x00B", "cannot decode"),
    ],
)
def test_bad_rules_file_exits_2_and_changes_nothing(tmp_path, capsys, releases, content, message):
    spec = build_spec(tmp_path, releases["2021"], "702.32")
    before = snapshot(spec)
    bad = tmp_path / "bad.txt"
    bad.write_bytes(content)
    code, out, err = run(capsys, "--rules", bad, "--spec", spec, "--update")
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("error: ") and message in err and str(bad) in err
    assert snapshot(spec) == before


def test_missing_rules_file_and_bad_spec_exit_2(tmp_path, capsys, releases):
    spec = build_spec(tmp_path, releases["2021"], "702.32")
    code, _, err = run(capsys, "--rules", tmp_path / "missing.txt", "--spec", spec)
    assert code == 2 and "cannot read" in err
    broken = spec / "rules" / "broken.yaml"
    broken.write_text(HEADER + "title: x\nentries:\n  - id: a\n    rule: [unclosed\n", encoding="utf-8")
    before = snapshot(spec)
    code, out, err = run(capsys, "--rules", NEW, "--spec", spec, "--update")
    assert code == 2 and "broken.yaml:" in err and "invalid YAML" in err and out == ""
    assert snapshot(spec) == before
    broken.write_text(HEADER + "title: x\nentries:\n  - id: a\n    kind: rule\n    rule: 702.30\n", encoding="utf-8")
    code, _, err = run(capsys, "--rules", NEW, "--spec", spec)
    assert code == 2 and "broken.yaml:6: field `rule`" in err


def test_unknown_accept_exits_2_and_writes_nothing(tmp_path, capsys, releases):
    spec = build_spec(tmp_path, releases["2021"], "702.32")
    before = snapshot(spec)
    code, out, err = run(capsys, "--rules", NEW, "--spec", spec, "--update", "--accept", "702.33a", "--no-generate")
    assert code == 2 and "--accept 702.33a" in err and "nothing written" in err and out == ""
    assert snapshot(spec) == before


def test_update_refuses_to_rewrite_unrelated_lines(tmp_path, capsys, releases):
    """A block-scalar text.en cannot be replaced line for line: refuse, write nothing."""
    spec = build_spec(tmp_path, releases["2021"], "702.32")
    path = spec / "rules" / "kicker.yaml"
    text = path.read_text(encoding="utf-8")
    old_en = "      en: " + q(releases["2021"].rules["702.32e"].text) + "\n"
    assert old_en in text
    path.write_text(text.replace(old_en, "      en: >-\n        " + releases["2021"].rules["702.32e"].text + "\n"),
                    encoding="utf-8")
    before = snapshot(spec)
    code, out, err = run(capsys, "--rules", NEW, "--spec", spec, "--update", "--accept", "702.33e", "--no-generate")
    assert code == 2 and "kicker.yaml:" in err and "nothing written" in err and out == ""
    assert snapshot(spec) == before


def test_update_regenerates_through_the_generate_command(tmp_path, capsys, releases, monkeypatch):
    from mtg_conformance.commands import generate

    spec = build_spec(tmp_path, releases["2021"], "702.32")
    seen = []

    def fake_run(args):
        seen.append((args.spec, args.out, args.check))
        print("generated 2 module(s)")
        return 0

    monkeypatch.setattr(generate, "run", fake_run)
    code, out, _ = run(capsys, "--rules", NEW, "--spec", spec, "--update", "--out", tmp_path / "gen")
    assert seen == [(spec, tmp_path / "gen", False)] and "generated 2 module(s)" in out

    def broken_run(args):
        raise RuntimeError("loader exploded")

    monkeypatch.setattr(generate, "run", broken_run)
    spec2 = build_spec(tmp_path / "two", releases["2021"], "702.32")
    code, out, err = run(capsys, "--rules", NEW, "--spec", spec2, "--update", "--json")
    assert "regeneration failed (RuntimeError: loader exploded)" in err and "mtg-conformance generate" in err
    json.loads(out)  # stdout stays pure JSON


def test_update_keeps_crlf_line_endings(tmp_path, capsys, releases):
    lf = build_spec(tmp_path / "lf", releases["2021"], "702.32")
    crlf = build_spec(tmp_path / "crlf", releases["2021"], "702.32")
    for path in (crlf / "rules").iterdir():
        path.write_bytes(path.read_bytes().replace(b"\n", b"\r\n"))
    for spec in (lf, crlf):
        run(capsys, "--rules", NEW, "--spec", spec, "--update", "--no-generate")
    for name, data in snapshot(crlf).items():
        assert b"\n" not in data.replace(b"\r\n", b"")
        assert data == snapshot(lf)[name].replace(b"\n", b"\r\n")


REPO_SPEC = Path(__file__).resolve().parents[1] / "spec"


@pytest.mark.skipif(not list((REPO_SPEC / "rules").glob("*.yaml")), reason="the repository spec has no rule files yet")
def test_repository_spec_cites_only_rules_of_the_current_release(capsys):
    """Every rule the real spec states or cites exists, with the same text, in 2026-06-19."""
    code, out, err = run(capsys, "--rules", NEW, "--spec", REPO_SPEC, "--json")
    report = json.loads(out)
    bad = [(i["rule"], i["status"], i["entries"]) for i in report["items"] if i["status"] != "unchanged"]
    assert bad == [], f"{bad} (new entries: record fingerprints with drift --update, which writes only those)"
    assert report["uncovered"] == []
    assert code == 0, err
