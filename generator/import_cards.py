"""Write the card catalog spec/cards/<slug>.yaml from an Oracle JSON export (oracle-cards.json).

Why a script: the catalog must hold Oracle values exactly (text with newlines, em dashes,
reminder text), and anyone must be able to regenerate it and get the same bytes. Each value is
written as a JSON scalar/flow list, which is valid YAML that yaml.safe_load reads back exactly.
Everything is checked before anything is written; each file is replaced atomically.

    python -m generator.import_cards /work/shared/data/cards/oracle-cards.json [--spec spec]
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
from pathlib import Path
from typing import Any

from generator.model import card_slug

HEADER = "# yaml-language-server: $schema=../schema/card.schema.json\n"
FIELDS = ["name", "mana_cost", "mana_value", "colors", "color_identity", "types", "supertypes",
          "subtypes", "type_line", "power", "toughness", "oracle_text", "keywords", "layout"]
OPTIONAL = ["scryfall_oracle_id", "card_faces"]  # card_faces: the halves of a split card (709)
NULLABLE_ABSENT = {"power", "toughness"}  # absent in Oracle data for non-creatures -> null


class ImportError_(ValueError):
    """Bad input data (reported without a traceback)."""


def card_record(card: dict[str, Any]) -> dict[str, Any]:
    """The catalog fields of one Oracle object, in catalog order."""
    missing = [f for f in FIELDS if f not in card and f not in NULLABLE_ABSENT]
    if missing:
        raise ImportError_(f"{card.get('name', '?')}: missing {', '.join(missing)}")
    record = {f: card.get(f) for f in FIELDS}
    record.update({f: card[f] for f in OPTIONAL if f in card})
    return record


def render_card(record: dict[str, Any]) -> str:
    """Deterministic YAML text of one card record."""
    lines = [HEADER.rstrip("\n")]
    for key, value in record.items():
        lines.append(f"{key}: {json.dumps(value, ensure_ascii=False)}")
    return "\n".join(lines) + "\n"


def plan(source: Path) -> dict[str, str]:
    """file name -> text for every object of the export; raises ImportError_ on bad data."""
    try:
        cards = json.loads(source.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise ImportError_(f"{source}: cannot read JSON: {exc}") from None
    if not isinstance(cards, list) or not all(isinstance(c, dict) for c in cards):
        raise ImportError_(f"{source}: expected a JSON array of card objects")
    out: dict[str, str] = {}
    for card in cards:
        record = card_record(card)
        name = f"{card_slug(record['name'])}.yaml"
        if name in out:
            raise ImportError_(f"{source}: two cards map to {name}")
        out[name] = render_card(record)
    return out


def write_catalog(files: dict[str, str], directory: Path) -> None:
    directory.mkdir(parents=True, exist_ok=True)
    for name, text in sorted(files.items()):
        fd, tmp = tempfile.mkstemp(dir=directory, prefix=".tmp-", suffix=".yaml")
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as fh:
            fh.write(text)
        os.replace(tmp, directory / name)


def run(source: Path, spec_dir: Path) -> int:
    try:
        files = plan(source)
    except ImportError_ as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    write_catalog(files, spec_dir / "cards")
    print(f"wrote {len(files)} cards to {spec_dir / 'cards'}")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("source", type=Path)
    parser.add_argument("--spec", type=Path, default=Path("spec"))
    args = parser.parse_args(argv)
    return run(args.source, args.spec)


if __name__ == "__main__":
    sys.exit(main())
