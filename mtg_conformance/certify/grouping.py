"""Tests grouped the way people read conformance: section -> rule or ruling -> scenarios.

Shared by the Markdown summary and the HTML reports so both always agree.
"""

from __future__ import annotations

import re

from mtg_conformance.certify.outcomes import OUTCOMES
from mtg_conformance.certify.suite import section_sort_key

# Worst first: an entry shows the worst outcome among its tests.
PRECEDENCE = ("error", "fail", "unexpectedly-passing", "expected-failure", "pass", "unsupported", "skipped")
SHORT = {"pass": "pass", "fail": "fail", "unsupported": "unsupported", "expected-failure": "xfail",
         "unexpectedly-passing": "xpass", "error": "error", "skipped": "skipped", "partial": "partial"}
NOT_RUN = ("unsupported", "skipped")


def worst(outcomes) -> str:
    present = set(outcomes)
    for outcome in PRECEDENCE:
        if outcome in present:
            return outcome
    return "skipped"


def status(outcomes) -> str:
    """An entry's or section's status: its worst outcome, except that passes beside tests that did
    not run (unsupported, skipped) are `partial`, never a plain pass."""
    present = list(outcomes)
    result = worst(present)
    if result == "pass" and any(o in NOT_RUN for o in present):
        return "partial"
    return result


def counts(tests) -> dict:
    result = {outcome: 0 for outcome in OUTCOMES}
    for test in tests:
        result[test["outcome"]] += 1
    return result


def sections(tests: list[dict]) -> list[dict]:
    """[{name, status, counts, entries: [{entry, rule, kind, text, status, counts, tests}]}], sorted."""
    by_section: dict[str, dict[str, list[dict]]] = {}
    for test in tests:
        by_section.setdefault(test["section"], {}).setdefault(test["entry"] or test["id"], []).append(test)
    result = []
    for name in sorted(by_section, key=section_sort_key):
        entries = []
        for entry_id in sorted(by_section[name], key=lambda e: _entry_key(by_section[name][e], e)):
            group = sorted(by_section[name][entry_id], key=lambda t: (t["id"], t["nodeid"]))
            first = group[0]
            entries.append({
                "entry": entry_id, "rule": first["rule"], "kind": first["kind"], "text": first.get("text"),
                "status": status(t["outcome"] for t in group), "counts": counts(group), "tests": group,
            })
        all_tests = [t for e in entries for t in e["tests"]]
        result.append({"name": name, "status": status(t["outcome"] for t in all_tests),
                       "counts": counts(all_tests), "entries": entries})
    return result


def _entry_key(group: list[dict], entry_id: str) -> tuple:
    rule = group[0]["rule"] or ""
    return (rule == "", _rule_key(rule), entry_id)


def _rule_key(rule: str) -> tuple:
    """702.33d < 702.33e < 702.33f; numeric parts compare as numbers."""
    return tuple((0, int(p), "") if p.isdigit() else (1, 0, p) for p in re.findall(r"\d+|[a-z]+", rule))
