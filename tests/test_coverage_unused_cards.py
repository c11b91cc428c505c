"""`mtg-conformance coverage` names catalog cards no scenario or property uses and fails on
them; the committed spec uses every card."""

from __future__ import annotations

from pathlib import Path

import generator.loader
from generator import coverage
from generator.loader import load_spec
from generator.model import Entry, Scenario, Spec, SpecFile, Text, freeze
from mtg_conformance.cli import main

ROOT = Path(__file__).resolve().parents[1]


def _spec(cards):
    setup = freeze({"players": {"alice": {"hand": [{"card": "Lightning Bolt", "label": "lb"}]}}})
    steps = freeze([{"resolve": {}, "expect": {"tokens": [{"name": "Saproling"}]}}])
    entry = Entry(id="x/y", kind="rule", rule="702.33d", source="x.txt", text=Text(en="t"),
                  scenarios=(Scenario(name="s", setup=setup, steps=steps),))
    return Spec(root=Path("spec"), files=(SpecFile("spec/rules/x.yaml", "X", "2026-06-19", (entry,)),),
                cards={name: object() for name in cards})


def test_setup_cards_and_expected_tokens_count_as_used():
    spec = _spec(["Lightning Bolt", "Saproling", "Clone"])
    assert coverage.unused_cards(spec) == ["Clone"]
    assert "catalog cards no scenario uses: Clone" in coverage.format_table(coverage.rows(spec),
                                                                           coverage.unused_cards(spec))


def test_command_fails_on_an_unused_card(monkeypatch, tmp_path, capsys):
    monkeypatch.setattr(generator.loader, "load_spec", lambda root: _spec(["Lightning Bolt", "Clone"]))
    assert main(["coverage", "--spec", str(tmp_path)]) == 1
    assert "Clone" in capsys.readouterr().out


def test_the_committed_spec_uses_every_catalog_card():
    spec = load_spec(ROOT / "spec")
    assert spec.cards
    assert coverage.unused_cards(spec) == []
