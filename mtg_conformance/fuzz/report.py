"""Print the outcome of a fuzz run (text or one JSON document) and pick the exit code."""

from __future__ import annotations

import json

from mtg_adapter.compare import format_difference
from mtg_adapter.judge import describe_step

from .entry import spec_entry, to_yaml
from .runner import Outcome


def _one_line(result: dict) -> str:
    return json.dumps(result, ensure_ascii=False)


def _statuses(outcome: Outcome) -> dict:
    totals: dict = {}
    for (_, status), n in sorted(outcome.statuses.items()):
        totals[status] = totals.get(status, 0) + n
    return totals


def summary(outcome: Outcome | None, handshake: str | None = None) -> dict:
    """Everything the run found, as plain data (the --json document)."""
    if outcome is None:
        return {"result": "broken", "broken": handshake, "examples": 0}
    doc: dict = {"examples": outcome.examples, "skipped": outcome.skipped,
                 "unsupported": outcome.unsupported,
                 "steps": _statuses(outcome)}
    d = outcome.divergence
    if d is not None:
        entry = spec_entry(d.case, d.diff, outcome.previous_view)
        doc.update(result="difference", found_at=outcome.found_at, step=d.diff.index,
                   step_text=describe_step(d.case["steps"][d.diff.index]),
                   differences=[format_difference(x) for x in d.diff.differences],
                   entry=entry, yaml=to_yaml(entry),
                   answers={"engine": d.diff.ours, "against": d.diff.theirs},
                   flaky=outcome.flaky)
    if outcome.broken is not None:
        doc.update(result="broken", broken=outcome.broken, broken_case=outcome.broken_case)
    doc.setdefault("result", "clean")
    return doc


def report(args, outcome: Outcome | None, handshake: str | None = None) -> int:
    doc = summary(outcome, handshake)
    doc = {"engine": args.engine, "against": args.against, "seed": args.seed, **doc}
    if args.json:
        print(json.dumps(doc, ensure_ascii=False, indent=2))
    else:
        print(_text(doc))
    return 0 if doc["result"] == "clean" else 1


def _text(doc: dict) -> str:
    head = f"fuzz: {doc['engine']} against {doc['against']}"
    lines = []
    if doc["result"] == "broken":
        lines.append(f"{head}: engine failure (the adapter is broken): {doc['broken']}")
        if doc.get("broken_case"):
            lines.append("case: " + json.dumps(doc["broken_case"], ensure_ascii=False))
        if "yaml" not in doc:
            return "\n".join(lines)
        lines.append("the smallest difference seen before that:")
    steps = ", ".join(f"{n} {s}" for s, n in doc.get("steps", {}).items()) or "none"
    if doc["result"] == "clean":
        skipped = f", {doc['skipped']} skipped (undeclared features)" if doc["skipped"] else ""
        if doc.get("unsupported"):
            skipped += f", {doc['unsupported']} dropped (a step the engine answered unsupported)"
        return (f"{head}: no difference in {doc['examples']} example(s){skipped}\n"
                f"steps as {doc['against']} answered them: {steps}")
    if doc["result"] == "difference":
        lines.append(f"{head}: DIFFERENCE found at example {doc['found_at']} "
                     f"({doc['examples']} run including shrinking)")
    if doc.get("flaky"):
        lines.append("note: rerunning a differing case did not always differ again "
                     "(an engine answers the same case differently from run to run)")
    lines.append(f"first differing step: step {doc['step']}: {doc['step_text']}")
    ours, theirs = doc["answers"]["engine"], doc["answers"]["against"]
    lines.append(f"  {doc['engine']} answered {ours['status']!r}, "
                 f"{doc['against']} answered {theirs['status']!r}")
    if doc["differences"]:
        lines.append(f"  view differences (expected: {doc['against']}, observed: {doc['engine']}):")
        lines.extend("    " + d for d in doc["differences"])
    lines.append("")
    lines.append("ready-to-paste spec entry (check which engine is right, then state the rule):")
    lines.append(doc["yaml"].rstrip("\n"))
    lines.append("")
    lines.append(f"answers at step {doc['step']}:")
    lines.append(f"  engine  ({doc['engine']}): {_one_line(ours)}")
    lines.append(f"  against ({doc['against']}): {_one_line(theirs)}")
    return "\n".join(lines)
