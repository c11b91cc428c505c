"""`mtg-conformance import-cards --from oracle-cards.json [--spec DIR]`: regenerate the card catalog.

Why a command: the catalog (spec/cards/*.yaml) must equal the Oracle export exactly; this is the
one way to write it (generator.import_cards), deterministic and checked before anything is written.
"""

from __future__ import annotations

import argparse
from pathlib import Path


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "import-cards",
        help="write spec/cards/*.yaml from an Oracle JSON export",
        description="Write one spec/cards/<slug>.yaml per object of an Oracle JSON export "
                    "(e.g. ../shared/data/cards/oracle-cards.json), values copied exactly.",
    )
    parser.add_argument("--from", dest="source", type=Path, required=True, help="the oracle-cards.json file")
    parser.add_argument("--spec", type=Path, default=Path("spec"), help="the spec directory (default: ./spec)")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    from generator.import_cards import run as import_cards

    return import_cards(args.source, args.spec)
