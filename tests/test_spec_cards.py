"""The card catalog holds the Oracle data exactly, and regenerating it gives the same bytes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml
from spec_helpers import CATALOG, REPO

from generator.import_cards import FIELDS, OPTIONAL, ImportError_, plan, render_card, run
from generator.model import card_slug

SHARED = REPO.parent / "shared" / "data" / "cards" / "oracle-cards.json"
ORACLE = REPO / "spec" / "cards-source" / "oracle-cards.json"  # the export the catalog is built from
needs_shared = pytest.mark.skipif(
    not SHARED.is_file(), reason=f"shared card data not found at {SHARED} (../shared beside the repo)"
)


def catalog() -> dict[str, dict]:
    return {p.stem: yaml.safe_load(p.read_text(encoding="utf-8")) for p in sorted(CATALOG.glob("*.yaml"))}


def test_every_catalog_card_equals_its_oracle_json_object():
    source = {c["name"]: c for c in json.loads(ORACLE.read_text(encoding="utf-8"))}
    cards = catalog()
    assert len(cards) == len(source) >= 300
    for stem, card in cards.items():
        assert stem == card_slug(card["name"])
        oracle = source[card["name"]]
        for field in FIELDS:
            assert card[field] == oracle.get(field), f"{stem}.yaml: {field} differs from oracle-cards.json"
        for field in OPTIONAL:
            assert card.get(field) == oracle.get(field), f"{stem}.yaml: {field} differs"
        assert set(card) <= set(FIELDS) | set(OPTIONAL)
    assert "\n" in cards["burst-lightning"]["oracle_text"]
    assert "—" in cards["saproling"]["type_line"]


@needs_shared
def test_the_shared_cards_are_in_the_export_unchanged():
    shared = json.loads(SHARED.read_text(encoding="utf-8"))
    export = {c["name"]: c for c in json.loads(ORACLE.read_text(encoding="utf-8"))}
    assert len(shared) == 70
    assert all(export[c["name"]] == c for c in shared)


def test_every_export_object_names_its_sources():
    for card in json.loads(ORACLE.read_text(encoding="utf-8")):
        assert card["source"], card["name"]
        for src in card["source"]:
            assert set(src) == {"repository", "path", "commit", "used_for"}, card["name"]
            assert len(src["commit"]) == 40 and "/" in src["repository"], card["name"]


def test_regenerating_the_catalog_gives_the_committed_files():
    files = plan(ORACLE)
    assert sorted(files) == sorted(p.name for p in CATALOG.glob("*.yaml"))
    for name, text in files.items():
        assert (CATALOG / name).read_text(encoding="utf-8") == text, name


def test_rendered_card_text_round_trips_tricky_strings():
    record = {"name": "X", "oracle_text": "Kicker {4} (Reminder: \"quoted\" — it's fine.)\n: colon #hash\\",
              "power": None, "keywords": ["Kicker"], "mana_value": 0}
    assert yaml.safe_load(render_card(record)) == record


def test_bad_import_source_is_reported_and_nothing_written(tmp_path: Path, capsys):
    source = tmp_path / "cards.json"
    source.write_text(json.dumps([{"name": "Half Card"}]), encoding="utf-8")
    assert run(source, tmp_path / "spec") == 2
    assert "Half Card: missing" in capsys.readouterr().err
    assert not (tmp_path / "spec").exists()
    with pytest.raises(ImportError_):
        source.write_text("[1, ", encoding="utf-8")
        plan(source)


def test_import_cards_command_writes_the_catalog(tmp_path: Path, capsys):
    from mtg_conformance.cli import main

    assert main(["import-cards", "--from", str(ORACLE), "--spec", str(tmp_path / "spec")]) == 0
    written = sorted((tmp_path / "spec" / "cards").glob("*.yaml"))
    assert [p.name for p in written] == sorted(p.name for p in CATALOG.glob("*.yaml"))
    assert all(p.read_bytes() == (CATALOG / p.name).read_bytes() for p in written)
    assert capsys.readouterr().out.startswith(f"wrote {len(written)} cards to ")
