"""What changed between two runs, matched by stable test id (never by node id or rule number)."""

from __future__ import annotations

from mtg_conformance.certify.results import FAILING, PASSING


def changes(previous: dict, current: dict) -> dict:
    """Newly failing / newly passing / other outcome changes / new / removed tests, each sorted by id.

    Failing means the engine gets it wrong (fail, error, expected failure); passing means
    pass or an unexpected pass. A move to or from unsupported or skipped is an `other` change.
    """
    before = {t["id"]: t for t in previous["tests"]}
    after = {t["id"]: t for t in current["tests"]}
    result = {"newly_failing": [], "newly_passing": [], "other": [], "new": [], "removed": []}
    for test_id in sorted(after):
        test = after[test_id]
        if test_id not in before:
            result["new"].append({"id": test_id, "outcome": test["outcome"], "test": test})
            continue
        old, new = before[test_id]["outcome"], test["outcome"]
        if old == new:
            continue
        change = {"id": test_id, "before": old, "after": new, "test": test}
        if new in FAILING and old not in FAILING:
            result["newly_failing"].append(change)
        elif new in PASSING and old not in PASSING:
            result["newly_passing"].append(change)
        else:
            result["other"].append(change)
    for test_id in sorted(set(before) - set(after)):
        result["removed"].append({"id": test_id, "outcome": before[test_id]["outcome"], "test": before[test_id]})
    result["previous"] = {"engine": previous["engine"], "suite": previous["suite"], "totals": previous["totals"]}
    result["any"] = any(result[k] for k in ("newly_failing", "newly_passing", "other", "new", "removed"))
    return result
