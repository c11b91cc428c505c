"""The coverage report counts scenarios and properties per entry and fails on empty entries."""

from __future__ import annotations

from pathlib import Path

import generator.loader
from generator import coverage
from generator.model import Entry, Scenario, Spec, SpecFile, Text, freeze
from mtg_conformance.cli import main


def _spec():
    s = Scenario(name="s", setup=freeze({}), steps=freeze([{"resolve": {}, "expect": {"stack": []}}]))
    entries = (
        Entry(id="kicker/rule", kind="rule", rule="702.33d", source="x.txt", text=Text(en="t"), scenarios=(s, s)),
        Entry(id="kicker/empty", kind="ruling", source="x.txt", text=Text(en="t")),
    )
    return Spec(root=Path("spec"), files=(SpecFile("spec/rules/kicker.yaml", "K", "2026-06-19", entries),))


def test_rows_totals_and_uncovered():
    table = coverage.rows(_spec())
    assert [(r.entry, r.kind, r.rule, r.scenarios, r.properties) for r in table] == [
        ("kicker/empty", "ruling", None, 0, 0), ("kicker/rule", "rule", "702.33d", 2, 0)]
    assert coverage.totals(table) == {"entries": 2, "rules": 1, "rulings": 1, "scenarios": 2, "properties": 0, "tests": 2}
    assert coverage.uncovered(table) == ["kicker/empty"]
    text = coverage.format_table(table)
    assert text.splitlines()[0].split() == ["entry", "kind", "rule", "scenarios", "properties"]
    assert text.endswith("entries without a scenario or property: kicker/empty")


def test_command_fails_when_an_entry_has_no_tests(monkeypatch, tmp_path, capsys):
    monkeypatch.setattr(generator.loader, "load_spec", lambda root: _spec())
    assert main(["coverage", "--spec", str(tmp_path)]) == 1
    assert "kicker/empty" in capsys.readouterr().out
