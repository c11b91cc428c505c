"""Reading the spec for a command: one place that turns a missing directory or spec errors
into located messages on stderr, so validate, generate and coverage report them alike."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Callable, TypeVar

T = TypeVar("T")


def load_or_report(spec_dir: Path, load: Callable[[Path], T], summary: str) -> T | None:
    """`load(spec_dir)`, or None after printing why it failed (`summary` formats the count `n`)."""
    from generator.spec_errors import SpecError

    if not spec_dir.is_dir():
        print(f"error: spec directory not found: {spec_dir} (use --spec DIR)", file=sys.stderr)
        return None
    try:
        return load(spec_dir)
    except SpecError as exc:
        for issue in exc.errors:
            print(issue, file=sys.stderr)
        print(summary.format(n=len(exc.errors)), file=sys.stderr)
        return None
