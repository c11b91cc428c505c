"""Expectations files: an engine's known failures and skips, so CI fails on regressions only.

```yaml
- id: kicker/kicked-spell-is-one-spell::cancel-counters-kicked-spell
  status: fail                      # strict xfail: if the test passes, the run fails (XPASS(strict))
  issue: https://example.org/engine/issues/12
  note: counters the copy only
  upstream: https://example.org/engine/issues/12   # optional: the engine's own issue for this bug
- prefix: kaleidoscorch/            # every test whose stable id starts with this
  status: skip
  issue: not implemented yet
- feature: sticker-kicker           # every test with this feature tag
  status: skip
  issue: no stickers
```

Loaded with yaml.safe_load semantics, checked against `schema/expectations.schema.json`;
every error names the file, the line and the field. An `id`/`prefix` entry that matches no
collected test is an error too (a renamed test must not silently drop its expectation).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Iterable

import jsonschema
import yaml

from mtg_adapter.errors import InputError
from mtg_adapter.yaml_bounds import YamlBoundError, compose_bounded


class ExpectationError(InputError, ValueError):
    """A malformed expectations file; the message names file, line and field."""


@dataclass(frozen=True)
class Expectation:
    status: str
    issue: str
    note: str | None
    id: str | None
    prefix: str | None
    feature: str | None
    file: str
    line: int
    upstream: str | None = None  # the engine's own public issue reporting the same bug

    def matches(self, test_id: str, features: list[str]) -> bool:
        if self.id is not None:
            return test_id == self.id
        if self.prefix is not None:
            return test_id.startswith(self.prefix)
        return self.feature in features

    def describe_unmatched(self) -> str:
        key, value = ("id", self.id) if self.id is not None else ("prefix", self.prefix)
        return f"{self.file}:{self.line}: expectation {key} {value!r} matches no collected test"


class Expectations:
    def __init__(self, entries: list[Expectation]):
        self.entries = entries

    def match(self, test_id: str, features: list[str]) -> Expectation | None:
        """The first entry (in file order) that applies to the test."""
        for entry in self.entries:
            if entry.matches(test_id, features):
                return entry
        return None

    def unmatched(self, test_ids: list[str]) -> list[Expectation]:
        """`id`/`prefix` entries that match none of `test_ids`."""
        return [
            e for e in self.entries
            if e.feature is None and not any(e.matches(t, []) for t in test_ids)
        ]


def _schema() -> dict:
    text = resources.files("mtg_adapter").joinpath("schema", "expectations.schema.json").read_text("utf-8")
    return json.loads(text)


SHOWN = 300  # characters of a schema message (it quotes the offending value) shown


def _field(error: jsonschema.ValidationError) -> str:
    path = list(error.absolute_path)[1:]
    if error.validator == "maxLength" and path:
        return f"field {'.'.join(map(str, path))!r}: longer than {error.validator_value:,} characters " \
               f"({len(error.instance):,})"
    if error.validator == "additionalProperties":
        return "unknown field: " + error.message
    if error.validator == "required" and isinstance(error.instance, dict):
        missing = [k for k in error.validator_value if k not in error.instance]
        return f"missing field {missing[0]!r}" if missing else error.message
    if error.validator == "oneOf" and not path:
        return "an entry needs exactly one of 'id', 'prefix', 'feature'"
    message = error.message if len(error.message) <= SHOWN else error.message[:SHOWN] + "..."
    return (f"field {'.'.join(map(str, path))!r}: " if path else "") + message


def load_expectations(path: str | Path, known_features: Iterable[str] | None = None) -> Expectations:
    """Parse and check an expectations file (raises ExpectationError).

    `known_features`: the feature tags the suite knows; a `feature:` entry naming another
    tag would silently match nothing, so it is an error (None: not checked).
    """
    name = str(path)
    try:
        raw = Path(path).read_bytes()
    except OSError as exc:
        raise ExpectationError(f"{name}: cannot read expectations file: {exc.strerror}") from None
    try:
        text = raw.decode("utf-8").removeprefix("\ufeff")
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        raise ExpectationError(f"{name}:{line}: not UTF-8 text: {exc.reason} at byte {exc.start} "
                               f"({raw[exc.start:exc.start + 1]!r}); save the file as UTF-8") from None
    try:
        node, data = compose_bounded(text)
    except YamlBoundError as exc:  # too large, or aliases that would expand without end
        mark = exc.problem_mark
        raise ExpectationError(f"{name}:{mark.line + 1}:{mark.column + 1}: not valid YAML: {exc.problem}") from None
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        if mark is None and isinstance(getattr(exc, "position", None), int):  # a forbidden character
            where = f"{name}:{text.count(chr(10), 0, exc.position) + 1}"
        else:
            where = f"{name}:{mark.line + 1}" if mark else name
        problem = getattr(exc, "problem", None) or getattr(exc, "reason", None) or exc
        raise ExpectationError(f"{where}: not valid YAML: {problem}") from None
    except RecursionError:
        raise ExpectationError(f"{name}: not valid YAML: nested too deeply") from None
    if data is None:
        return Expectations([])
    lines = [item.start_mark.line + 1 for item in node.value] if isinstance(node, yaml.SequenceNode) else []
    validator = jsonschema.Draft202012Validator(_schema())
    errors = sorted(validator.iter_errors(data), key=lambda e: list(map(str, e.absolute_path)))
    if errors:
        messages = []
        for error in errors:
            path = list(error.absolute_path)
            if path and isinstance(path[0], int) and path[0] < len(lines):
                messages.append(f"{name}:{lines[path[0]]}: entry {path[0] + 1}: {_field(error)}")
            else:
                messages.append(f"{name}:1: expected a list of entries: {error.message[:SHOWN]}")
        raise ExpectationError("\n".join(messages))
    entries = [
        Expectation(
            status=item["status"], issue=item["issue"], note=item.get("note"),
            id=item.get("id"), prefix=item.get("prefix"), feature=item.get("feature"),
            file=name, line=lines[i] if i < len(lines) else 1, upstream=item.get("upstream"),
        )
        for i, item in enumerate(data)
    ]
    messages = _duplicates(entries) + _unknown_features(entries, known_features)
    if messages:
        raise ExpectationError("\n".join(message for _, message in sorted(messages)))
    return Expectations(entries)


def _selector(entry: Expectation) -> tuple[str, str]:
    for key in ("id", "prefix", "feature"):
        if getattr(entry, key) is not None:
            return key, getattr(entry, key)
    raise AssertionError("the schema requires one selector")  # pragma: no cover


def _duplicates(entries: list[Expectation]) -> list[tuple[int, str]]:
    """A second entry for the same id, prefix or feature never applies (the first one wins)."""
    first: dict[tuple[str, str], tuple[int, Expectation]] = {}
    messages = []
    for number, entry in enumerate(entries, start=1):
        key = _selector(entry)
        if key in first:
            other_number, other = first[key]
            messages.append((entry.line, f"{entry.file}:{entry.line}: entry {number}: duplicate {key[0]} {key[1]!r} "
                                         f"(first in entry {other_number}, line {other.line}); remove one"))
        else:
            first[key] = (number, entry)
    return messages


def _unknown_features(entries: list[Expectation], known: Iterable[str] | None) -> list[tuple[int, str]]:
    if known is None:
        return []
    known = sorted(set(known))
    return [
        (e.line, f"{e.file}:{e.line}: entry {number}: unknown feature {e.feature!r} (known: {', '.join(known)})")
        for number, e in enumerate(entries, start=1) if e.feature is not None and e.feature not in known
    ]

