"""Build phase.rs's card database from our own card catalog (spec/cards/*.yaml).

phase normally generates `card-data.json` from MTGJSON, which is not reachable here and would
not match our pinned Oracle text anyway. Instead each catalog card is mapped to the MTGJSON
AtomicCards shape and fed to phase's own oracle-text parser (`phase.build_oracle_face`), so the
engine plays exactly the text the spec is written against. Field mapping: see
../shared/data/cards/README.md ("Field names in MTGJSON").
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

import yaml

from mtg_adapter.suite_files import CHECKOUT, suite_path

DEFAULT_CATALOG = suite_path("spec/cards") or CHECKOUT / "spec" / "cards"


def to_mtgjson(card: dict) -> dict:
    """Map one catalog card (Oracle field names) to an MTGJSON AtomicCards object."""
    out = {
        "name": card["name"],
        "manaValue": float(card.get("mana_value") or 0),
        "colors": list(card.get("colors") or []),
        "colorIdentity": list(card.get("color_identity") or card.get("colors") or []),
        "type": card.get("type_line") or "",
        "types": list(card.get("types") or []),
        "subtypes": list(card.get("subtypes") or []),
        "supertypes": list(card.get("supertypes") or []),
        "text": card.get("oracle_text") or "",
        "layout": card.get("layout") or "normal",
        "keywords": list(card.get("keywords") or []),
        "identifiers": {},
        "legalities": {},
    }
    if card.get("mana_cost"):
        out["manaCost"] = card["mana_cost"]
    if card.get("scryfall_oracle_id"):
        out["identifiers"]["scryfallOracleId"] = card["scryfall_oracle_id"]
    if card.get("power") is not None:
        out["power"] = str(card["power"])
    if card.get("toughness") is not None:
        out["toughness"] = str(card["toughness"])
    return out


def read_catalog(directory: Path | None = None) -> list[dict]:
    """Read every card YAML under `directory` (default spec/cards); a missing directory is empty."""
    directory = Path(directory) if directory is not None else DEFAULT_CATALOG
    if not directory.is_dir():
        return []
    cards = []
    for path in sorted(directory.glob("*.yaml")):
        with path.open(encoding="utf-8") as fh:
            data = yaml.safe_load(fh)
        if isinstance(data, dict) and data.get("name"):
            cards.append(data)
    return cards


@dataclass
class CardDatabase:
    """phase card faces keyed by lower-cased name, plus the cards phase could not build."""

    faces: dict = field(default_factory=dict)
    failures: dict = field(default_factory=dict)  # card name -> phase's error message
    unparsed: dict = field(default_factory=dict)  # card name -> text phase parsed as Unimplemented/Unknown
    names: dict = field(default_factory=dict)  # lower-cased name -> exact Oracle name

    def to_json(self) -> str:
        return json.dumps(self.faces, ensure_ascii=False, sort_keys=True)

    def has(self, name: str) -> bool:
        return name.lower() in self.faces


def build_database(cards: list[dict]) -> CardDatabase:
    """Run phase's oracle parser on each card; collect failures instead of stopping."""
    import phase

    db = CardDatabase()
    for card in cards:
        name = card["name"]
        try:
            face = phase.build_oracle_face(to_mtgjson(card), card.get("scryfall_oracle_id"))
        except Exception as exc:  # phase raises ValueError/RuntimeError on parser failures
            db.failures[name] = f"{type(exc).__name__}: {exc}"
            continue
        db.faces[name.lower()] = face
        db.names[name.lower()] = name
        gaps = unimplemented_parts({k: face.get(k) for k in RULE_PARTS})
        if gaps:
            db.unparsed[name] = gaps
    return db


RULE_PARTS = ("abilities", "triggers", "static_abilities", "replacements", "additional_cost", "keywords")


def unimplemented_parts(face: dict) -> list[str]:
    """Text phase's parser kept as `Unimplemented` nodes or `{"Unknown": text}` (not rules)."""
    found: list[str] = []

    def walk(node):
        if isinstance(node, dict):
            if node.get("type") == "Unimplemented":
                found.append(str(node.get("description") or node.get("name") or "?"))
            if isinstance(node.get("Unknown"), str):
                found.append(node["Unknown"])
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    walk(face)
    return found
