"""`mtg-conformance validate [--spec DIR]`: check the spec and report every problem at once.

Why a command: spec authors need one fast check with file:line:column and field for each
mistake before generating tests. Validation only reads; it never writes a file.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "validate",
        help="check the spec files against the schema and the cross-references",
        description="Validate spec/rules/*.yaml and spec/cards/*.yaml; print each problem as "
                    "file:line:column: field: message and exit 1, or print a summary and exit 0.",
    )
    parser.add_argument("--spec", type=Path, default=Path("spec"),
                        help="the spec directory (default: ./spec)")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    from generator.loader import SpecError, load_spec

    spec_dir: Path = args.spec
    if not spec_dir.is_dir():
        print(f"error: spec directory not found: {spec_dir} (use --spec DIR)", file=sys.stderr)
        return 1
    try:
        spec = load_spec(spec_dir)
    except SpecError as exc:
        for issue in exc.errors:
            print(issue, file=sys.stderr)
        print(f"{len(exc.errors)} problem(s) found", file=sys.stderr)
        return 1
    c = spec.counts()
    print(f"spec OK: {c['files']} files, {c['entries']} entries, {c['scenarios']} scenarios, "
          f"{c['properties']} properties, {c['cards']} cards")
    return 0
