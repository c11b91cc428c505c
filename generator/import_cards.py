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
from generator.schema_issues import schema_issues
from generator.spec_schema import SCHEMA_DIR
from generator.yaml_source import parse_yaml
from mtg_adapter.errors import InputError

HEADER = "# yaml-language-server: $schema=../schema/card.schema.json\n"
FIELDS = ["name", "mana_cost", "mana_value", "colors", "color_identity", "types", "supertypes",
          "subtypes", "type_line", "power", "toughness", "oracle_text", "keywords", "layout"]
# card_faces: the halves of a split card (709); loyalty: a planeswalker's printed loyalty (306.5a)
OPTIONAL = ["scryfall_oracle_id", "card_faces", "loyalty"]
NULLABLE_ABSENT = {"power", "toughness"}  # absent in Oracle data for non-creatures -> null


class ImportError_(InputError, ValueError):
    """Bad input data (reported without a traceback)."""


def card_record(card: dict[str, Any]) -> dict[str, Any]:
    """The catalog fields of one Oracle object, in catalog order."""
    missing = [f for f in FIELDS if f not in card and f not in NULLABLE_ABSENT]
    if missing:
        raise ImportError_(f"{_shown(card.get('name', '?'))}: missing {', '.join(missing)}")
    record = {f: card.get(f) for f in FIELDS}
    record.update({f: card[f] for f in OPTIONAL if f in card})
    return record


def render_card(record: dict[str, Any]) -> str:
    """Deterministic YAML text of one card record."""
    lines = [HEADER.rstrip("\n")]
    for key, value in record.items():
        lines.append(f"{key}: {json.dumps(value, ensure_ascii=False)}")
    return "\n".join(lines) + "\n"


def _shown(value: Any, limit: int = 80) -> str:
    """A value for an error message (a string as is, anything else as its repr), cut to `limit`."""
    text = value if isinstance(value, str) else repr(value)
    return text if len(text) <= limit else text[:limit] + f"... ({len(text):,} characters)"


def check_card(record: dict[str, Any], text: str) -> list[str]:
    """Why `text` (the rendered `record`) would not be a valid catalog file, checked as `validate`
    reads catalog files: the YAML reader (characters YAML forbids, bounds), the card schema, the
    file name rule; and it must read back as exactly `record`."""
    name = record.get("name")
    slug = card_slug(name) if isinstance(name, str) else ""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as exc:  # a lone surrogate (JSON allows "\ud800"): UTF-8 cannot hold it
        return [f"the character U+{ord(text[exc.start]):04X} (a lone surrogate) cannot be written as UTF-8"]
    doc = parse_yaml(text, f"spec/cards/{slug or '?'}.yaml")
    issues = doc.issues or schema_issues(doc, SCHEMA_DIR / "card.schema.json")
    problems = [f"{i.field}: {i.message}" if i.field else i.message for i in issues]
    if not problems and not slug:
        problems.append(f"name: {name!r} has no letter or digit to name its file after")
    if not problems and doc.data != record:
        problems.append("the values would not read back unchanged from YAML")
    return [p if len(p) <= 300 else p[:300] + "..." for p in problems]


def plan(source: Path) -> dict[str, str]:
    """file name -> text for every object of the export; raises ImportError_ on bad data, listing
    every bad card, so that nothing is written unless the whole catalog is valid."""
    try:
        cards = json.loads(source.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError) as exc:  # ValueError: bad JSON, too many digits
        raise ImportError_(f"{source}: cannot read JSON: {exc}") from None
    except RecursionError:
        raise ImportError_(f"{source}: cannot read JSON: nested too deeply") from None
    if not isinstance(cards, list) or not all(isinstance(c, dict) for c in cards):
        raise ImportError_(f"{source}: expected a JSON array of card objects")
    out: dict[str, str] = {}
    errors: list[str] = []
    for number, card in enumerate(cards, start=1):
        try:
            record = card_record(card)
            text = render_card(record)
        except ImportError_ as exc:
            errors.append(f"{source}: card {number}: {exc}")
            continue
        except (ValueError, RecursionError) as exc:  # e.g. an integer too long to write
            errors.append(f"{source}: card {number} ({_shown(card.get('name'))}): cannot write: "
                          f"{'nested too deeply' if isinstance(exc, RecursionError) else exc}")
            continue
        problems = check_card(record, text)
        errors.extend(f"{source}: card {number} ({_shown(record.get('name'))}): {p}" for p in problems)
        if problems:
            continue
        name = f"{card_slug(record['name'])}.yaml"
        if name in out:
            errors.append(f"{source}: card {number} ({_shown(record['name'])}): two cards map to {name}")
        out[name] = text
    if errors:
        shown = errors[:20] + ([f"... and {len(errors) - 20} more"] if len(errors) > 20 else [])
        raise ImportError_("\n".join(shown))
    return out


def write_catalog(files: dict[str, str], directory: Path) -> None:
    """Write every file beside its target first, then move them all into place; if any cannot be
    written, the staged files are removed and the catalog is unchanged."""
    directory.mkdir(parents=True, exist_ok=True)
    staged: list[tuple[str, Path]] = []
    try:
        for name, text in sorted(files.items()):
            fd, tmp = tempfile.mkstemp(dir=directory, prefix=".tmp-", suffix=".yaml")
            staged.append((tmp, directory / name))
            with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as fh:
                fh.write(text)
        for tmp, target in staged:
            os.replace(tmp, target)
    finally:
        for tmp, _ in staged:
            Path(tmp).unlink(missing_ok=True)


def run(source: Path, spec_dir: Path) -> int:
    """0 after writing the catalog; 2 (nothing written) when the export has bad data."""
    try:
        files = plan(source)
    except ImportError_ as exc:
        print(f"error: {exc}\nnothing written", file=sys.stderr)
        return 2
    try:
        write_catalog(files, spec_dir / "cards")
    except OSError as exc:
        print(f"error: cannot write {spec_dir / 'cards'}: {exc}", file=sys.stderr)
        return 2
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
