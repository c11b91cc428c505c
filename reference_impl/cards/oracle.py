"""Oracle characteristics of every catalog card, read from oracle.json beside this module.

oracle.json holds the catalog fields of spec/cards-source/oracle-cards.json (the export the
spec catalog is built from; tests/test_engine_cards.py checks they agree). It ships inside the
package so the engine never reads the spec or ../shared at runtime; keyword costs are parsed
from `oracle_text` by reference_impl.rules.keywords.
"""

from __future__ import annotations

import json
from pathlib import Path

ORACLE: dict[str, dict] = json.loads((Path(__file__).with_name("oracle.json")).read_text(encoding="utf-8"))
