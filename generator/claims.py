"""Claims as data: each restrictive phrase of a rule, pinned by scenarios and by faulty engines.

The spec holds the claims (an entry's `claims:`, beside its text and scenarios); the self-check
holds which faults drop which claims. This module joins the two for `coverage --claims` and the
self-check: a claim is pinned when it names at least one scenario and at least one fault drops
it (the self-check then proves that one of those scenarios rejects the fault).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from generator.model import Spec
from generator.rules_text import RulesText
from generator.spec_checks import normalized_words


@dataclass(frozen=True)
class ClaimRow:
    claim: str          # entry-id#claim-id
    entry: str
    rule: str | None
    words: str
    tests: tuple[str, ...]
    faults: tuple[str, ...]
    file: str
    line: int


def claim_tests(spec: Spec) -> dict[str, tuple[str, ...]]:
    """Claim id -> the stable test ids that pin it."""
    return {entry.claim_id(c): entry.claim_tests(c) for entry in spec.entries() for c in entry.claims}


def rows(spec: Spec, drops: Mapping[str, tuple[str, ...]]) -> list[ClaimRow]:
    """Every claim of the spec with its pinning tests and the faults that drop it."""
    faults_of: dict[str, list[str]] = {}
    for fault, claims in sorted(drops.items()):
        for claim in claims:
            faults_of.setdefault(claim, []).append(fault)
    return [ClaimRow(entry.claim_id(c), entry.id, c.rule or entry.rule, c.words, entry.claim_tests(c),
                     tuple(faults_of.get(entry.claim_id(c), ())), entry.file, c.line)
            for entry in spec.entries() for c in entry.claims]


def unknown_claims(spec: Spec, drops: Mapping[str, tuple[str, ...]]) -> list[tuple[str, str]]:
    """(fault, claim) pairs where a fault names a claim the spec does not have."""
    known = set(claim_tests(spec))
    return [(fault, claim) for fault, claims in sorted(drops.items()) for claim in claims if claim not in known]


def cited_rules(spec: Spec) -> tuple[list[str], list[str]]:
    """(every sub-rule the spec cites, those of them some claim quotes: the entry's own rule, or a
    cited sub-rule a claim names as its `rule`). The others are cited as context for an entry
    about another rule: their own restrictive words are not written down as claims yet."""
    cited: set[str] = set()
    claimed: set[str] = set()
    for entry in spec.entries():
        cited.update(entry.cites)
        if entry.rule:
            cited.add(entry.rule)
        for claim in entry.claims:
            if claim.rule or entry.rule:
                claimed.add(claim.rule or entry.rule)
    return sorted(cited), sorted(claimed)


def unexplained(spec: Spec) -> list[str]:
    """Errors for cited sub-rules that no claim quotes and no citing entry explains (its
    `unclaimed_cites`), and for reasons given for a sub-rule some claim quotes after all."""
    cited, claimed = cited_rules(spec)
    claimed_set = set(claimed)
    quoted_by = {c.rule or e.rule: e.claim_id(c) for e in spec.entries() for c in e.claims}
    first_citer: dict[str, str] = {}
    explained: set[str] = set()
    errors = []
    for entry in spec.entries():
        for rule in entry.cites:
            first_citer.setdefault(rule, f"{entry.file}:{entry.line}: entry {entry.id}")
        for rule in entry.unclaimed_cites:
            if rule in claimed_set:
                errors.append(f"{entry.file}:{entry.line}: entry {entry.id} gives a reason why no claim quotes "
                              f"{rule}, but {quoted_by[rule]} does: remove it from `unclaimed_cites`")
            explained.add(rule)
    for rule in cited:
        if rule not in claimed_set and rule not in explained:
            errors.append(f"{first_citer.get(rule, '?')} cites {rule}: no claim quotes it, and no citing entry's "
                          "`unclaimed_cites` says why")
    return errors


def misquoted(spec: Spec, rules: RulesText) -> list[str]:
    """Errors for claims that quote a cited sub-rule (`rule`) whose text in `rules` lacks their
    words, or that the release does not have. The spec holds only its entries' own text, so
    these claims are checked against a release."""
    errors = []
    for entry in spec.entries():
        for claim in entry.claims:
            if not claim.rule or claim.rule == entry.rule:
                continue
            where = f"{entry.file}:{claim.line}: claim {entry.claim_id(claim)}"
            rule = rules.rules.get(claim.rule)
            if rule is None:
                errors.append(f"{where} quotes {claim.rule}, which release {rules.effective_date} does not have")
            elif normalized_words(claim.words) not in normalized_words(rule.text):
                errors.append(f"{where}: the words {claim.words!r} do not occur in {claim.rule} "
                              f"of release {rules.effective_date}")
    return errors


def as_json(spec: Spec, drops: Mapping[str, tuple[str, ...]]) -> dict:
    table = rows(spec, drops)
    entries = list(spec.entries())
    cited, claimed = cited_rules(spec)
    return {
        "claims": [{"claim": r.claim, "entry": r.entry, "rule": r.rule, "words": r.words, "tests": list(r.tests),
                    "faults": list(r.faults), "where": f"{r.file}:{r.line}"} for r in table],
        "summary": {"claims": len(table), "without_scenario": sum(1 for r in table if not r.tests),
                    "without_fault": sum(1 for r in table if not r.faults),
                    "entries": len(entries), "entries_with_claims": sum(1 for e in entries if e.claims),
                    "cited_rules": len(cited), "cited_rules_with_claims": len(claimed)},
        "cited_only": [r for r in cited if r not in set(claimed)],
        "unexplained": unexplained(spec),
        "unknown": [{"fault": f, "claim": c} for f, c in unknown_claims(spec, drops)],
    }


def format_report(spec: Spec, drops: Mapping[str, tuple[str, ...]]) -> str:
    doc = as_json(spec, drops)
    lines = []
    by_entry: dict[str, list[dict]] = {}
    for row in doc["claims"]:
        by_entry.setdefault(row["entry"], []).append(row)
    for entry, claims in by_entry.items():
        rule = claims[0]["rule"]
        lines.append(f"{entry}" + (f" ({rule})" if rule else ""))
        for row in claims:
            mark = "ok " if row["tests"] and row["faults"] else "!! "
            lines.append(f"  {mark}{row['claim'].split('#', 1)[1]}: \"{row['words']}\"  "
                         f"{len(row['tests'])} scenario(s), faults: {', '.join(row['faults']) or 'none'}")
    s = doc["summary"]
    lines += ["", f"claims: {s['claims']} in {s['entries_with_claims']} of {s['entries']} entries; "
                  f"without a scenario: {s['without_scenario']}; without a fault: {s['without_fault']}",
              f"sub-rules cited: {s['cited_rules']}; quoted by a claim: {s['cited_rules_with_claims']}; "
              f"cited only beside another rule, without claims of their own: {len(doc['cited_only'])} "
              f"(each with the reason a citing entry's `unclaimed_cites` gives, or an error below)"]
    for row in doc["claims"]:
        if not row["tests"]:
            lines.append(f"error: {row['where']}: claim {row['claim']} names no scenario")
        if not row["faults"]:
            lines.append(f"error: {row['where']}: no self-check fault drops claim {row['claim']}")
    for line in doc["unexplained"]:
        lines.append(f"error: {line}")
    for item in doc["unknown"]:
        lines.append(f"error: fault {item['fault']} names claim {item['claim']}, which the spec does not have")
    return "\n".join(lines) + "\n"


def unpinned(spec: Spec, drops: Mapping[str, tuple[str, ...]]) -> bool:
    """Whether any claim lacks a scenario or a fault, a fault names an unknown claim, or a cited
    sub-rule has neither a claim nor a reason why not."""
    doc = as_json(spec, drops)
    summary = doc["summary"]
    return bool(summary["without_scenario"] or summary["without_fault"] or doc["unknown"] or doc["unexplained"])
