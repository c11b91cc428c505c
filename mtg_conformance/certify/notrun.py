"""Every reason a test did not run, ranked (summary.md's "Why N tests did not run").

Three kinds, each test in exactly one:

- undeclared features: a test needs ALL of its features, so a feature alone may unlock nothing
  (62 tests may need `combat` together with `turn-structure`). The smallest feature set that
  unlocks a test is exactly its set of undeclared features; each distinct such set is listed with
  the tests declaring it would unlock (every test whose missing set it contains), most first;
- refused by the engine: tests it answered `unsupported: REASON` for, grouped by that reason (the
  adapter's text, which names the card or the action it cannot express), most tests first;
- other skips (the expectations file's `skip` entries, a skip in the suite), grouped by reason.

Computed from results.json's tests and the engine's declared features alone (so older results
files and merged shards get it too).
"""

from __future__ import annotations

from mtg_conformance.certify.outcomes import UNSUPPORTED_PREFIXES

NOT_RUN = ("unsupported", "skipped")
REFUSED = UNSUPPORTED_PREFIXES[1]  # "unsupported by the engine: "
SHOWN = 20  # rows listed per kind; the rest are counted
REASON_CHARS = 200


def _reason(message: str, prefix: str = "") -> str:
    text = (message or "").strip().split("\n", 1)[0]
    if prefix and text.startswith(prefix):
        text = text[len(prefix):]
    text = text or "(no reason given)"
    return text if len(text) <= REASON_CHARS else text[:REASON_CHARS] + "..."


def classify(doc: dict) -> dict:
    """{"features": [{features, unlocks, exactly}], "refused": [{reason, tests, ids}],
    "other": [{reason, tests, ids}], "count": tests not run}."""
    declared = set(doc["engine"]["features"])
    by_set: dict[frozenset, int] = {}
    refused: dict[str, list[str]] = {}
    other: dict[str, list[str]] = {}
    count = 0
    for test in doc["tests"]:
        if test["outcome"] not in NOT_RUN:
            continue
        count += 1
        missing = frozenset(test["features"]) - declared
        if missing:
            by_set[missing] = by_set.get(missing, 0) + 1
        elif (test["message"] or "").startswith(REFUSED):
            refused.setdefault(_reason(test["message"], REFUSED), []).append(test["id"])
        else:
            other.setdefault(_reason(test["message"]), []).append(test["id"])
    sets = [{"features": sorted(s), "exactly": n, "unlocks": sum(m for t, m in by_set.items() if t <= s)}
            for s, n in by_set.items()]
    sets.sort(key=lambda r: (-r["unlocks"], len(r["features"]), r["features"]))

    def ranked(groups: dict[str, list[str]]) -> list[dict]:
        rows = [{"reason": reason, "tests": len(ids), "ids": sorted(ids)} for reason, ids in groups.items()]
        return sorted(rows, key=lambda r: (-r["tests"], r["reason"]))

    return {"count": count, "features": sets, "refused": ranked(refused), "other": ranked(other)}


def _plural(n: int, word: str = "test") -> str:
    return f"{n} {word}{'s' if n != 1 else ''}"


def render(doc: dict) -> list[str]:
    """summary.md's section (no lines when every test ran)."""
    from mtg_conformance.certify.summary import code_span, inline

    found = classify(doc)
    if not found["count"]:
        return []
    lines = [f"## Why {_plural(found['count'])} did not run", ""]
    in_sets = sum(r["exactly"] for r in found["features"])
    if found["features"]:
        lines += [f"### Undeclared features ({_plural(in_sets)})", "",
                  "A test needs all of its features. Each line is the smallest feature set that unlocks some "
                  "tests, with every test declaring it would unlock (those needing exactly this set, and "
                  "those needing part of it), most first:", ""]
        for number, row in enumerate(found["features"][:SHOWN], start=1):
            names = " + ".join(f"`{f}`" for f in row["features"])
            extra = (f" ({row['exactly']} need exactly {'this set' if len(row['features']) > 1 else 'this'})"
                     if row["exactly"] != row["unlocks"] else "")
            lines.append(f"{number}. {names}: unlocks {_plural(row['unlocks'])}{extra}")
        if len(found["features"]) > SHOWN:
            lines.append(f"\n... and {len(found['features']) - SHOWN} more feature sets.")
        lines.append("")
    for key, title, what in (("refused", "Refused by the engine", "answered `unsupported: ...`, by reason"),
                             ("other", "Other skips", "by reason (an expectations `skip`, a skip in the suite)")):
        rows = found[key]
        if not rows:
            continue
        lines += [f"### {title} ({_plural(sum(r['tests'] for r in rows))})", "", f"Tests the engine {what}:"
                  if key == "refused" else f"Tests skipped, {what}:", ""]
        for row in rows[:SHOWN]:
            sample = ", ".join(code_span(i) for i in row["ids"][:3]) + (", ..." if row["tests"] > 3 else "")
            lines.append(f"- {inline(row['reason'])}: {_plural(row['tests'])} ({sample})")
        if len(rows) > SHOWN:
            lines.append(f"- ... and {len(rows) - SHOWN} more reasons "
                         f"({_plural(sum(r['tests'] for r in rows[SHOWN:]))})")
        lines.append("")
    return lines
