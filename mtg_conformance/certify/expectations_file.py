"""Expectations files (docs/RUNNING.md section 4) written from a run's results.json.

`fresh`: one `id` entry per failing test (fail, error, expected failure), each with the placeholder
issue "TODO: describe" and its first failure line as the note.

`update`: an existing file brought up to date with a run, edited as a YAML round trip
(ruamel.yaml) so its comments and every kept entry's issue and note stay as written:
- a `fail` entry whose tests in the run all pass (pass, or unexpectedly passing) is removed;
- a failing test no entry covers is added at the end with the placeholder issue;
- `skip` entries, and entries the run has no test of (a shard, --rerun-failed), are kept;
- a `prefix`/`feature` `fail` entry covering both passing and failing tests is kept and reported
  (strict xfail turns its passing tests into regressions: split it by hand).
"""

from __future__ import annotations

import io
from dataclasses import dataclass, field
from pathlib import Path

from ruamel.yaml import YAML
from ruamel.yaml.comments import CommentedMap, CommentedSeq

from mtg_adapter.expectations import load_expectations
from mtg_conformance.certify.summary import first_line

PLACEHOLDER = "TODO: describe"
FAILING = ("fail", "error", "expected-failure")
PASSING = ("pass", "unexpectedly-passing")
NOTE_CHARS = 200


@dataclass
class Update:
    text: str
    kept: int = 0
    added: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)  # "id X" / "prefix X" / "feature X"
    mixed: list[str] = field(default_factory=list)  # entries with passing and failing tests


def _yaml() -> YAML:
    yaml = YAML(typ="rt")
    yaml.indent(mapping=2, sequence=2, offset=0)
    yaml.width = 4096
    yaml.preserve_quotes = True
    return yaml


def _entry(test: dict) -> CommentedMap:
    entry = CommentedMap()
    entry["id"] = test["id"]
    entry["status"] = "fail"
    entry["issue"] = PLACEHOLDER
    note = first_line(test.get("message") or "", test["id"])[:NOTE_CHARS]
    if note:
        entry["note"] = note
    return entry


def _dump(data) -> str:
    stream = io.StringIO()
    _yaml().dump(data, stream)
    return stream.getvalue()


def fresh(doc: dict) -> str:
    failing = [t for t in doc["tests"] if t["outcome"] in FAILING]
    head = (f"# Known failures of {doc['engine']['name']} {doc['engine']['version']}, written by "
            "`mtg-conformance expectations` from a certification run.\n"
            f"# Replace each issue \"{PLACEHOLDER}\" with a link or a sentence (docs/RUNNING.md section 4).\n")
    return head + (_dump(CommentedSeq(_entry(t) for t in failing)) if failing else "[]\n")


def _selector(entry) -> str:
    for key in ("id", "prefix", "feature"):
        if getattr(entry, key) is not None:
            return f"{key} {getattr(entry, key)}"
    return "?"  # pragma: no cover - the schema requires one


def _trailing_comment(item) -> tuple[object, str] | None:
    """The comment lines ruamel attached after an entry's last value (they belong, visually, to the
    next entry): (its token, the own-line comments after the first line)."""
    if not isinstance(item, CommentedMap) or not item:
        return None
    token = item.ca.items.get(list(item)[-1])
    if not token or len(token) < 3 or token[2] is None:
        return None
    text = token[2].value
    rest = text.split("\n", 1)[1] if "\n" in text else ""
    return token[2], rest


def update(path: Path, doc: dict) -> Update:
    """The updated file text and what changed (raises ExpectationError for a broken file)."""
    entries = load_expectations(path).entries
    yaml = _yaml()
    data = yaml.load(Path(path).read_text(encoding="utf-8").removeprefix("\ufeff"))
    if data is None:
        data = CommentedSeq()
    outcomes: dict[int, list[str]] = {i: [] for i in range(len(entries))}
    uncovered = []
    for test in doc["tests"]:
        index = next((i for i, e in enumerate(entries) if e.matches(test["id"], test["features"])), None)
        if index is None:
            if test["outcome"] in ("fail", "error"):
                uncovered.append(test)
        else:
            outcomes[index].append(test["outcome"])
    result = Update(text="")
    remove = []
    for index, entry in enumerate(entries):
        seen = outcomes[index]
        if entry.status == "fail" and seen and all(o in PASSING for o in seen):
            remove.append(index)
            result.removed.append(_selector(entry))
        elif entry.status == "fail" and any(o in PASSING for o in seen) and any(o in FAILING for o in seen):
            passing = sum(o in PASSING for o in seen)
            result.mixed.append(f"{_selector(entry)}: {passing} of its {len(seen)} tests now pass")
    for index in reversed(remove):
        moved = _trailing_comment(data[index])
        del data[index]
        if moved is not None and moved[1].strip():
            if index < len(data):  # the comment above the next entry stays above it
                data.yaml_set_comment_before_after_key(index, before="\n".join(
                    line.lstrip("# ").rstrip() for line in moved[1].strip().splitlines()))
    for test in uncovered:
        data.append(_entry(test))
        result.added.append(test["id"])
    result.kept = len(entries) - len(remove)
    result.text = _dump(data) if len(data) else "[]\n"
    return result
