"""Read the spec's citations for drift, and record drift results back into the spec files.

Why: drift (generator/drift.py) needs each entry's `rule`, `cites`, `fingerprints` and English
text; `--update` must then rewrite only what is safe (moved ids, fresh fingerprints,
`checked_against`, `rules_version`, accepted text changes) while keeping every comment, key
order, quote style and line layout of the hand-written YAML. ruamel.yaml round-trip does that;
files with nothing to change are never written, so they stay byte-identical.

Atomicity: all new file contents are computed (and re-parsed as a check) before anything is
written; generator.spec_journal then writes them all or none, even across a kill.
"""

from __future__ import annotations

import difflib
import functools
import io
import pickle
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable

from ruamel.yaml import YAML
from ruamel.yaml.comments import CommentedMap, CommentedSeq
from ruamel.yaml.error import YAMLError
from ruamel.yaml.scalarstring import DoubleQuotedScalarString, SingleQuotedScalarString

from generator.drift import CHANGED, MOVED, UNCHANGED, UNVERIFIED, Citation, DriftReport
from generator.fingerprint import fingerprint
from generator.rules_text import parent_of
from generator.yaml_source import describe_character, line_column
from mtg_adapter.errors import InputError
from mtg_adapter.yaml_bounds import safe_load_bounded

__all__ = ["SpecDocument", "SpecInputError", "citations_of", "read_spec", "plan_update"]

BOM = "\ufeff"
_LEADING_NUMBER = re.compile(r"^\s*\d{3}\.\d+[a-z]*\.?\s+")


class SpecInputError(InputError, ValueError):
    """A spec file the drift tool cannot read (names file, line and field)."""


@dataclass
class SpecDocument:
    """One spec YAML file: its path, original bytes and round-trip data."""

    path: Path
    original: bytes
    data: CommentedMap
    indent: tuple[int, int, int] = (2, 4, 2)
    display: str = ""

    @property
    def entries(self) -> list:
        entries = self.data.get("entries") if isinstance(self.data, dict) else None
        return entries if isinstance(entries, list) else []


def _yaml() -> YAML:
    yaml = YAML(typ="rt")
    yaml.preserve_quotes = True
    yaml.width = 1 << 20  # never re-wrap long lines
    yaml.brace_single_entry_mapping_in_flow_sequence = True  # keep `[a, {k: v}]` as written
    return yaml


@functools.lru_cache(maxsize=128)
def _parsed(text: str) -> bytes:
    return pickle.dumps(_yaml().load(text), protocol=pickle.HIGHEST_PROTOCOL)


def _load_round_trip(text: str):
    """ruamel's round-trip parse of `text`, a fresh copy on each call. One process often reads the
    same files again (a drift report, the update and the check after it; the project's tests run
    dozens), and ruamel parses slowly: a copy of a remembered parse (our own pickle of our own
    parse, never bytes from outside) costs a seventh of a parse and renders identically."""
    return pickle.loads(_parsed(text))


@functools.lru_cache(maxsize=128)
def _rendered_base(original: str, indent: tuple) -> str:
    """ruamel's rendering of an unchanged file (the base of `_dump`'s line diff), remembered."""
    yaml = _yaml()
    yaml.indent(mapping=indent[0], sequence=indent[1], offset=indent[2])
    buf = io.StringIO()
    yaml.dump(_load_round_trip(original), buf)
    return buf.getvalue()


def spec_files(spec_dir: Path) -> list[Path]:
    """`spec/rules/*.yaml` of a spec root, or `*.yaml` of a directory of rule files."""
    rules = spec_dir / "rules"
    base = rules if rules.is_dir() else spec_dir
    return sorted(base.glob("*.yaml"))


def read_spec(spec_dir: Path, only: set[str] | None = None) -> list[SpecDocument]:
    """Parse every spec rule file round-trip (with `only`, those whose display name it holds);
    SpecInputError names the file and line."""
    if not spec_dir.is_dir():
        raise SpecInputError(f"{spec_dir}: spec directory does not exist")
    docs = []
    for path in spec_files(spec_dir):
        if only is not None and str(path) not in only:
            continue
        raw = path.read_bytes()
        try:
            text = raw.decode("utf-8").removeprefix(BOM)  # a BOM is accepted (spec/README.md) and kept
            data = _load_round_trip(text)
        except UnicodeDecodeError as exc:
            raise SpecInputError(f"{path}: not UTF-8 (byte {exc.start})") from None
        except YAMLError as exc:
            mark = getattr(exc, "problem_mark", None)
            where = f":{mark.line + 1}" if mark is not None else ""
            problem = getattr(exc, "problem", None) or exc
            position, character = getattr(exc, "position", None), getattr(exc, "character", None)
            if mark is None and isinstance(position, int) and character is not None:  # a forbidden character
                line, column = line_column(text, position)
                where, problem = f":{line}:{column}", f"{describe_character(character)} is not allowed in YAML text"
            raise SpecInputError(f"{path}{where}: invalid YAML: {problem}") from None
        except RecursionError:
            raise SpecInputError(f"{path}: invalid YAML: nested too deeply") from None
        if not isinstance(data, CommentedMap):
            raise SpecInputError(f"{path}:1: a spec file must be a mapping with `entries`")
        docs.append(SpecDocument(path, raw, data, _layout(text), str(path)))
    return docs


def read_spec_quickly(spec_dir: Path) -> list[SpecDocument] | None:
    """The spec's rule files as plain data through libyaml (bounded), for runs that write nothing.

    Why: the round-trip reader keeps comments and positions that only `--update` needs, at ten
    times the cost. Returns None when a file does not read cleanly this way: the caller then
    uses `read_spec`, whose errors name the file and line."""

    if not spec_dir.is_dir():
        return None
    docs = []
    for path in spec_files(spec_dir):
        raw = path.read_bytes()
        try:
            data = safe_load_bounded(raw.decode("utf-8").removeprefix(BOM))
        except Exception:  # noqa: BLE001 - any trouble: the located reader explains it
            return None
        if not isinstance(data, dict):
            return None
        docs.append(SpecDocument(path, raw, data, (2, 4, 2), str(path)))
    return docs


_KEY_ONLY = re.compile(r"^(?P<indent> *)(?:- +)*[^\s#:-][^:#]*:\s*(?:#.*)?$")
_KEY_LINE = re.compile(r"^(?P<indent> *)[^\s#-][^:#]*:(?:\s|$)")


_SEQ_ITEM = re.compile(r"^(?P<dash> *)-(?P<gap> +)\S")


def _layout(text: str) -> tuple[int, int, int]:
    """(mapping, sequence, offset) indents for ruamel, as the file uses them.

    The mapping indent comes from the first key whose value is a nested block mapping
    (`text:` then `en:`); the sequence indent and dash offset from the first block
    sequence item under a key (`entries:` then `  - id:`).
    """
    lines = text.splitlines()
    mapping = sequence = offset = None
    for first, second in zip(lines, lines[1:]):
        a = _KEY_ONLY.match(first)
        if not a:
            continue
        start = len(first) - len(first.lstrip(" -"))
        b, item = _KEY_LINE.match(second), _SEQ_ITEM.match(second)
        if mapping is None and b and len(b.group("indent")) > start:
            mapping = len(b.group("indent")) - start
        if sequence is None and item and len(item.group("dash")) >= start:
            offset = len(item.group("dash")) - start
            sequence = offset + 1 + len(item.group("gap"))
        if mapping is not None and sequence is not None:
            break
    mapping = mapping or 2
    if sequence is None:
        sequence, offset = mapping + 2, 2
    return (mapping, max(sequence, offset + 2), offset)


def _line(node, key) -> int:
    try:
        return node.lc.key(key)[0] + 1
    except Exception:  # noqa: BLE001 - ruamel keeps no position for synthetic nodes
        return 0


def _rule_id(doc: SpecDocument, node, key, value) -> str:
    if not isinstance(value, str) or not re.fullmatch(r"\d{3}(\.\d+[a-z]*)?", value):
        raise SpecInputError(
            f"{doc.display}:{_line(node, key)}: field `{key}`: rule id {value!r} must be a quoted string "
            "like \"702.33d\""
        )
    return str(value)


def english_text(entry) -> str | None:
    """An entry's `text.en` without a leading rule number."""
    text = entry.get("text")
    en = text.get("en") if isinstance(text, dict) else None
    if not isinstance(en, str):
        return None
    return _LEADING_NUMBER.sub("", en, count=1)


def citations_of(docs: Iterable[SpecDocument]) -> list[Citation]:
    """Every (entry, rule id) the spec states or cites, with its reference fingerprint/text."""
    out: list[Citation] = []
    for doc in docs:
        for position, entry in enumerate(doc.entries):
            if not isinstance(entry, dict):
                raise SpecInputError(f"{doc.display}: entries[{position}] must be a mapping")
            eid = str(entry.get("id", f"entries[{position}]"))
            kind = str(entry.get("kind", ""))
            fps = entry.get("fingerprints") or {}
            if not isinstance(fps, dict):
                raise SpecInputError(f"{doc.display}:{_line(entry, 'fingerprints')}: "
                                     "field `fingerprints` must be a mapping")
            en = english_text(entry)
            claims = entry.get("covers_section") is not False
            seen: set[tuple[str, str]] = set()
            refs: list[tuple[str, str]] = []
            if "rule" in entry and entry["rule"] is not None:
                refs.append(("rule", _rule_id(doc, entry, "rule", entry["rule"])))
            cites = entry.get("cites") or []
            if not isinstance(cites, list):
                raise SpecInputError(f"{doc.display}:{_line(entry, 'cites')}: field `cites` must be a list")
            for value in cites:
                refs.append(("cite", _rule_id(doc, entry, "cites", value)))
            stated = refs[0][1] if refs and refs[0][0] == "rule" else None
            for role, rid in refs:
                if rid == stated and role == "cite":
                    continue  # a rule entry citing its own rule: one citation
                if (role, rid) in seen:
                    continue
                seen.add((role, rid))
                recorded = fps.get(rid)
                text = en if (role == "rule" and kind == "rule") else None
                if recorded is not None:
                    recorded = str(recorded)
                    if text is not None and fingerprint(text) != recorded:
                        text = None  # text.en was edited since; trust the fingerprint only
                    out.append(Citation(doc.display, eid, role, rid, recorded, text, True, kind, claims))
                elif text is not None:
                    out.append(Citation(doc.display, eid, role, rid, fingerprint(text), text, False, kind, claims))
                else:
                    out.append(Citation(doc.display, eid, role, rid, None, None, False, kind, claims))
    return out


# --------------------------------------------------------------------------- update


@dataclass
class UpdatePlan:
    """New contents per file (only files that change) and what was done, for the report."""

    contents: dict[Path, bytes] = field(default_factory=dict)
    actions: list[str] = field(default_factory=list)
    pending: list[str] = field(default_factory=list)
    touched: set[str] = field(default_factory=set)  # the files an update acts on (their display names)


def _like(old, new: str):
    """`new` as a scalar in the quote style of `old` (so layout survives)."""
    if isinstance(old, DoubleQuotedScalarString):
        return DoubleQuotedScalarString(new)
    if isinstance(old, SingleQuotedScalarString):
        return SingleQuotedScalarString(new)
    return new


def _quoted_id(rid: str):
    return DoubleQuotedScalarString(rid)


def _insert_at(entry, index: int, key: str, value) -> None:
    """Insert `key` at `index` of a round-trip mapping; in a plain one (a dry run on data the
    quick reader gave, where only whether something changes matters) just set it."""
    if isinstance(entry, CommentedMap):
        entry.insert(index, key, value)
    else:
        entry[key] = value


def _insert_before_body(entry: CommentedMap, key: str, value) -> None:
    keys = list(entry.keys())
    for anchor in ("scenarios", "properties"):
        if anchor in keys:
            _insert_at(entry, keys.index(anchor), key, value)
            return
    entry[key] = value


def _flow_map() -> CommentedMap:
    m = CommentedMap()
    m.fa.set_flow_style()
    return m


def _flow_seq() -> CommentedSeq:
    s = CommentedSeq()
    s.fa.set_flow_style()
    return s


def plan_update(docs: list[SpecDocument], report: DriftReport, accept: Iterable[str] = (),
                render: bool = True) -> UpdatePlan:
    """Apply the safe part of `report` to the documents in memory and render the changed files.

    Safe: unchanged and unverified rules get their fingerprint; a rule moved with the same text
    gets its new id (old id appended to a rule entry's `aliases`) and fingerprint; a moved or
    changed text is renumbered but its fingerprint (and a rule entry's `text.en`) only replaced
    when the maintainer accepts it (`accept`: old or new ids). `checked_against` is set on an
    entry, and `rules_version` on a file, only when nothing about them is left pending.
    `render=False` (a dry run, on data of any reader) only finds the files it would touch. The
    rendering base of a changed file is its original text's rendering (remembered, `_rendered_base`).
    """
    accept = set(accept)
    plan = UpdatePlan()
    date = report.effective_date
    # (file, entry id, role, old id) -> item
    by_citation = {}
    for item in report.items:
        for c in item.citations:
            by_citation[(c.file, c.entry, c.role, c.rule)] = item
    # A text-changed move into another section (not the rule's own, nor where its section was
    # renumbered) rests on similarity alone: it may be a deleted rule's nearest neighbour, so its
    # number is written only once the maintainer accepts it.
    unconfirmed = {item.rule for item in report.items if item.status == MOVED and item.new_rule
                   and item.text_changed and not _same_section(item.rule, item.new_rule, report.section_moves)
                   and item.rule not in accept and item.new_rule not in accept}
    moves = {item.rule: item.new_rule for item in report.items
             if item.status == MOVED and item.new_rule and item.rule not in unconfirmed}
    for doc in docs:
        file_pending = file_changed = False
        actions_before = len(plan.actions)
        title = doc.data.get("title")
        if isinstance(title, str) and renumber_text(title, moves) != title:
            doc.data["title"] = _like(title, renumber_text(title, moves))
            plan.actions.append(f"{doc.display}: title {title!r} -> {str(doc.data['title'])!r}")
            file_changed = True
        for entry in doc.entries:
            eid = str(entry.get("id"))
            kind = str(entry.get("kind", ""))
            refs = []
            if entry.get("rule") is not None:
                refs.append(("rule", str(entry["rule"])))
            for rid in entry.get("cites") or []:
                role = "rule" if (refs and refs[0] == ("rule", str(rid))) else "cite"
                refs.append((role, str(rid)))
            refs = list(dict.fromkeys(refs))
            held = _held_renames(doc.display, eid, refs, by_citation, moves)
            entry_moves = {old: new for old, new in moves.items() if old not in held}
            for where, old, new in _renumber_scenarios(entry, entry_moves):
                plan.actions.append(f"{doc.display}: {eid}: {where} rule {old} -> {new}")
            if not refs:
                continue
            old_fps: dict[str, str] = {str(k): str(v) for k, v in (entry.get("fingerprints") or {}).items()}
            new_fps: dict[str, str] = {}  # by the id each citation has after the update
            kept: dict[str, str] = {}  # fingerprints carried over unchanged (explicit ones win)
            renames: dict[str, str] = {}
            entry_pending = False
            for role, rid in refs:
                item = by_citation.get((doc.display, eid, role, rid))
                if item is None:
                    if rid in old_fps:
                        kept[rid] = old_fps[rid]
                    continue
                if item.status in (UNCHANGED, UNVERIFIED):
                    new_fps[rid] = item.new_fingerprint
                    continue
                if item.status == MOVED and (rid in held or rid in unconfirmed):
                    entry_pending = True
                    if rid in old_fps:
                        kept[rid] = old_fps[rid]
                    if rid in held:
                        plan.pending.append(f"{doc.display}: {eid}: {rid} -> {item.new_rule} not applied: "
                                            f"{held[rid]}; fix the entry by hand")
                    else:
                        plan.pending.append(f"{doc.display}: {eid}: {rid} -> {item.new_rule}? text changed and in "
                                            f"another section; accept with --accept {item.new_rule} "
                                            f"(or fix the entry by hand if {rid} is gone)")
                    continue
                if item.status == MOVED:
                    renames[rid] = item.new_rule
                    accepted = not item.text_changed or rid in accept or item.new_rule in accept
                    if accepted:
                        new_fps[item.new_rule] = item.new_fingerprint
                    else:
                        entry_pending = True
                        fp_now = old_fps.get(rid) or item.citations[0].fingerprint
                        if fp_now is not None:
                            new_fps[item.new_rule] = fp_now
                        plan.pending.append(f"{doc.display}: {eid}: {rid} -> {item.new_rule} text changed; "
                                            f"accept with --accept {item.new_rule}")
                    if accepted and item.text_changed and role == "rule" and kind == "rule":
                        if _set_english(entry, item.new_text):
                            plan.actions.append(f"{doc.display}: {eid}: text.en <- {item.new_rule}")
                    continue
                if item.status == CHANGED:
                    if rid in accept:
                        new_fps[rid] = item.new_fingerprint
                        if role == "rule" and kind == "rule" and _set_english(entry, item.new_text):
                            plan.actions.append(f"{doc.display}: {eid}: text.en <- {rid}")
                    else:
                        entry_pending = True
                        if rid in old_fps:
                            kept[rid] = old_fps[rid]
                        plan.pending.append(f"{doc.display}: {eid}: {rid} text changed; accept with --accept {rid}")
                    continue
                entry_pending = True  # gone
                if rid in old_fps:
                    kept[rid] = old_fps[rid]
                plan.pending.append(f"{doc.display}: {eid}: {rid} is gone from {date}; fix the entry by hand")
            for rid, fp in kept.items():
                new_fps.setdefault(rid, fp)
            changed = _apply_entry(entry, kind, renames, new_fps, refs, None if entry_pending else date)
            if changed:
                plan.actions.append(f"{doc.display}: {eid}: " + ", ".join(changed))
                file_changed = True
            file_pending = file_pending or entry_pending
        if not file_pending and "rules_version" in doc.data and str(doc.data["rules_version"]) != date:
            doc.data["rules_version"] = _like(doc.data["rules_version"], date)
            plan.actions.append(f"{doc.display}: rules_version -> {date}")
            file_changed = True
        if file_changed or len(plan.actions) > actions_before:
            plan.touched.add(doc.display)
        if not file_changed or not render:  # _apply_entry reports every change it makes: nothing to render
            continue
        new_bytes = _dump(doc)
        if new_bytes != doc.original:
            # must still parse, read as the spec loader reads it (libyaml, generator.loader): a
            # second round-trip parse of each changed file cost a third of an update's time
            safe_load_bounded(new_bytes.decode("utf-8").removeprefix(BOM))
            _check_only_drift_lines_changed(doc, new_bytes, moves)
            plan.contents[doc.path] = new_bytes
    return plan


def _same_section(old: str, new: str, section_moves) -> bool:
    parent = parent_of(old)
    return parent_of(new) in (parent, section_moves.get(parent or ""))


def _held_renames(display: str, eid: str, refs, by_citation, moves: dict[str, str]) -> dict[str, str]:
    """Renames in one entry that would make two of its citations one number (a deleted rule's
    number now holding the next rule, or two rules moved onto one), with the reason.

    Why: a cite list or `fingerprints` map holds each number once; writing the move would
    duplicate the number or silently drop the other citation (the gone rule's fingerprint)."""
    target = {}
    for role, rid in refs:
        item = by_citation.get((display, eid, role, rid))
        target[rid] = moves.get(rid, rid) if item is not None else rid
    held: dict[str, str] = {}
    while True:  # a held rename keeps its number, which can block the next one (a closed-up chain)
        claimed: dict[str, list[str]] = {}
        for rid, new in target.items():
            claimed.setdefault(new, []).append(rid)
        more = {}
        for new, rids in claimed.items():
            for rid in rids:
                if len(rids) > 1 and rid != new:
                    others = ", ".join(r for r in rids if r != rid)
                    more[rid] = f"{new} is still the number of {others} here"
        if not more:
            return held
        held.update(more)
        target.update({rid: rid for rid in more})


_DRIFT_KEYS = re.compile(r"^\s*(?:-\s+)?(rule|aliases|cites|fingerprints|checked_against|en|rules_version|title):\s")
_RULE_NUMBER = re.compile(r"(?<![\d.])(\d{3}\.\d+)([a-z]+)?(?:([-\u2013])([a-z]+))?(?![\w.])")


def renumber_text(text: str, moves: dict[str, str]) -> str:
    """Rule numbers in free text renumbered by `moves`; a range `702.33a-h` moves both ends."""

    def one(match: re.Match) -> str:
        base, first, dash, last = match.groups()
        start = moves.get(base + (first or ""), base + (first or ""))
        if not dash:
            return start
        end = moves.get(base + last, base + last)
        start_base, start_letter = re.match(r"(\d{3}\.\d+)([a-z]*)", start).groups()
        end_base, end_letter = re.match(r"(\d{3}\.\d+)([a-z]*)", end).groups()
        if start_base == end_base and start_letter and end_letter:
            return f"{start}{dash}{end_letter}"
        return f"{start}{dash}{end}"

    return _RULE_NUMBER.sub(one, text)


def _renumber_scenarios(entry, moves: dict[str, str]) -> list[tuple[str, str, str]]:
    """Renumber `rule:` values inside scenarios and properties (`expect: {illegal: true, rule: ...}`)
    and the claims' (`rule:` of a claim quoting a cited sub-rule), and the keys of `unclaimed_cites`."""
    changed = []

    def walk(node, where: str) -> None:
        if isinstance(node, dict):
            value = node.get("rule")
            if isinstance(value, str) and str(value) in moves:
                node["rule"] = _like(value, moves[str(value)])
                changed.append((where, str(value), moves[str(value)]))
            for key, child in node.items():
                walk(child, f"{where}.{key}")
        elif isinstance(node, list):
            for index, child in enumerate(node):
                walk(child, f"{where}[{index}]")

    for part in ("scenarios", "properties", "claims"):  # a claim's `rule` quotes a cited sub-rule
        items = entry.get(part)
        if isinstance(items, list):
            for index, item in enumerate(items):
                name = item.get("name", index) if isinstance(item, dict) else index
                walk(item, f"{part}[{name}]")
    unclaimed = entry.get("unclaimed_cites")
    if isinstance(unclaimed, dict):
        for key in [k for k in list(unclaimed.keys()) if str(k) in moves]:
            new_key = moves[str(key)]
            at = list(unclaimed.keys()).index(key)
            value = unclaimed.pop(key)
            if hasattr(unclaimed, "insert"):  # round-trip data: the key keeps its place and quoting
                unclaimed.insert(at, _like(key, new_key), value)
            else:
                unclaimed[new_key] = value
            changed.append(("unclaimed_cites", str(key), new_key))
    return changed


class LayoutError(SpecInputError):
    """Round-tripping would change a line the drift update has no business touching."""


def _check_only_drift_lines_changed(doc: SpecDocument, new_bytes: bytes, moves: dict[str, str] | None = None) -> None:
    """Refuse an update whose rendering touches any line but the drift fields' own lines
    (or lines whose only change is renumbered rules, such as a scenario's `rule:`)."""
    moves = moves or {}
    old_lines = doc.original.decode("utf-8").splitlines()
    new_lines = new_bytes.decode("utf-8").splitlines()
    matcher = difflib.SequenceMatcher(None, old_lines, new_lines, autojunk=False)
    for op, i1, i2, j1, j2 in matcher.get_opcodes():
        if op == "equal":
            continue
        renumbered = set()
        if op == "replace" and i2 - i1 == j2 - j1:
            renumbered = {k for k in range(i2 - i1) if renumber_text(old_lines[i1 + k], moves) == new_lines[j1 + k]}
        changed = [(i + 1, old_lines[i]) for i in range(i1, i2) if i - i1 not in renumbered]
        changed += [(j + 1, new_lines[j]) for j in range(j1, j2) if j - j1 not in renumbered]
        for number, line in changed:
            if not _DRIFT_KEYS.match(line):
                raise LayoutError(
                    f"{doc.display}:{number}: updating would also rewrite this line ({line.strip()[:60]!r}); "
                    "nothing written - update this file by hand"
                )


def _set_english(entry, new_text: str) -> bool:
    """Replace a rule entry's `text.en` by the accepted new rule text; True if it changed."""
    text = entry.get("text")
    if isinstance(text, dict) and "en" in text and str(text["en"]) != new_text:
        text["en"] = _like(text["en"], new_text)
        return True
    return False


def _apply_entry(entry, kind, renames, new_fps, refs, checked) -> list[str]:
    """Write ids, aliases, fingerprints and checked_against into one entry; say what changed."""
    changes = []
    if renames:
        if entry.get("rule") is not None and str(entry["rule"]) in renames:
            old = str(entry["rule"])
            entry["rule"] = _like(entry["rule"], renames[old])
            changes.append(f"rule {old} -> {renames[old]}")
            if kind == "rule":
                aliases = entry.get("aliases")
                if aliases is None:
                    aliases = _flow_seq()
                    keys = list(entry.keys())
                    _insert_at(entry, keys.index("rule") + 1, "aliases", aliases)
                if old not in [str(a) for a in aliases]:
                    aliases.append(_like(aliases[-1], old) if len(aliases) else old)
                    changes.append(f"alias {old}")
        cites = entry.get("cites")
        if cites:
            for i, value in enumerate(cites):
                if str(value) in renames:
                    cites[i] = _like(value, renames[str(value)])
                    changes.append(f"cites {value} -> {renames[str(value)]}")
    current_ids = [renames.get(rid, rid) for _, rid in refs]
    wanted = {rid: new_fps[rid] for rid in dict.fromkeys(current_ids) if rid in new_fps}
    fps = entry.get("fingerprints")
    if fps is None:
        if wanted:
            fps = _flow_map()
            for rid, fp in wanted.items():
                fps[_quoted_id(rid)] = DoubleQuotedScalarString(fp)
            _insert_before_body(entry, "fingerprints", fps)
            changes.append("fingerprints recorded")
    else:
        before = {str(k): str(v) for k, v in fps.items()}
        if before != wanted:
            old_keys = {str(k): k for k in fps}
            for key in list(fps.keys()):
                if str(key) not in wanted:
                    del fps[key]
            for rid, fp in wanted.items():
                if rid in old_keys:
                    if str(fps[old_keys[rid]]) != fp:
                        fps[old_keys[rid]] = _like(fps[old_keys[rid]], fp)
                else:
                    fps[_quoted_id(rid)] = DoubleQuotedScalarString(fp)
            changes.append("fingerprints updated")
    if checked is not None and str(entry.get("checked_against", "")) != checked:
        if "checked_against" in entry:
            entry["checked_against"] = _like(entry["checked_against"], checked)
        else:
            keys = list(entry.keys())
            if "fingerprints" in keys:
                _insert_at(entry, keys.index("fingerprints") + 1, "checked_against", DoubleQuotedScalarString(checked))
            else:
                _insert_before_body(entry, "checked_against", DoubleQuotedScalarString(checked))
        changes.append(f"checked_against {checked}")
    return changes


def _dump_data(doc: SpecDocument, data) -> str:
    yaml = _yaml()
    mapping, sequence, offset = doc.indent
    yaml.indent(mapping=mapping, sequence=sequence, offset=offset)
    buf = io.StringIO()
    yaml.dump(data, buf)
    return buf.getvalue()


def _dump(doc: SpecDocument) -> bytes:
    """The updated file: ruamel's rendering where it reproduces the file exactly, else a patch.

    ruamel does not keep every layout detail (it joins flow collections written over several
    lines, for one). So the changes are taken as a line diff between ruamel's rendering of
    the untouched file and of the updated one, and that diff is applied to the original
    text, line for line; whatever ruamel would re-render elsewhere never reaches the file.
    """
    text = doc.original.decode("utf-8")
    bom = BOM if text.startswith(BOM) else ""
    original = text.removeprefix(BOM)
    new = _dump_data(doc, doc.data)
    base = _rendered_base(original, tuple(doc.indent))
    eol = "\r\n" if "\r\n" in original else "\n"
    if base == original:
        return (bom + new).encode("utf-8")
    return (bom + _patch(doc, original, base, new, eol)).encode("utf-8")


def _patch(doc: SpecDocument, original: str, base: str, new: str, eol: str) -> str:
    orig_lines = original.splitlines(keepends=True)
    orig_keys = [line.rstrip("\r\n") for line in orig_lines]
    base_lines = base.splitlines()
    new_lines = new.splitlines()
    where: dict[int, int] = {}  # base line -> original line, for identical lines
    for a, b, size in difflib.SequenceMatcher(None, base_lines, orig_keys, autojunk=False).get_matching_blocks():
        for k in range(size):
            where[a + k] = b + k
    edits = []
    for op, i1, i2, j1, j2 in difflib.SequenceMatcher(None, base_lines, new_lines, autojunk=False).get_opcodes():
        if op == "equal":
            continue
        if i2 > i1:
            mapped = [where.get(i) for i in range(i1, i2)]
            if None in mapped or mapped != list(range(mapped[0], mapped[0] + len(mapped))):
                raise LayoutError(f"{doc.display}:{i1 + 1}: cannot place the update in this file's layout; "
                                  "nothing written - update this file by hand")
            start, end = mapped[0], mapped[-1] + 1
        elif i1 - 1 in where:
            start = end = where[i1 - 1] + 1
        elif i1 in where:
            start = end = where[i1]
        else:
            raise LayoutError(f"{doc.display}:{i1 + 1}: cannot place the update in this file's layout; "
                              "nothing written - update this file by hand")
        edits.append((start, end, [line + eol for line in new_lines[j1:j2]]))
    for start, end, lines in sorted(edits, key=lambda e: (e[0], e[1]), reverse=True):
        if start == len(orig_lines) and orig_lines and not orig_lines[-1].endswith(("\n", "\r")):
            orig_lines[-1] += eol
        orig_lines[start:end] = lines
    return "".join(orig_lines)
