"""The peers' tests: which tests of other engines (spec/peers/<source>.yaml) the spec ports.

Why: a suite that claims to hold the peers' tests (XMage, Forge, Wagic, phase.rs) must show, per source, how many of
them it ports and why each other one is not ported, and the claim must be checked: a test
listed as ported names scenarios that exist and that record that very test as their `peer`.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

import yaml

from generator.model import Spec
from mtg_adapter.yaml_bounds import compose_bounded

STATUSES = ("ported", "not-yet", "excluded")

# Why a test is not ported: each code, the statuses it may go with, and what it means. A code
# says what the port waits for, so that the inventory can be trusted as a to-do list: a test whose
# only blocker is a missing card is `card-not-in-catalog` and nothing else (adding the card ports
# it); a rule or mechanic the reference engine lacks is `engine-feature`, whatever cards it names.
REASONS = {
    "card-not-in-catalog": (("not-yet",), "the only blocker is a card spec/cards lacks: the engine and the "
                                          "contract have every rule the test needs, so adding the card (its "
                                          "behaviour as data) ports it"),
    "engine-feature": (("not-yet",), "the reference engine lacks a rule or mechanic the test needs (the note "
                                     "names it); adding the test's cards alone would not port it"),
    "needs-double-faced-cards": (("not-yet",), "a transforming double-faced card (712) is in the test: neither "
                                               "the engine nor the contract has them yet"),
    "needs-choice": (("not-yet",), "the test makes a choice that the contract's choices can't name"),
    "needs-contract-field": (("not-yet",), "the contract (ADAPTERS.md) has no step or field that states the "
                                           "test's action"),
    "needs-view-field": (("not-yet",), "what the test asserts is not in the contract's view"),
    "ai-choice": (("excluded",), "the test checks the peer's AI (its own choices), not a rule"),
    "engine-internal": (("excluded",), "the test checks the peer engine's internals, not a game outcome"),
    "ignored-upstream": (("excluded",), "the peer itself ignores or disables the test"),
    "momir-format": (("excluded",), "a Momir Basic variant test: not a situation of the Comprehensive "
                                    "Rules' two-player game"),
}
TEST_FIELDS = {"path", "commit", "test", "mechanics", "cards", "asserts", "status", "ported_as", "reason", "note"}


@dataclass
class PeerSource:
    name: str
    repository: str
    file: str
    tests: list = field(default_factory=list)

    def counts(self) -> dict:
        c = Counter(t["status"] for t in self.tests)
        return {"tests": len(self.tests), **{s: c.get(s, 0) for s in STATUSES}}

    def reasons(self) -> Counter:
        return Counter(t.get("reason") for t in self.tests if t["status"] != "ported")


def load_peers(directory: Path, spec: Spec) -> tuple[list[PeerSource], list[str]]:
    """Every spec/peers/*.yaml file, checked against the spec; returns (sources, problems)."""
    scenarios = {f"{e.id}::{s.name}": s for f in spec.files for e in f.entries for s in e.scenarios}
    files = {f"{e.id}::{s.name}": f.path for f in spec.files for e in f.entries for s in e.scenarios}
    sources, problems = [], []
    for path in sorted(directory.glob("*.yaml")):
        where = path.as_posix()
        try:
            node, doc = compose_bounded(path.read_text(encoding="utf-8"), getattr(yaml, "CSafeLoader", yaml.SafeLoader))
        except (OSError, yaml.YAMLError) as exc:
            problems.append(f"{where}: cannot read: {exc}")
            continue
        if not (isinstance(doc, dict) and isinstance(doc.get("source"), dict)
                and isinstance(doc.get("tests"), list)):
            problems.append(f"{where}: expected a mapping with `source` and a list `tests`")
            continue
        src = PeerSource(str(doc["source"].get("name")), str(doc["source"].get("repository")), where)
        seen = set()
        lines = _test_lines(node)
        for i, t in enumerate(doc["tests"]):
            item_line, field_lines = lines[i] if i < len(lines) else (None, {})
            at = f"{where}:{item_line}: tests[{i}]" if item_line else f"{where}: tests[{i}]"
            if not isinstance(t, dict):
                problems.append(f"{at}: expected a mapping")
                continue
            unknown = set(t) - TEST_FIELDS
            missing = {"path", "test", "asserts", "status"} - set(t)
            if unknown or missing:
                problems.append(f"{at}: " + "; ".join(
                    ([f"unknown field(s) {sorted(unknown)}"] if unknown else [])
                    + ([f"missing {sorted(missing)}"] if missing else [])))
                continue
            key = (t["path"], t["test"])
            if key in seen:
                problems.append(f"{at}: {t['test']} listed twice")
            seen.add(key)
            if t["status"] not in STATUSES:
                problems.append(f"{_at(where, field_lines, 'status', at)}.status: {t['status']!r} is not one of "
                                f"{', '.join(STATUSES)}")
                continue
            if t["status"] == "ported":
                ids = t.get("ported_as") or []
                if not ids:
                    problems.append(f"{_at(where, field_lines, 'status', at)}.ported_as: a ported test names the "
                                    "scenarios that port it")
                for sid in ids:
                    s = scenarios.get(sid)
                    if s is None:
                        problems.append(f"{_at(where, field_lines, 'ported_as', at)}.ported_as: no scenario {sid!r} "
                                        "in the spec")
                    elif not s.peer or s.peer.get("test") != t["test"] or s.peer.get("path") != t["path"] \
                            or s.peer.get("repository") != src.repository:
                        problems.append(f"{_at(where, field_lines, 'ported_as', at)}.ported_as: scenario {sid!r} "
                                        "does not record "
                                        f"{src.repository} {t['path']} {t['test']} as its peer")
            elif not t.get("reason"):
                problems.append(f"{_at(where, field_lines, 'status', at)}.reason: a test that is not ported says why")
            elif t["reason"] not in REASONS:
                problems.append(f"{_at(where, field_lines, 'reason', at)}.reason: {t['reason']!r} is not a reason code "
                                f"(one of {', '.join(REASONS)}; generator/peers.py REASONS)")
            elif t["status"] not in REASONS[t["reason"]][0]:
                problems.append(f"{_at(where, field_lines, 'reason', at)}.reason: {t['reason']!r} is a reason for "
                                f"{' or '.join(REASONS[t['reason']][0])} tests, not {t['status']}")
            src.tests.append(t)
        sources.append(src)
    listed = {(s.repository, t["path"], t["test"]) for s in sources for t in s.tests}
    for sid, s in scenarios.items():
        if s.peer and (s.peer.get("repository"), s.peer.get("path"), s.peer.get("test")) not in listed:
            line = f"{s.line}:" if s.line else ""
            problems.append(f"{files[sid]}:{line} {sid}.peer: {s.peer.get('repository')} {s.peer.get('test')} "
                            "is not listed in spec/peers/")
    return sources, problems


def _test_lines(root) -> list[tuple[int, dict]]:
    """Per item of the document's `tests` list: (its 1-based line, {field: the line of its key})."""
    if not isinstance(root, yaml.MappingNode):
        return []
    for key, value in root.value:
        if key.value == "tests" and isinstance(value, yaml.SequenceNode):
            return [(item.start_mark.line + 1,
                     {k.value: k.start_mark.line + 1 for k, _ in item.value} if isinstance(item, yaml.MappingNode)
                     else {}) for item in value.value]
    return []


def _at(where: str, field_lines: dict, field: str, fallback: str) -> str:
    """`where:line: tests[i]` with the line of `field` when the item has it, else `fallback`."""
    line = field_lines.get(field)
    return fallback if line is None else f"{where}:{line}: {fallback.split(': ', 1)[1]}"


def format_report(sources: list[PeerSource]) -> str:
    lines = []
    for src in sources:
        c = src.counts()
        lines.append(f"{src.name} ({src.repository}): {c['tests']} tests, {c['ported']} ported, "
                     f"{c['not-yet']} not yet, {c['excluded']} excluded")
        for reason, n in sorted(src.reasons().items(), key=lambda kv: (-kv[1], str(kv[0]))):
            lines.append(f"  {n:3d}  {reason}")
        for t in src.tests:
            if t["status"] != "ported":
                note = f" - {t['note']}" if t.get("note") else ""
                stem = Path(t["path"]).stem
                name = t["test"] if str(t["test"]).startswith(f"{stem}::") else f"{stem}.{t['test']}"
                lines.append(f"    {t['status']:8s} {name}: {t.get('reason')}{note}")
    return "\n".join(lines)


def as_json(sources: list[PeerSource]) -> dict:
    return {s.name: {**s.counts(), "reasons": dict(s.reasons()),
                     "tests": [{k: t.get(k) for k in ("path", "test", "status", "reason", "ported_as")}
                               for t in s.tests]} for s in sources}
