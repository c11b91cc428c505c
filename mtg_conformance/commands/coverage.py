"""`mtg-conformance coverage`: rules and rulings with their scenario and property counts.

Exits 1 when an entry has no scenario and no property (the spec claims something the suite
does not test), or when the spec does not load.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "coverage",
        help="table of rules/rulings and how many scenarios and properties test each",
        description="Show how many scenarios and properties test each rule and ruling of the spec.",
    )
    parser.add_argument("--spec", type=Path, default=Path("spec"), metavar="DIR",
                        help="spec directory (default: ./spec)")
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    from generator import coverage
    from generator.loader import load_spec
    from generator.spec_errors import SpecError

    if not args.spec.is_dir():
        print(f"error: spec directory {args.spec} does not exist", file=sys.stderr)
        return 1
    try:
        spec = load_spec(args.spec)
    except SpecError as exc:
        for issue in exc.errors:
            print(issue, file=sys.stderr)
        print(f"{len(exc.errors)} spec error(s)", file=sys.stderr)
        return 1
    table = coverage.rows(spec)
    if args.json:
        print(json.dumps(coverage.as_json(table), indent=2, sort_keys=True))
    else:
        print(coverage.format_table(table))
    return 1 if coverage.uncovered(table) else 0
