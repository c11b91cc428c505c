"""Precompiled validity checks of the committed spec schemas (generated: do not edit).

`python -m generator.spec_schema` writes one module per schema in spec/schema/, holding
fastjsonschema's generated check and the SHA-256 of the schema file it was built from.
`check_for(schema_bytes)` returns that check only when the bytes match, so an edited or
user-supplied schema is compiled at run time instead. The checks only short-cut valid
documents; jsonschema stays normative for every rejection (generator/schema_issues.py).
"""

from __future__ import annotations

import hashlib
import importlib
from pathlib import Path

MODULES = {"spec-file.schema.json": "spec_file_schema", "card.schema.json": "card_schema",
           "rules-map.schema.json": "rules_map_schema", "sources.schema.json": "sources_schema"}


def module_name(schema_file: str) -> str:
    return MODULES[schema_file]


def check_for(schema_bytes: bytes):
    """The precompiled check for a schema file with exactly these bytes, or None."""
    digest = hashlib.sha256(schema_bytes).hexdigest()
    for name in MODULES.values():
        # Only the module whose header names this digest is imported: importing each in turn
        # compiled the spec-file check to validate a card file.
        path = Path(__file__).with_name(f"{name}.py")
        try:
            with path.open(encoding="utf-8") as file:
                head = file.read(400)
        except OSError:
            continue
        if f"SCHEMA_SHA256 = {digest!r}" not in head:
            continue
        module = importlib.import_module(f"{__name__}.{name}")
        if getattr(module, "SCHEMA_SHA256", None) == digest:
            return module.validate
    return None
