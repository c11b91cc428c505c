"""`mtg-conformance export --out DIR`: every test as JSON with a published schema (mtg_conformance.export),
so an engine in any language can run the suite natively in its own test runner."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path


def register(subparsers) -> None:
    parser = subparsers.add_parser(
        "export",
        help="write every test as language-neutral JSON (cases, expectations, citations), the card catalog "
             "(cards.json) and their JSON Schema",
        description="Write DIR/index.json, DIR/tests/*.json (every test: id, citations, features, setup, steps, "
                    "expectations, rules version; properties as a fixed example set plus their parameter domain) "
                    ", DIR/cards.json (every card and token with its exact Oracle fields) and DIR/schema/. "
                    "Judge answers as ADAPTERS.md section 8 says.")
    parser.add_argument("--out", type=Path, required=True, metavar="DIR",
                        help="output directory (new, empty, or an earlier export, which is replaced)")
    parser.add_argument("--spec", type=Path, default=None, metavar="DIR",
                        help="the spec to export (default: the suite installed with this package)")
    parser.set_defaults(handler=_handle)


def _handle(args: argparse.Namespace) -> int:
    from mtg_conformance import export
    from mtg_conformance.suite_cases import SuiteError, load_tests

    try:
        tests = load_tests(args.spec)
        docs = export.build(tests, export.suite_identity(tests, args.spec), export.load_cards(args.spec))
        export.write(docs, args.out)
    except (SuiteError, export.ExportError) as exc:
        print(f"mtg-conformance export: error: {exc}", file=sys.stderr)
        return 2
    index = docs["index.json"]
    print(f"wrote {index['tests']} tests ({index['cases']} cases) in {len(index['files'])} files, "
          f"{index['cards']['count']} cards in {index['cards']['file']}, "
          f"suite {index['suite']['version']}, to {args.out}")
    return 0
