"""The results.json model: built from the collector's events, validated by the published schema.

Everything the reports show comes from this one document, so `mtg-conformance report` can
compare engines from their results files alone.
"""

from __future__ import annotations

import hashlib
import json
from importlib import resources
from pathlib import Path

import jsonschema

from mtg_adapter.errors import InputError
from mtg_adapter.replay_hint import params_in, replay_command
from mtg_conformance import __version__
from mtg_conformance.certify import breakdown
from mtg_conformance.certify.outcomes import OUTCOMES, REGRESSIONS
from mtg_conformance.certify.suite import SpecEntry, section_of

APPLICABLE = ("pass", "fail", "unexpectedly-passing", "error", "expected-failure")
FAILING = ("fail", "error", "expected-failure")  # the engine gets it wrong (known or not)
PASSING = ("pass", "unexpectedly-passing")
PROPERTY_PREFIX = "conformance."


class ResultsError(InputError):
    """A results file that cannot be used (missing, not JSON, not valid against the schema)."""


def schema() -> dict:
    return json.loads(resources.files("mtg_conformance.schema").joinpath("results.schema.json").read_text("utf-8"))


MAX_RESULTS_BYTES = 64 * 1024 * 1024  # a full certification of the suite is a few MB
MAX_DEPTH = 100  # JSON nesting; the deepest scenario of the suite is about a dozen levels
SHOWN = 300  # characters of an offending value quoted in an error


def validate(doc: dict, where: str = "results") -> None:
    """Raise ResultsError naming the first schema violation's JSON path."""
    validator = jsonschema.Draft202012Validator(schema())
    errors = sorted(validator.iter_errors(doc), key=lambda e: list(e.absolute_path))
    if errors:
        first = errors[0]
        path = "/".join(str(p) for p in first.absolute_path) or "(top level)"
        message = first.message if len(first.message) <= SHOWN else first.message[:SHOWN] + "..."
        if first.validator == "maxLength":
            message = f"longer than {first.validator_value:,} characters ({len(first.instance):,})"
        raise ResultsError(f"{where}: field {path}: {message}")


def _too_deep(value, limit: int = MAX_DEPTH) -> bool:
    """Whether `value` nests lists/objects more than `limit` levels (checked without recursion)."""
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        children = item.values() if isinstance(item, dict) else item if isinstance(item, list) else ()
        for child in children:
            if isinstance(child, (dict, list)):
                if depth + 1 > limit:
                    return True
                stack.append((child, depth + 1))
    return False


def load(path: Path) -> dict:
    """A results.json from disk, validated and within the bounds above (docs/RUNNING.md section 3)."""
    try:
        size = Path(path).stat().st_size
        if size > MAX_RESULTS_BYTES:
            raise ResultsError(f"{path}: {size:,} bytes, more than the limit of {MAX_RESULTS_BYTES:,} "
                               "for a results file")
        doc = json.loads(Path(path).read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ResultsError(f"{path}: no such results file") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise ResultsError(f"{path}: cannot read: {exc}") from None
    except json.JSONDecodeError as exc:
        raise ResultsError(f"{path}: line {exc.lineno}, column {exc.colno}: not JSON: {exc.msg}") from None
    except ValueError as exc:  # an integer with more digits than Python converts
        raise ResultsError(f"{path}: not JSON that can be read: {str(exc)[:SHOWN]}") from None
    except RecursionError:
        raise ResultsError(f"{path}: nested too deeply (more than {MAX_DEPTH} levels)") from None
    if _too_deep(doc):
        raise ResultsError(f"{path}: nested too deeply (more than {MAX_DEPTH} levels)")
    validate(doc, str(path))
    return doc


def totals(tests: list[dict]) -> dict:
    counts = {outcome: 0 for outcome in OUTCOMES}
    for test in tests:
        counts[test["outcome"]] += 1
    applicable = sum(counts[o] for o in APPLICABLE)
    percent = round(100.0 * counts["pass"] / applicable, 2) if applicable else None
    suite_percent = round(100.0 * counts["pass"] / len(tests), 2) if tests else None
    return {"tests": len(tests), **counts, "applicable": applicable, "percent": percent,
            "suite_percent": suite_percent}


def _properties(event: dict) -> dict:
    """The plugin's `conformance.*` user properties, without the prefix ("" means None)."""
    props = {}
    for key, value in event.get("properties") or []:
        if str(key).startswith(PROPERTY_PREFIX):
            props[str(key)[len(PROPERTY_PREFIX):]] = value if value != "" else None
    return props


def _test_id(event: dict, props: dict) -> str:
    """A test's stable id: its marker's, else the plugin's property, else its node id."""
    return (event.get("marker") or {}).get("id") or props.get("id") or event.get("nodeid")


def test_record(event: dict, spec: dict[str, SpecEntry], engine_spec: str | None = None) -> dict:
    """One test's entry in results.json: marker fields (or the plugin's properties), outcome, texts."""
    marker = event.get("marker") or {}
    props = _properties(event)
    test_id = _test_id(event, props)
    entry_id = marker.get("entry") or props.get("entry")
    if entry_id is None and "::" in str(test_id) and marker:
        entry_id = str(test_id).split("::", 1)[0]
    entry = spec.get(entry_id) if entry_id else None
    rule = marker.get("rule", props.get("rule"))
    kind = marker.get("kind") or (entry.kind if entry else None)
    source_stem = Path(marker["source"]).stem if marker.get("source") else None
    group = entry.file_title if entry and entry.file_title else source_stem
    features = marker.get("features", props.get("features")) or []
    if isinstance(features, str):
        features = [f for f in features.replace(",", " ").split() if f]
    scenario = None
    if event["outcome"] not in ("pass", "unsupported", "skipped") and entry and "::" in str(test_id):
        scenario = entry.scenarios.get(str(test_id).split("::", 1)[1])
    return {
        "id": str(test_id),
        "nodeid": event["nodeid"],
        "entry": entry_id,
        "kind": kind if kind in ("rule", "ruling") else None,
        "rule": str(rule) if rule else None,
        "section": section_of(kind, str(rule) if rule else None, group),
        "cites": [str(c) for c in marker.get("cites") or []],
        "features": sorted(set(str(f) for f in features)),
        "source": marker.get("source"),
        "rules_version": marker.get("rules_version"),
        "text": entry.text if entry else None,
        "outcome": event["outcome"],
        "duration": round(max(float(event.get("duration") or 0.0), 0.0), 3),
        "message": event.get("message") or "",
        "scenario": json.loads(json.dumps(scenario, default=str)) if scenario is not None else None,
        "replay": (replay_command(str(test_id), engine_spec, params_in(event.get("message") or ""))
                   if engine_spec and event["outcome"] not in ("pass", "unsupported", "skipped") else None),
    }


RESTARTS_KEPT = 50  # restart reasons listed in results.json (all of them are counted)


def restarts(events: list[dict]) -> dict:
    """How often the engine process was restarted during the run, and why (the first ones)."""
    reasons = []
    for event in events:
        if event.get("event") != "test":
            continue
        props = _properties(event)
        raw = props.get("restarts")
        try:
            listed = json.loads(raw) if isinstance(raw, str) else []
        except ValueError:
            listed = []
        reasons += [{"test": str(_test_id(event, props)), "reason": str(reason)[:300]} for reason in listed]
    return {"count": len(reasons), "first": reasons[:RESTARTS_KEPT]}


def file_digest(path: Path) -> str:
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()


def build(events: list[dict], engine: dict, suite: dict, spec: dict[str, SpecEntry],
          expectations: Path | None) -> dict:
    """The whole results document, tests sorted by stable id (then node id)."""
    tests = sorted((test_record(e, spec, engine.get("spec")) for e in events if e.get("event") == "test"),
                   key=lambda t: (t["id"], t["nodeid"]))
    summary = totals(tests)
    return {
        "by_feature": breakdown.by_feature(tests),
        "by_section": breakdown.by_section(tests),
        "implement_next": breakdown.implement_next(tests, engine["features"]),
        "format": "mtg-conformance-results",
        "format_version": 1,
        "tool": {"name": "mtg-conformance", "version": __version__},
        "engine": {**engine, "restarts": restarts(events)},
        "suite": suite,
        "expectations": ({"file": str(expectations), "sha256": file_digest(expectations)}
                         if expectations else None),
        "totals": summary,
        "regression": any(summary[o] for o in REGRESSIONS),
        "tests": tests,
    }


def dumps(doc: dict) -> str:
    return json.dumps(doc, indent=2, sort_keys=True, ensure_ascii=False) + "\n"
