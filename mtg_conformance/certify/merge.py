"""`mtg-conformance merge A/results.json B/results.json ... --out DIR`: the shards of one
certification (certify --shard K/N) combined into the report set one run would have written.

The shards must come from the same engine (spec, name, version, protocol, features), the same
suite and the same expectations file, and may not share a test. The merged results.json holds
every test, sorted by stable id, with totals, breakdowns and the regression flag recomputed, and
no `selection`, and the profile verdicts computed over all of them: the same document as a single
run (durations aside). junit.xml is merged from the
shards' junit.xml files when each has one beside its results.json.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

from mtg_adapter.errors import InputError
from mtg_conformance.certify import breakdown, profiles, results
from mtg_conformance.certify.outcomes import REGRESSIONS


class MergeError(InputError):
    """Shards that cannot be combined (another engine, another suite, a test in two shards)."""


SAME = (("engine", ("spec", "name", "version", "protocol", "features")),
        ("suite", ("version", "sha256", "spec_sha256", "tests_sha256")), ("expectations", None),
        ("tool", None), ("format_version", None), ("profile", None))


def _identity(doc: dict, key: str, fields) -> object:
    value = doc.get(key)
    if fields is not None and isinstance(value, dict):
        return {f: value.get(f) for f in fields}
    return value


def merge(docs: list[dict], names: list[str]) -> tuple[dict, list[str]]:
    """(the merged document, warnings). Raises MergeError."""
    if not docs:
        raise MergeError("no results files to merge")
    first = docs[0]
    for doc, name in zip(docs[1:], names[1:]):
        for key, fields in SAME:
            if _identity(doc, key, fields) != _identity(first, key, fields):
                raise MergeError(f"{name}: another {key} than {names[0]} ({_identity(doc, key, fields)!r} vs "
                                 f"{_identity(first, key, fields)!r}); merge shards of one run only")
    seen: dict[tuple[str, str], str] = {}
    tests = []
    for doc, name in zip(docs, names):
        for test in doc["tests"]:
            key = (test["id"], test["nodeid"])
            if key in seen:
                raise MergeError(f"{name}: test {test['id']} is also in {seen[key]}; each test belongs to one shard")
            seen[key] = name
            tests.append(test)
    tests.sort(key=lambda t: (t["id"], t["nodeid"]))
    warnings = _coverage(docs, names)
    restarts = [r for doc in docs for r in doc["engine"].get("restarts", {}).get("first", [])]
    count = sum(doc["engine"].get("restarts", {}).get("count", 0) for doc in docs)
    engine = {**first["engine"], "restarts": {"count": count, "first": restarts[:results.RESTARTS_KEPT]}}
    totals = results.totals(tests)
    merged = {k: v for k, v in first.items() if k != "selection"}
    suite = dict(first["suite"])
    if "comprehensive_rules_releases" in suite:  # the releases of the tests that ran, as certify records them
        releases = sorted({t["rules_version"] for t in tests if t.get("rules_version")})
        suite.update(comprehensive_rules=releases[-1] if releases else None, comprehensive_rules_releases=releases)
    merged.update({
        "suite": suite,
        "by_feature": breakdown.by_feature(tests),
        "by_section": breakdown.by_section(tests),
        "implement_next": breakdown.implement_next(tests, engine["features"]),
        "engine": engine,
        "totals": totals,
        "regression": any(totals[o] for o in REGRESSIONS),
        "tests": tests,
    })
    try:
        profiles.attach(merged, (first.get("profile") or {}).get("name"))
    except profiles.UnknownProfile as exc:  # written by another version of the suite
        raise MergeError(f"{names[0]}: {exc}") from None
    return merged, warnings


def _coverage(docs: list[dict], names: list[str]) -> list[str]:
    """Say when the shards are not all of one K/N split (a missing shard, a rerun mixed in)."""
    shards = [(doc.get("selection") or {}).get("shard") for doc in docs]
    if any(s is None for s in shards):
        odd = [n for n, d in zip(names, docs) if (d.get("selection") or {}).get("kind") != "shard"]
        return [f"{', '.join(odd)}: not a shard (certify --shard K/N); merged as given"]
    totals = {s.split("/")[1] for s in shards}
    if len(totals) != 1:
        return [f"shards of different splits ({', '.join(sorted(set(shards)))}); merged as given"]
    n = int(totals.pop())
    missing = sorted(set(range(1, n + 1)) - {int(s.split("/")[0]) for s in shards})
    if missing:
        return [f"shard{'s' if len(missing) > 1 else ''} {', '.join(f'{k}/{n}' for k in missing)} missing: the "
                "merged report covers part of the suite"]
    return []


def merge_junit(paths: list[Path]) -> str | None:
    """One junit.xml with every shard's test cases (None unless every shard has one)."""
    if not paths or not all(p.is_file() for p in paths):
        return None
    suites = []
    for path in paths:
        root = ET.parse(path).getroot()
        suites += [root] if root.tag == "testsuite" else list(root.iter("testsuite"))
    if not suites:
        return None
    merged = ET.Element("testsuite", dict(suites[0].attrib))
    for key in ("tests", "errors", "failures", "skipped"):
        merged.set(key, str(sum(int(s.get(key, "0") or 0) for s in suites)))
    merged.set("time", f"{sum(float(s.get('time', '0') or 0) for s in suites):.3f}")
    for suite in suites:
        for child in suite:
            if child.tag == "testcase":
                merged.append(child)
    root = ET.Element("testsuites")
    root.append(merged)
    return '<?xml version="1.0" encoding="utf-8"?>' + ET.tostring(root, encoding="unicode") + "\n"


def write(merged: dict, out: Path, junit: str | None) -> list[str]:
    """The report set of one run in `out` (replacing the one there), via certify's writer."""
    import shutil
    import tempfile

    from mtg_conformance.certify.runner import prepare_output, write_outputs

    staging = prepare_output(out)
    scratch = Path(tempfile.mkdtemp(prefix="mtg-merge-"))
    try:
        if junit is not None:
            with open(scratch / "junit.xml", "w", encoding="utf-8") as fh:
                fh.write(junit)
        return write_outputs(merged, None, staging, out, scratch=scratch)
    finally:
        shutil.rmtree(staging, ignore_errors=True)
        shutil.rmtree(scratch, ignore_errors=True)
