"""Rules-text drift: compare the rules a spec cites with a Comprehensive Rules release.

Why: Wizards renumbers rules (Kicker 702.30 -> 702.31 -> 702.32 -> 702.33) and rewords them
(702.33e "are kicked" -> "were kicked") several times a year. For each rule the spec cites this
module says whether it is unchanged, changed in place (with a word diff), moved to another
number (same text by fingerprint, or the most similar text above a threshold, preferring the
same letter in a renumbered section, with a confidence), or gone; and which sub-rules of the
sections the spec states no entry covers yet. It is pure analysis: reading and rewriting spec
files is generator/drift_update.py, the command line is mtg_conformance/commands/drift.py.
"""

from __future__ import annotations

import difflib
import re
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from typing import Iterable, Mapping

from generator.fingerprint import fingerprint, normalize
from generator.rules_text import RulesText, parent_of, rule_sort_key

__all__ = [
    "Citation",
    "DriftItem",
    "DriftReport",
    "Uncovered",
    "analyze",
    "word_diff",
    "DEFAULT_THRESHOLD",
]

DEFAULT_THRESHOLD = 0.75
UNCHANGED, CHANGED, MOVED, GONE, UNVERIFIED = "unchanged", "changed", "moved", "gone", "unverified"
DRIFT_STATUSES = (MOVED, CHANGED, GONE)


@dataclass(frozen=True)
class Citation:
    """One rule id that one spec entry states (`role` "rule") or relies on ("cite")."""

    file: str  # spec file path as given to the tool
    entry: str  # entry id
    role: str  # "rule" | "cite"
    rule: str  # the rule id as written in the entry
    fingerprint: str | None  # recorded fingerprint, or that of `text` for unfingerprinted rule entries
    text: str | None = None  # the reference English text where known (rule entries' text.en)
    recorded: bool = False  # True when `fingerprint` comes from the entry's `fingerprints`
    entry_kind: str = "ruling"
    claims_section: bool = True  # a stated rule claims its section unless `covers_section: false`


@dataclass(frozen=True)
class DriftItem:
    """What happened to one cited rule (all citations of the same id and reference text)."""

    status: str  # unchanged | changed | moved | gone | unverified
    rule: str  # the id the spec uses now
    new_rule: str | None  # the id in the release (== rule unless moved; None when gone)
    confidence: float | None  # for moves: 1.0 same text, else similarity / section evidence
    basis: str  # how it was decided (human-readable)
    text_changed: bool
    old_text: str | None
    new_text: str | None
    new_fingerprint: str | None
    diff: str | None
    citations: tuple[Citation, ...]

    @property
    def drifted(self) -> bool:
        return self.status in DRIFT_STATUSES


@dataclass(frozen=True)
class Uncovered:
    """A sub-rule of a section the spec states that no entry states or cites."""

    rule: str
    section: str
    text: str


@dataclass(frozen=True)
class DriftReport:
    effective_date: str
    source: str
    items: tuple[DriftItem, ...]
    uncovered: tuple[Uncovered, ...]
    threshold: float = DEFAULT_THRESHOLD
    section_moves: Mapping[str, str] = field(default_factory=dict)

    @property
    def drifted(self) -> bool:
        return any(item.drifted for item in self.items) or bool(self.uncovered)

    def by_status(self, status: str) -> list[DriftItem]:
        return [item for item in self.items if item.status == status]


def word_diff(old: str, new: str) -> str:
    """A word diff of two texts (normalized first), `[-removed-]{+added+}` style."""
    a, b = normalize(old).split(" "), normalize(new).split(" ")
    out: list[str] = []
    for op, i1, i2, j1, j2 in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        if op == "equal":
            out.append(" ".join(a[i1:i2]))
            continue
        if i2 > i1:
            out.append("[-" + " ".join(a[i1:i2]) + "-]")
        if j2 > j1:
            out.append("{+" + " ".join(b[j1:j2]) + "+}")
    return " ".join(part for part in out if part)


def _letter(rule_id: str) -> str:
    m = re.match(r"^\d{3}\.\d+([a-z]+)$", rule_id)
    return m.group(1) if m else ""


class _Matcher:
    """Similarity search of one reference text against every rule of a release.

    Similarity is difflib's ratio over the normalized texts' words: word sequences are short,
    so scanning a whole release stays fast, and a reworded word counts once.
    """

    def __init__(self, rules: RulesText):
        self.rules = rules
        self.ids = list(rules.rules)
        self._norm: dict[str, str] | None = None
        self._words: dict[str, list[str]] | None = None
        self._by_fp: dict[str, list[str]] | None = None

    @property
    def norm(self) -> dict[str, str]:
        if self._norm is None:
            self._norm = {rid: normalize(self.rules.rules[rid].text) for rid in self.ids}
        return self._norm

    @property
    def words(self) -> dict[str, list[str]]:
        if self._words is None:
            self._words = {rid: text.split(" ") for rid, text in self.norm.items()}
        return self._words

    @property
    def by_fp(self) -> dict[str, list[str]]:
        """Fingerprint -> rule ids (built on first use: only needed when something drifted)."""
        if self._by_fp is None:
            index: dict[str, list[str]] = defaultdict(list)
            for rid, text in self.norm.items():
                index[fingerprint(text)].append(rid)  # normalize is idempotent
            self._by_fp = index
        return self._by_fp

    def ratio(self, text: str, rid: str) -> float:
        return difflib.SequenceMatcher(None, self.words[rid], normalize(text).split(" "), autojunk=False).ratio()

    def best(self, text: str, floor: float) -> list[tuple[float, str]]:
        """All rules whose similarity is >= floor, best first."""
        sm = difflib.SequenceMatcher(None, [], normalize(text).split(" "), autojunk=False)
        found = []
        for rid in self.ids:
            sm.set_seq1(self.words[rid])
            if sm.real_quick_ratio() < floor or sm.quick_ratio() < floor:
                continue
            r = sm.ratio()
            if r >= floor:
                found.append((r, rid))
        found.sort(key=lambda pair: (-pair[0], rule_sort_key(pair[1])))
        return found


def _pick(ids: list[str], old_id: str, section_map: Mapping[str, str]) -> str:
    """Among equally good candidates prefer the same letter in the renumbered section."""
    parent = parent_of(old_id)
    mapped = section_map.get(parent or "", None)
    letter = _letter(old_id)

    def key(rid: str):
        same_slot = mapped is not None and rid == f"{mapped}{letter}" and letter
        return (rid != old_id, not same_slot, _letter(rid) != letter, rule_sort_key(rid))

    return sorted(ids, key=key)[0]


def _split_partner(new: RulesText, matcher: _Matcher, ref: str, rid: str, target: str,
                   score: float) -> tuple[str, float] | None:
    """The sibling that, with the rule now at `rid`, holds `ref` better than any single rule
    (one sub-rule split in two: the number keeps the first part, the next one is new)."""
    parent = parent_of(rid)
    siblings = list(new.children(parent)) if parent else []
    if rid not in siblings or siblings.index(rid) + 1 >= len(siblings):
        return None
    partner = siblings[siblings.index(rid) + 1]
    if target not in (rid, partner):
        return None
    joined = new.rules[rid].text + " " + new.rules[partner].text
    together = difflib.SequenceMatcher(None, normalize(joined).split(" "), normalize(ref).split(" "),
                                       autojunk=False).ratio()
    return (partner, together) if together > score else None


def _group(citations: Iterable[Citation]) -> list[tuple[str, str | None, str | None, tuple[Citation, ...]]]:
    groups: dict[tuple[str, str | None], list[Citation]] = defaultdict(list)
    for c in citations:
        groups[(c.rule, c.fingerprint)].append(c)
    out = []
    for (rid, fp), cits in groups.items():
        text = next((c.text for c in cits if c.text is not None), None)
        out.append((rid, fp, text, tuple(cits)))
    out.sort(key=lambda g: (rule_sort_key(g[0]), g[1] or ""))
    return out


def _section_map_from_old(old: RulesText | None, new: RulesText) -> dict[str, str]:
    """Sections (702.32 "Kicker") whose heading text sits under another id in the new release."""
    if old is None:
        return {}
    by_text: dict[tuple[str | None, str], list[str]] = defaultdict(list)
    for rid, rule in new.rules.items():
        if new.children(rid):
            by_text[(rule.parent, normalize(rule.text))].append(rid)
    out = {}
    for rid, rule in old.rules.items():
        if not old.children(rid):
            continue
        cands = by_text.get((rule.parent, normalize(rule.text)), [])
        if len(cands) == 1 and cands[0] != rid:
            out[rid] = cands[0]
    return out


def analyze(
    new: RulesText,
    citations: Iterable[Citation],
    *,
    old: RulesText | None = None,
    threshold: float = DEFAULT_THRESHOLD,
    stated_sections: Iterable[str] = (),
    cited_sections: bool = False,
) -> DriftReport:
    """Classify every cited rule against release `new`.

    `old`, when given, is the release the spec was checked against: it supplies the old texts
    of cited rules that carry only a fingerprint (for word diffs and similarity) and the
    sections' old titles. `stated_sections` are extra section ids whose sub-rules must be covered;
    `cited_sections` also claims every cited id that has sub-rules (a cite of 601.2 claims 601.2a..).
    """
    matcher = _Matcher(new)
    groups = _group(citations)
    section_map: dict[str, str] = _section_map_from_old(old, new)
    decided: dict[int, DriftItem] = {}

    def old_text_for(rid: str, fp: str | None, text: str | None) -> str | None:
        if text is not None:
            return text
        if old is not None and rid in old.rules and fp is not None and fingerprint(old.rules[rid].text) == fp:
            return old.rules[rid].text
        return None

    def item(status, rid, new_id, conf, basis, old_text, cits, changed):
        rule = new.rules.get(new_id) if new_id else None
        new_text = rule.text if rule else None
        diff = word_diff(old_text, new_text) if (changed and old_text is not None and new_text is not None) else None
        return DriftItem(
            status=status, rule=rid, new_rule=new_id, confidence=None if conf is None else round(conf, 3),
            basis=basis, text_changed=changed, old_text=old_text, new_text=new_text,
            new_fingerprint=fingerprint(new_text) if new_text is not None else None, diff=diff, citations=cits,
        )

    # Pass 1: everything decidable from a fingerprint or a text.
    pending: list[int] = []
    for index, (rid, fp, text, cits) in enumerate(groups):
        current = new.rules.get(rid)
        if fp is None:
            if current is not None:
                decided[index] = item(UNVERIFIED, rid, rid, None, "no fingerprint recorded", None, cits, False)
            else:
                decided[index] = item(GONE, rid, None, None, f"no rule {rid} in this release", None, cits, False)
            continue
        if current is not None and fingerprint(current.text) == fp:
            decided[index] = item(UNCHANGED, rid, rid, None, "same text", old_text_for(rid, fp, text), cits, False)
            continue
        same = matcher.by_fp.get(fp, [])
        if same:
            target = _pick(same, rid, section_map)
            decided[index] = item(MOVED, rid, target, 1.0, "same text (fingerprint)",
                                  old_text_for(rid, fp, text), cits, False)
            continue
        ref = old_text_for(rid, fp, text)
        if ref is None:
            pending.append(index)
            continue
        candidates = matcher.best(ref, threshold)
        if current is not None and all(c[1] != rid for c in candidates):
            r = matcher.ratio(ref, rid)
            if r >= threshold:
                candidates.append((r, rid))
        if not candidates and current is not None:
            # Rewritten in place: its number stays and its old text went nowhere else, so it is
            # the same rule with a new text (a maintainer reviews the diff and accepts it).
            r = matcher.ratio(ref, rid)
            decided[index] = item(CHANGED, rid, rid, None,
                                  f"text rewritten under the same number (similarity {r:.3f}, below the "
                                  f"{threshold:.2f} threshold; the old text is nowhere else)", ref, cits, True)
            continue
        if not candidates:
            near = matcher.best(ref, 0.5)[:1]
            hint = f"; nearest {near[0][1]} at {near[0][0]:.2f}" if near else ""
            decided[index] = item(GONE, rid, None, None, f"no text with similarity >= {threshold:.2f}{hint}",
                                  ref, cits, False)
            continue
        top = max(c[0] for c in candidates)
        close = [c[1] for c in candidates if c[0] >= top - 0.02]
        target = _pick(close, rid, section_map)
        score = next(c[0] for c in candidates if c[1] == target)
        split = _split_partner(new, matcher, ref, rid, target, score) if current is not None else None
        if split is not None:
            partner, together = split
            decided[index] = item(CHANGED, rid, rid, None,
                                  f"split: its text is now {rid} and {partner} (similarity {together:.3f} "
                                  f"together); {partner} is new", ref, cits, True)
            continue
        if target == rid:
            decided[index] = item(CHANGED, rid, rid, None, f"text changed (similarity {score:.3f})", ref, cits, True)
        else:
            decided[index] = item(MOVED, rid, target, score, f"most similar text (similarity {score:.3f})",
                                  ref, cits, True)

    # Section renumbering evidence from the moves found so far (702.32x -> 702.33x).
    votes: dict[str, Counter] = defaultdict(Counter)
    for it in decided.values():
        if it.new_rule and _letter(it.rule) and _letter(it.rule) == _letter(it.new_rule):
            votes[parent_of(it.rule)][parent_of(it.new_rule)] += 1
    for section, counter in votes.items():
        if section not in section_map:
            target, n = counter.most_common(1)[0]
            if target != section:
                section_map[section] = target

    # Pass 2: fingerprint-only citations whose text changed and whose old text is unknown.
    for index in pending:
        rid, fp, text, cits = groups[index]
        parent = parent_of(rid) or ""
        letter = _letter(rid)
        mapped = section_map.get(parent)
        slot = f"{mapped}{letter}" if mapped and letter else None
        if slot and slot in new.rules:
            counter = votes.get(parent)
            total = sum(counter.values()) if counter else 0
            conf = (counter[mapped] / total) if total else 0.9
            evidence = f"{counter[mapped]} of {total} cited sub-rules" if total else "same section title"
            decided[index] = item(
                MOVED, rid, slot, conf * 0.9,
                f"same letter in renumbered section {parent} -> {mapped} ({evidence}); text differs, old text unknown",
                None, cits, True,
            )
        elif rid in new.rules:
            decided[index] = item(CHANGED, rid, rid, None, "fingerprint differs; old text unknown (pass --old)",
                                  None, cits, True)
        else:
            decided[index] = item(GONE, rid, None, None, f"no rule {rid} and no rule with the same text",
                                  None, cits, False)

    # A number that now holds another cited rule's text (the sub-rule before it was deleted and the
    # chain closed up: 702.33f's text now at 702.33e) was not rewritten in place: its rule is gone.
    # Known texts: every citation's recorded fingerprint, and the old release's other rules.
    known: dict[str, str] = {}
    for rid, fp, _text, _cits in groups:
        if fp is not None:
            known.setdefault(fp, rid)
    if old is not None:
        for rid, rule in old.rules.items():
            known.setdefault(fingerprint(rule.text), rid)
    for index, it in list(decided.items()):
        if it.status != CHANGED or it.new_fingerprint is None:
            continue
        holder = known.get(it.new_fingerprint)
        if holder is None or holder == it.rule:
            continue
        decided[index] = item(GONE, it.rule, None, None,
                              f"{it.rule} now holds the text of {holder} (the chain closed up); no rule has "
                              f"{it.rule}'s text", it.old_text, it.citations, False)

    items = tuple(decided[i] for i in range(len(groups)))
    uncovered = _uncovered(new, items, stated_sections, cited_sections)
    return DriftReport(
        effective_date=new.effective_date, source=new.source, items=items, uncovered=uncovered,
        threshold=threshold, section_moves=dict(sorted(section_map.items(), key=lambda kv: rule_sort_key(kv[0]))),
    )


def _uncovered(
    new: RulesText, items: tuple[DriftItem, ...], stated_sections: Iterable[str], cited_sections: bool
) -> tuple[Uncovered, ...]:
    """Sub-rules of the sections the spec states (its rule entries' sections) that nobody cites."""
    covered = {it.new_rule for it in items if it.new_rule}
    sections: set[str] = set()
    for it in items:
        target = it.new_rule
        if not target:
            continue
        if any(c.role == "rule" and c.claims_section for c in it.citations):
            parent = parent_of(target)
            if parent and "." in parent:
                sections.add(parent)
            if new.children(target):
                sections.add(target)
        elif cited_sections and new.children(target):
            sections.add(target)
    sections.update(s for s in stated_sections if s in new.rules)
    out = []
    for section in sorted(sections, key=rule_sort_key):
        for child in new.children(section):
            if child not in covered:
                out.append(Uncovered(rule=child, section=section, text=new.rules[child].text))
    return tuple(out)
