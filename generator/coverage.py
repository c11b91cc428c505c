"""Which rules and rulings the spec tests, and how much: one row per entry.

Why: every entry must carry at least one scenario or property; an entry without any is a
claim the suite does not check. `uncovered` names those so the command can fail on them.
Likewise every catalog card must be used by some scenario or property (`unused_cards`): a card
nobody plays is data the suite neither needs nor checks.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass

from generator.model import Spec


@dataclass(frozen=True)
class Row:
    """One entry: id, kind, rule (None for rulings), source spec file, counts."""

    entry: str
    kind: str
    rule: str | None
    file: str
    scenarios: int
    properties: int

    @property
    def tests(self) -> int:
        return self.scenarios + self.properties


def rows(spec: Spec) -> list[Row]:
    """One row per entry, sorted by entry id (stable regardless of file order)."""
    out = []
    for spec_file in spec.files:
        for e in spec_file.entries:
            out.append(Row(e.id, e.kind, e.rule, spec_file.path, len(e.scenarios), len(e.properties)))
    return sorted(out, key=lambda r: (r.entry, r.file))


def totals(table: list[Row]) -> dict[str, int]:
    """Entry, rule, ruling, scenario, property and test counts."""
    return {
        "entries": len(table),
        "rules": sum(r.kind == "rule" for r in table),
        "rulings": sum(r.kind == "ruling" for r in table),
        "scenarios": sum(r.scenarios for r in table),
        "properties": sum(r.properties for r in table),
        "tests": sum(r.tests for r in table),
    }


def uncovered(table: list[Row]) -> list[str]:
    """Ids of entries with neither a scenario nor a property."""
    return [r.entry for r in table if r.tests == 0]


def _names_in(value, out: set) -> None:
    """Every string under a `card` key (setup card items) or a `name` key (expected tokens)."""
    if isinstance(value, Mapping):
        for key, item in value.items():
            if key in ("card", "name") and isinstance(item, str):
                out.add(item)
            else:
                _names_in(item, out)
    elif isinstance(value, (list, tuple)):
        for item in value:
            _names_in(item, out)


def used_card_names(spec: Spec) -> set[str]:
    """Names of the cards some scenario or property sets up (or expects as a token)."""
    names: set[str] = set()
    for entry in spec.entries():
        for item in tuple(entry.scenarios) + tuple(entry.properties):
            _names_in(item.setup, names)
            _names_in(item.steps, names)
    return names


def unused_cards(spec: Spec) -> list[str]:
    """Catalog cards no scenario or property uses, sorted by name."""
    used = used_card_names(spec)
    return sorted(name for name in spec.cards if name not in used)


def as_json(table: list[Row], unused: list[str] | None = None) -> dict:
    """The report as JSON-ready data."""
    return {"entries": [asdict(r) for r in table], "totals": totals(table), "uncovered": uncovered(table),
            "unused_cards": list(unused or [])}


def format_table(table: list[Row], unused: list[str] | None = None) -> str:
    """A plain-text table with a totals line and the uncovered entries."""
    head = ("entry", "kind", "rule", "scenarios", "properties")
    body = [(r.entry, r.kind, r.rule or "-", str(r.scenarios), str(r.properties)) for r in table]
    widths = [max(len(x) for x in col) for col in zip(head, *body)]

    def line(cells):
        return "  ".join(c.rjust(w) if i >= 3 else c.ljust(w) for i, (c, w) in enumerate(zip(cells, widths))).rstrip()

    lines = [line(head), line(tuple("-" * w for w in widths))] + [line(b) for b in body]
    t = totals(table)
    lines.append("")
    lines.append(
        f"{t['entries']} entries ({t['rules']} rules, {t['rulings']} rulings): "
        f"{t['scenarios']} scenarios, {t['properties']} properties, {t['tests']} tests"
    )
    missing = uncovered(table)
    lines.append(
        "entries without a scenario or property: " + (", ".join(missing) if missing else "none")
    )
    if unused is not None:
        lines.append("catalog cards no scenario uses: " + (", ".join(unused) if unused else "none"))
    return "\n".join(lines)
