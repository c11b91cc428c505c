"""Spec problems as data: where (file, line, column, field path) and what.

Why separate: the loader, the `validate` command and the tests all need the same formatting
(``spec/rules/kicker.yaml:41:9: entries[3].scenarios[1].steps[0].cast.kicks: message``), and a
single exception type that carries every problem at once.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Iterable, Sequence

from mtg_adapter.errors import InputError

_IDENT = re.compile(r"^[A-Za-z_][A-Za-z0-9_-]*$")


def format_field_path(parts: Iterable[str | int]) -> str:
    """``['entries', 3, 'cast', '+1/+1']`` -> ``entries[3].cast["+1/+1"]``."""
    out = ""
    for part in parts:
        if isinstance(part, int):
            out += f"[{part}]"
        elif _IDENT.match(part):
            out += f".{part}" if out else part
        else:
            out += '["' + part.replace("\\", "\\\\").replace('"', '\\"') + '"]'
    return out


@dataclass(frozen=True, order=True)
class SpecIssue:
    """One problem: `path` (posix, e.g. 'spec/rules/kicker.yaml'), 1-based `line`/`column`
    (0 when unknown), `field` (formatted field path, '' for the whole file) and `message`."""

    path: str
    line: int
    column: int
    field: str
    message: str

    def __str__(self) -> str:
        where = self.path
        if self.line:
            where += f":{self.line}:{self.column}"
        return f"{where}: {self.field}: {self.message}" if self.field else f"{where}: {self.message}"


class SpecError(InputError):
    """Raised by `load_spec` with every problem found (`errors`, sorted by place)."""

    def __init__(self, errors: Sequence[SpecIssue]):
        self.errors: list[SpecIssue] = sorted(set(errors))
        super().__init__("\n".join(str(e) for e in self.errors))
