"""How much of the suite an engine covers, beyond one percentage: outcomes per feature tag and
per rule section, and the "implement next" list (undeclared features ranked by the tests they
would unlock). Stored in results.json; summary.md and report.html render these same numbers.

A test needs ALL of its features, so a feature "unlocks alone" the tests whose only undeclared
feature it is; `needed_by` counts every test that needs it (some also need other features).
"""

from __future__ import annotations

from mtg_conformance.certify.grouping import counts
from mtg_conformance.certify.suite import section_sort_key

NO_FEATURE = "(no feature tag)"


def _row(name: str, tests: list[dict]) -> dict:
    return {"name": name, "tests": len(tests), **counts(tests)}


def by_feature(tests: list[dict]) -> list[dict]:
    groups: dict[str, list[dict]] = {}
    for test in tests:
        for feature in test["features"] or [NO_FEATURE]:
            groups.setdefault(feature, []).append(test)
    return [_row(name, groups[name]) for name in sorted(groups)]


def by_section(tests: list[dict]) -> list[dict]:
    groups: dict[str, list[dict]] = {}
    for test in tests:
        groups.setdefault(test["section"], []).append(test)
    return [_row(name, groups[name]) for name in sorted(groups, key=section_sort_key)]


def implement_next(tests: list[dict], declared: list[str]) -> list[dict]:
    """[{feature, unlocks_alone, needed_by}], most unlocking first, for each undeclared feature."""
    have = set(declared)
    alone: dict[str, int] = {}
    needed: dict[str, int] = {}
    for test in tests:
        missing = set(test["features"]) - have
        for feature in missing:
            needed[feature] = needed.get(feature, 0) + 1
            alone.setdefault(feature, 0)
        if len(missing) == 1:
            alone[next(iter(missing))] += 1
    ranked = sorted(needed, key=lambda f: (-alone[f], -needed[f], f))
    return [{"feature": f, "unlocks_alone": alone[f], "needed_by": needed[f]} for f in ranked]


def of(doc: dict) -> dict:
    """The breakdown of a results document (computed when an older results.json lacks it)."""
    tests = doc["tests"]
    return {
        "by_feature": doc.get("by_feature") or by_feature(tests),
        "by_section": doc.get("by_section") or by_section(tests),
        "implement_next": doc["implement_next"] if "implement_next" in doc
        else implement_next(tests, doc["engine"]["features"]),
    }
