"""What real releases do to lettered sub-rules, one synthetic release per kind, built from the
2026-06-19 text: delete one (at the end, in the middle), split one in two, move one to another
section with edits, swap two, insert one mid-chain, change only typography.

Each test copies only the spec files that cite the affected rules (plus the files whose entries
their claims name) and checks `drift` (the report) and `drift --update` (what it writes) in every
place that cites rules: `rule`, `aliases`, `cites`, `fingerprints`, scenario steps' `expect.rule`
and file titles. (spec/peers/*.yaml have no rule fields: drift never touches them.)

Design for an unusual citation: the update is per entry. An entry it cannot update safely (a gone
rule, a rename that would give two of its citations one number, a text change not accepted) is
left as it is and named as `pending`; every other entry is updated. Only a file whose layout the
update cannot reproduce stops everything (nothing written, the file and line named).
"""

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


class Release:
    """The 2026-06-19 lines, edited one lettered chain (702.33a, 702.33b, ...) at a time."""

    def __init__(self):
        self.lines = CR.read_text(encoding="utf-8-sig").split("\n")

    def _at(self, section: str) -> list[int]:
        pattern = re.compile(re.escape(section) + r"[a-z]+ ")
        return [i for i, line in enumerate(self.lines) if pattern.match(line)]

    def chain(self, section: str) -> list[str]:
        return [self.lines[i].split(" ", 1)[1].rstrip("\r") for i in self._at(section)]

    def edit(self, section: str, change) -> Release:
        """`change(texts)` edits the chain's texts in place; the chain is then re-lettered a, b, ..."""
        texts = self.chain(section)
        change(texts)
        at = self._at(section)
        first = at[0]
        for i in reversed(at):
            del self.lines[i:i + 2 if not self.lines[i + 1].strip() else i + 1]
        block = []
        for n, text in enumerate(texts):
            block += [f"{section}{chr(ord('a') + n)} {text}\r", "\r"]
        self.lines[first:first] = block
        return self

    def write(self, path: Path) -> Path:
        path.write_text("\n".join(self.lines), encoding="utf-8")
        return path


copy_spec = copy_spec_citing


def setup(tmp_path: Path, release: Release, pattern: str) -> tuple[Path, Path]:
    return copy_spec(tmp_path / "spec", pattern), release.write(tmp_path / "rules.txt")


def report(capsys, spec: Path, rules: Path) -> dict:
    main(["drift", "--rules", str(rules), "--spec", str(spec), "--json"])
    return json.loads(capsys.readouterr().out)


def update(capsys, spec: Path, rules: Path, *accept: str) -> str:
    extra = ["--accept", *accept] if accept else []
    code = main(["drift", "--rules", str(rules), "--spec", str(spec), "--update", "--no-generate", *extra])
    captured = capsys.readouterr()
    assert code in (0, 1), captured.out + captured.err
    return captured.out + captured.err


def items(rep: dict) -> dict[str, dict]:
    return {item["rule"]: item for item in rep["items"]}


def entry_yaml(spec: Path, file: str, entry_id: str) -> str:
    """The lines of one entry of a rules file, as written."""
    text = (spec / "rules" / file).read_text(encoding="utf-8")
    start = text.index(f"- id: {entry_id}\n")
    end = text.find("\n  - id: ", start + 1)
    return text[start:end if end > 0 else len(text)]


def cites_of(spec: Path, file: str, entry_id: str) -> list[str]:
    return json.loads(re.search(r"cites: (\[.*\])", entry_yaml(spec, file, entry_id)).group(1))


def fingerprints_of(spec: Path, file: str, entry_id: str) -> dict[str, str]:
    return json.loads(re.search(r"fingerprints: (\{.*\})", entry_yaml(spec, file, entry_id)).group(1))


POOL = "card-pool-costs-counters-copies.yaml"  # pool/triggered-abilities cites 603.2a-h in one list
TRIGGERED = "pool/triggered-abilities"


def test_a_sub_rule_deleted_at_the_end_is_gone_and_pending(tmp_path, capsys):
    spec, rules = setup(tmp_path, Release().edit("603.2", lambda t: t.pop()), r"603\.2[a-h]")
    before = fingerprints_of(spec, POOL, TRIGGERED)
    rep = report(capsys, spec, rules)
    assert items(rep)["603.2h"]["status"] == "gone" and rep["summary"]["gone"] == 1
    out = update(capsys, spec, rules)
    assert f"pending {spec / 'rules' / POOL}: {TRIGGERED}: 603.2h is gone" in out, out
    assert "603.2h" in cites_of(spec, POOL, TRIGGERED)
    assert fingerprints_of(spec, POOL, TRIGGERED)["603.2h"] == before["603.2h"]
    assert items(report(capsys, spec, rules))["603.2h"]["status"] == "gone"  # still reported next time


def test_a_sub_rule_deleted_mid_chain_is_gone_and_never_a_duplicate(tmp_path, capsys):
    """603.2e deleted: 603.2f-h close up to 603.2e-g. Before: 603.2e was "changed" (it holds 603.2f's
    text now) and the update wrote cites [..., "603.2e", "603.2e", ...] and 603.2f's fingerprint
    under 603.2e, so the next run saw nothing gone at all."""
    spec, rules = setup(tmp_path, Release().edit("603.2", lambda t: t.pop(4)), r"603\.2[a-h]")
    before = fingerprints_of(spec, POOL, TRIGGERED)
    rep = items(report(capsys, spec, rules))
    assert rep["603.2e"]["status"] == "gone" and "603.2f" in rep["603.2e"]["basis"], rep["603.2e"]
    assert (rep["603.2f"]["status"], rep["603.2f"]["new_rule"]) == ("moved", "603.2e")
    out = update(capsys, spec, rules)
    assert "603.2e is gone" in out and "603.2f -> 603.2e not applied" in out, out
    cites = cites_of(spec, POOL, TRIGGERED)
    assert len(cites) == len(set(cites)) and "603.2e" in cites
    assert fingerprints_of(spec, POOL, TRIGGERED) == before  # this entry waits for a hand fix
    load_spec(spec)
    after = items(report(capsys, spec, rules))
    assert after["603.2e"]["status"] == "gone" and after["603.2f"]["status"] == "moved"


SPLIT_FILE, SPLIT_ENTRY = "turn-structure.yaml", "turn/a-delayed-trigger-triggers-only-once"


def split_603_7b(texts: list[str]) -> None:
    first, rest = texts[1].split("\u2014unless", 1)
    texts[1:2] = [first + ".", "Unless" + rest]


def test_a_split_sub_rule_keeps_its_number_with_changed_text(tmp_path, capsys):
    """603.7b split in two (603.7b, a new 603.7c; 603.7c-h become 603.7d-i). Before: 603.7b "moved"
    to 603.7c (its longer half) and the update renamed the entry stating it there."""
    spec, rules = setup(tmp_path, Release().edit("603.7", split_603_7b), r"603\.7")
    rep = items(report(capsys, spec, rules))
    assert (rep["603.7b"]["status"], rep["603.7b"]["new_rule"]) == ("changed", "603.7b"), rep["603.7b"]
    assert "split" in rep["603.7b"]["basis"] and rep["603.7b"]["diff"]
    assert (rep["603.7d"]["status"], rep["603.7d"]["new_rule"]) == ("moved", "603.7e")
    out = update(capsys, spec, rules)
    assert out.count("603.7b text changed; accept with --accept 603.7b") == 1, out
    assert 'rule: "603.7b"' in entry_yaml(spec, SPLIT_FILE, SPLIT_ENTRY)
    update(capsys, spec, rules, "603.7b")
    after = items(report(capsys, spec, rules))
    assert after["603.7b"]["status"] == "unchanged" and after["603.7e"]["status"] == "unchanged"
    # a claim quoting a cited sub-rule follows it (it was left at 603.7c, and the spec no longer loaded)
    claimed = entry_yaml(spec, "peer-tests-xmage-nontoken-dies.yaml", "peers-xmage/another-nontoken-creature-dies")
    assert 'rule: "603.7d"' in claimed and '"603.7c"' not in claimed, claimed
    load_spec(spec)


def test_a_sub_rule_moved_to_another_section_with_edits(tmp_path, capsys):
    """603.7b moved, reworded, to the end of 603.10 (a new last letter); 603.7c-h close up. Before: the move
    rested on similarity alone yet was written without --accept (a deleted rule's nearest text in
    another section would be written the same way); now it waits for --accept."""
    moved = Release().chain("603.7")[1].replace("A delayed triggered ability", "Such an ability")
    release = Release().edit("603.7", lambda t: t.pop(1)).edit("603.10", lambda t: t.append(moved))
    target = "603.10" + chr(ord("a") + len(release.chain("603.10")) - 1)
    spec, rules = setup(tmp_path, release, r"603\.7")
    rep = items(report(capsys, spec, rules))
    assert (rep["603.7b"]["status"], rep["603.7b"]["new_rule"]) == ("moved", target), rep["603.7b"]
    assert rep["603.7b"]["text_changed"]
    out = update(capsys, spec, rules)
    assert f"603.7b -> {target}? text changed and in another section" in out, out
    assert 'rule: "603.7b"' in entry_yaml(spec, SPLIT_FILE, SPLIT_ENTRY)
    assert 'rule: "603.7c"' in entry_yaml(spec, SPLIT_FILE, "turn/a-spells-delayed-trigger-belongs-to-who-controlled-the-spell")
    update(capsys, spec, rules, target)
    entry = entry_yaml(spec, SPLIT_FILE, SPLIT_ENTRY)
    assert f'rule: "{target}"' in entry and "aliases: [603.7b]" in entry and "Such an ability" in entry
    after = report(capsys, spec, rules)
    assert (after["summary"]["moved"], after["summary"]["changed"], after["summary"]["gone"]) == (0, 0, 0)
    load_spec(spec)


def test_two_swapped_sub_rules_swap_everywhere_without_duplicates(tmp_path, capsys):
    def swap(texts):
        texts[1], texts[2] = texts[2], texts[1]

    spec, rules = setup(tmp_path, Release().edit("603.2", swap), r"603\.2[a-h]")
    before = fingerprints_of(spec, POOL, TRIGGERED)
    rep = items(report(capsys, spec, rules))
    assert rep["603.2b"]["new_rule"] == "603.2c" and rep["603.2c"]["new_rule"] == "603.2b"
    update(capsys, spec, rules)
    cites = cites_of(spec, POOL, TRIGGERED)
    assert len(cites) == len(set(cites))
    after = fingerprints_of(spec, POOL, TRIGGERED)
    assert (after["603.2b"], after["603.2c"]) == (before["603.2c"], before["603.2b"])
    assert '"603.2b"' in entry_yaml(spec, "kicker-rulings.yaml", "kicker/saproling-infestation-per-kicker-payment")
    assert report(capsys, spec, rules)["drifted"] is False


def test_a_sub_rule_inserted_mid_chain_shifts_a_list_that_holds_the_new_numbers(tmp_path, capsys):
    spec, rules = setup(tmp_path, Release().edit("603.2", lambda t: t.insert(3, "A new rule nobody cites yet.")),
                        r"603\.2[a-h]")
    rep = report(capsys, spec, rules)
    assert [u["rule"] for u in rep["uncovered"]] == [] or "603.2d" in [u["rule"] for u in rep["uncovered"]]
    update(capsys, spec, rules)
    cites = cites_of(spec, POOL, TRIGGERED)
    assert cites[-6:] == ["603.2c", "603.2e", "603.2f", "603.2g", "603.2h", "603.2i"], cites
    assert report(capsys, spec, rules)["summary"]["moved"] == 0


def test_typography_only_changes_are_unchanged_and_write_nothing(tmp_path, capsys):
    def retype(texts):
        for i, text in enumerate(texts):
            texts[i] = (text.replace("\u2019", "'").replace("\u201c", '"').replace("\u201d", '"')
                        .replace("\u2014", "--").replace(". ", ".  ").replace(" ", "\u00a0", 1))

    spec, rules = setup(tmp_path, Release().edit("603.2", retype).edit("603.7", retype), r"603\.[27][a-h]")
    before = {p.name: p.read_bytes() for p in (spec / "rules").glob("*.yaml")}
    rep = report(capsys, spec, rules)
    assert rep["drifted"] is False and rep["summary"]["changed"] == 0, rep["summary"]
    update(capsys, spec, rules)
    assert {p.name: p.read_bytes() for p in (spec / "rules").glob("*.yaml")} == before
