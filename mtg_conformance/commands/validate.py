"""`mtg-conformance validate [--spec DIR]`: check the spec and report every problem at once.

Why a command: spec authors need one fast check with file:line:column and field for each
mistake before generating tests. Validation only reads; it never writes a file.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from mtg_conformance.commands._spec_input import load_or_report


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
    from generator.loader import load_spec

    spec = load_or_report(args.spec, load_spec, "{n} problem(s) found")
    if spec is None:
        return 1
    c = spec.counts()
    print(f"spec OK: {c['files']} files, {c['entries']} entries, {c['scenarios']} scenarios, "
          f"{c['properties']} properties, {c['cards']} cards")
    return 0
