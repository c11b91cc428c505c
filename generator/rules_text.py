"""Parse a Comprehensive Rules plain-text file as Wizards of the Coast publishes it.

Why: rules drift (generator/drift.py) compares the rules the spec cites with a new CR
release. Wizards' files come in several encodings (UTF-8 with or without BOM, UTF-16 with
BOM, Windows-1252) and line-ending styles (CRLF, LF, bare CR), and carry a table of contents,
a glossary and credits that must not be mistaken for rules. This module turns such a file into
an immutable `RulesText`: the effective date and every rule id (``702``, ``702.33``,
``702.33a``) with its text, its examples and its parent.
"""

from __future__ import annotations

import codecs
import datetime as _dt
import re
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Mapping

from mtg_adapter.errors import InputError

__all__ = [
    "Rule",
    "RulesText",
    "RulesTextError",
    "decode_rules_bytes",
    "load_rules",
    "parse_rules",
    "rule_sort_key",
]

# "702.33a Text", "100.1. Text", "119.1d. Text" (a stray dot), "606.5 Text" (a missing one).
_RULE_LINE = re.compile(r"^(?P<id>\d{3}\.\d+[a-z]*)\.?\s+(?P<text>\S.*)$")
# "702. Keyword Abilities"
_HEADING_LINE = re.compile(r"^(?P<id>\d{3})\.\s+(?P<text>\S.*)$")
# "7. Additional Rules"
_SECTION_LINE = re.compile(r"^\d\.\s+\S.*$")
_EXAMPLE_LINE = re.compile(r"^Example:")
_EFFECTIVE = re.compile(r"effective as of\s+(?P<date>[A-Z][a-z]+\s+\d{1,2},\s*\d{4})")
_END_OF_RULES = {"Glossary", "Credits"}
_LINE_BREAK = re.compile(r"\r\n|\r|\n")


class RulesTextError(InputError, ValueError):
    """The file is not a Comprehensive Rules text (empty, binary, undecodable, no rules)."""


@dataclass(frozen=True)
class Rule:
    """One numbered rule: its id, its own text (examples excluded), its examples, its parent."""

    id: str
    text: str
    examples: tuple[str, ...] = ()
    parent: str | None = None
    line: int = 0  # 1-based line number in the file, for messages

    @property
    def letter(self) -> str:
        """The sub-rule letter(s) ("a" for 702.33a), "" for a numbered rule or heading."""
        m = re.match(r"^\d{3}\.\d+([a-z]*)$", self.id)
        return m.group(1) if m else ""


@dataclass(frozen=True)
class RulesText:
    """A parsed CR release. `rules` keeps document order and is read-only."""

    effective_date: str  # ISO date, e.g. "2026-06-19"
    rules: Mapping[str, Rule]
    source: str = ""
    warnings: tuple[str, ...] = ()
    _children: Mapping[str, tuple[str, ...]] = field(default_factory=lambda: MappingProxyType({}), repr=False,
                                                     compare=False)

    @property
    def numbered_rule_count(self) -> int:
        """Rules with a dotted number (100.1, 702.33a): what the README counts."""
        return sum(1 for rid in self.rules if "." in rid)

    def children(self, rule_id: str) -> tuple[str, ...]:
        """Direct sub-rules of `rule_id` in document order (702.33 -> 702.33a..h)."""
        return self._children.get(rule_id, ())


def rule_sort_key(rule_id: str) -> tuple:
    """Sort rule ids numerically: 702.9 < 702.10 < 702.10a."""
    m = re.match(r"^(\d+)(?:\.(\d+)([a-z]*))?$", rule_id)
    if not m:
        return (10**9, 0, rule_id)
    return (int(m.group(1)), int(m.group(2) or -1), m.group(3) or "")


def parent_of(rule_id: str) -> str | None:
    """702.33a -> 702.33 -> 702 -> None."""
    m = re.match(r"^(\d{3}\.\d+)[a-z]+$", rule_id)
    if m:
        return m.group(1)
    m = re.match(r"^(\d{3})\.\d+$", rule_id)
    if m:
        return m.group(1)
    return None


def decode_rules_bytes(data: bytes, source: str = "<bytes>") -> str:
    """Decode a CR file: BOM (UTF-8/UTF-16) first, then strict UTF-8, then Windows-1252."""
    if not data:
        raise RulesTextError(f"{source}: empty file, not a Comprehensive Rules text")
    if data.startswith(codecs.BOM_UTF8):
        return _decode(data[len(codecs.BOM_UTF8):], "utf-8", source)
    if data.startswith(codecs.BOM_UTF16_LE) or data.startswith(codecs.BOM_UTF16_BE):
        return _decode(data, "utf-16", source)
    if b"\x00" in data:
        raise RulesTextError(f"{source}: binary data (NUL bytes), not a Comprehensive Rules text")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        pass
    return _decode(data, "cp1252", source)


def _decode(data: bytes, encoding: str, source: str) -> str:
    try:
        text = data.decode(encoding)
    except UnicodeDecodeError as exc:
        raise RulesTextError(
            f"{source}: cannot decode as {encoding} (byte {exc.start}): not a Comprehensive Rules text"
        ) from None
    if "\x00" in text:
        raise RulesTextError(f"{source}: binary data (NUL characters), not a Comprehensive Rules text")
    return text


def load_rules(path: str | Path) -> RulesText:
    """Read and parse a CR file; raises RulesTextError with the file name on bad input."""
    path = Path(path)
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise RulesTextError(f"{path}: cannot read: {exc.strerror or exc}") from None
    return parse_rules(decode_rules_bytes(data, str(path)), source=str(path))


def _effective_date(lines: list[str], source: str) -> str:
    for number, line in enumerate(lines[:200], start=1):
        m = _EFFECTIVE.search(line)
        if m:
            raw = re.sub(r"\s*,\s*", ", ", re.sub(r"\s+", " ", m.group("date")))
            try:
                return _dt.datetime.strptime(raw, "%B %d, %Y").date().isoformat()
            except ValueError:
                raise RulesTextError(f"{source}:{number}: unreadable effective date {m.group('date')!r}") from None
    raise RulesTextError(f"{source}: no 'These rules are effective as of ...' line, not a Comprehensive Rules text")


def _body_start(lines: list[str]) -> int | None:
    """Index of the first line of the rules proper (after the table of contents).

    The contents list headings only; the body is where the first dotted rule appears, backed up
    over the section and heading lines ("1. Game Concepts", "100. General") right above it.
    """
    first = next((i for i, line in enumerate(lines) if _RULE_LINE.match(line)), None)
    if first is None:
        return None
    start = first
    i = first - 1
    while i >= 0:
        stripped = lines[i].strip()
        if not stripped:
            i -= 1
            continue
        if _HEADING_LINE.match(stripped) or _SECTION_LINE.match(stripped):
            start = i
            i -= 1
            continue
        break
    return start


def parse_rules(text: str, source: str = "<text>") -> RulesText:
    """Parse decoded CR text into a RulesText (see module docstring)."""
    if text.startswith("\ufeff"):
        text = text[1:]
    if not text.strip():
        raise RulesTextError(f"{source}: empty file, not a Comprehensive Rules text")
    lines = _LINE_BREAK.split(text)
    start = _body_start(lines)
    if start is None:
        raise RulesTextError(f"{source}: no numbered rule lines (like '100.1. ...'), not a Comprehensive Rules text")
    effective = _effective_date(lines, source)

    order: list[str] = []
    texts: dict[str, list[str]] = {}
    examples: dict[str, list[str]] = {}
    line_of: dict[str, int] = {}
    warnings: list[str] = []
    current: str | None = None  # rule receiving continuation lines
    last_was_example = False

    for index in range(start, len(lines)):
        raw = lines[index]
        stripped = raw.strip()
        if not stripped:
            continue
        if stripped in _END_OF_RULES:
            break
        m = _RULE_LINE.match(stripped) or _HEADING_LINE.match(stripped)
        if m and not raw[:1].isspace():
            rid = m.group("id")
            if rid in texts:
                warnings.append(f"{source}:{index + 1}: duplicate rule {rid} ignored (first at line {line_of[rid]})")
                current = None
                continue
            order.append(rid)
            texts[rid] = [m.group("text").strip()]
            examples[rid] = []
            line_of[rid] = index + 1
            current = rid
            last_was_example = False
            continue
        if _SECTION_LINE.match(stripped) and not raw[:1].isspace():
            current = None
            continue
        if current is None:
            continue
        if _EXAMPLE_LINE.match(stripped):
            examples[current].append(stripped)
            last_was_example = True
        elif last_was_example and raw[:1].isspace():
            examples[current][-1] += "\n" + stripped
        else:
            texts[current].append(stripped)
            last_was_example = False

    if not order:
        raise RulesTextError(f"{source}: no numbered rule lines, not a Comprehensive Rules text")

    rules: dict[str, Rule] = {}
    children: dict[str, list[str]] = {}
    for rid in order:
        parent = parent_of(rid)
        rules[rid] = Rule(
            id=rid,
            text="\n".join(texts[rid]),
            examples=tuple(examples[rid]),
            parent=parent,
            line=line_of[rid],
        )
        if parent is not None:
            children.setdefault(parent, []).append(rid)
    return RulesText(
        effective_date=effective,
        rules=MappingProxyType(rules),
        source=source,
        warnings=tuple(warnings),
        _children=MappingProxyType({k: tuple(v) for k, v in children.items()}),
    )
