"""Build phase.rs's card database from our own card catalog (spec/cards/*.yaml).

phase normally generates `card-data.json` from MTGJSON, which is not reachable here and would
not match our pinned Oracle text anyway. Instead each catalog card is mapped to the MTGJSON
AtomicCards shape and fed to phase's own oracle-text parser (`phase.build_oracle_face`), so the
engine plays exactly the text the spec is written against. Field mapping: see
../shared/data/cards/README.md ("Field names in MTGJSON").
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import os
import uuid
from dataclasses import dataclass, field
from importlib import metadata
from pathlib import Path

from mtg_adapter.suite_files import CHECKOUT, suite_path
from mtg_adapter.yaml_bounds import safe_load_bounded

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
    if card.get("loyalty") is not None:
        out["loyalty"] = str(card["loyalty"])
    return out


# Layouts phase builds from one export entry per face, paired by their oracle id (card_db.rs)
MULTI_FACE_LAYOUTS = {"split", "modal_dfc", "transform", "adventure", "flip"}


def face_to_mtgjson(card: dict, face: dict, side: str) -> dict:
    """One face of a multi-face catalog card as MTGJSON gives it: the card's `name` ("Fire //
    Ice") with the face's own `faceName`, mana cost, types and text."""
    out = to_mtgjson({**card, **{k: face[k] for k in ("mana_cost", "colors", "type_line", "types", "subtypes",
                                                      "supertypes", "oracle_text", "power", "toughness")
                                   if k in face}})
    out.update({"name": card["name"], "faceName": face["name"], "side": side, "layout": card["layout"]})
    if not face.get("mana_cost"):
        out.pop("manaCost", None)
    return out


def face_oracle_id(card: dict) -> str:
    """phase pairs the faces of a card by their Scryfall oracle id; a catalog card without one
    gets a fixed id derived from its name (a pairing key only)."""
    return card.get("scryfall_oracle_id") or str(uuid.uuid5(uuid.NAMESPACE_URL, "mtg-conformance:" + card["name"]))


def read_catalog(directory: Path | None = None) -> list[dict]:
    """Read every card YAML under `directory` (default spec/cards); a missing directory is empty."""
    directory = Path(directory) if directory is not None else DEFAULT_CATALOG
    if not directory.is_dir():
        return []
    cards = []
    for path in sorted(directory.glob("*.yaml")):
        with path.open(encoding="utf-8") as fh:
            data = safe_load_bounded(fh.read())
        if isinstance(data, dict) and data.get("name"):
            cards.append(data)
    return cards


@dataclass
class CardDatabase:
    """phase card faces keyed by lower-cased name, plus the cards phase could not build."""

    faces: dict = field(default_factory=dict)  # phase export entries: lower-cased face name -> face
    failures: dict = field(default_factory=dict)  # card name -> phase's error message
    unparsed: dict = field(default_factory=dict)  # card name -> text phase parsed as Unimplemented/Unknown
    names: dict = field(default_factory=dict)  # lower-cased card name -> exact Oracle name
    front: dict = field(default_factory=dict)  # lower-cased card name -> lower-cased name of its (front) face
    face_names: dict = field(default_factory=dict)  # lower-cased card name -> its faces' names (multi-face)
    layouts: dict = field(default_factory=dict)  # lower-cased card name -> catalog layout (multi-face)
    card_of_face: dict = field(default_factory=dict)  # lower-cased face name -> lower-cased card name

    def to_json(self) -> str:
        return json.dumps(self.faces, ensure_ascii=False, sort_keys=True)

    def has(self, name: str) -> bool:
        return name.lower() in self.names

    def faces_of(self, object_name: str) -> tuple[str | None, list]:
        """(layout, face names) of the card a phase object of that name is; (None, []) for a
        card with one face."""
        card = self.card_of_face.get(str(object_name).lower(), str(object_name).lower())
        return self.layouts.get(card), list(self.face_names.get(card) or [])

    def object_name(self, name: str) -> str:
        """The lower-cased name phase gives a card's object (a multi-face card's front face)."""
        return self.front.get(name.lower(), name.lower())


def build_database(cards: list[dict]) -> CardDatabase:
    """Run phase's oracle parser on each card; collect failures instead of stopping."""
    import phase

    db = CardDatabase()
    for card in cards:
        name = card["name"]
        try:
            entries = build_faces(phase, card)
        except Exception as exc:  # phase raises ValueError/RuntimeError on parser failures
            db.failures[name] = f"{type(exc).__name__}: {exc}"
            continue
        for face in entries:
            db.faces[face["name"].lower()] = face
        db.names[name.lower()] = name
        db.front[name.lower()] = entries[0]["name"].lower()
        for face in entries:
            db.card_of_face[face["name"].lower()] = name.lower()
        if len(entries) > 1:
            db.face_names[name.lower()] = [face["name"] for face in entries]
            db.layouts[name.lower()] = card["layout"]
        gaps = [gap for face in entries for gap in unimplemented_parts({k: face.get(k) for k in RULE_PARTS})]
        if gaps:
            db.unparsed[name] = gaps
    return db


CACHE_FORMAT = 1  # bump when CardDatabase's fields or build_database's output change


def cache_dir() -> Path:
    """Where built card databases are kept: $XDG_CACHE_HOME (else ~/.cache)/mtg-conformance."""
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "mtg-conformance" / "phase-cards"


def cached_database(cards: list[dict]) -> CardDatabase:
    """build_database, kept on disk between processes: phase's oracle parser takes about 4 s for the
    catalog, in every process that plays phase (a certification, each test worker, the fuzzer). The
    key is the catalog's content and phase-python's version, so a changed card or another phase
    builds it again; an unreadable or missing file is rebuilt, and a failed write is only a miss."""
    try:
        version = metadata.version("phase-python")
    except metadata.PackageNotFoundError:
        version = "unknown"
    blob = json.dumps([CACHE_FORMAT, version, cards], sort_keys=True, ensure_ascii=False, default=str)
    key = hashlib.sha256(blob.encode("utf-8")).hexdigest()[:32]
    path = cache_dir() / f"{key}.json"
    try:
        return CardDatabase(**json.loads(path.read_text(encoding="utf-8")))
    except (OSError, ValueError, TypeError):
        pass
    db = build_database(cards)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_name(f".{key}.{os.getpid()}.tmp")
        tmp.write_text(json.dumps(dataclasses.asdict(db), ensure_ascii=False), encoding="utf-8")
        os.replace(tmp, path)  # whole or not at all, whichever process writes last
    except OSError:
        pass
    return db


def build_faces(phase, card: dict) -> list[dict]:
    """phase's export entries for one catalog card: one face, or for a split or double-faced
    card each face (phase's `build_oracle_face_multi`) with the card's layout, its index and a
    shared oracle id, as phase's own card-data generator writes them."""
    faces = card.get("card_faces") or []
    if card.get("layout") not in MULTI_FACE_LAYOUTS or len(faces) != 2:
        return [phase.build_oracle_face(to_mtgjson(card), card.get("scryfall_oracle_id"))]
    oracle_id = face_oracle_id(card)
    entries = []
    for index, face in enumerate(faces):
        built = phase.build_oracle_face_multi(face_to_mtgjson(card, face, "ab"[index]), oracle_id)
        entries.append(dict(built, layout=card["layout"], face_index=index))
    return entries


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
