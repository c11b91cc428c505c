"""A fuzz campaign: fuzz runs with successive seeds for a wall-clock budget, each distinct
difference kept once.

Why: one fuzz run stops at its first difference, and an engine with a few known differences
shows the same one first in most runs. A campaign keeps drawing, seed after seed, so that the
rarer differences surface, and files each distinct one once (keyed by the differing step's kind,
both statuses and the view paths that differ, labels and positions generalised), each as a
ready-to-paste spec entry to decide from the rules text.
"""

from __future__ import annotations

import re
import time
from dataclasses import dataclass, field

from .entry import spec_entry, to_yaml

_LABEL = re.compile(r"^(cards)\.[^.\[]+")
_INDEX = re.compile(r"\[\d+\]")


def signature(case: dict, diff) -> str:
    """What kind of difference a case shows, independent of the labels and positions it drew."""
    step = next(iter(case["steps"][diff.index]))
    paths = sorted({_INDEX.sub("[*]", _LABEL.sub(r"\1.*", x.path)) for x in diff.differences})
    return f"{step}: {diff.ours.get('status')}/{diff.theirs.get('status')}: {', '.join(paths) or '-'}"


@dataclass
class Finding:
    signature: str
    seeds: list = field(default_factory=list)   # the seeds whose run found it (later runs skip it)
    yaml: str = ""                              # the smallest entry seen for it
    steps: int = 0                              # its number of steps (smaller replaces)


@dataclass
class Campaign:
    runs: int = 0
    examples: int = 0
    seconds: float = 0.0
    findings: dict = field(default_factory=dict)   # signature -> Finding
    broken: list = field(default_factory=list)     # (seed, message) of runs an engine broke


def campaign(run_one, minutes: float, first_seed: int = 1, clock=time.monotonic) -> Campaign:
    """Call `run_one(seed, already_found) -> Outcome` for seeds first_seed, first_seed + 1, ... until
    `minutes` have passed (a run started before the end completes), filing what each run found.
    `already_found(case, diff)` tells a run which differences are filed already, so it looks for others."""
    result = Campaign()
    start = clock()
    seed = first_seed
    while clock() - start < minutes * 60:
        outcome = run_one(seed, lambda case, diff: signature(case, diff) in result.findings)
        result.runs += 1
        result.examples += outcome.examples
        if outcome.broken is not None:
            result.broken.append((seed, outcome.broken))
        if outcome.divergence is not None:
            d = outcome.divergence
            key = signature(d.case, d.diff)
            found = result.findings.setdefault(key, Finding(key))
            found.seeds.append(seed)
            steps = len(d.case["steps"])
            if not found.yaml or steps < found.steps:
                found.yaml = to_yaml(spec_entry(d.case, d.diff, outcome.previous_view))
                found.steps = steps
        seed += 1
    result.seconds = clock() - start
    return result


def text(result: Campaign, engine: str, against: str) -> str:
    """The campaign's findings, most frequent first, each with its smallest entry."""
    lines = [f"fuzz campaign: {engine} against {against}: {result.runs} run(s), {result.examples} case(s) "
             f"in {result.seconds / 60:.1f} min: {len(result.findings)} distinct difference(s)"
             + (f", {len(result.broken)} run(s) stopped by a protocol failure" if result.broken else "")]
    ranked = sorted(result.findings.values(), key=lambda f: (-len(f.seeds), f.signature))
    for n, found in enumerate(ranked, 1):
        seeds = ", ".join(map(str, found.seeds[:10])) + (" ..." if len(found.seeds) > 10 else "")
        lines.append(f"{n}. {found.signature} (found by {len(found.seeds)} run(s): seeds {seeds})")
    for n, found in enumerate(ranked, 1):
        lines += ["", f"--- {n}. {found.signature}", found.yaml.rstrip("\n")]
    for seed, message in result.broken:
        lines.append(f"seed {seed}: engine failure: {message}")
    return "\n".join(lines)
