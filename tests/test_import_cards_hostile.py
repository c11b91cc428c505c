"""`import-cards` on hostile exports: every card is checked as `validate` would read it before
anything is written; a bad export gives a clear error, exit 2, no traceback, and the catalog
is left exactly as it was (no partial catalog, no `.tmp-*.yaml` left behind)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from spec_helpers import CATALOG, EXAMPLE, make_spec

from mtg_conformance.cli import main

ROOT = Path(__file__).resolve().parent.parent
ORACLE = ROOT / "spec" / "cards-source" / "oracle-cards.json"


def _cards() -> list[dict]:
    return json.loads(ORACLE.read_text(encoding="utf-8"))[:3]


def _import(tmp_path: Path, export_text: str, capsys) -> tuple[int, str, Path]:
    source = tmp_path / "export.json"
    source.write_text(export_text, encoding="utf-8")
    cards = tmp_path / "spec" / "cards"
    cards.mkdir(parents=True, exist_ok=True)
    (cards / "keep.yaml").write_text("untouched\n", encoding="utf-8")
    code = main(["import-cards", "--from", str(source), "--spec", str(tmp_path / "spec")])
    err = capsys.readouterr().err
    return code, err, cards


def _bad_card(**changes) -> str:
    cards = _cards()
    cards[1].update(changes)
    return json.dumps(cards, ensure_ascii=False)


CASES = {
    # a lone surrogate cannot be written as UTF-8: before, card 1 was written, then a traceback
    "lone surrogate": (json.dumps(_cards())[:-2] + ', "oracle_text": "a\\ud800b"}]',
                       "card 3", "U+D800"),
    "non-string name": (_bad_card(name=["Cancel"]), "card 2 (['Cancel'])", "name: ['Cancel'] is not of type 'string'"),
    "too many digits": (_bad_card(mana_value=0).replace('"mana_value": 0', '"mana_value": ' + "9" * 5000),
                        "cannot read JSON", "digits"),
    "huge number": (_bad_card(mana_value=10 ** 100), "card 2", "mana_value: "),
    "deep nesting": (_bad_card(oracle_text=None).replace('"oracle_text": null', '"oracle_text": '
                                                         + "[" * 100_000 + "]" * 100_000),
                     "cannot read JSON", "nested too deeply"),
    "nesting under the JSON limit": (_bad_card(oracle_text=None).replace('"oracle_text": null', '"oracle_text": '
                                                                         + "[" * 900 + "]" * 900),
                                     "card 2", "oracle_text: "),
    "punctuation name": (_bad_card(name="?!"), "card 2 (?!)", "name: '?!' has no letter or digit"),
    "control character": (_bad_card(oracle_text="Counter target spell.\x7f"), "card 2",
                          "U+007F (DEL) is not allowed in YAML text"),
    "C1 control character": (_bad_card(type_line="Instant\x9b31m"), "card 2", "U+009B"),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_bad_export_is_refused_before_anything_is_written(tmp_path, capsys, case):
    text, where, what = CASES[case]
    code, err, cards = _import(tmp_path, text, capsys)
    assert code == 2, err
    assert where in err and what in err, err
    assert err.rstrip().endswith("nothing written")
    assert len(err) < 5000
    assert sorted(p.name for p in cards.iterdir()) == ["keep.yaml"]


def test_every_bad_card_is_listed_at_once(tmp_path, capsys):
    cards = _cards()
    cards[0]["name"] = 7
    cards[2]["oracle_text"] = "\x7f"
    code, err, _ = _import(tmp_path, json.dumps(cards, ensure_ascii=False), capsys)
    assert code == 2 and "card 1 (7)" in err and "card 3" in err


def test_a_good_export_still_imports(tmp_path, capsys):
    code, err, cards = _import(tmp_path, json.dumps(_cards(), ensure_ascii=False), capsys)
    assert code == 0, err
    names = sorted(p.name for p in cards.iterdir())
    assert len(names) == 4 and not any(n.startswith(".") for n in names)
    assert all((CATALOG / n).read_bytes() == (cards / n).read_bytes() for n in names if n != "keep.yaml")


def test_validate_reads_catalog_files_as_yaml_does(tmp_path):
    """A card file in import-cards' JSON form with a character YAML forbids: validate used to say OK
    (its fast path parsed the JSON), while every YAML reader of the catalog fails on it."""
    root = make_spec(tmp_path, {"kicker.yaml": EXAMPLE})
    card = root / "cards" / "cancel.yaml"
    card.write_text(card.read_text(encoding="utf-8").replace("Counter target spell.", "Counter\x7f target spell."),
                    encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "mtg_conformance", "validate", "--spec", str(root)],
                          capture_output=True, text=True, timeout=60, cwd=ROOT)
    assert done.returncode == 1, done.stdout
    assert "spec/cards/cancel.yaml:" in done.stderr and "U+007F (DEL) is not allowed in YAML text" in done.stderr
