"""The one comparator: judges an engine's view against a step's partial expectation.

Every component (pytest plugin, smoke command, certification) judges through this module so
that "pass" means the same thing everywhere. Rules (ADAPTERS.md section 8):

- dicts match when every key *given in the expectation* is present and matches;
- lists match when they have the same length and each item matches in order;
- scalars match when equal, where booleans never equal numbers (`true` is not `1`);
- in a `counters` map a kind expected at 0 also matches an absent kind, so that "no +1/+1
  counters" can be expected (`counters: {"+1/+1": 0}`) whether or not an engine lists zeros;
- an empty mapping below the top expects an empty one: `counters: {}` means no counters (every
  kind absent or 0), `divide: {}` no division. Read as "any keys" it would assert nothing.

`compare(..., partial=False)` is the exact form used for `illegal: true` (the view after a
rejected step must equal the view before it, in full).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

_IDENT = re.compile(r"^[A-Za-z_][A-Za-z0-9_-]*$")
_MISSING = object()


@dataclass(frozen=True)
class Difference:
    """One mismatch: where (a readable path), what was expected and what was observed.

    `kind` is one of "value" (different scalars), "type" (different JSON types),
    "missing" (key absent from the observation), "extra" (key absent from the expectation,
    exact comparisons only) and "length" (lists of different lengths).
    """

    path: str
    expected: Any
    observed: Any
    kind: str

    def __str__(self) -> str:
        return format_difference(self)


def _join(path: str, key: Any) -> str:
    if isinstance(key, int):
        return f"{path}[{key}]"
    key = str(key)
    if _IDENT.match(key):
        return f"{path}.{key}" if path else key
    return f"{path}[{json.dumps(key)}]"


def _kind(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, (int, float)):
        return "number"
    if isinstance(value, str):
        return "string"
    if isinstance(value, (list, tuple)):
        return "list"
    if isinstance(value, dict):
        return "object"
    return type(value).__name__


def _is_counter_map(path: str) -> bool:
    return path == "counters" or path.endswith(".counters")


def _scalar_equal(expected: Any, observed: Any) -> bool:
    if _kind(expected) != _kind(observed):
        return False
    return expected == observed


def compare(expected: Any, observed: Any, *, partial: bool = True, path: str = "") -> list[Difference]:
    """Return the differences between `expected` and `observed` (empty list: they match).

    With `partial=True` (the default) keys of `observed` that `expected` does not mention
    are ignored; with `partial=False` they are reported as "extra".
    """
    diffs: list[Difference] = []
    _compare(expected, observed, partial, path, diffs)
    return diffs


def _compare(expected: Any, observed: Any, partial: bool, path: str, out: list[Difference]) -> None:
    if isinstance(expected, dict):
        if not isinstance(observed, dict):
            out.append(Difference(path, expected, observed, "type"))
            return
        if not expected and path and partial:  # an empty mapping expects an empty one (counters: every kind 0)
            if any(not (_is_counter_map(path) and _scalar_equal(v, 0)) for v in observed.values()):
                out.append(Difference(path, expected, observed, "value"))
            return
        for key, value in expected.items():
            sub = _join(path, key)
            if key not in observed:
                if not (_is_counter_map(path) and _scalar_equal(value, 0)):
                    out.append(Difference(sub, value, _MISSING, "missing"))
            else:
                _compare(value, observed[key], partial, sub, out)
        if not partial:
            for key in observed:
                if key not in expected:
                    out.append(Difference(_join(path, key), _MISSING, observed[key], "extra"))
        return
    if isinstance(expected, (list, tuple)):
        if not isinstance(observed, (list, tuple)):
            out.append(Difference(path, expected, observed, "type"))
            return
        if len(expected) != len(observed):
            out.append(Difference(path, expected, observed, "length"))
            return
        for index, (exp, obs) in enumerate(zip(expected, observed)):
            _compare(exp, obs, partial, _join(path, index), out)
        return
    if not _scalar_equal(expected, observed):
        kind = "type" if _kind(expected) != _kind(observed) else "value"
        out.append(Difference(path, expected, observed, kind))


SHOWN_CHARS = 1000  # an engine's value shown in a failure message is cut here
SHOWN_DIFFERENCES = 50  # differences listed per failure (the rest are counted)


def cut(text: str, limit: int = SHOWN_CHARS) -> str:
    """`text` cut to `limit` characters, saying how long it was (reports stay small)."""
    return text if len(text) <= limit else text[:limit] + f"... ({len(text)} characters)"


def _show(value: Any) -> str:
    if value is _MISSING:
        return "nothing"
    return cut(json.dumps(value, sort_keys=False, ensure_ascii=False))


def format_difference(diff: Difference) -> str:
    """One line: `stack[0].times_kicked: expected 2, observed 1`."""
    where = diff.path or "(whole view)"
    if diff.kind == "missing":
        return f"{where}: expected {_show(diff.expected)}, observed nothing (key missing)"
    if diff.kind == "extra":
        return f"{where}: not expected, observed {_show(diff.observed)}"
    if diff.kind == "length":
        return (
            f"{where}: expected {len(diff.expected)} item(s), observed {len(diff.observed)}: "
            f"expected {_show(diff.expected)}, observed {_show(diff.observed)}"
        )
    return f"{where}: expected {_show(diff.expected)}, observed {_show(diff.observed)}"


def format_diff(differences: list[Difference], *, indent: str = "  ") -> str:
    """The differences, one per line, in the order found (deterministic), at most SHOWN_DIFFERENCES."""
    lines = [indent + format_difference(d) for d in differences[:SHOWN_DIFFERENCES]]
    if len(differences) > SHOWN_DIFFERENCES:
        lines.append(f"{indent}... and {len(differences) - SHOWN_DIFFERENCES} more difference(s)")
    return "\n".join(lines)


def check_illegal(result: dict, view_before: dict | None) -> list[str]:
    """Judge a step expected to be illegal; return problems (empty list: as expected).

    The answer must have status `illegal`, and its view must equal `view_before` in full.
    `view_before` is None when nothing is known about the state before the step (step 0
    of an engine that gave no `initial` view): then only the status is checked.
    """
    status = result.get("status")
    if status != "illegal":
        extra = ""
        if status == "ok":
            extra = " (the engine allowed the step)"
        elif status == "errored":
            extra = f": {cut(str(result.get('message', '')))}"
        return [f"expected the step to be illegal, engine answered status {status!r}{extra}"]
    if view_before is None:
        return []
    diffs = compare(view_before, result.get("view"), partial=False)
    if not diffs:
        return []
    return ["the step was rejected but the state changed (view after vs view before):", format_diff(diffs)]
