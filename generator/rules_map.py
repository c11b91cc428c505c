"""The rules map: a status for every numbered rule of a Comprehensive Rules release.

Why: the spec states a few hundred rules; a release has over three thousand. The map
(spec/rules-map/<n>-<title>.yaml, one file per CR section 1-9) says for each of the others
whether the suite plans it (with an issue or a reason), leaves it out on purpose
(`not-applicable`: multiplayer, tournament, casual variants the protocol does not model) or
finds nothing to test in it (`informative`: definitions, examples, headings). `covered` is
never written: it is derived from the spec, so the map can never claim coverage the suite
does not have.

Resolution, for each numbered rule of the release (702.11, 702.11b; headings such as 702 are
titles, not rules):

1. covered when a spec entry's `rule` or `cites`, or a scenario or property step's
   `expect.rule`, names it (the citations drift reads, generator/drift_update.py
   `citations_of`, plus the rule a step's refusal cites). Entries' `aliases` are the numbers a
   rule had in older releases (Kicker's 702.32a is Fading's sub-rule today), so they cover
   nothing;
2. else the most specific map entry selecting it: a sub-rule (702.11b) over a rule (702.11,
   which also selects 702.11a..) over a heading (702, which selects 702.1..702.190b), a range
   (702.2-702.9) counting as its endpoints' kind; then the file's `default`;
3. else it has no status. So has a rule of another release that the map's own release
   (`rules_version`) does not have: a new release's new sub-rules land here until a maintainer
   classifies them and moves `rules_version`.

Problems, as located spec issues: two entries of the same kind selecting one rule (two
statuses), an entry selecting a rule the release does not have, an entry that decides nothing
because the spec covers everything it selects (a hand-written status on a covered rule), and
a rule without status. Reading and checking are here; the commands are
mtg_conformance/commands/validate.py and coverage.py.
"""

from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from pathlib import Path
from typing import Any, Iterable, Iterator, Mapping

from generator.rules_text import RulesText, RulesTextError, load_rules, rule_sort_key
from generator.schema_issues import schema_issues
from generator.spec_errors import SpecIssue
from generator.spec_schema import SCHEMA_DIR
from generator.yaml_source import YamlDoc, read_yaml

__all__ = [
    "COVERED", "PLANNED", "NOT_APPLICABLE", "INFORMATIVE", "WITHOUT", "STATUSES",
    "MapEntry", "RulesMap", "Resolution", "covered_rules", "read_rules_map", "check_rules_map",
    "resolve", "release_for", "load_release", "coverage_table", "format_table", "as_json", "readme_section",
    "titles_of", "totals", "repository_figures", "numbered_rules",
]

COVERED, PLANNED, NOT_APPLICABLE, INFORMATIVE, WITHOUT = (
    "covered", "planned", "not-applicable", "informative", "without status")
STATUSES = (COVERED, PLANNED, NOT_APPLICABLE, INFORMATIVE, WITHOUT)
MAP_DIR = "rules-map"
SCHEMA = "rules-map.schema.json"
HEADER = f"# yaml-language-server: $schema=../schema/{SCHEMA}"
RELEASES = Path("shared") / "data" / "comprehensive-rules"  # next to the checkout, as drift's tests find it
_FILE_NAME = re.compile(r"^(?P<section>[1-9])-[a-z0-9]+(-[a-z0-9]+)*\.yaml$")
_ID = re.compile(r"^(?P<heading>\d{3})(?:\.(?P<number>\d+)(?P<letters>[a-z]*))?$")

HEADING, RULE, SUB_RULE = 1, 2, 3  # how specific a selector is (the file default is 0)


@lru_cache(maxsize=None)
def level_of(rule_id: str) -> int:
    m = _ID.match(rule_id)
    if not m or m.group("number") is None:
        return HEADING
    return SUB_RULE if m.group("letters") else RULE


@lru_cache(maxsize=None)
def ancestor(rule_id: str, level: int) -> str:
    """702.11b at HEADING -> 702, at RULE -> 702.11, at SUB_RULE -> 702.11b."""
    if level == HEADING:
        return rule_id.split(".", 1)[0]
    if level == RULE:
        m = _ID.match(rule_id)
        return f"{m.group('heading')}.{m.group('number')}" if m else rule_id
    return rule_id


_sort_key = lru_cache(maxsize=None)(rule_sort_key)  # the map asks about the same ids thousands of times


def _parent(rule_id: str, level: int) -> str:
    """What a selector's range stays under: the section for headings, the heading, the rule."""
    return rule_id[0] if level == HEADING else ancestor(rule_id, level - 1)


@dataclass(frozen=True)
class MapEntry:
    """One hand-written status: what it selects, the status, and where it is written."""

    selector: str  # "702", "702.11", "702.11b", "702.2-702.9"; "" for a file's default
    status: str
    issue: str | None
    reason: str | None
    path: str
    line: int
    column: int
    field: str  # formatted field path, e.g. entries[3].rules

    @cached_property
    def level(self) -> int:
        return level_of(self.low) if self.selector else 0

    @cached_property
    def low(self) -> str:
        return self.selector.split("-", 1)[0]

    @cached_property
    def high(self) -> str:
        return self.selector.split("-", 1)[-1]

    @cached_property
    def parent(self) -> str:
        return _parent(self.low, self.level) if self.selector else ""

    def selects(self, rule_id: str) -> bool:
        """True when this entry's selector names `rule_id` or one of its ancestors."""
        if not self.selector:
            return True
        if level_of(rule_id) < self.level:
            return False
        mine = ancestor(rule_id, self.level)
        if self.low == self.high:
            return mine == self.low
        if _parent(mine, self.level) != self.parent:
            return False
        return _sort_key(self.low) <= _sort_key(mine) <= _sort_key(self.high)

    def issue_at(self, message: str) -> SpecIssue:
        return SpecIssue(self.path, self.line, self.column, self.field, message)

    @property
    def why(self) -> str:
        return self.issue or self.reason or ""


@dataclass(frozen=True)
class MapFile:
    path: str
    section: int
    title: str
    rules_version: str
    default: MapEntry | None
    entries: tuple[MapEntry, ...]
    line_of_entries: int = 1


@dataclass(frozen=True)
class RulesMap:
    """Every file of spec/rules-map/, by section."""

    files: tuple[MapFile, ...]
    directory: str = ""

    @property
    def rules_version(self) -> str | None:
        versions = {f.rules_version for f in self.files}
        return versions.pop() if len(versions) == 1 else None

    def file_for(self, section: str) -> MapFile | None:
        return next((f for f in self.files if str(f.section) == section), None)


@dataclass(frozen=True)
class Resolution:
    """The status of one numbered rule, and what decided it."""

    rule: str
    status: str
    entry: MapEntry | None = None  # the map entry (hand-written statuses)
    covered_by: str | None = None  # "spec/rules/kicker.yaml: kicker/..." (covered)


# --------------------------------------------------------------------------- covered


def _step_rules(steps: Any) -> Iterator[str]:
    """Every `expect.rule` in a scenario's or property's steps (a refusal's cited rule). The
    schema keeps `expect` at the top of a step (an action's arguments are closed objects), so
    only the steps themselves are looked at."""
    for step in steps if isinstance(steps, (list, tuple)) else ():
        expect = step.get("expect") if isinstance(step, Mapping) else None
        if isinstance(expect, Mapping) and isinstance(expect.get("rule"), str):
            yield expect["rule"]


def covered_rules(spec) -> dict[str, str]:
    """Rule id -> the first spec entry that names it ("spec/rules/x.yaml: entry-id"), for a loaded
    generator.model.Spec: an entry's `rule` and `cites` (what drift reads as citations) and
    its scenarios' and properties' `expect.rule`. Aliases are old numbers and cover nothing."""
    out: dict[str, str] = {}
    for spec_file in spec.files:
        for entry in spec_file.entries:
            where = f"{entry.file}: {entry.id}"
            ids = [entry.rule] if entry.rule else []
            ids += list(entry.cites)
            for item in (*entry.scenarios, *entry.properties):
                ids += list(_step_rules(item.steps))
            for rid in ids:
                out.setdefault(str(rid), where)
    return out


# --------------------------------------------------------------------------- reading


def _rel(path: Path, base: Path) -> str:
    try:
        return path.resolve().relative_to(base).as_posix()
    except ValueError:
        return path.as_posix()


def _entry(doc: YamlDoc, at: tuple, data: Mapping, selector: str) -> MapEntry:
    line, column = doc.position(at + ("rules",) if selector else at)
    from generator.spec_errors import format_field_path

    return MapEntry(selector=selector, status=data["status"], issue=data.get("issue"), reason=data.get("reason"),
                    path=doc.relpath, line=line, column=column,
                    field=format_field_path(at + (("rules",) if selector else ())))


def read_rules_map(spec_root: Path, schema_dir: Path | None = None) -> tuple[RulesMap | None, list[SpecIssue]]:
    """The map of `spec_root`/rules-map (None when the spec has no map), and its shape problems:
    YAML, schema, file names, selectors outside the file's section, ranges, two entries of the
    same kind selecting the same rules. Needs no release."""
    spec_root = Path(spec_root)
    directory = spec_root / MAP_DIR
    if not directory.is_dir():
        return None, []
    base = spec_root.resolve().parent
    schema_path = (Path(schema_dir) if schema_dir else SCHEMA_DIR) / SCHEMA
    issues: list[SpecIssue] = []
    files: list[MapFile] = []
    sections: dict[int, str] = {}
    for odd in sorted(directory.glob("*.yml")):
        issues.append(SpecIssue(_rel(odd, base), 0, 0, "", "rules map files must end in .yaml"))
    for path in sorted(p for p in directory.glob("*.yaml") if p.is_file()):
        doc = read_yaml(path, _rel(path, base))
        issues.extend(doc.issues)
        if doc.data is None:
            continue
        if doc.first_line != HEADER:
            issues.append(SpecIssue(doc.relpath, 1, 1, "", f"the first line must be '{HEADER}'"))
        shape = schema_issues(doc, schema_path)
        issues.extend(shape)
        data = doc.data
        if shape and not _usable_top(data):
            continue
        bad = {issue.field for issue in shape}
        name = _FILE_NAME.match(path.name)
        if not name or int(name.group("section")) != data["section"]:
            issues.append(doc.issue(("section",), f"file {path.name} holds section {data['section']}: name it "
                                                  f"{data['section']}-<title>.yaml"))
        if data["section"] in sections:
            issues.append(doc.issue(("section",), f"section {data['section']} is also mapped in "
                                                  f"{sections[data['section']]}"))
        sections.setdefault(data["section"], doc.relpath)
        default = None
        if "default" in data and not any(f == "default" or f.startswith("default.") for f in bad):
            default = _entry(doc, ("default",), data["default"], "")
        entries = []
        for i, item in enumerate(data["entries"]):
            if any(f == f"entries[{i}]" or f.startswith(f"entries[{i}].") for f in bad):
                continue  # reported by the schema
            entry = _entry(doc, ("entries", i), item, item["rules"])
            problem = _selector_problem(entry, data["section"])
            if problem:
                issues.append(entry.issue_at(problem))
            else:
                entries.append(entry)
        issues.extend(_overlaps(entries))
        files.append(MapFile(path=doc.relpath, section=data["section"], title=data["title"],
                             rules_version=data["rules_version"], default=default, entries=tuple(entries),
                             line_of_entries=doc.position(("entries",), key=True)[0]))
    versions = {f.rules_version for f in files}
    if len(versions) > 1:
        for f in files:
            issues.append(SpecIssue(f.path, 0, 0, "rules_version",
                                    f"the map's files name different releases ({', '.join(sorted(versions))}): "
                                    "one map describes one release"))
    return RulesMap(files=tuple(sorted(files, key=lambda f: f.section)), directory=_rel(directory, base)), issues


def _usable_top(data: Any) -> bool:
    """A file whose schema problems are inside its entries: its other entries are still checked."""
    return (isinstance(data, dict) and isinstance(data.get("section"), int) and 1 <= data["section"] <= 9
            and isinstance(data.get("entries"), list) and isinstance(data.get("rules_version"), str)
            and isinstance(data.get("title"), str))


def _selector_problem(entry: MapEntry, section: int) -> str | None:
    low, high = entry.low, entry.high
    if level_of(low) != level_of(high):
        return f"range {entry.selector}: both ends must be headings, rules or sub-rules alike"
    if _parent(low, entry.level) != _parent(high, entry.level):
        under = ("section", "heading", "rule")[entry.level - 1]
        return f"range {entry.selector}: both ends must be under the same {under}"
    if rule_sort_key(low) > rule_sort_key(high):
        return f"range {entry.selector}: the first end comes after the second"
    if low[0] != str(section):
        return f"{entry.selector} is not in section {section}: map it in spec/{MAP_DIR}/{low[0]}-*.yaml"
    return None


def _overlaps(entries: list[MapEntry]) -> Iterator[SpecIssue]:
    """Two entries of the same kind selecting the same rules give those rules two statuses."""
    groups: dict[tuple[int, str], list[MapEntry]] = defaultdict(list)
    for entry in entries:
        groups[(entry.level, entry.parent)].append(entry)
    for group in groups.values():
        group.sort(key=lambda e: (rule_sort_key(e.low), e.line))
        reach: MapEntry | None = None  # the entry reaching furthest so far
        for entry in group:
            if reach is not None and rule_sort_key(entry.low) <= rule_sort_key(reach.high):
                first, second = sorted((reach, entry), key=lambda e: (e.line, e.column))
                both = _common(first, second)
                yield second.issue_at(
                    f"{both} would have two statuses: {second.status} here and {first.status} from "
                    f"{first.selector} (line {first.line}); give each rule one")
            if reach is None or rule_sort_key(entry.high) > rule_sort_key(reach.high):
                reach = entry


def _common(a: MapEntry, b: MapEntry) -> str:
    low = max(a.low, b.low, key=rule_sort_key)
    high = min(a.high, b.high, key=rule_sort_key)
    return low if low == high else f"{low}-{high}"


# --------------------------------------------------------------------------- resolving


def numbered_rules(release: RulesText) -> list[str]:
    """The rules a status is given to: every dotted id (702.11, 702.11b), not the headings."""
    return [rid for rid in release.rules if "." in rid]


def resolve(rules_map: RulesMap | None, release: RulesText, covered: Mapping[str, str],
            known: Iterable[str] | None = None) -> dict[str, Resolution]:
    """The status of every numbered rule of `release` (see the module docstring).

    `known`: the numbered rules of the release the map describes, when `release` is another one.
    The map's statuses were chosen for those rules; a rule they do not include (a new release's
    new sub-rule) has no status, even under a heading or default that would select it, until a
    maintainer classifies it and moves the map's `rules_version` to the new release."""
    out: dict[str, Resolution] = {}
    by_section = {str(f.section): f for f in rules_map.files} if rules_map else {}
    known = set(known) if known is not None else None
    for rid in numbered_rules(release):
        if rid in covered:
            out[rid] = Resolution(rid, COVERED, covered_by=covered[rid])
            continue
        if known is not None and rid not in known:
            out[rid] = Resolution(rid, WITHOUT)
            continue
        map_file = by_section.get(rid[0])
        best = _best(map_file, rid) if map_file else None
        out[rid] = Resolution(rid, best.status, entry=best) if best else Resolution(rid, WITHOUT)
    return out


def _best(map_file: MapFile, rid: str) -> MapEntry | None:
    found = [e for e in map_file.entries if e.selects(rid)]
    if found:
        return max(found, key=lambda e: e.level)
    return map_file.default


def check_rules_map(rules_map: RulesMap, release: RulesText, covered: Mapping[str, str]) -> list[SpecIssue]:
    """The map against its release: unknown rules, hand-written statuses on covered rules,
    entries deciding nothing, rules without status, sections without a file."""
    issues: list[SpecIssue] = []
    known = set(release.rules)
    for map_file in rules_map.files:
        for entry in map_file.entries:
            missing = [end for end in dict.fromkeys((entry.low, entry.high)) if end not in known]
            if missing:
                issues.append(entry.issue_at(
                    f"no rule {' or '.join(missing)} in the release of {release.effective_date} "
                    f"({Path(release.source).name})"))
    resolved = resolve(rules_map, release, covered)
    decided: dict[int, int] = defaultdict(int)
    for res in resolved.values():
        if res.entry is not None:
            decided[id(res.entry)] += 1
    numbered = numbered_rules(release)
    for map_file in rules_map.files:
        for entry in map_file.entries:
            if decided[id(entry)] or entry.low not in known or entry.high not in known:
                continue
            selected = [rid for rid in numbered if entry.selects(rid)]
            cited = [rid for rid in selected if rid in covered]
            if selected and len(cited) == len(selected):
                names = ", ".join(f"{rid} ({covered[rid]})" for rid in cited[:3])
                more = f" and {len(cited) - 3} more" if len(cited) > 3 else ""
                issues.append(entry.issue_at(
                    f"hand-written status {entry.status} for {entry.selector}, which the spec covers: "
                    f"{names}{more}; covered is derived, remove this entry"))
            elif selected:
                issues.append(entry.issue_at(
                    f"{entry.selector} decides nothing: more specific entries or the spec's citations give "
                    "each of its rules a status; remove it"))
    directory = rules_map.directory or f"spec/{MAP_DIR}"
    missing_sections: set[str] = set()
    for rid, res in resolved.items():
        if res.status != WITHOUT:
            continue
        map_file = rules_map.file_for(rid[0])
        if map_file is None:
            if rid[0] not in missing_sections:
                missing_sections.add(rid[0])
                count = sum(1 for r in resolved.values() if r.rule[0] == rid[0])
                issues.append(SpecIssue(directory, 0, 0, "", f"no file for section {rid[0]} ({rid[0]}-<title>.yaml): "
                                                             f"its {count} rules have no status"))
            continue
        issues.append(SpecIssue(map_file.path, map_file.line_of_entries, 1, "entries",
                                f"{rid} has no status: no entry selects it and the spec does not cover it"))
    return issues


def release_for(spec_root: Path, rules_version: str) -> Path:
    """Where the release a map names is expected: ../shared/data/comprehensive-rules/
    MagicCompRules-<date>.txt beside the checkout holding `spec_root`."""
    return Path(spec_root).resolve().parent.parent / RELEASES / f"MagicCompRules-{rules_version}.txt"


def load_release(path: Path, rules_version: str | None) -> RulesText:
    """A release, checked to be the one the map names; RulesTextError otherwise."""
    release = load_rules(path)
    if rules_version is not None and release.effective_date != rules_version:
        raise RulesTextError(f"{path}: the release of {release.effective_date}, but the rules map describes "
                             f"the release of {rules_version}")
    return release


# --------------------------------------------------------------------------- the table


@dataclass
class Counts:
    key: str  # "7" or "702"
    title: str
    counts: dict[str, int] = field(default_factory=lambda: {s: 0 for s in STATUSES})
    rules: list[Counts] = field(default_factory=list)  # per heading (sections only)

    @property
    def total(self) -> int:
        return sum(self.counts.values())


def coverage_table(release: RulesText, resolved: Mapping[str, Resolution],
                   titles: Mapping[str, str] | None = None) -> list[Counts]:
    """Per section (1-9) and per heading (100, 702, ...) the count of each status."""
    titles = titles or {}
    sections: dict[str, Counts] = {}
    headings: dict[str, Counts] = {}
    for rid in release.rules:
        if "." in rid:
            continue
        section = sections.setdefault(rid[0], Counts(rid[0], titles.get(rid[0], f"Section {rid[0]}")))
        headings[rid] = Counts(rid, release.rules[rid].text)
        section.rules.append(headings[rid])
    for rid, res in resolved.items():
        heading = rid.split(".", 1)[0]
        if heading not in headings:  # a rule under no heading line: count it in its section
            sections.setdefault(rid[0], Counts(rid[0], titles.get(rid[0], f"Section {rid[0]}")))
            headings[heading] = Counts(heading, "")
            sections[rid[0]].rules.append(headings[heading])
        headings[heading].counts[res.status] += 1
        sections[rid[0]].counts[res.status] += 1
    return [sections[k] for k in sorted(sections)]


def totals(table: Iterable[Counts]) -> dict[str, int]:
    out = {s: 0 for s in STATUSES}
    for section in table:
        for status, n in section.counts.items():
            out[status] += n
    return out


_COLUMNS = ((COVERED, "covered"), (PLANNED, "planned"), (NOT_APPLICABLE, "n/a"), (INFORMATIVE, "informative"),
            (WITHOUT, "no status"))


def format_table(release: RulesText, table: list[Counts], resolved: Mapping[str, Resolution]) -> str:
    head = ["rules", "total"] + [label for _, label in _COLUMNS]
    rows: list[list[str]] = []
    for section in table:
        rows.append([f"{section.key}. {section.title}", str(section.total)]
                    + [str(section.counts[s]) for s, _ in _COLUMNS])
        for rule in section.rules:
            if rule.total:
                rows.append([f"  {rule.key} {rule.title}"[:44], str(rule.total)]
                            + [str(rule.counts[s]) for s, _ in _COLUMNS])
    t = totals(table)
    rows.append(["all", str(sum(t.values()))] + [str(t[s]) for s, _ in _COLUMNS])
    widths = [max(len(r[i]) for r in rows + [head]) for i in range(len(head))]

    def line(cells: list[str]) -> str:
        return "  ".join(c.ljust(widths[0]) if i == 0 else c.rjust(widths[i]) for i, c in enumerate(cells)).rstrip()

    out = [f"Comprehensive Rules of {release.effective_date} ({Path(release.source).name}): "
           f"{sum(t.values())} numbered rules", "", line(head)]
    out += [line(r) for r in rows]
    without = [rid for rid, res in resolved.items() if res.status == WITHOUT]
    out.append("")
    if without:
        out.append(f"without status ({len(without)}): {' '.join(without)}")
        out.append("classify them in spec/rules-map/ (planned, not-applicable or informative; for rules new in "
                   "this release, also move the map's rules_version to it) or cover them in the spec")
    else:
        out.append("every numbered rule has a status")
    return "\n".join(out)


def as_json(release: RulesText, table: list[Counts], resolved: Mapping[str, Resolution]) -> dict:
    def counts(c: Counts) -> dict:
        return {"total": c.total, **{s.replace(" ", "_").replace("-", "_"): n for s, n in c.counts.items()}}

    return {
        "release": release.effective_date,
        "source": Path(release.source).name,
        "totals": counts(Counts("all", "", totals(table))),
        "sections": [{"section": s.key, "title": s.title, **counts(s),
                      "rules": [{"rule": r.key, "title": r.title, **counts(r)} for r in s.rules]}
                     for s in table],
        "without_status": [rid for rid, res in resolved.items() if res.status == WITHOUT],
    }


def titles_of(rules_map: RulesMap | None) -> dict[str, str]:
    return {str(f.section): f.title for f in rules_map.files} if rules_map else {}


# --------------------------------------------------------------------------- README

BEGIN = "<!-- rules-coverage:begin (generated by python -m generator.rules_map) -->"
END = "<!-- rules-coverage:end -->"


def readme_section(release: RulesText, table: list[Counts]) -> str:
    """The README's "How much of the rules the suite covers" figures (tests/test_rules_map.py
    compares the README with this)."""
    t = totals(table)
    total = sum(t.values())
    lines = [
        BEGIN,
        f"Of the {total} numbered rules and sub-rules of the Comprehensive Rules of {release.effective_date}, "
        f"the spec covers {t[COVERED]} (an entry states or cites them, or a step's refusal names them); "
        f"{t[PLANNED]} are planned, {t[NOT_APPLICABLE]} are out of scope with a reason (multiplayer, "
        f"tournament and casual-variant rules the protocol does not model) and {t[INFORMATIVE]} are "
        f"informative (definitions and general statements). The statuses are data in `spec/rules-map/` "
        f"(`mtg-conformance coverage --rules FILE` prints them per rule).",
        "",
        "| section | rules | covered | planned | not applicable | informative | without status |",
        "| --- | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    for s in table:
        lines.append(f"| {s.key}. {s.title} | {s.total} | {s.counts[COVERED]} | {s.counts[PLANNED]} | "
                     f"{s.counts[NOT_APPLICABLE]} | {s.counts[INFORMATIVE]} | {s.counts[WITHOUT]} |")
    lines.append(f"| all | {total} | {t[COVERED]} | {t[PLANNED]} | {t[NOT_APPLICABLE]} | {t[INFORMATIVE]} | "
                 f"{t[WITHOUT]} |")
    lines.append(END)
    return "\n".join(lines)


def repository_figures(spec_root: Path) -> tuple[RulesText, list[Counts], dict[str, Resolution]]:
    """The table for the repository's spec and map against the release the map names."""
    from generator.loader import load_spec

    spec = load_spec(spec_root)
    rules_map, problems = read_rules_map(spec_root)
    if rules_map is None or problems or rules_map.rules_version is None:
        raise ValueError(f"{spec_root}: no readable rules map")
    release = load_release(release_for(spec_root, rules_map.rules_version), rules_map.rules_version)
    resolved = resolve(rules_map, release, covered_rules(spec))
    return release, coverage_table(release, resolved, titles_of(rules_map)), resolved


def main() -> None:  # pragma: no cover - prints the README section
    root = SCHEMA_DIR.parent
    release, table, _ = repository_figures(root)
    print(readme_section(release, table))


if __name__ == "__main__":  # pragma: no cover
    main()
